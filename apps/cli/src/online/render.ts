import type { ChalkInstance } from "chalk";
import {
  seatName as nameOfSeat,
  showable,
  turnDeadline,
  withoutCalls,
  type MatchSnapshot,
  type SeatPresence,
  type SeatView,
} from "@maumau/client";
import { parseCard, type Command, type Seat } from "@maumau/engine";
import { familyOf, type CardLine } from "../families/index.js";
import type { CardStyle } from "../play/cards.js";
import type { Texts } from "../play/texts.js";
import { distinct, handOf, isPlay, moveTokens, scoreTableOf } from "../play/view.js";
import type { OnlineTexts } from "./texts.js";

/** What the table is drawn with: texts, card look, colours, the terminal's width. */
export interface Look {
  readonly t: Texts;
  readonly o: OnlineTexts;
  readonly style: CardStyle;
  readonly c: ChalkInstance;
  readonly variantName: string;
  readonly width: number;
  /** Who is at the table (the server's last `presence`), and when it came (`Date.now()`). */
  readonly presence?: { readonly seats: readonly SeatPresence[]; readonly at: number } | null;
  /**
   * A table against bots in this process (`maumau play` without --server): the header shows
   * this (its seed) where an online table shows the match id, and the end offers no rematch.
   */
  readonly local?: string;
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

/** Printed width of a line (colour codes take none). */
export const visibleLength = (s: string): number => [...s.replace(ANSI, "")].length;

/** `text` cut short: with a reset after it when a colour is still open (none for plain text). */
const closed = (text: string): string => (openCodes(text) === "" ? text : `${text}\u001b[0m`);

/**
 * Cuts a line to `width` printed characters, "…" where the rest would be, keeping its colour
 * codes and closing them; a line without colour codes (`--no-color`, a pipe) gets none.
 */
export function fit(line: string, width: number): string {
  if (visibleLength(line) <= width) return line;
  let out = "";
  let shown = 0;
  // eslint-disable-next-line no-control-regex
  for (const part of line.split(/(\u001b\[[0-9;]*m)/)) {
    if (part.startsWith("\u001b[")) {
      out += part;
      continue;
    }
    for (const ch of part) {
      if (shown >= width - 1) return closed(`${out}…`);
      out += ch;
      shown++;
    }
  }
  return out;
}

/** The colour codes a text leaves open: every code since its last reset, to open the next row with. */
function openCodes(text: string): string {
  let open = "";
  for (const [code] of text.matchAll(ANSI))
    open = code === "\u001b[0m" || code === "\u001b[m" ? "" : open + code;
  return open;
}

/** A rule cited in brackets, "(H-3.2)", with any mark after it ("(H-3.2)," or "(H-3.2)."). */
const RULE_REFERENCE = /^\([A-Z]+-\d+(?:\.\d+)*[a-z]?\)[.,;:]?$/;
/** A mark standing alone between words: "·" between hints, a "," or "—". */
const LONE_MARK = /^[·,;:—–]$/;

/**
 * A line's words for a break between words: a rule reference or a lone mark goes with the word
 * before it ("neighbour (H-3.2) ·"), so that it never starts a row of its own, wherever the
 * two fit in a row of `room`.
 */
function wordsOf(line: string, room: number): string[] {
  const words: string[] = [];
  for (const word of line.split(" ")) {
    const plain = word.replace(ANSI, "");
    const before = words[words.length - 1];
    if (
      before !== undefined &&
      (RULE_REFERENCE.test(plain) || LONE_MARK.test(plain)) &&
      visibleLength(`${before} ${word}`) <= room
    )
      words[words.length - 1] = `${before} ${word}`;
    else words.push(word);
  }
  return words;
}

/** `line` in rows of `first` (the first row) and `rest` (the others), broken at `seps` in turn. */
function breakAt(line: string, first: number, rest: number, seps: readonly string[]): string[] {
  const [sep, ...deeper] = seps;
  if (sep === undefined) return [fit(line, first)];
  const pieces = sep === " " ? wordsOf(line, rest) : line.split(sep);
  // A row broken after a separator keeps its visible mark (`·`, `,`): more follows.
  const mark = sep.trimEnd();
  const rows: string[] = [];
  let row = pieces[0]!;
  pieces.slice(1).forEach((piece, i, after) => {
    const room = rows.length === 0 ? first : rest;
    const tail = i === after.length - 1 ? "" : mark;
    if (visibleLength(row + sep + piece + tail) <= room) row += sep + piece;
    else {
      rows.push(row + mark);
      row = piece;
    }
  });
  rows.push(row);
  return rows.flatMap((r, i) => {
    const room = i === 0 ? first : rest;
    return visibleLength(r) <= room ? [r] : breakAt(r, room, rest, deeper);
  });
}

/**
 * A line of hints (keys, moves) that is wider than `width`, in rows: broken at the first of
 * `seps` (then at the next, then between words) so that no hint is cut; only a word wider than
 * a whole row is (`fit`). Between words, a rule reference ("(H-3.2)") and a lone mark ("·")
 * stay with the word before them. Rows after the first are indented by `indent`; a colour open
 * across a break is closed at the row's end and opened again on the next.
 */
export function wrapLine(
  line: string,
  width: number,
  seps: readonly string[] = [" · "],
  indent = 2,
): string[] {
  if (visibleLength(line) <= width) return [line];
  const rows = breakAt(line, width, Math.max(1, width - indent), [...seps, " "]);
  let open = "";
  return rows.map((row, i) => {
    const text = (i === 0 ? "" : " ".repeat(indent)) + open + row;
    open = openCodes(open + row);
    return open === "" || i === rows.length - 1 ? text : `${text}\u001b[0m`;
  });
}

const pad = (s: string, width: number): string =>
  s + " ".repeat(Math.max(0, width - visibleLength(s)));

/** A seat's name as every table shows it: the player's name, "Bot 2", or "Seat 3". */
export function seatName(
  lobby: Pick<MatchSnapshot["lobby"], "seats">,
  seat: number,
  o: OnlineTexts,
): string {
  // As the terminal may print it (`showable`): a name is a player's text.
  return showable(
    nameOfSeat(lobby.seats[seat], seat, {
      bot: (n) => `Bot ${n}`,
      seat: () => o.seatName(seat),
    }),
  );
}

/** The viewer's hand in the order it is numbered on screen. */
export const sortedHand = (snapshot: MatchSnapshot, style: CardStyle): string[] =>
  (handOf(snapshot.view) ?? []).slice().sort(style.compare);

/** The moves as the player may make them: the calls are theirs to add, never listed. */
export const offeredMoves = (legal: readonly Command[]): Command[] =>
  distinct(legal.map((m) => (isPlay(m) ? withoutCalls(m) : m)));

/** Header: variant, match, game, direction. */
function header(snapshot: MatchSnapshot, me: Seat | null, look: Look): string {
  const { c, o, t } = look;
  const v = snapshot.view;
  const parts = [c.bold(look.variantName)];
  if (me === null) parts.push(c.inverse(` ${o.spectating} `));
  parts.push(look.local ?? o.match(snapshot.matchId));
  if (snapshot.progress) parts.push(t.game(snapshot.progress.game));
  if (v !== null && "direction" in v)
    parts.push(`${v.direction === "cw" ? "↻" : "↺"} ${t.direction(v.direction === "cw")}`);
  return parts.join(" · ");
}

/** One cell per seat: who, how many cards, what the family shows of it, whose turn, the timer. */
function seatCells(snapshot: MatchSnapshot, me: Seat | null, look: Look, now: number): string[] {
  const { c, o } = look;
  const { lobby, progress } = snapshot;
  const v = snapshot.view;
  const counts = v?.handCounts ?? [];
  const family = familyOf(v);
  const deadline = turnDeadline(snapshot);
  return lobby.seats.map((s, seat) => {
    const toAct = progress?.toAct === seat && progress.status === "playing";
    const tags = [
      seat === me ? o.you : null,
      s.kind === "bot" ? o.bot(s.level) : null,
      s.kind === "empty" ? o.empty : null,
      s.away ? o.away : null,
      seat === me ? null : presenceTag(s, look, now),
    ].filter(Boolean);
    let cell = `${toAct ? c.bold("▶") : " "} ${seat === me ? c.bold(seatName(lobby, seat, o)) : seatName(lobby, seat, o)}`;
    if (tags.length) cell += c.dim(` (${tags.join(", ")})`);
    if (counts[seat] !== undefined) cell += ` ${o.cards(counts[seat])}`;
    if (family !== null && v !== null) cell += family.seatCell(v, seat, look);
    if (toAct && deadline !== null)
      cell += " " + c.yellow(o.timer(Math.max(0, Math.ceil((deadline - now) / 1000))));
    return cell;
  });
}

/** A human seat's owner gone: "gone", or the seconds before a bot takes over. */
function presenceTag(s: SeatView, look: Look, now: number): string | null {
  if (s.kind !== "human" || s.away || !look.presence) return null;
  const p = look.presence.seats.find((x) => x.seat === s.seat);
  if (p === undefined || p.connected) return null;
  if (p.graceLeftMs === null) return look.o.gone;
  const left = Math.max(0, Math.ceil((look.presence.at + p.graceLeftMs - now) / 1000));
  return look.o.leaving(left);
}

/** The middle of the table: the family's cards (a top card, a wish, …), the draw pile. */
function centre(snapshot: MatchSnapshot, look: Look): string[] {
  const v = snapshot.view;
  if (v === null) return [];
  const own = familyOf(v)?.centre(v, look) ?? { parts: [], lines: [] };
  return [[...own.parts, look.o.drawPile(v.drawPile)].join(" · "), ...own.lines];
}

/** Seat cells side by side where the width allows. */
function columns(cells: readonly string[], width: number): string[] {
  const widest = Math.max(1, ...cells.map(visibleLength)) + 2;
  const perRow = Math.max(1, Math.floor(width / widest));
  const rows: string[] = [];
  for (let i = 0; i < cells.length; i += perRow)
    rows.push(
      cells
        .slice(i, i + perRow)
        .map((cell, j, row) => (j === row.length - 1 ? cell : pad(cell, widest)))
        .join(""),
    );
  return rows;
}

/** The hand, numbered as the input refers to it; playable cards marked. */
export function handLines(snapshot: MatchSnapshot, look: Look, oneColumn = false): string[] {
  const hand = sortedHand(snapshot, look.style);
  if (hand.length === 0) return [];
  const playable = (card: string) => snapshot.legal.some((m) => isPlay(m) && m.card === card);
  const width = String(hand.length).length;
  // Line mode prints the hand as the local table does: one card a line.
  if (oneColumn)
    return [
      look.t.hand,
      ...hand.map(
        (card, i) =>
          `  ${playable(card) ? look.c.green("*") : " "} ${String(i + 1).padStart(width)}  ${look.style.card(card)}`,
      ),
    ];
  const cells = hand.map(
    (card, i) =>
      `${playable(card) ? look.c.green("*") : " "}${String(i + 1).padStart(width)} ${look.style.card(card)}`,
  );
  return [look.c.bold(look.t.hand), ...columns(cells, look.width)];
}

/** What the family shows under the hand of the seat to act (the full screen); none otherwise. */
function underHand(snapshot: MatchSnapshot, me: Seat | null, look: Look): readonly CardLine[] {
  const v = snapshot.view;
  if (v === null || me === null || snapshot.legal.length === 0) return [];
  return (
    familyOf(v)?.underHand(v, {
      snapshot,
      me,
      look,
      hand: sortedHand(snapshot, look.style),
      seatName: (seat) => seatName(snapshot.lobby, seat, look.o),
    }) ?? []
  );
}

/** Every input that is legal now, as the local table lists it. */
export function movesLine(snapshot: MatchSnapshot, look: Look): string | null {
  const legal = offeredMoves(snapshot.legal);
  if (legal.length === 0) return null;
  const hand = sortedHand(snapshot, look.style);
  const { tokens, draw, pass } = moveTokens(legal, hand, (c) => look.style.colourName(c));
  return `${look.c.bold(look.t.moves)} ${distinct(tokens).join(", ")}  ${look.c.dim(look.t.legend(draw, pass))}`;
}

/** The score table, where the view has one. */
export function scoreLines(snapshot: MatchSnapshot, look: Look): string[] {
  const scored = snapshot.view === null ? null : scoreTableOf(snapshot.view);
  if (scored === null || scored.totals.length === 0) return [];
  const { totals, history: rows } = scored;
  const names = totals.map((_, s) => seatName(snapshot.lobby, s, look.o));
  const table = [
    [look.t.scores, ...names],
    ...rows.map((r, i) => [look.t.game(i + 1), ...r.map(String)]),
    [look.t.total, ...totals.map(String)],
  ];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) =>
    r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
  return [
    look.c.bold(line(table[0]!)),
    ...table.slice(1, -1).map(line),
    look.c.bold(line(table[table.length - 1]!)),
  ];
}

/**
 * At a game's end every hand is counted in the open: one line per seat with what its family
 * counts (N-6.2: its cards; H-6.2: its pile's onions and the ranks they spoil) and its points.
 * Empty while a game runs.
 */
export function handsLines(snapshot: MatchSnapshot, look: Look): string[] {
  const { c, o } = look;
  const v = snapshot.view;
  if (v === null) return [];
  const scores = v.scores ?? [];
  return (
    familyOf(v)?.endLines(v, {
      look,
      name: (seat) => c.bold(`${seatName(snapshot.lobby, seat, o)}:`),
      points: (seat) => c.bold(`= ${scores[seat] ?? 0}`),
    }) ?? []
  );
}

/** "Ann", "Ann and Ben", "Ann, Ben and Cy". */
const listOf = (names: readonly string[], and: string): string =>
  names.length <= 1
    ? (names[0] ?? "")
    : `${names.slice(0, -1).join(", ")} ${and} ${names[names.length - 1]}`;

/**
 * Who won the game that just ended, or (once the match is over) the match; null while a game
 * runs: the view's `winners` (the match), its family's game winners.
 */
export function resultLine(snapshot: MatchSnapshot, look: Look): string | null {
  const { o } = look;
  const v = snapshot.view;
  const names = (seats: readonly number[]) =>
    listOf(
      seats.map((s) => seatName(snapshot.lobby, s, o)),
      o.and,
    );
  const status = snapshot.progress?.status;
  if (status === "matchOver" || snapshot.lobby.status === "over") {
    const winners = v?.winners ?? [];
    if (winners.length === 0) return o.matchOver;
    return winners.length === 1 ? o.matchWon(names(winners)) : o.matchShared(names(winners));
  }
  if (status !== "gameOver") return null;
  const game = snapshot.progress?.game ?? 1;
  const winners = v === null ? [] : (familyOf(v)?.gameWinners(v) ?? []);
  if (winners.length === 0) return o.gameNoWinner(game);
  return winners.length === 1
    ? o.gameWon(names(winners), game)
    : o.gameShared(names(winners), game);
}

/** The status line: whose turn, who won the game, who won the match and what comes next. */
export function statusLine(snapshot: MatchSnapshot, me: Seat | null, look: Look): string {
  const { c, o } = look;
  const { progress, lobby } = snapshot;
  if (lobby.status === "over") {
    const result = c.inverse(` ${resultLine(snapshot, look) ?? o.matchOver} `);
    // Two spaces before the keys: where the full screen breaks the line first (`wrapLine`).
    if (me === null || look.local !== undefined) return `${result}  ${c.dim(o.leaveHint)}`;
    const by = lobby.rematch !== null && lobby.rematchBy !== me ? lobby.rematchBy : null;
    return by === null
      ? `${result}  ${c.dim(o.rematchHint)}`
      : `${result}  ${c.bold.yellow(o.rematchInvite(seatName(lobby, by, o)))}`;
  }
  if (progress === null) return c.inverse(` ${o.waiting} `);
  if (progress.status === "gameOver")
    return (
      c.inverse(` ${resultLine(snapshot, look) ?? o.gameOver} `) + "  " + c.dim(o.nextGameHint)
    );
  const seat = progress.toAct;
  if (seat === null) return "";
  const you = seat === me;
  const text = ` ${o.turnOf(seatName(lobby, seat, o), you)} `;
  const v = snapshot.view;
  const extra =
    v === null
      ? []
      : (familyOf(v)?.statusParts(v, {
          snapshot,
          me,
          look,
          you,
          hand: sortedHand(snapshot, look.style),
          seatName: (s) => seatName(lobby, s, o),
        }) ?? []);
  return [you ? c.bgYellow.black.bold(text) : c.inverse(text), ...extra].join(" ");
}

/**
 * The link a table shows on arrival in line mode: a running match's share link (a friend may
 * watch or take a seat), a finished match's replay (it has no seat to offer); none while open,
 * where the waiting room shows the share link itself.
 */
export function arrivalLink(
  lobby: Pick<MatchSnapshot["lobby"], "status" | "seats">,
  links: { readonly share: string; readonly replay: string },
  o: OnlineTexts,
): string | null {
  if (lobby.status === "over") return o.replay(links.replay);
  if (lobby.status !== "running") return null;
  // A free seat (its owner left, or a bot's the host freed) can be taken; else the link watches.
  if (lobby.seats.some((s) => s.kind === "empty")) return o.share(links.share);
  return o.watch(links.share.replace(/\?join$/, ""));
}

/** The waiting room: seats, the share link, what to do. */
export function lobbyLines(
  snapshot: MatchSnapshot,
  me: Seat | null,
  look: Look,
  share: string,
  creator: boolean,
): string[] {
  const { c, o } = look;
  return [
    header(snapshot, me, look),
    c.inverse(` ${o.waiting} `),
    ...columns(seatCells(snapshot, me, look, Date.now()), look.width),
    "",
    o.share(c.underline(share)),
    ...wrapLine(c.dim(o.lobbyHint(creator)), look.width),
  ];
}

/** The table without the log: what both the full screen and line mode show. */
export function tableLines(
  snapshot: MatchSnapshot,
  me: Seat | null,
  look: Look,
  now: number,
): string[] {
  return [
    header(snapshot, me, look),
    ...columns(seatCells(snapshot, me, look, now), look.width),
    ...centre(snapshot, look),
  ];
}

/**
 * The card a player is on: the one whose number begins what is typed at the prompt so far
 * ("3", "3 red"), as the hand is numbered on screen; null for anything else.
 */
export function typedCard(typed: string, hand: readonly string[]): string | null {
  const number = /^\s*(\d+)(?:\s|$)/.exec(typed)?.[1];
  return number === undefined ? null : (hand[Number(number) - 1] ?? null);
}

/**
 * How many rows each of the lines under the hand gets, of the `wanted` rows each would take
 * whole, when `spare` rows are there beyond one for each: first the line about the card the
 * player is on (`focus`, an index) takes all it wants, if they are there; then the rows left
 * go round in the hand's order, one to each line still cut, until none is left. So no line
 * takes every row while a later one keeps only its first.
 */
export function shareRows(
  wanted: readonly number[],
  spare: number,
  focus: number | null,
): number[] {
  const given = wanted.map(() => 1);
  let left = Math.max(0, spare);
  if (focus !== null && focus >= 0 && focus < wanted.length && wanted[focus]! - 1 <= left) {
    given[focus] = wanted[focus]!;
    left -= wanted[focus]! - 1;
  }
  while (left > 0 && given.some((n, i) => n < wanted[i]!))
    given.forEach((n, i) => {
      if (left > 0 && n < wanted[i]!) {
        given[i] = n + 1;
        left--;
      }
    });
  return given;
}

/**
 * A row cut to `width` between words, "…" where the rest would be: no word (no rule, "(H-3.2)")
 * is cut in two, unless the first is wider than the row (`fit`). A colour left open is closed.
 */
export function cutAtWord(text: string, width: number): string {
  if (visibleLength(text) <= width) return text;
  const words = text.split(" ");
  let row = words[0]!;
  for (const word of words.slice(1)) {
    if (visibleLength(`${row} ${word} …`) > width) break;
    row += ` ${word}`;
  }
  // Not a mark that leads to what is cut ("· ✓ …"): the row ends with the last word.
  row = row.replace(/(?:\s+[·✓✗,;:])+$/, "");
  return row.trim() !== "" && visibleLength(`${row} …`) <= width
    ? closed(`${row} …`)
    : fit(text, width);
}

/** The first `n` of a line's wrapped rows, the last of them holding the rest, cut. */
function firstRows(wrapped: readonly string[], n: number, width: number): string[] {
  if (n >= wrapped.length) return [...wrapped];
  const rest = wrapped.slice(n - 1).map((row, i) => (i === 0 ? row : row.trimStart()));
  return [...wrapped.slice(0, n - 1), cutAtWord(rest.join(" "), width)];
}

/**
 * The full screen, `rows` high: the table, the last moves (as many as fit), the hand and the
 * moves, the status. Lines are cut to the width; nothing scrolls. `typed` is what the prompt
 * holds so far: the card whose number it begins with is the one the player is on.
 */
export function screenLines(
  input: {
    snapshot: MatchSnapshot;
    me: Seat | null;
    log: readonly string[];
    now: number;
    share: string;
    creator: boolean;
    typed?: string;
  },
  look: Look,
  rows: number,
): string[] {
  const { snapshot, me, log, now } = input;
  const top =
    snapshot.lobby.status === "open" || snapshot.view === null
      ? lobbyLines(snapshot, me, look, input.share, input.creator)
      : tableLines(snapshot, me, look, now);
  const over = snapshot.progress?.status === "gameOver" || snapshot.lobby.status === "over";
  // What the player may type is never cut: the moves and keys take more rows where one is too
  // short. The lines under the hand (a card's pile hints) do too as far as the screen keeps
  // room for the last moves (a heading and three): each has one row; the card the player is
  // on gets all its rows when they are there, and the rows left are shared out in turn
  // (`shareRows`), so a later card's hints are not cut to one row while an earlier card's
  // take every row.
  const moves = movesLine(snapshot, look);
  const hints = over ? [] : underHand(snapshot, me, look);
  const below = (hintRows: readonly string[]) => [
    ...(over
      ? [...handsLines(snapshot, look), ...scoreLines(snapshot, look)]
      : [...handLines(snapshot, look), ...hintRows]),
    ...(moves === null ? [] : wrapLine(moves, look.width, ["  ", ", ", " · "])),
    ...wrapLine(statusLine(snapshot, me, look), look.width, ["  ", " · "]),
  ];
  // The last moves' heading, three moves and the empty row above the hand.
  const spare = rows - top.length - below(hints.map((h) => h.line)).length - 5;
  const wrapped = hints.map((h) => wrapLine(h.line, look.width, [" · "], 8));
  const on = typedCard(input.typed ?? "", sortedHand(snapshot, look.style));
  const given = shareRows(
    wrapped.map((w) => w.length),
    spare,
    on === null ? null : hints.findIndex((h) => h.card === on),
  );
  const bottom = below(wrapped.flatMap((w, i) => firstRows(w, given[i]!, look.width)));
  const room = rows - top.length - bottom.length - 1;
  const shown = room > 1 ? log.slice(-(room - 1)) : [];
  const middle = room > 1 ? [look.c.dim(`── ${look.o.lastMoves} ──`), ...shown] : [];
  const lines = [...top, ...middle];
  while (lines.length < rows - bottom.length) lines.push("");
  return [...lines, ...bottom].slice(0, rows).map((l) => fit(l, look.width));
}

/** A card's colour, or null for colourless cards: for wish hints. */
export const colourOf = (card: string): string | null => parseCard(card).colour;
