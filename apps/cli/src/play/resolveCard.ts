import { withCalls, withoutCalls, type PlayCommand } from "@maumau/client";
import type { Command, Seat, Theme } from "@maumau/engine";
import { matchColour, type CardStyle } from "./cards.js";
import type { Intent } from "./input.js";
import type { Texts } from "./texts.js";
import { distinct, isPlay } from "./view.js";

/** What both tables (local play and online) need to turn a typed card or colour into a move. */
export interface TypedAt {
  /** The hand as printed (position 1 is `hand[0]`). */
  readonly hand: readonly string[];
  readonly legal: readonly Command[];
  readonly seat: Seat;
  readonly t: Texts;
  readonly style: CardStyle;
  readonly theme: Theme;
}

/**
 * What a typed card number comes to:
 * - `command`: a colour picked by its number while only a colour may be chosen, or a play that
 *   is not legal, sent as typed so that the referee's refusal names the rule;
 * - `plays`: the legal plays of that card (without calls) that the colour typed leaves; one
 *   is the move, several are for the player to pick. `plays` also gives every legal play of
 *   the card with its calls (`allPlays`), for a table that asks for a missing call;
 * - `hint`: what to tell the player instead (no such card, an unknown colour, a word after a
 *   card that takes no wish), and nothing is played.
 */
export type CardAnswer =
  | { readonly kind: "command"; readonly command: Command }
  | {
      readonly kind: "plays";
      readonly plays: readonly PlayCommand[];
      readonly allPlays: readonly PlayCommand[];
    }
  | { readonly kind: "hint"; readonly text: string };

/** The move a typed card number (and colour) asks for at either table (`CardAnswer`). */
export function resolveCard(intent: Extract<Intent, { kind: "card" }>, at: TypedAt): CardAnswer {
  const { hand, legal, seat, t, style, theme } = at;
  const card = hand[intent.index - 1];
  if (card === undefined) {
    // While only a colour may be chosen, a number picks a colour.
    const chooses = legal.flatMap((c) => (c.type === "chooseColour" ? [c.colour] : []));
    if (chooses.length && !legal.some(isPlay)) {
      const colour = chooses[intent.index - 1];
      if (colour !== undefined)
        return { kind: "command", command: { type: "chooseColour", seat, colour } };
    }
    return { kind: "hint", text: t.noSuchCard(intent.index, hand.length) };
  }
  const allPlays = legal.filter((c): c is PlayCommand => isPlay(c) && c.card === card);
  let plays = distinct(allPlays.map(withoutCalls));
  const wishes = distinct(plays.flatMap((c) => (c.wish ? [c.wish] : [])));
  if (intent.colour !== null && plays.length > 0 && wishes.length === 0) {
    // A word after a card that takes no wish is not dropped silently: the player meant something.
    return { kind: "hint", text: t.noWish(intent.index, intent.colour) };
  }
  if (intent.colour !== null && wishes.length) {
    const colour = matchColour(intent.colour, wishes, theme);
    if (colour === null)
      return { kind: "hint", text: t.unknownColour(intent.colour, colourChoices(wishes, style)) };
    plays = plays.filter((c) => c.wish === colour);
  }
  if (plays.length === 0) {
    // Not a legal play: the referee says why.
    const wish =
      intent.colour === null
        ? undefined
        : (matchColour(intent.colour, Object.keys(theme.colours), theme) ?? intent.colour);
    const play: PlayCommand = { type: "playCard", seat, card, ...(wish ? { wish } : {}) };
    return { kind: "command", command: withCalls(play, intent) };
  }
  return { kind: "plays", plays, allPlays };
}

/**
 * The colour a typed word names: among the colours to choose now, else any of the deck's (the
 * referee refuses a choice out of turn and names the rule); a hint for a word that is none.
 */
export function resolveColour(
  text: string,
  at: Pick<TypedAt, "legal" | "seat" | "t" | "style" | "theme">,
):
  | { readonly kind: "command"; readonly command: Command }
  | { readonly kind: "hint"; readonly text: string } {
  const chooses = at.legal.flatMap((c) => (c.type === "chooseColour" ? [c.colour] : []));
  const all = chooses.length ? chooses : Object.keys(at.theme.colours);
  const colour = matchColour(text, all, at.theme);
  if (colour === null)
    return { kind: "hint", text: at.t.unknownColour(text, colourChoices(all, at.style)) };
  return { kind: "command", command: { type: "chooseColour", seat: at.seat, colour } };
}

/** "1 green · 2 blue · …": the colours to choose from, by number and name. */
export const colourChoices = (colours: readonly string[], style: CardStyle): string =>
  colours.map((c, i) => `${i + 1} ${style.colour(c)}`).join(" · ");
