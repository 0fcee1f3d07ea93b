import type { HeulDochView, Seat } from "@maumau/engine";
import { useMemo, useState, type DragEvent } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "../cards/Card";
import { cardName } from "../cards/names";
import type { TableProps } from "./ClassicTable";
import {
  AfterGame,
  ChoicePanel,
  digitOf,
  EventLog,
  HandCards,
  KeyHelp,
  RefusalBanner,
  ScoreTable,
  SeatBadge,
  TurnStatus,
  seatName,
  turnDeadline,
  useActions,
  useCountdown,
  useKeys,
} from "./common";
import { heulDochChoice, playableCards, toClientCommand, type Choice } from "./moves";

const STYLE = "heul-doch" as const;

/** Ravensburger's "Heul doch! Mau Mau": every seat's pile, neighbours, onions, special cards. */
export default function HeulDochTable(props: TableProps) {
  const { snapshot, log, ticket, variant, lang, onRematch } = props;
  const { t } = useTranslation();
  const view = snapshot.view as HeulDochView;
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

  return (
    <section
      className="table heul-doch"
      data-version={snapshot.version}
      aria-label={t("table.label")}
      style={{ "--table": variant.theme.table } as React.CSSProperties}
    >
      <div className="status" role="status" aria-live="polite">
        <TurnStatus snapshot={snapshot} names={names} secondsLeft={secondsLeft} />
        <span>{t("table.game", { n: view.game })}</span>
        <span>{t("table.drawPile", { count: view.drawPile })}</span>
      </div>

      {refusal && (
        <RefusalBanner refusal={refusal} variant={variant.id} lang={lang} onDismiss={dismiss} />
      )}

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
              className={isTarget ? "target" : ""}
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
              {pile?.onions !== null && pile?.onions !== undefined && (
                <p className="pile-info">
                  {t("table.onions", { count: pile.onions })} ·{" "}
                  {t("table.size", { count: pile.size ?? 0 })}
                </p>
              )}
              {view.revealedPiles?.[s] && (
                <div className="revealed" aria-label={t("table.pileOf", { name: names[s] })}>
                  {view.revealedPiles[s].map((c, i) => (
                    <Card
                      key={i}
                      code={c.card}
                      style={STYLE}
                      lang={lang}
                      className={c.faceDown ? "was-onion" : ""}
                    />
                  ))}
                </div>
              )}
              {view.scores && (
                <p className="pile-info">
                  {t("table.scores")}: {view.scores[s]} ({t("table.spoiled")}:{" "}
                  {view.spoiled?.[s] ?? 0})
                </p>
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
      ) : (
        <p className="spectator-note">{t("table.spectator")}</p>
      )}

      <AfterGame snapshot={snapshot} ticket={ticket} send={send} onRematch={onRematch} />
      {(over || view.history.length > 0) && (
        <ScoreTable
          names={names}
          games={view.history.map((g) => g.scores)}
          totals={view.totals}
          winners={view.winners.length > 0 ? view.winners : view.gameWinners}
        />
      )}
      <EventLog log={log} ctx={{ t, lang, style: STYLE, nameOf: (s) => names[s] ?? "?" }} />
    </section>
  );
}
