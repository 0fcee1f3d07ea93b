import type { MatchSnapshot, PlayCommand } from "@maumau/client";
import type { Command, FamilyView, Seat } from "@maumau/engine";
import type { ChalkInstance } from "chalk";
import type { Look } from "../online/render.js";
import type { CardStyle } from "../play/cards.js";
import type { Texts } from "../play/texts.js";

/** Where a family draws its parts of the online table (and the local full screen). */
export interface TableAt {
  readonly snapshot: MatchSnapshot;
  /** The viewer's seat; null for a spectator. */
  readonly me: Seat | null;
  readonly look: Look;
  /** The viewer's hand in the order it is numbered on screen. */
  readonly hand: readonly string[];
  /** A seat's name as the table shows it ("Ann", "Bot 2", "Seat 3"). */
  readonly seatName: (seat: Seat) => string;
}

/** A line under the hand about one card of it (Heul doch!'s pile hints for that card). */
export interface CardLine {
  readonly card: string;
  readonly line: string;
}

/** What the local table's line mode draws a turn with. */
export interface TurnAt {
  readonly t: Texts;
  readonly c: ChalkInstance;
  readonly style: CardStyle;
  readonly me: Seat;
  /** "You", "Bot 2". */
  readonly name: (seat: Seat) => string;
  /** The game being played (1-based). */
  readonly game: number;
  /** The hand, as numbered on screen. */
  readonly hand: readonly string[];
  /** The seat's moves now. */
  readonly legal: readonly Command[];
  /** The numbered hand, its playable cards marked (shared by every family). */
  readonly handLines: readonly string[];
  /** What the variant calls a card face down on a pile (its theme's word, or the texts'). */
  readonly onion: string;
}

/** What the end of a game shows beside each seat's counted cards. */
export interface EndAt {
  readonly look: Look;
  /** A seat's name as the line begins with it ("Ann:", bold). */
  readonly name: (seat: Seat) => string;
  /** A seat's points as the line ends with them ("= 12", bold). */
  readonly points: (seat: Seat) => string;
}

/**
 * What the terminal client knows of one game family, in one place (issue #21): the lines of
 * the board only this family has, its help, what its input needs beyond the shared grammar,
 * and its score rows. Every other module of the CLI reaches them through the registry
 * (`familyOf(view)` in ./index.ts) and never names a family.
 *
 * The parts are methods (not function fields) so that a family's parts, typed for its own view,
 * are looked up by `view.family` for the union of views.
 */
export interface CliFamily<V extends FamilyView> {
  // ── the renderer ─────────────────────────────────────────────────────────────────────

  /**
   * The local table's line mode at the player's turn: the family's board (its top cards, its
   * counts), the hand (`at.handLines`) and what the family prints under it.
   */
  turnLines(view: V, at: TurnAt): string[];
  /** What a seat's cell of the online table adds after the card count ("" for nothing). */
  seatCell(view: V, seat: Seat, look: Look): string;
  /**
   * The middle of the online table: the parts before the draw pile on its line, and the
   * lines under it.
   */
  centre(view: V, look: Look): { readonly parts: string[]; readonly lines: string[] };
  /** What the status line adds after whose turn it is. */
  statusParts(view: V, at: TableAt & { readonly you: boolean }): string[];
  /**
   * The lines under the hand while a game runs, for the seat to act (full screen): each about
   * one card of the hand, in the hand's order.
   */
  underHand(view: V, at: TableAt & { readonly me: Seat }): readonly CardLine[];
  /** At a game's end, one line per seat: what is counted in the open and its points. */
  endLines(view: V, at: EndAt): string[];
  /** Who won the game that just ended. */
  gameWinners(view: V): readonly Seat[];

  // ── the help ─────────────────────────────────────────────────────────────────────────

  /** The help the family adds to the shared help (`?`, `help`), or null. */
  help(t: Texts): string | null;

  // ── the input ────────────────────────────────────────────────────────────────────────

  /**
   * The calls ("mau", "mau-mau") a play of a hand of `handSize` cards must come with, asked
   * for when not typed; null to take them from the legal plays (the engine's own offer).
   */
  callsNeeded(
    view: V,
    play: PlayCommand,
    handSize: number,
  ): { readonly mau: boolean; readonly mauMau: boolean } | null;
  /** A play that names no pile goes onto the player's own (said so where moves are listed). */
  goesOntoOwnPile(play: PlayCommand): boolean;

  // ── the scores ───────────────────────────────────────────────────────────────────────

  /** Every game's points so far, one row per game, for the score table. */
  scoreRows(view: V): readonly (readonly number[])[];
}
