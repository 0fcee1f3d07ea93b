import type { ClassicView, Lang } from "@maumau/engine";
import { useEffect, useRef, useState, type PointerEvent } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "../cards/Card";
import { cardName, type DeckStyle } from "../cards/names";

/** The cut command of B-2.2: one step, `cut {at, keep}`. */
export interface CutCommand {
  readonly type: "cut";
  readonly at: number;
  readonly keep?: true;
}

/**
 * B-2.2, the cut as printed: the cutter picks where to lift the deck by dragging over it (or
 * with the slider, or the number), and says beforehand whether to keep an Unter.
 */
export function CutPanel(props: {
  view: ClassicView;
  mine: boolean;
  cutterName: string;
  busy: boolean;
  onCut: (command: CutCommand) => void;
}) {
  const { view, mine, cutterName, busy, onCut } = props;
  const { t } = useTranslation();
  const max = Math.max(1, view.drawPile - 1);
  const [at, setAt] = useState(() => Math.ceil(max / 2));
  const [keep, setKeep] = useState(true);
  const keepRank = view.rules.cut.keepRank;
  // The cut is the cutter's whole move: bring the panel and its button into view (below the
  // fold on a laptop's screen otherwise). `nearest`: nothing moves when it is already seen.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (mine) form.current?.scrollIntoView?.({ block: "nearest" });
  }, [mine]);

  if (!mine)
    return (
      <div className="cut" data-cutter={view.turn ?? undefined}>
        <p>{t("table.cutWait", { name: cutterName })}</p>
      </div>
    );

  const pick = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width <= 0) return;
    const share = (event.clientX - box.left) / box.width;
    setAt(Math.min(max, Math.max(1, Math.round(share * view.drawPile))));
  };

  return (
    <div className="cut" data-cutter={view.turn ?? undefined}>
      <form
        ref={form}
        onSubmit={(e) => {
          e.preventDefault();
          onCut({ type: "cut", at, ...(keep && keepRank !== null ? { keep: true } : {}) });
        }}
      >
        <h3>{t("table.cut")}</h3>
        <p className="hint">{t("table.cutHow", { count: view.drawPile })}</p>
        <div
          className="cut-deck"
          role="presentation"
          onPointerDown={(e) => {
            e.currentTarget.setPointerCapture?.(e.pointerId);
            pick(e);
          }}
          onPointerMove={(e) => {
            if (e.buttons !== 0) pick(e);
          }}
        >
          {Array.from({ length: view.drawPile }, (_, i) => (
            <span
              key={i}
              className={`cut-sliver${i < at ? " lifted" : ""}${i === at - 1 ? " bottom" : ""}`}
            />
          ))}
        </div>
        <label className="cut-slider">
          {t("table.cutAt")}{" "}
          <input
            type="range"
            min={1}
            max={max}
            value={at}
            aria-valuetext={t("table.cutLifted", { count: at })}
            onChange={(e) => setAt(Number(e.target.value))}
          />{" "}
          <input
            type="number"
            min={1}
            max={max}
            value={at}
            aria-label={t("table.cutAt")}
            onChange={(e) => setAt(Math.min(max, Math.max(1, Number(e.target.value) || 1)))}
          />
        </label>
        {keepRank !== null && (
          <label className="cut-keep">
            <input type="checkbox" checked={keep} onChange={(e) => setKeep(e.target.checked)} />{" "}
            {t("table.cutKeep")}
            <small className="why">{t("table.cutKeepWhy")}</small>
          </label>
        )}
        <button type="submit" className="primary" disabled={busy}>
          {t("table.cutButton", { count: at })}
        </button>
      </form>
    </div>
  );
}

/**
 * After the cut: the cutter sees the bottom card of the lifted packet and what became of it;
 * everyone else sees who cut where, and whether an Unter was kept (the deal shows that).
 */
export function CutResult(props: {
  view: ClassicView;
  style: DeckStyle;
  lang: Lang;
  me: number | null;
  cutterName: string;
  onDismiss: () => void;
}) {
  const { view, style, lang, me, cutterName, onDismiss } = props;
  const { t } = useTranslation();
  const cut = view.cut;
  if (cut === null) return null;
  const mine = cut.seat === me && cut.card !== null;
  return (
    <div className="cut-result" role="status" data-mine={mine}>
      {mine && cut.card !== null ? (
        <>
          <Card code={cut.card} style={style} lang={lang} />
          <p>
            {t("table.cutYours", { count: cut.at, card: cardName(style, cut.card, lang) })}{" "}
            {cut.kept ? t("table.cutKept") : t("table.cutStays")}
          </p>
        </>
      ) : (
        <p>
          {t("table.cutTheirs", { name: cutterName, count: cut.at })}
          {cut.kept ? ` ${t("table.cutTheyKept")}` : ""}
        </p>
      )}
      <button type="button" className="link" onClick={onDismiss} aria-label={t("table.dismiss")}>
        ×
      </button>
    </div>
  );
}
