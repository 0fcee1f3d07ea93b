import { describe, it } from "vitest";
import type { CardCode } from "../cards/codes.js";
import type { RuleId, Seat } from "../core/types.js";
import { choose, cut, draw, nextGame, pass, play, raw } from "./commands.js";
import { ok, refused, results, top, turn, wish } from "./expect.js";
import type { Scenario } from "./scenario.js";

/**
 * One deck's cards for the FORMAT precedence suite (conformance/FORMAT.md, "Refusal codes").
 * `start` deals three players with seat 1 to act; `afterTheEnd` is a table whose game is over.
 */
export interface FormatFixture {
  /** Three players, seat 1 to act with the cards named below, no choice pending. */
  readonly start: () => Scenario;
  /** A game that has just ended: every game command is GAME_OVER (once the command is well formed). */
  readonly afterTheEnd: () => Scenario;
  /** The seat that lost the ended game, a card it still holds and a deck card it does not hold. */
  readonly loser: { readonly seat: Seat; readonly holds: CardCode; readonly lacks: CardCode };
  /** The seat that won the ended game. */
  readonly winner: Seat;
  /** Card codes that are not in this deck at all. */
  readonly unknownCards: readonly string[];
  /** Seat 1's cards: one that may be played now, one that may not, and its wish card. */
  readonly seat1: {
    readonly playable: CardCode;
    readonly unplayable: CardCode;
    readonly wishCard: CardCode;
  };
  /**
   * Deck cards seat 1 does not hold: one that would match the top card, and a wish card (absent
   * when the deck's wish cards all share seat 1's code, as noris's wilds do).
   */
  readonly notHeld: { readonly matching: CardCode; readonly wishCard?: CardCode };
  /** A card seat 2 holds that matches the top card (it is still not seat 2's turn). */
  readonly seat2Playable: CardCode;
  /** A colour of this deck, and the rule id a wish card without one cites. */
  readonly colour: string;
  readonly choiceRule: RuleId;
  /** The `cut` command has no place at this table (every deck but a cutting Bavarian game). */
  readonly cutIsIllegal: boolean;
}

/**
 * The precedence of FORMAT's refusal codes, for any classic deck: INVALID_COMMAND, then
 * GAME_OVER, NOT_YOUR_TURN, NOT_IN_HAND, ILLEGAL_MOVE, CHOICE_REQUIRED; a refused command
 * changes nothing; fields a command does not need are ignored. Each variant feeds its deck's
 * cards and keeps only its own special cases in its own tests.
 */
export function formatPrecedenceSuite(name: string, f: FormatFixture): void {
  const { start, afterTheEnd, seat1 } = f;
  describe(`FORMAT refusal codes and their precedence (${name})`, () => {
    describe("INVALID_COMMAND: not a command of this game at all", () => {
      it("a card code that is not in this deck", () => {
        for (const card of [...f.unknownCards, "", " ", `${seat1.playable} `])
          start().when(play(1, card)).then(refused("INVALID_COMMAND"));
      });

      it("a seat that does not exist", () => {
        for (const seat of [3, -1, 1.5, 99, Number.NaN])
          start().when(play(seat, seat1.playable)).then(refused("INVALID_COMMAND"));
        start()
          .when(raw({ type: "playCard", seat: "1", card: seat1.playable }))
          .then(refused("INVALID_COMMAND"));
        start().when(draw(3)).then(refused("INVALID_COMMAND"));
        start().when(pass(-1)).then(refused("INVALID_COMMAND"));
      });

      it("an unknown command type, a play without a card, a command without a type", () => {
        start()
          .when(raw({ type: "knock", seat: 1 }))
          .then(refused("INVALID_COMMAND"));
        start()
          .when(raw({ type: "playCard", seat: 1 }))
          .then(refused("INVALID_COMMAND"));
        start()
          .when(raw({ seat: 1, card: seat1.playable }))
          .then(refused("INVALID_COMMAND"));
        start()
          .when(raw({ type: "drawCard" }))
          .then(refused("INVALID_COMMAND"));
      });

      it("a field of the wrong type", () => {
        start()
          .when(raw({ type: "playCard", seat: 1, card: seat1.playable, mau: "yes" }))
          .then(refused("INVALID_COMMAND"));
        start()
          .when(raw({ type: "playCard", seat: 1, card: seat1.wishCard, wish: 3 }))
          .then(refused("INVALID_COMMAND"));
      });

      it("comes before GAME_OVER and NOT_YOUR_TURN", () => {
        start().when(play(2, f.unknownCards[0]!)).then(refused("INVALID_COMMAND"));
        afterTheEnd().when(play(f.loser.seat, f.unknownCards[0]!)).then(refused("INVALID_COMMAND"));
        afterTheEnd().when(draw(7)).then(refused("INVALID_COMMAND"));
      });
    });

    describe("GAME_OVER", () => {
      it("comes before NOT_YOUR_TURN, NOT_IN_HAND and ILLEGAL_MOVE", () => {
        afterTheEnd()
          .when(play(f.loser.seat, f.loser.holds))
          .then(refused("GAME_OVER"))
          .when(play(f.loser.seat, f.loser.lacks))
          .then(refused("GAME_OVER"))
          .when(play(f.winner, f.loser.holds))
          .then(refused("GAME_OVER"))
          .when(draw(f.loser.seat))
          .then(refused("GAME_OVER"))
          .when(pass(f.winner))
          .then(refused("GAME_OVER"))
          .when(choose(f.loser.seat, f.colour))
          .then(refused("GAME_OVER"));
      });
    });

    describe("NOT_YOUR_TURN", () => {
      it("comes before NOT_IN_HAND, ILLEGAL_MOVE and CHOICE_REQUIRED", () => {
        start()
          .when(play(2, f.notHeld.matching))
          .then(refused("NOT_YOUR_TURN"))
          .when(play(2, f.seat2Playable))
          .then(refused("NOT_YOUR_TURN"))
          .when(play(2, seat1.wishCard))
          .then(refused("NOT_YOUR_TURN"))
          .when(draw(0))
          .then(refused("NOT_YOUR_TURN"))
          .when(pass(2))
          .then(refused("NOT_YOUR_TURN"))
          .when(choose(2, f.colour))
          .then(refused("NOT_YOUR_TURN"));
      });
    });

    describe("NOT_IN_HAND", () => {
      it("comes before ILLEGAL_MOVE and CHOICE_REQUIRED", () => {
        start().when(play(1, f.notHeld.matching)).then(refused("NOT_IN_HAND"));
        const wishCard = f.notHeld.wishCard;
        if (wishCard !== undefined) start().when(play(1, wishCard)).then(refused("NOT_IN_HAND"));
      });
    });

    describe("ILLEGAL_MOVE", () => {
      it("a card that does not match, and actions that have no place now", () => {
        start().when(play(1, seat1.unplayable)).then(refused("ILLEGAL_MOVE"));
        start().when(pass(1)).then(refused("ILLEGAL_MOVE"));
        start().when(choose(1, f.colour)).then(refused("ILLEGAL_MOVE"));
        start().when(nextGame()).then(refused("ILLEGAL_MOVE"));
        if (f.cutIsIllegal) start().when(cut(1, 5)).then(refused("ILLEGAL_MOVE"));
      });
    });

    describe("CHOICE_REQUIRED", () => {
      it("a wish card without a colour of the deck", () => {
        start().when(play(1, seat1.wishCard)).then(refused("CHOICE_REQUIRED", f.choiceRule));
        start()
          .when(play(1, seat1.wishCard, { wish: "no-such-colour" }))
          .then(refused("CHOICE_REQUIRED", f.choiceRule));
        start()
          .when(play(1, seat1.wishCard, { color: f.colour }))
          .then(ok(), top(seat1.wishCard), wish(f.colour));
      });
    });

    describe("fields a command does not need are ignored", () => {
      it("a colour with a card that is not a wish card, fields of other variants", () => {
        start()
          .when(play(1, seat1.playable, { color: f.colour }))
          .then(ok(), top(seat1.playable), wish(null), turn(2));
        start()
          .when(raw({ type: "playCard", seat: 1, card: seat1.playable, to: 2, faceDown: true }))
          .then(ok(), top(seat1.playable), turn(2));
      });
    });

    describe("a refused command changes nothing and the game goes on", () => {
      it("after a series of refusals the same player plays on", () => {
        start()
          .when(
            play(1, seat1.unplayable),
            pass(1),
            play(2, f.seat2Playable),
            play(1, seat1.wishCard),
            play(1, f.notHeld.matching),
            play(1, seat1.playable),
          )
          .then(
            results(
              "ILLEGAL_MOVE",
              "ILLEGAL_MOVE",
              "NOT_YOUR_TURN",
              "CHOICE_REQUIRED",
              "NOT_IN_HAND",
              "ok",
            ),
            top(seat1.playable),
            turn(2),
          );
      });

      const junk: Record<string, unknown>[] = [
        { seat: 1 },
        { type: 5, seat: 1 },
        { type: null, seat: 1 },
        { type: "xstate.init", seat: 1 },
        { type: "xstate.error.actor.x", seat: 1 },
        { type: "constructor", seat: 1 },
        { type: "__proto__", seat: 1 },
      ];
      for (const command of junk)
        it(`no command at all, ${JSON.stringify(command)}: the next command is decided as usual`, () => {
          start()
            .when(raw(command))
            .then(refused("INVALID_COMMAND"))
            .when(play(1, seat1.playable))
            .then(ok(), top(seat1.playable), turn(2));
        });
    });
  });
}
