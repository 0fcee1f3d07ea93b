import type { Command } from "@maumau/engine";
import {
  bots,
  check,
  dealer,
  direction,
  draw,
  drawPile,
  forEachReferee,
  hand,
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
  top,
  totals,
  turn,
  winners,
  wish,
  type Outcome,
} from "@maumau/engine/testing";
import { describe, expect, it } from "vitest";
import { bavarian, type BavarianOptions } from "./index.js";

forEachReferee(bavarian, ({ given }) => {
  /** B-6.2 from the rule text: u = 20; a k o = 10; 10 9 8 7 at face value. */
  const points = (card: string): number => {
    const rank = card.split("/")[1] ?? "";
    if (rank === "u") return 20;
    if (["a", "k", "o"].includes(rank)) return 10;
    return Number(rank);
  };
  const handPoints = (cards: readonly string[]) => cards.reduce((sum, c) => sum + points(c), 0);

  /**
   * Two players, seat 0 deals, seat 1 starts on herz/7. Seat 1 plays four 8s (each skips seat 0),
   * saying "Mau" with the fourth, and holds only `last` on an eichel/8, still on turn.
   */
  const lastCard = (
    last: string,
    zero: readonly string[] = ["herz/9", "gras/9", "schellen/9", "herz/10", "gras/10"],
    o: Partial<BavarianOptions> = {},
  ) =>
    given(
      table(bavarian, {
        players: 2,
        mode: "both",
        options: { cut: false, ...o },
        hands: { 1: ["herz/8", "gras/8", "schellen/8", "eichel/8", last], 0: zero },
        starter: "herz/7",
      }),
    )
      .when(
        play(1, "herz/8"),
        play(1, "gras/8"),
        play(1, "schellen/8"),
        play(1, "eichel/8", { mau: true }),
      )
      .then(ok(), hand(1, [last]), turn(1), top("eichel/8"));

  /** Scores of a finished game as the rule text has them: the winner 0, everyone else the hand. */
  const scoresFromHands = check(({ table: t }: Outcome) => {
    const hands = t.hands as string[][];
    expect(t.scores).toEqual(hands.map(handPoints));
  });

  describe("B-6.1 the game ends with the last card and Mau-Mau", () => {
    it("ends at once: nobody is on turn and every further move is GAME_OVER", () => {
      lastCard("eichel/k")
        .when(play(1, "eichel/k", { mauMau: true }))
        .then(ok(), status("gameOver"), turn(null), handSize(1, 0), logged("game.ended"))
        .when(play(0, "herz/9"))
        .then(refused("GAME_OVER"))
        .when(draw(0))
        .then(refused("GAME_OVER"))
        .when(draw(1))
        .then(refused("GAME_OVER"))
        .when(pass(0))
        .then(refused("GAME_OVER"));
    });

    it("a last 7 is not carried out: nobody draws", () => {
      // Strict reading: the game ends with the card (B-6.1), before any effect (B-6.2 counts hands).
      lastCard("eichel/7")
        .when(play(1, "eichel/7", { mauMau: true }))
        .then(ok(), status("gameOver"), pendingDraw(0), handSize(0, 5), notLogged("cards.drawn"));
    });

    it("a last 7 that answers a pending draw ends the game: nobody draws", () => {
      given(
        table(bavarian, {
          players: 2,
          mode: "both",
          options: { cut: false },
          hands: {
            1: ["herz/8", "gras/8", "schellen/8", "schellen/k", "eichel/7"],
            0: ["schellen/7", "herz/9", "gras/9", "herz/10", "gras/10"],
          },
          starter: "herz/7",
        }),
      )
        .when(
          play(1, "herz/8"),
          play(1, "gras/8"),
          play(1, "schellen/8"),
          play(1, "schellen/k", { mau: true }),
          play(0, "schellen/7"),
        )
        .then(ok(), pendingDraw(2), turn(1))
        .when(play(1, "eichel/7", { mauMau: true }))
        .then(ok(), status("gameOver"), pendingDraw(0), handSize(0, 4), notLogged("cards.drawn"));
    });

    it("a last 8 skips nobody", () => {
      given(
        table(bavarian, {
          players: 3,
          mode: "both",
          options: { cut: false },
          hands: { 1: ["herz/a", "gras/a", "schellen/a", "eichel/a", "eichel/8"] },
          starter: "herz/9",
        }),
      )
        .when(
          play(1, "herz/a"),
          play(1, "gras/a"),
          play(1, "schellen/a"),
          play(1, "eichel/a", { mau: true }),
          play(1, "eichel/8", { mauMau: true }),
        )
        .then(ok(), status("gameOver"), turn(null), notLogged("player.skipped"));
    });

    it("a last Unter needs no suit and names none", () => {
      lastCard("schellen/u")
        .when(play(1, "schellen/u", { mauMau: true }))
        .then(ok(), status("gameOver"), wish(null), top("schellen/u"));
    });

    it("the last card must still be allowed", () => {
      lastCard("gras/k")
        .when(play(1, "gras/k", { mauMau: true }))
        .then(refused("ILLEGAL_MOVE"), status("playing"), turn(1));
    });

    it("the next game is dealt by the left neighbour on request", () => {
      lastCard("eichel/k")
        .when(play(1, "eichel/k", { mauMau: true }), nextGame())
        .then(ok(), status("playing"), dealer(1), turn(0), handSize(0, 5), handSize(1, 5));
    });
  });

  describe("B-6.2 every hand is added to its account", () => {
    it("there are no scores or totals while the game is played", () => {
      lastCard("eichel/k").then(scores(null), totals(null), winners([]), direction("cw"));
    });

    it("u = 20; a, k, o = 10; 10 9 8 7 at face value; the winner scores 0", () => {
      lastCard("eichel/k", ["eichel/u", "gras/u", "herz/a", "herz/k", "herz/o"])
        .when(play(1, "eichel/k", { mauMau: true }))
        .then(ok(), scores([70, 0]), totals([70, 0]));
      lastCard("eichel/k", ["schellen/7", "gras/9", "schellen/9", "herz/10", "gras/o"])
        .when(play(1, "eichel/k", { mauMau: true }))
        .then(ok(), scores([7 + 9 + 9 + 10 + 10, 0]), totals([45, 0]));
    });

    it("agrees with the rule text for any finished game", () => {
      for (const [players, seed] of [
        [2, 3],
        [3, 14],
        [4, 15],
        [5, 92],
      ] as const)
        given(table(bavarian, { players, seed, mode: "both", options: { limit: 10000 } }))
          .when(bots({ seed }))
          .then(
            status("gameOver"),
            scoresFromHands,
            check(({ table: t }) => {
              expect(t.totals).toEqual(t.scores);
            }),
          );
    });

    it("accounts add up over the games of a match", () => {
      const s = given(table(bavarian, { players: 3, seed: 6, options: { limit: 10000 } }));
      let sum = [0, 0, 0];
      for (let g = 1; g <= 3; g++) {
        s.when(bots({ seed: g })).then(status("gameOver"), scoresFromHands);
        const t = s.driver.scriptState();
        sum = sum.map((v, seat) => v + (t.scores as number[])[seat]!);
        s.then(totals(sum), winners([])).when(nextGame());
      }
    });
  });

  describe("B-6.3 an account over the limit loses the match; the lowest account wins", () => {
    const seventy = ["eichel/u", "gras/u", "herz/a", "herz/k", "herz/o"];

    it("an account over the limit ends the match; the lowest account wins it", () => {
      lastCard("eichel/k", seventy, { limit: 69 })
        .when(play(1, "eichel/k", { mauMau: true }))
        .then(
          ok(),
          status("matchOver"),
          totals([70, 0]),
          winners([1]),
          logged({ type: "match.ended", data: { winners: [1], losers: [0] } }),
        )
        .when(nextGame())
        .then(refused("GAME_OVER"));
    });

    it("an account at the limit is not over it: the match goes on", () => {
      lastCard("eichel/k", seventy, { limit: 70 })
        .when(play(1, "eichel/k", { mauMau: true }))
        .then(ok(), status("gameOver"), totals([70, 0]), winners([]), notLogged("match.ended"));
    });

    it("the default limit is 100; equal lowest accounts share the win", () => {
      // A stalled game (B-6.4): seats 2 and 0 end with 100 each, seat 1 with 129.
      stalled()
        .when(draw(2), draw(0), draw(1))
        .then(
          ok(),
          status("matchOver"),
          scores([100, 129, 100]),
          totals([100, 129, 100]),
          winners([0, 2]),
          logged({ type: "match.ended", data: { losers: [1] } }),
        );
    });

    it("a match played out by bots ends with the first account over 100", () => {
      for (const seed of [1, 2]) {
        const s = given(table(bavarian, { players: 3, seed }));
        for (let g = 1; g < 200; g++) {
          s.when(bots({ seed: seed * 1000 + g }));
          const t = s.driver.scriptState();
          if (t.status === "matchOver") break;
          s.then(
            status("gameOver"),
            winners([]),
            check(({ table: u }) =>
              expect(Math.max(...(u.totals as number[]))).toBeLessThanOrEqual(100),
            ),
          ).when(nextGame());
        }
        s.then(
          status("matchOver"),
          check(({ table: t }) => {
            const all = t.totals as number[];
            expect(Math.max(...all)).toBeGreaterThan(100);
            const low = Math.min(...all);
            expect(t.winners).toEqual(all.flatMap((v, seat) => (v === low ? [seat] : [])));
          }),
        );
      }
    });
  });

  /** B-3.1 from the rule text: the card may be played on `top` (no wish in force). */
  const fits = (card: string, topCard: string): boolean => {
    const [suit, rank] = card.split("/");
    const [topSuit, topRank] = topCard.split("/");
    return rank === "u" || suit === topSuit || rank === topRank;
  };

  /**
   * Three players who may always draw (`voluntaryDraw`) take the whole draw pile without playing;
   * a drawn card that fits the starter is kept with `pass`. Afterwards only the starter is on the
   * table and seat 2 is on turn. Seats 2 and 0 then hold 100 points each, seat 1 129.
   */
  function stalled(o: Partial<BavarianOptions> = {}) {
    const starter = "schellen/7";
    const final: Record<number, string[]> = {
      2: [
        ...["eichel/7", "eichel/k", "eichel/u", "gras/10", "gras/9"],
        ...["herz/10", "herz/7", "herz/8", "herz/k", "schellen/9"],
      ],
      0: [
        ...["eichel/8", "eichel/9", "gras/7", "gras/8", "gras/u"],
        ...["herz/a", "herz/o", "schellen/10", "schellen/8", "schellen/a"],
      ],
      1: [
        ...["eichel/10", "eichel/a", "eichel/o", "gras/a", "gras/k"],
        ...["gras/o", "herz/9", "herz/u", "schellen/k", "schellen/o", "schellen/u"],
      ],
    };
    const order = [1, 2, 0];
    const drawn: string[] = [];
    for (let i = 0; i < 16; i++) {
      const seat = order[i % 3]!;
      drawn.push(final[seat]![5 + Math.floor(i / 3)]!);
    }
    const steps: Command[] = drawn.flatMap((card, i) => {
      const seat = order[i % 3]!;
      return fits(card, starter) ? [draw(seat), pass(seat)] : [draw(seat)];
    });
    return given(
      table(bavarian, {
        players: 3,
        mode: "both",
        options: { cut: false, voluntaryDraw: true, ...o },
        hands: { 1: final[1]!.slice(0, 5), 2: final[2]!.slice(0, 5), 0: final[0]!.slice(0, 5) },
        starter,
        drawPile: drawn,
      }),
    )
      .when(...steps)
      .then(
        ok(),
        drawPile(0),
        turn(2),
        top(starter),
        hand(1, final[1]!),
        hand(2, final[2]!),
        hand(0, final[0]!),
      );
  }

  describe("B-6.4 nothing left to draw for a whole round", () => {
    it("a player who must draw when nothing is left just ends the turn", () => {
      stalled()
        .when(draw(2))
        .then(ok(), status("playing"), turn(0), handSize(2, 10), notLogged("pile.reshuffled"));
    });

    it("a round that is not yet whole does not end the game", () => {
      stalled().when(draw(2), draw(0)).then(ok(), status("playing"), turn(1));
    });

    it("a whole round without a card played or drawn ends the game with no winner", () => {
      stalled({ limit: 1000 })
        .when(draw(2), draw(0), draw(1))
        .then(
          ok(),
          status("gameOver"),
          turn(null),
          logged({ type: "game.ended", data: { winner: null } }),
          scoresFromHands,
          scores([100, 129, 100]),
          totals([100, 129, 100]),
          winners([]),
        )
        .when(nextGame())
        .then(ok(), status("playing"), dealer(1), turn(2));
    });

    it("a card played in the round starts the count again", () => {
      // Seat 0 holds schellen/10, which fits the starter; seat 1 then draws the old starter back.
      stalled({ limit: 1000 })
        .when(draw(2), play(0, "schellen/10"), draw(1), pass(1), draw(2), draw(0))
        .then(ok(), status("playing"), turn(1), handSize(1, 12))
        .when(draw(1))
        .then(ok(), status("gameOver"));
    });
  });
});
