import type { ClientCommand, MatchSnapshot, SeatTicket } from "@maumau/client";
import type { Lang, Seat } from "@maumau/engine";
import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { followLink, paths } from "../router";
import "./gameEnd.css";

/** "Ann", "Ann and Ben", "Ann, Ben and Cy" in the page's language. */
export const listOf = (names: readonly string[], lang: Lang): string =>
  new Intl.ListFormat(lang, { type: "conjunction" }).format(names);

/** One seat's line at the end of a game: its cards face up (or pile), counted in the open. */
export interface SeatResult {
  readonly seat: Seat;
  /** This game's points. */
  readonly points: number;
  /** The seat's cards as they were counted. */
  readonly cards: ReactNode;
  /** How the points came about (heul-doch's onions and spoiled ranks), or null. */
  readonly note: string | null;
}

/**
 * The end of a game and of a match: one banner naming the winner (a status region, so it is
 * announced once), every hand or pile counted in the open, the score table with this game's
 * column beside the totals, and what comes next (the next game, a rematch, the replay).
 */
export function GameEnd(props: {
  snapshot: MatchSnapshot;
  ticket: SeatTicket | null;
  names: readonly string[];
  lang: Lang;
  game: number;
  gameWinners: readonly Seat[];
  matchWinners: readonly Seat[];
  results: readonly SeatResult[];
  /** Each finished game's points, by game then seat. */
  history: readonly (readonly number[])[];
  totals: readonly number[];
  /** The heading over the results: the hands (classic) or the piles (heul-doch). */
  resultsTitle: string;
  send: (c: ClientCommand) => Promise<boolean>;
  onRematch: () => void;
  /** A replay's table: the results without what comes next (no next game, rematch, replay). */
  readOnly?: boolean;
}) {
  const { snapshot, ticket, names, lang, game, gameWinners, matchWinners, results } = props;
  const { t } = useTranslation();
  const headingId = useId();
  const status = snapshot.progress?.status;
  const matchOver = status === "matchOver";
  const over = status === "gameOver" || matchOver;
  const nameList = (seats: readonly Seat[]) =>
    listOf(
      seats.map((s) => names[s] ?? "?"),
      lang,
    );
  const gameLine =
    gameWinners.length === 0
      ? t("end.gameNoWinner", { n: game })
      : gameWinners.length === 1
        ? t("end.gameWinner", { name: nameList(gameWinners), n: game })
        : t("end.gameWinners", { names: nameList(gameWinners), n: game });
  const matchLine =
    matchWinners.length === 1
      ? t("end.matchWinner", { name: nameList(matchWinners) })
      : t("end.matchWinners", { names: nameList(matchWinners) });
  const headline = matchOver ? matchLine : gameLine;
  const me = typeof snapshot.viewer === "number" ? snapshot.viewer : null;
  const won = me !== null && (matchOver ? matchWinners : gameWinners).includes(me);
  // Kept on the page while the game runs: a live region is announced when its text changes,
  // so the result is announced once, as it arrives.
  const news = (
    <p role="status" className="visually-hidden" data-end-news="">
      {over ? (matchOver ? `${matchLine}. ${gameLine}.` : `${gameLine}.`) : ""}
    </p>
  );
  return (
    <>
      {news}
      {over && (
        <section
          className={`game-end ${matchOver ? "match-over" : ""}`}
          aria-labelledby={headingId}
          data-end={matchOver ? "match" : "game"}
        >
          <div className="end-banner" data-won={won}>
            <div className="end-news">
              <h2 id={headingId} className="end-headline">
                <Trophy match={matchOver} />
                {headline}
              </h2>
              {matchOver && <p className="end-sub">{gameLine}</p>}
            </div>
            {props.readOnly ? null : (
              <EndActions
                snapshot={snapshot}
                ticket={ticket}
                names={names}
                send={props.send}
                onRematch={props.onRematch}
              />
            )}
          </div>
          <div className="end-body">
            <section className="end-results" aria-label={props.resultsTitle}>
              <h3>{props.resultsTitle}</h3>
              <ol className="end-seats">
                {results.map((r) => (
                  <li
                    key={r.seat}
                    className="end-seat"
                    data-seat={r.seat}
                    data-winner={gameWinners.includes(r.seat)}
                  >
                    <div className="end-seat-head">
                      <span className="end-seat-name">
                        {names[r.seat]}
                        {r.seat === me && <span className="tag">{t("seat.you")}</span>}
                        {gameWinners.includes(r.seat) && (
                          <span className="tag end-winner-tag">{t("end.winnerOfGame")}</span>
                        )}
                      </span>
                      <span className="end-points" data-points={r.points}>
                        {t("end.points", { count: r.points })}
                      </span>
                    </div>
                    <div className="end-cards">{r.cards}</div>
                    {r.note !== null && <p className="end-note">{r.note}</p>}
                  </li>
                ))}
              </ol>
            </section>
            <ScoreTable
              names={names}
              games={props.history}
              totals={props.totals}
              current={props.history.length - 1}
              winners={matchOver ? matchWinners : []}
            />
          </div>
        </section>
      )}
    </>
  );
}

/** The next game, a rematch (or the invitation to one someone else started), the replay. */
function EndActions(props: {
  snapshot: MatchSnapshot;
  ticket: SeatTicket | null;
  names: readonly string[];
  send: (c: ClientCommand) => Promise<boolean>;
  onRematch: () => void;
}) {
  const { snapshot, ticket, names, send, onRematch } = props;
  const { t } = useTranslation();
  if (snapshot.progress?.status === "gameOver") {
    return ticket === null ? null : (
      <div className="end-actions">
        <button
          type="button"
          className="primary"
          onClick={() => void send({ type: "startNextGame" })}
        >
          {t("table.nextGame")} <kbd>N</kbd>
        </button>
      </div>
    );
  }
  const { rematch, rematchBy } = snapshot.lobby;
  const invited = ticket !== null && rematch !== null && rematchBy !== ticket.seat;
  return (
    <div className="end-actions">
      <p role="status" className="end-invite" hidden={!invited}>
        {!invited
          ? ""
          : rematchBy === null
            ? t("end.inviteSomeone")
            : t("end.invite", { name: names[rematchBy] ?? "?" })}
      </p>
      {ticket !== null ? (
        <button type="button" className="primary" onClick={onRematch} data-rematch={rematch ?? ""}>
          {invited ? t("end.takeSeat") : rematch ? t("table.toRematch") : t("table.rematch")}
        </button>
      ) : rematch !== null ? (
        <a className="button primary" href={paths.match(rematch)} onClick={followLink}>
          {t("end.watchRematch")}
        </a>
      ) : null}
      <a className="button" href={paths.replay(snapshot.matchId)} onClick={followLink}>
        {t("replay.watch")}
      </a>
      <a className="button" href={paths.replayTogether(snapshot.matchId)} onClick={followLink}>
        {t("replay.watchTogether")}
      </a>
    </div>
  );
}

/**
 * The scores: a row per seat, a column per game (this game's marked) and the totals beside
 * them; the match's winners named.
 */
export function ScoreTable(props: {
  names: readonly string[];
  games: readonly (readonly number[])[];
  totals: readonly number[];
  /** The index of the game that just ended, or -1 while one runs. */
  current: number;
  winners: readonly number[];
}) {
  const { names, games, totals, current, winners } = props;
  const { t } = useTranslation();
  return (
    // On a narrow screen the table scrolls sideways: the keyboard can reach it (a named region).
    <div className="scores-wrap" tabIndex={0} role="region" aria-label={t("end.scoresByGame")}>
      <table className="scores">
        <caption>{t("end.scoresByGame")}</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">{t("end.player")}</span>
            </th>
            {games.map((_, g) => (
              <th scope="col" key={g} className={g === current ? "current" : undefined}>
                <span aria-hidden="true">{g + 1}</span>
                <span className="visually-hidden">
                  {t("table.game", { n: g + 1 })}
                  {g === current && ` (${t("end.thisGame")})`}
                </span>
              </th>
            ))}
            <th scope="col" className="total">
              {t("table.total")}
            </th>
          </tr>
        </thead>
        <tbody>
          {names.map((name, s) => (
            <tr key={s} data-winner={winners.includes(s)}>
              <th scope="row">
                {name}
                {winners.includes(s) && (
                  <span className="end-star">
                    <span aria-hidden="true"> ★</span>
                    <span className="visually-hidden"> ({t("end.winnerOfMatch")})</span>
                  </span>
                )}
              </th>
              {games.map((row, g) => (
                <td key={g} className={g === current ? "current" : undefined}>
                  {row[s] ?? ""}
                </td>
              ))}
              <td className="total">{totals[s] ?? 0}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One card as the rules count it: its points under it; a spoiled card or an onion marked. */
export function CountedCard(props: {
  children: ReactNode;
  /** What is written under the card: its points, or how many onions a stack holds. */
  points: number | string | null;
  mark?: "spoiled" | "onion";
}) {
  return (
    <span className={`counted ${props.mark ?? ""}`}>
      {props.children}
      {props.points !== null && (
        <span className="counted-points" aria-hidden="true">
          {props.points}
        </span>
      )}
    </span>
  );
}

/** The banner's emblem: a star for a game, a cup for the match (drawn, no emoji font needed). */
function Trophy(props: { match: boolean }) {
  return (
    <svg className="end-trophy" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {props.match ? (
        <path
          fill="currentColor"
          d="M7 3h10v2h3v3a4 4 0 0 1-4 4h-.3A5 5 0 0 1 13 14.9V17h3v2H8v-2h3v-2.1A5 5 0 0 1 8.3 12H8a4 4 0 0 1-4-4V5h3V3Zm0 4H6v1a2 2 0 0 0 1 1.7V7Zm10 0v2.7A2 2 0 0 0 18 8V7h-1ZM6 20h12v2H6v-2Z"
        />
      ) : (
        <path
          fill="currentColor"
          d="m12 2 2.9 6.3 6.9.7-5.2 4.6 1.5 6.8L12 17l-6.1 3.4 1.5-6.8L2.2 9l6.9-.7L12 2Z"
        />
      )}
    </svg>
  );
}
