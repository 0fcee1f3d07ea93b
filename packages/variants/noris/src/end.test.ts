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
  pendingDraw,
  play,
  refused,
  repeat,
  scores,
  status,
  table,
  totals,
  turn,
  winners,
  wish,
  type Outcome,
  type TableSpec,
} from "@maumau/engine/testing";
import type { ClassicView } from "@maumau/engine";
import { describe, expect, it } from "vitest";
import { noris } from "./index.js";

forEachReferee(noris, ({ given }) => {
  /** N-6.2 from the rule text: ranks 1…9 at face value, every other card 10. */
  const points = (card: string): number => {
    const rank = card.split("/")[1] ?? card;
    return /^[1-9]$/.test(rank) ? Number(rank) : 10;
  };
  const handPoints = (cards: readonly string[]) => cards.reduce((sum, c) => sum + points(c), 0);

  /**
   * Two players, seat 0 deals, seat 1 starts. After `toLastCard` seat 1 holds only `last` and it
   * is seat 1's turn; seat 0 holds `yellow/2`.
   */
  const lastCard = (last: string, spec: Partial<TableSpec> = {}) =>
    table(noris, {
      players: 2,
      options: { games: 1 },
      mode: "both",
      hands: {
        1: ["red/1", "red/2", "red/3", "red/4", last],
        0: ["red/6", "red/7", "red/8", "red/5", "yellow/2"],
      },
      starter: "red/9",
      ...spec,
    });
  const toLastCard = [
    play(1, "red/1"),
    play(0, "red/6"),
    play(1, "red/2"),
    play(0, "red/7"),
    play(1, "red/3"),
    play(0, "red/8"),
    play(1, "red/4", { mau: true }),
    play(0, "red/5", { mau: true }),
  ];

  describe("N-6.1 the game ends at once with the last card", () => {
    it("ends the game: nobody is on turn", () => {
      given(lastCard("red/5"))
        .when(...toLastCard)
        .then(ok(), handSize(1, 1), turn(1))
        .when(play(1, "red/5"))
        .then(ok(), status("matchOver"), turn(null), handSize(1, 0), logged("game.ended"));
    });

    it("does not carry out a last draw2", () => {
      given(lastCard("red/draw2"))
        .when(...toLastCard, play(1, "red/draw2"))
        .then(ok(), status("matchOver"), pendingDraw(0), hand(0, ["yellow/2"]), scores([2, 0]));
    });

    it("does not carry out a last draw2 that answers a pending draw2: nobody draws", () => {
      given(
        lastCard("blue/draw2", {
          hands: {
            1: ["red/1", "red/2", "red/3", "red/4", "blue/draw2"],
            0: ["red/6", "red/7", "red/8", "red/draw2", "yellow/2"],
          },
        }),
      )
        .when(...toLastCard.slice(0, 7), play(0, "red/draw2", { mau: true }))
        .then(ok(), pendingDraw(2), turn(1))
        .when(play(1, "blue/draw2"))
        .then(
          ok(),
          status("matchOver"),
          hand(0, ["yellow/2"]),
          handSize(1, 0),
          notLogged("cards.drawn"),
          scores([2, 0]),
        );
    });

    it("leaves no draw pending on the table once a last draw2 has answered one", () => {
      // Strict reading: the game is over, so no draw is pending against anybody any more.
      given(
        lastCard("blue/draw2", {
          hands: {
            1: ["red/1", "red/2", "red/3", "red/4", "blue/draw2"],
            0: ["red/6", "red/7", "red/8", "red/draw2", "yellow/2"],
          },
        }),
      )
        .when(...toLastCard.slice(0, 7), play(0, "red/draw2", { mau: true }), play(1, "blue/draw2"))
        .then(ok(), status("matchOver"), pendingDraw(0));
    });

    it("does not carry out a last reverse, stop or draw4", () => {
      for (const last of ["red/reverse", "red/stop", "red/draw4"])
        given(lastCard(last))
          .when(...toLastCard, play(1, last))
          .then(ok(), status("matchOver"), turn(null), direction("cw"), pendingDraw(0))
          .then(
            hand(0, ["yellow/2"]),
            notLogged("player.skipped"),
            notLogged("direction.reversed"),
          );
    });

    it("a wild as the last card needs no colour", () => {
      given(lastCard("wild"))
        .when(...toLastCard, play(1, "wild"))
        .then(ok(), status("matchOver"), wish(null), scores([2, 0]));
    });

    it("the last card must still match", () => {
      given(lastCard("blue/1"))
        .when(...toLastCard, play(1, "blue/1"))
        .then(refused("ILLEGAL_MOVE", "N-3.1"), status("playing"), turn(1));
    });

    it("after the end no move is accepted: GAME_OVER", () => {
      given(lastCard("red/draw2", { options: { games: 2 } }))
        .when(...toLastCard, play(1, "red/draw2"))
        .then(ok(), status("gameOver"), turn(null))
        .when(play(0, "yellow/2"))
        .then(refused("GAME_OVER"))
        .when(draw(0))
        .then(refused("GAME_OVER"))
        .when(draw(1))
        .then(refused("GAME_OVER"));
    });
  });

  describe("N-6.2 scores: the winner 0, the others their hand", () => {
    it("counts 1–9 at face value and every special card and wild as 10", () => {
      // Seats 2 and 0 may always draw (voluntaryDraw), so their hands are what the test chose.
      const hands = {
        1: ["red/1", "red/2", "red/3", "red/4", "red/5"],
        2: ["wild", "blue/stop", "green/draw4", "yellow/reverse", "blue/draw2"],
        0: ["green/9", "yellow/1", "blue/7", "green/6", "yellow/draw2"],
      };
      const drawn = ["blue/3", "yellow/8", "green/2", "blue/1", "yellow/9", "green/4", "red/draw4"];
      const round = (card: string, mau = false) => [play(1, card, { mau }), draw(2), draw(0)];
      given(
        table(noris, {
          players: 3,
          options: { games: 1, voluntaryDraw: true },
          mode: "both",
          hands,
          starter: "red/9",
          drawPile: [...drawn, "green/5"],
        }),
      )
        .when(...round("red/1"), ...round("red/2"), ...round("red/3"), ...round("red/4", true))
        .then(ok(), handSize(1, 1), handSize(2, 9), handSize(0, 9))
        .when(play(1, "red/5"))
        .then(
          ok(),
          status("matchOver"),
          scores([33 + 8 + 1 + 4 + 5, 0, 50 + 3 + 2 + 9 + 10]),
          totals([51, 0, 74]),
          winners([1]),
        );
    });

    it("agrees with the rule text for any finished game", () => {
      given(table(noris, { players: 4, seed: 21, options: { games: 1 }, mode: "both" }))
        .when(bots())
        .then(
          check(({ table: t }) => {
            const hands = t.hands as string[][];
            const winner = hands.findIndex((h) => h.length === 0);
            expect(t.scores).toEqual(hands.map((h, seat) => (seat === winner ? 0 : handPoints(h))));
          }),
        );
    });
  });

  /** Equal-value pairs in draw order, one 10-point card last: both seats end equal. */
  function tiedDrawPile(taken: readonly string[]): string[] {
    const rest = [...noris.deck];
    for (const card of taken) rest.splice(rest.indexOf(card), 1);
    const numbers = rest.filter((c) => points(c) < 10).sort((a, b) => points(a) - points(b));
    return [...numbers, ...rest.filter((c) => points(c) === 10)];
  }

  describe("N-6.2 the hands are counted in the open", () => {
    it("every viewer sees every hand once the game is over, and no other hand before", () => {
      given(table(noris, { players: 3, seed: 7, options: { games: 2 }, mode: "both" }))
        .then(
          check(({ driver }) => {
            for (const viewer of [0, 1, 2, "spectator"] as const)
              expect((driver.view(viewer) as ClassicView).revealedHands).toBeNull();
          }),
        )
        .when(bots())
        .then(
          status("gameOver"),
          check(({ driver, table: t }) => {
            for (const viewer of [0, 1, 2, "spectator"] as const)
              expect((driver.view(viewer) as ClassicView).revealedHands).toEqual(t.hands);
          }),
        )
        .when(nextGame())
        .then(
          check(({ driver }) =>
            expect((driver.view("spectator") as ClassicView).revealedHands).toBeNull(),
          ),
        );
    });
  });

  describe("N-6.3 the lowest total wins the match", () => {
    it("equal lowest totals share the win", () => {
      // A stalled one-game match (N-6.4) in which both seats hold 365 points. Strict reading: the
      // match then ends as usual, and the equal lowest totals share the win.
      const hands = {
        1: ["green/1", "green/1", "green/2", "green/2", "green/draw2"],
        0: ["yellow/draw2", "green/3", "green/3", "green/5", "green/5"],
      };
      const starter = "red/stop";
      const pile = tiedDrawPile([...hands[0], ...hands[1], starter]);
      given(
        table(noris, {
          players: 2,
          options: { games: 1, voluntaryDraw: true },
          mode: "both",
          hands,
          starter,
          drawPile: pile,
        }),
      )
        .when(repeat(99, (i) => draw(i % 2 === 0 ? 1 : 0)))
        .then(ok(), drawPile(0), turn(0))
        .when(draw(0), draw(1))
        .then(ok(), status("matchOver"), scores([365, 365]), totals([365, 365]), winners([0, 1]));
    });

    it("adds up the games and names the lowest total after the agreed number of games", () => {
      // Totals seen so far, per driver mode (each expectation runs once per mode).
      const seenTotals = new Map<string, number[][]>();
      const recordGame = check(({ table: t, mode }: Outcome) => {
        const history = seenTotals.get(mode) ?? [];
        seenTotals.set(mode, history);
        const gameScores = t.scores as number[];
        const before = history[history.length - 1] ?? gameScores.map(() => 0);
        const expected = before.map((sum, seat) => sum + gameScores[seat]!);
        expect(t.totals).toEqual(expected);
        history.push(expected);
      });
      const s = given(table(noris, { players: 3, seed: 33, options: { games: 3 }, mode: "both" }));
      s.when(bots({ seed: 1 })).then(status("gameOver"), recordGame, winners([]));
      s.when(nextGame(), bots({ seed: 2 })).then(status("gameOver"), recordGame, winners([]));
      s.when(nextGame(), bots({ seed: 3 })).then(status("matchOver"), recordGame);
      const final = [...seenTotals.values()][0]![2]!;
      const low = Math.min(...final);
      s.then(winners(final.flatMap((t, seat) => (t === low ? [seat] : []))));
    });

    it("a one-game match is won by the game's winner", () => {
      given(lastCard("red/5"))
        .when(...toLastCard, play(1, "red/5"))
        .then(ok(), scores([2, 0]), totals([2, 0]), winners([1]));
    });
  });

  describe("N-6.4 nothing left to draw", () => {
    // Three players who may always draw take all 94 cards of the draw pile; only the starter is
    // left on the table, so nothing can be drawn any more.
    const drained = () =>
      given(
        table(noris, {
          players: 3,
          options: { games: 2, voluntaryDraw: true },
          mode: "both",
          hands: {},
          starter: "red/9",
        }),
      ).when(repeat(94, (i) => draw([1, 2, 0][i % 3]!)));

    it("a player who must draw with nothing to draw just ends the turn", () => {
      drained()
        .then(ok(), drawPile(0), turn(2), handSize(2, 5 + 31))
        .when(draw(2))
        .then(ok(), handSize(2, 5 + 31), turn(0), status("playing"), notLogged("pile.reshuffled"));
    });

    it("a penalty draw with too few cards left stops short; that is not an error", () => {
      given(
        table(noris, {
          players: 3,
          options: { games: 2, voluntaryDraw: true },
          mode: "both",
          hands: { 2: ["red/draw2"] },
          starter: "red/9",
        }),
      )
        .when(
          repeat(94, (i) => draw([1, 2, 0][i % 3]!)),
          play(2, "red/draw2"),
        )
        .then(ok(), pendingDraw(2), turn(0), handSize(0, 5 + 31))
        .when(draw(0))
        .then(
          ok(),
          logged("pile.reshuffled"),
          logged({ type: "cards.drawn", data: { seat: 0, cards: ["red/9"] } }),
          handSize(0, 5 + 31 + 1),
          drawPile(0),
          pendingDraw(0),
          turn(1),
          status("playing"),
        );
    });

    it("a whole round without a card played or drawn ends the game with no winner", () => {
      drained()
        .when(draw(2), draw(0))
        .then(ok(), status("playing"), turn(1))
        .when(draw(1))
        .then(
          ok(),
          status("gameOver"),
          turn(null),
          logged({ type: "game.ended", data: { winner: null } }),
          check(({ table: t }) => {
            const hands = t.hands as string[][];
            expect(t.scores).toEqual(hands.map(handPoints));
            expect(t.totals).toEqual(t.scores);
          }),
        )
        .when(nextGame())
        .then(ok(), status("playing"), dealer(1), turn(2));
    });
  });
});
