import { turnDeadline } from "@maumau/client";
import type { HeulDochView, Lang, PileCard, Seat } from "@maumau/engine";
// A small pure module of rule functions (no machine, no zod): the page may bundle it.
import { pileHints, type PileHint } from "@maumau/engine/hints";
import { useMemo, useState, type DragEvent } from "react";
import { useTranslation } from "react-i18next";
import { AtTable } from "../layout/atTable";
import { TableSettings } from "../motion/TableSettings";
import { useTableMotion } from "../motion/useTableMotion";
import { Card } from "../cards/Card";
import { cardName } from "../cards/names";
import { heulDoch } from "../families/heulDoch";
import { HEUL_DOCH_STYLE } from "../families/heulDochDeck";
import type { FamilyTableProps } from "../families/WebFamily";
import { WithRuleRefs } from "../rules/WithRuleRefs";
import { NO_LOG } from "./ClassicTable";
import {
  ChoicePanel,
  digitOf,
  EventLog,
  HandCards,
  KeyHelp,
  OpenHand,
  RefusalBanner,
  SeatBadge,
  TurnStatus,
  seatName,
  useActions,
  useCountdown,
  useKeys,
} from "./common";
import { CountedCard, GameEnd, ScoreTable, type SeatResult } from "./GameEnd";
import { heulDochChoice, playableCards, toClientCommand, type Choice } from "./moves";

const STYLE = HEUL_DOCH_STYLE;

/** Ravensburger's "Heul doch! Mau Mau": every seat's pile, neighbours, onions, special cards. */
export default function HeulDochTable(props: FamilyTableProps<HeulDochView>) {
  const { snapshot, view, log, ticket, variant, lang, onRematch, open } = props;
  const { t } = useTranslation();
  const seats = snapshot.lobby.seats;
  const me = typeof snapshot.viewer === "number" ? snapshot.viewer : null;
  const names = seats.map((s, i) => seatName(s, i, t));
  const { send, refusal, dismiss, busy } = useActions(snapshot, ticket);
  const [selected, setSelected] = useState<string | null>(null);
  const [help, setHelp] = useState(false);
  const playable = useMemo(() => playableCards(snapshot.legal), [snapshot.legal]);
  const secondsLeft = useCountdown(turnDeadline(snapshot));
  const hand = view.hand ?? [];
  const toAct = snapshot.progress?.toAct ?? null;
  const myTurn = me !== null && toAct === me;
  const over =
    snapshot.progress?.status === "gameOver" || snapshot.progress?.status === "matchOver";
  const choices: Choice[] = selected ? (playable.get(selected) ?? []).map(heulDochChoice) : [];
  // #20.4: every pile the selected card may go to, and why; the others dimmed with why (H-3).
  const hints: readonly PileHint[] | null =
    selected !== null && me !== null
      ? pileHints(
          view.players,
          view.piles.map((p) => p.top),
          me,
          selected,
        )
      : null;
  const hintText = (h: PileHint): string =>
    `${t(`table.hint.${h.reason}`, {
      name: names[h.to] ?? "",
      card: h.top ? cardName(STYLE, h.top, lang) : "",
    })}${h.reason === "fitsNeighbour" && h.must ? `: ${t("table.hint.must")}` : ""} (${h.rule})`;

  const play = async (choice: Choice) => {
    setSelected(null);
    await send(toClientCommand(choice.command, null));
  };

  /** Where a choice puts the card: the pile it is highlighted on. */
  const pileOf = (c: Choice): Seat | null => {
    switch (c.what.kind) {
      case "own":
        return me;
      case "neighbour":
      case "target":
        return c.what.seat;
      default:
        return null;
    }
  };

  const choiceLabel = (c: Choice): string => {
    switch (c.what.kind) {
      case "own":
        return t("table.own");
      case "onion":
        return t("table.onion");
      case "neighbour":
        return t("table.toNeighbour", { name: names[c.what.seat] });
      case "target":
        return t("table.swapWith", { name: names[c.what.seat] });
      case "direction":
        return c.what.direction === "left" ? t("table.left") : t("table.right");
      default:
        return t("table.playSpecial");
    }
  };

  const select = (card: string) => {
    const options = (playable.get(card) ?? []).map(heulDochChoice);
    if (options.length === 0) {
      // Not playable: the server explains why, with the rule.
      void send({ type: "playCard", card });
      return;
    }
    if (options.length === 1 && options[0]) void play(options[0]);
    else setSelected(card);
  };

  const dropOn = (seat: Seat) => (event: DragEvent) => {
    event.preventDefault();
    const card = event.dataTransfer.getData("text/x-maumau-card");
    const choice = (playable.get(card) ?? []).map(heulDochChoice).find((c) => pileOf(c) === seat);
    if (choice) void play(choice);
    else if (card) void send({ type: "playCard", card, ...(seat === me ? {} : { to: seat }) });
  };

  useKeys((event) => {
    const digit = digitOf(event.key);
    if (selected !== null) {
      if (digit !== null) {
        const c = choices[digit - 1];
        if (c) void play(c);
        event.preventDefault();
      } else if (event.key === "Escape") setSelected(null);
      return;
    }
    if (digit !== null) {
      document.querySelector<HTMLButtonElement>(`[data-hand-index="${digit - 1}"]`)?.focus();
      event.preventDefault();
      return;
    }
    if (event.key === "?") setHelp((h) => !h);
    else if (event.key.toLowerCase() === "n" && snapshot.progress?.status === "gameOver" && ticket)
      void send({ type: "startNextGame" });
    else if (event.key === "Escape") dismiss();
  });

  const targets = new Set(choices.map(pileOf).filter((s): s is Seat => s !== null));
  const order = me === null ? seats.map((_, i) => i) : seats.map((_, i) => (me + i) % seats.length);
  const middleTop = view.middle.at(-1) ?? null;
  const motion = useTableMotion({
    log: open === undefined ? log : NO_LOG,
    viewer: me,
    myTurn: myTurn && !over,
    style: STYLE,
    lang,
    back: variant.theme.cardBack,
  });
  // H-6.2: at the end every pile is counted in the open: onions, the ranks they spoil, points.
  const results: SeatResult[] = (view.revealedPiles ?? []).map((pile, seat) => {
    const ranks = view.spoiledRanks?.[seat] ?? [];
    const onions = pile.filter((c) => c.faceDown).length;
    const lost = view.spoiled?.[seat] ?? 0;
    const noteValues = { onions: t("end.onions", { count: onions }) };
    return {
      seat,
      points: view.scores?.[seat] ?? 0,
      note:
        lost > 0
          ? t("end.pileNote", { ...noteValues, ranks: ranks.join(", "), points: lost })
          : t("end.pileNoteClean", noteValues),
      cards:
        pile.length === 0 ? (
          <span className="end-empty">{t("table.emptyPile")}</span>
        ) : (
          <>
            {onions > 0 && (
              <CountedCard points={`×${onions}`} mark="onion">
                <Card code={null} onion style={STYLE} lang={lang} />
              </CountedCard>
            )}
            {pile.map((c, i) => {
              if (c.faceDown) return null;
              const rank = Number(c.card.split("/")[1]);
              const spoiled = ranks.includes(rank);
              return (
                <CountedCard
                  key={i}
                  points={Number.isNaN(rank) ? null : spoiled ? 0 : rank}
                  {...(spoiled ? { mark: "spoiled" as const } : {})}
                >
                  <Card code={c.card} style={STYLE} lang={lang} />
                </CountedCard>
              );
            })}
          </>
        ),
    };
  });

  return (
    <section
      ref={motion.ref}
      className="table heul-doch"
      data-version={snapshot.version}
      aria-label={t("table.label")}
      style={{ "--table": variant.theme.table } as React.CSSProperties}
    >
      <AtTable />
      {motion.layer}
      <div className="status" role="status" aria-live="polite">
        <TurnStatus snapshot={snapshot} names={names} secondsLeft={secondsLeft} />
        <span>{t("table.game", { n: view.game })}</span>
        <span>{t("table.drawPile", { count: view.drawPile })}</span>
      </div>
      <TableSettings motion={open === undefined} />

      {refusal && (
        <RefusalBanner refusal={refusal} variant={variant.id} lang={lang} onDismiss={dismiss} />
      )}

      <GameEnd
        snapshot={snapshot}
        ticket={ticket}
        names={names}
        lang={lang}
        game={view.game}
        gameWinners={view.gameWinners}
        matchWinners={view.winners}
        results={results}
        history={view.history.map((g) => g.scores)}
        totals={view.totals}
        resultsTitle={t("end.piles")}
        send={send}
        onRematch={onRematch}
        readOnly={open !== undefined}
      />

      <div className="piles">
        {order.map((s) => {
          const pile = view.piles[s];
          const top = pile?.top ?? null;
          const isTarget = targets.has(s);
          const choice = choices.find((c) => pileOf(c) === s);
          return (
            <SeatBadge
              key={s}
              seat={seats[s]!}
              name={names[s]!}
              cards={view.handCounts[s] ?? 0}
              you={s === me}
              toAct={toAct === s && !over}
              secondsLeft={toAct === s ? secondsLeft : null}
              className={
                isTarget
                  ? "target"
                  : hints && !hints.some((h) => h.to === s && h.allowed)
                    ? "dimmed"
                    : ""
              }
            >
              <button
                type="button"
                className={`pile personal ${isTarget ? "target" : ""}`}
                data-pile={s}
                disabled={!isTarget}
                aria-label={`${t("table.pileOf", { name: names[s] })}: ${
                  top === null
                    ? t("table.emptyPile")
                    : top.faceDown
                      ? t("table.onion")
                      : cardName(STYLE, top.card ?? "", lang)
                }${choice ? ` – ${choiceLabel(choice)}` : ""}`}
                onClick={() => choice && void play(choice)}
                onDragOver={(e) => e.preventDefault()}
                onDrop={dropOn(s)}
              >
                {top === null ? (
                  <span className="empty">{t("table.emptyPile")}</span>
                ) : (
                  <Card
                    key={`${s}:${top.card ?? "onion"}:${pile?.size ?? ""}`}
                    className="just-played"
                    code={top.faceDown ? null : top.card}
                    onion={top.faceDown}
                    style={STYLE}
                    lang={lang}
                    decorative
                  />
                )}
              </button>
              {hints && (
                <ul className="pile-hints">
                  {hints
                    .filter((h) => h.to === s)
                    .map((h) => (
                      <li
                        key={`${h.faceDown}`}
                        data-allowed={h.allowed}
                        data-reason={h.reason}
                        data-rule={h.rule}
                      >
                        {h.allowed ? "✓ " : "✗ "}
                        <WithRuleRefs text={hintText(h)} />
                      </li>
                    ))}
                </ul>
              )}
              {open ? (
                <OpenPile name={names[s]!} cards={open.piles?.[s] ?? []} lang={lang} />
              ) : (
                pile?.onions !== null &&
                pile?.onions !== undefined && (
                  <p className="pile-info">
                    {t("table.onions", { count: pile.onions })} ·{" "}
                    {t("table.size", { count: pile.size ?? 0 })}
                  </p>
                )
              )}
              {open && (
                <OpenHand
                  seat={s}
                  name={names[s]!}
                  cards={open.hands[s] ?? []}
                  style={STYLE}
                  lang={lang}
                />
              )}
            </SeatBadge>
          );
        })}
      </div>

      <div className="centre">
        <div
          className="pile draw-pile"
          aria-label={t("table.drawPile", { count: view.drawPile })}
          role="img"
        >
          <Card code={null} style={STYLE} lang={lang} back={variant.theme.cardBack} decorative />
          <span className="pile-count">{view.drawPile}</span>
        </div>
        <div
          className="pile middle"
          role="group"
          aria-label={`${t("table.middle")}: ${middleTop ? cardName(STYLE, middleTop, lang) : t("table.emptyPile")}`}
        >
          {middleTop ? (
            <Card
              key={`${view.middle.length}`}
              className="just-played"
              code={middleTop}
              style={STYLE}
              lang={lang}
            />
          ) : (
            <span className="empty">{t("table.middle")}</span>
          )}
        </div>
      </div>

      {selected && choices.length > 0 && (
        <ChoicePanel
          title={t("table.chooseHow", { card: cardName(STYLE, selected, lang) })}
          choices={choices.map((c) => ({
            key: c.key,
            label: choiceLabel(c),
            onPick: () => void play(c),
          }))}
          onCancel={() => setSelected(null)}
        />
      )}

      {me !== null ? (
        <div className="my-hand">
          <div className="controls">
            <KeyHelp open={help} onToggle={() => setHelp((h) => !h)} />
          </div>
          {help && (
            <div className="game-help" role="note">
              <h3>{t("table.heulHelp.title")}</h3>
              <ul>
                {(["piles", "neighbours", "onions", "specials", "score"] as const).map((k) => (
                  <li key={k}>{t(`table.heulHelp.${k}`)}</li>
                ))}
              </ul>
            </div>
          )}
          <HandCards
            hand={hand}
            style={STYLE}
            lang={lang}
            myTurn={myTurn}
            busy={busy}
            playable={playable}
            marked={selected}
            markClass="selected"
            onCard={select}
          />
        </div>
      ) : open ? null : (
        <p className="spectator-note">{t("table.spectator")}</p>
      )}

      {!over && view.history.length > 0 && (
        <ScoreTable
          names={names}
          games={view.history.map((g) => g.scores)}
          totals={view.totals}
          current={-1}
          winners={[]}
        />
      )}
      <EventLog
        log={log}
        ctx={{
          t,
          lang,
          style: STYLE,
          nameOf: (s) => names[s] ?? "?",
          lines: heulDoch.eventLines,
        }}
      />
    </section>
  );
}

/**
 * A pile in full (a replay, #20.8): its counts, then every card bottom first, the onions face
 * up but marked (their cards are public once the match is over, "Always true" 4).
 */
function OpenPile(props: { name: string; cards: readonly PileCard[]; lang: Lang }) {
  const { name, cards, lang } = props;
  const { t } = useTranslation();
  const onions = cards.filter((c) => c.faceDown).length;
  return (
    <>
      <p className="pile-info">
        {t("table.onions", { count: onions })} · {t("table.size", { count: cards.length })}
      </p>
      {cards.length > 0 && (
        <ol className="open-pile" aria-label={t("table.wholePile", { name })}>
          {cards.map((c, i) => (
            <li key={i} data-card={c.card} data-onion={c.faceDown}>
              <Card code={c.card} style={STYLE} lang={lang} />
              {c.faceDown && <span className="visually-hidden">{` (${t("table.onion")})`}</span>}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
