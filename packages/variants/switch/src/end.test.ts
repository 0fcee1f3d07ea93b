import type { CardCode } from "@maumau/engine";
import {
  draw,
  drawPile,
  forEachReferee,
  handSize,
  logged,
  nextGame,
  notLogged,
  ok,
  pass,
  pendingDraw,
  play,
  refused,
  scores,
  status,
  table,
  totals,
  turn,
  winners,
  wish,
  type Step,
} from "@maumau/engine/testing";
import { describe, it } from "vitest";
import { lastTwoCards } from "./lastCards.js";
import { switchGame } from "./index.js";

forEachReferee(switchGame, ({ given }) => {
  /**
   * Two players on clubs/5: seat 1 sheds five clubs and then `last` (with "Last card") while
   * seat 0 draws six cards that do not fit. Seat 0 is left with 104 points: spades/3, 4, 6
   * (13), hearts/k, q (20), diamonds/a (1), diamonds/j (10), and the drawn diamonds/10,
   * hearts/10, spades/10, diamonds/q, spades/q, hearts/j (60).
   */
  const race = (last: [string, string], options: Record<string, unknown> = {}) =>
    lastTwoCards(given, last, options).when(play(1, last[0], { mau: true }), draw(0));

  describe("S-6.1 the first player out wins; the last card has no effect", () => {
    it("S-6.1 seat 1 plays its last card and wins", () => {
      race(["clubs/10", "clubs/j"])
        .when(play(1, "clubs/j"))
        .then(ok(), status("matchOver"), handSize(1, 0), winners([1]), turn(null));
    });

    it("S-6.1 a last 2 makes nobody pick up; a last ace names no suit", () => {
      race(["clubs/10", "clubs/2"])
        .when(play(1, "clubs/2"))
        .then(ok(), status("matchOver"), pendingDraw(0), handSize(0, 7 + 6));
      race(["clubs/10", "hearts/a"])
        .when(play(1, "hearts/a"))
        .then(ok(), status("matchOver"), wish(null), notLogged("colour.chosen"));
    });
  });

  describe("S-6.2 the others score the cards left in their hands", () => {
    it("S-6.2 aces 1, court cards 10, the rest face value: seat 0 scores 104, the winner 0", () => {
      race(["clubs/10", "clubs/j"])
        .when(play(1, "clubs/j"))
        .then(ok(), scores([104, 0]), totals([104, 0]));
    });
  });

  describe("S-6.3 a match is one game unless the option says more; the lowest total wins", () => {
    it("S-6.3 by default the first game ends the match", () => {
      race(["clubs/10", "clubs/j"])
        .when(play(1, "clubs/j"))
        .then(ok(), status("matchOver"), winners([1]))
        .when(nextGame())
        .then(refused("GAME_OVER", "S-6.1"));
    });

    it("S-6.3 with games: 2 the second game is dealt by seat 1", () => {
      race(["clubs/10", "clubs/j"], { games: 2 })
        .when(play(1, "clubs/j"))
        .then(ok(), status("gameOver"), totals([104, 0]))
        .when(nextGame())
        .then(ok(), status("playing"), handSize(0, 7), handSize(1, 7), turn(0));
    });
  });

  describe("S-6.4 a whole round without a card played or drawn ends the game without a winner", () => {
    /**
     * Two players draw the whole stock on hearts/10: seat 1 ends with all clubs, the hearts
     * but the starter and diamonds/5 (26 cards, 165 points), seat 0 with the other diamonds
     * and all spades (25 cards, 165 points). A drawn card that fits is kept (pass).
     */
    function stalled(options: Record<string, unknown> = {}) {
      const suit = (s: string) =>
        ["2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k", "a"].map((r) => `${s}/${r}`);
      const a = [
        ...suit("clubs"),
        ...suit("hearts").filter((c) => c !== "hearts/10"),
        "diamonds/5",
      ];
      const b = [...suit("diamonds").filter((c) => c !== "diamonds/5"), ...suit("spades")];
      const pile: CardCode[] = [];
      for (let i = 0; i < 19; i++) pile.push(a[7 + i]!, ...(i < 18 ? [b[7 + i]!] : []));
      const fits = (card: string) =>
        card.startsWith("hearts/") || card.endsWith("/10") || card.endsWith("/a");
      const steps: Step[] = pile.flatMap((card, i) => {
        const seat = i % 2 === 0 ? 1 : 0;
        return fits(card) ? [draw(seat), pass(seat)] : [draw(seat)];
      });
      return given(
        table(switchGame, {
          players: 2,
          options,
          hands: { 1: a.slice(0, 7), 0: b.slice(0, 7) },
          starter: "hearts/10",
          drawPile: pile,
        }),
      )
        .when(...steps)
        .then(ok(), drawPile(0), handSize(1, 26), handSize(0, 25), turn(0), status("playing"));
    }

    it("S-6.4 a player who draws with nothing left just ends the turn; no reshuffle", () => {
      stalled()
        .when(draw(0))
        .then(ok(), handSize(0, 25), turn(1), status("playing"), notLogged("pile.reshuffled"));
    });

    it("S-6.4 after a whole round the game ends without a winner; both hands score", () => {
      stalled({ games: 2 })
        .when(draw(0), draw(1))
        .then(
          ok(),
          status("gameOver"),
          scores([165, 165]),
          logged({ type: "game.ended", data: { winner: null } }),
        );
    });

    it("S-6.4 equal lowest totals share the match", () => {
      stalled()
        .when(draw(0), draw(1))
        .then(ok(), status("matchOver"), winners([0, 1]));
    });
  });
});
