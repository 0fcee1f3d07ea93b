import type { DeckId } from "../cards/decks.js";
import type { RuleId } from "../core/types.js";

/** What a rank does when played (C-1.3). At most one effect per rank. */
export type Effect =
  /** Wild: name a colour/suit. `onWish`: may it lie on another wish card? */
  | { readonly kind: "wish"; readonly onWish: boolean; readonly rule?: RuleId }
  /** The next player draws `count` unless they answer (`stack`). */
  | {
      readonly kind: "draw";
      readonly count: number;
      readonly stack: "same-rank" | "any-draw" | "none";
      readonly rule?: RuleId;
    }
  | { readonly kind: "skip"; readonly rule?: RuleId }
  | { readonly kind: "reverse"; readonly rule?: RuleId }
  /** Play again at once (the Bavarian ace, B-4.4). */
  | { readonly kind: "playAgain"; readonly rule?: RuleId };

export type EffectKind = Effect["kind"];

/** How a match ends (C-1.6). */
export type MatchEnd =
  | { readonly kind: "games"; readonly games: number }
  | { readonly kind: "target"; readonly target: number }
  | { readonly kind: "limit"; readonly limit: number };

/** The rule checks a variant may label with its own rule ids (`N-4.2`, `F-4.2`, …). */
export type RuleKey =
  | "match"
  | "pending"
  | "draw"
  | "pass"
  | "drawnCard"
  | "wish"
  | "playAgain"
  | "starter"
  | "cut"
  | "keep"
  | "mau"
  | "mauMau"
  | "end";

/**
 * A complete, frozen rule set of the classic shedding family (noris, french, bavarian and
 * every house-rule set). The engine only reads it.
 */
export interface ClassicRuleSet {
  readonly deck: DeckId;
  /** One deck, or two of the same shuffled together (C-1.1). */
  readonly deckCopies: 1 | 2;
  readonly handSize: number;
  /**
   * C-3.1: the hand size for some numbers of players, overriding `handSize` (`{ "2": 7 }`:
   * seven each with two players). Read through `handSizeFor`.
   */
  readonly handSizeByPlayers?: Readonly<Record<string, number>>;
  readonly players: { readonly min: number; readonly max: number };
  /** `single`: one card at a time; `blocks-3-2`: three each, then two each (B-2.3). */
  readonly dealing: "single" | "blocks-3-2";
  /** B-2.2: the dealer's right neighbour cuts; `keepRank` may be kept from the bottom. */
  readonly cut: { readonly enabled: boolean; readonly keepRank: string | null };
  readonly effects: Readonly<Record<string, Effect>>;
  /**
   * C-3.5: ranks that may not be the starter: turned up, such a card goes to the bottom of the
   * draw pile and the next card is turned. Read through `buriesStarter`.
   */
  readonly buryStarter?: readonly string[];
  /** F-2.3: a special starter takes effect as if the dealer had played it. */
  readonly starterEffects: boolean;
  /**
   * N-2.4: a wish-card starter lets any card follow, until the first card is played. Only with
   * `starterEffects` off (C-1.8b): with it on, the dealer names the colour and it binds.
   */
  readonly wildStarterAllowsAnything: boolean;
  readonly voluntaryDraw: boolean;
  readonly playAfterDraw: boolean;
  readonly drawUntilPlayable: boolean;
  /**
   * C-3.2: with `drawUntilPlayable`, at most this many cards are drawn in a turn; if none of
   * them fits, the turn passes. Absent: no cap. Read through `drawLimit`.
   */
  readonly drawCap?: number;
  /**
   * C-3.4: a card must be drawn and the draw pile is empty: `reshuffle` the discard pile but its
   * top card into a new one (N-3.5, the default), or `pass`: the draw stops short.
   */
  readonly emptyStock?: "reshuffle" | "pass";
  readonly reverseSkipsWithTwo: boolean;
  readonly calls: {
    readonly mau: { readonly required: boolean; readonly penalty: number };
    readonly mauMau: {
      readonly required: boolean;
      readonly penalty: number;
      /** B-5.3: a last card played without "Mau-Mau" goes back into the hand. */
      readonly takeBack: boolean;
    };
  };
  /** B-4.4: a play-again card played as the last card does not win; its player draws one. */
  readonly playAgainCannotFinish: boolean;
  /** Points of a card left in hand, by rank (N-6.2, F-6.2, B-6.2). */
  readonly values: Readonly<Record<string, number>>;
  /**
   * C-3.3: `penalty` (the default): everyone but the winner scores the cards left in their own
   * hand and the lowest total wins the match; `winner`: the winner scores the cards left in all
   * other hands and the highest total wins.
   */
  readonly points?: "penalty" | "winner";
  readonly matchEnd: MatchEnd;
  /** The rule ids this variant's refusals cite. */
  readonly ruleIds: Readonly<Partial<Record<RuleKey, RuleId>>>;
}

/** Deeply freezes a rule set so that nothing can write into a variant's definition. */
export function freezeRuleSet<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) freezeRuleSet(v);
  }
  return value;
}
