import {
  countCards,
  createRng,
  GameDriver,
  isRefusal,
  shuffle,
  type CardCode,
} from "@maumau/engine";
import {
  bots,
  check,
  choose,
  dealer,
  direction,
  draw,
  drawPile,
  game,
  forEachReferee,
  hand,
  handSize,
  nextGame,
  ok,
  pendingDraw,
  play,
  refused,
  status,
  table,
  top,
  turn,
  wish,
  type Outcome,
  type TableSpec,
} from "@maumau/engine/testing";
import { describe, expect, it } from "vitest";
import { french } from "./index.js";

forEachReferee(french, ({ given }) => {
  /** Three players, seat 0 deals; decider and machine in lockstep. */
  const deal = (spec: Omit<TableSpec, "players"> & { players?: number }) =>
    table(french, { players: 3, mode: "both", ...spec });

  const SUITS = ["clubs", "diamonds", "hearts", "spades"];
  const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k", "a"];

  /** Every seat's hand as dealt: seat `s` gets the cards at the positions listed for it. */
  const dealtFrom = (deck: readonly CardCode[], positions: Record<number, readonly number[]>) =>
    Object.entries(positions).map(([seat, at]) =>
      hand(
        Number(seat),
        at.map((i) => deck[i]!),
      ),
    );

  /** The deck of the game that the last `when` started (its `game.started` event). */
  const startedDeck = (o: Outcome): CardCode[] => {
    const started = o.events.find((e) => e.type === "game.started") as
      { data: { deck: CardCode[] } } | undefined;
    if (!started) throw new Error("no game.started event in the last `when`");
    return started.data.deck;
  };

  describe("F-1 the deck", () => {
    it("has 52 cards: clubs, diamonds, hearts, spades × 2–10, j, q, k, a, once each", () => {
      const counts = countCards(french.deck);
      expect(french.deck).toHaveLength(52);
      for (const suit of SUITS)
        for (const rank of RANKS) expect(counts.get(`${suit}/${rank}`), `${suit}/${rank}`).toBe(1);
      expect(counts.size).toBe(52);
    });

    it("deals every game from exactly those 52 cards", () => {
      const cardsOnTable = check(({ driver }) =>
        expect(driver.engine.cardsInPlay(driver.state).sort()).toEqual([...french.deck].sort()),
      );
      given(table(french, { players: 4, seed: 11, options: { targetScore: 10000 } }))
        .then(cardsOnTable)
        .when(bots())
        .then(cardsOnTable, status("gameOver"))
        .when(nextGame())
        .then(ok(), cardsOnTable);
    });

    it("does not open a match with a deck that is not the french deck", () => {
      const wrong = [...french.deck.slice(1), "hearts/5"];
      const opened = GameDriver.open(french, { players: 2, seed: 1, deck: wrong });
      expect(isRefusal(opened) && opened.code).toBe("INVALID_COMMAND");
      const short = GameDriver.open(french, { players: 2, seed: 1, deck: french.deck.slice(1) });
      expect(isRefusal(short) && short.code).toBe("INVALID_COMMAND");
    });

    it("is played by 2 to 8 players (rules/README.md)", () => {
      for (const players of [1, 9, 0, 2.5]) {
        const opened = GameDriver.open(french, { players, seed: 1 });
        expect(isRefusal(opened) && opened.code, `${players} players`).toBe("INVALID_COMMAND");
      }
      for (const players of [2, 8]) {
        const opened = GameDriver.open(french, { players, seed: 1 });
        expect(isRefusal(opened), `${players} players`).toBe(false);
      }
    });
  });

  describe("F-2.1 the dealer", () => {
    it("is seat 0 in game 1 unless chosen", () => {
      given(deal({ starter: "hearts/9" })).then(dealer(0), game(1), turn(1));
    });

    it("can be chosen for game 1", () => {
      given(deal({ dealer: 1, starter: "hearts/9" })).then(dealer(1), turn(2));
      given(deal({ players: 4, dealer: 3, starter: "hearts/9" })).then(dealer(3), turn(0));
    });

    it("moves to the previous dealer's left neighbour for every next game", () => {
      given(
        table(french, {
          players: 3,
          seed: 8,
          dealer: 1,
          options: { targetScore: 10000 },
          mode: "both",
        }),
      )
        .when(bots())
        .then(status("gameOver"), dealer(1))
        .when(nextGame())
        .then(ok(), game(2), dealer(2))
        .when(bots({ seed: 2 }), nextGame())
        .then(ok(), game(3), dealer(0))
        .when(bots({ seed: 3 }), nextGame())
        .then(ok(), game(4), dealer(1));
    });

    it("wraps around with two players", () => {
      given(table(french, { players: 2, seed: 3, dealer: 1, options: { targetScore: 10000 } }))
        .then(dealer(1))
        .when(bots(), nextGame())
        .then(ok(), dealer(0))
        .when(bots({ seed: 5 }), nextGame())
        .then(ok(), dealer(1));
    });
  });

  describe("F-2.2 dealing", () => {
    const deck = shuffle(french.deck, createRng(2024));

    it("deals one card at a time from the dealer's left neighbour, clockwise, 5 each", () => {
      given(table(french, { players: 3, dealer: 0, deck, mode: "both" })).then(
        ...dealtFrom(deck, { 1: [0, 3, 6, 9, 12], 2: [1, 4, 7, 10, 13], 0: [2, 5, 8, 11, 14] }),
      );
      given(table(french, { players: 4, dealer: 2, deck })).then(
        ...dealtFrom(deck, {
          3: [0, 4, 8, 12, 16],
          0: [1, 5, 9, 13, 17],
          1: [2, 6, 10, 14, 18],
          2: [3, 7, 11, 15, 19],
        }),
      );
      given(table(french, { players: 2, dealer: 1, deck })).then(
        ...dealtFrom(deck, { 0: [0, 2, 4, 6, 8], 1: [1, 3, 5, 7, 9] }),
      );
    });

    it("turns up the next card; the rest is the draw pile", () => {
      given(table(french, { players: 3, deck })).then(top(deck[15]!), drawPile(52 - 16));
      given(table(french, { players: 8, deck })).then(
        top(deck[40]!),
        drawPile(52 - 41),
        ...Array.from({ length: 8 }, (_, seat) => handSize(seat, 5)),
      );
    });

    it("the turned-up card counts as played by the dealer: the left neighbour plays on it", () => {
      given(
        deal({
          hands: { 1: ["hearts/5", "clubs/9", "clubs/3", "spades/4", "diamonds/4"] },
          starter: "hearts/9",
        }),
      )
        .then(top("hearts/9"), turn(1))
        .when(play(1, "clubs/9"))
        .then(ok(), top("clubs/9"), turn(2));
    });

    it("deals the next game the same way, from the new dealer's left neighbour", () => {
      given(table(french, { players: 3, seed: 21, options: { targetScore: 10000 } }))
        .when(bots())
        .then(status("gameOver"))
        .when(nextGame())
        .then(
          ok(),
          dealer(1),
          check((o) => {
            const next = startedDeck(o);
            const hands = o.table.hands as CardCode[][];
            const at = (...i: number[]) => i.map((k) => next[k]!).sort();
            expect([...hands[2]!].sort(), "seat 2, dealt first").toEqual(at(0, 3, 6, 9, 12));
            expect([...hands[0]!].sort()).toEqual(at(1, 4, 7, 10, 13));
            expect([...hands[1]!].sort(), "the dealer, dealt last").toEqual(at(2, 5, 8, 11, 14));
            expect(o.table.top).toBe(next[15]);
          }),
        );
    });
  });

  describe("F-2.3 a special starter acts as if the dealer had played it", () => {
    describe("8: the dealer names a suit before anyone else acts", () => {
      const hands = {
        1: ["hearts/5", "clubs/5", "spades/8", "diamonds/3", "diamonds/6"],
        2: ["clubs/6", "hearts/6", "spades/6", "diamonds/7", "diamonds/9"],
        0: ["clubs/7", "hearts/7", "spades/7", "diamonds/10", "diamonds/j"],
      };
      const eightStarter = (spec: Omit<TableSpec, "players"> & { players?: number } = {}) =>
        given(deal({ hands, starter: "hearts/8", drawPile: ["clubs/k", "hearts/k"], ...spec }));

      it("waits in status setup for the dealer's suit", () => {
        eightStarter().then(
          status("setup"),
          turn(0),
          top("hearts/8"),
          wish(null),
          pendingDraw(0),
          hand(1, hands[1]),
        );
      });

      it("nobody else may act first, and the dealer may only name a suit", () => {
        eightStarter()
          .when(play(1, "hearts/5"))
          .then(refused("NOT_YOUR_TURN"))
          .when(draw(1))
          .then(refused("NOT_YOUR_TURN"))
          .when(choose(1, "clubs"))
          .then(refused("NOT_YOUR_TURN"))
          .when(play(0, "hearts/7"))
          .then(refused("ILLEGAL_MOVE"))
          .when(draw(0))
          .then(refused("ILLEGAL_MOVE"))
          .when(choose(0, "red"))
          .then(refused("CHOICE_REQUIRED"))
          .when(choose(0, "clubs"))
          .then(
            ok(),
            status("playing"),
            wish("clubs"),
            top("hearts/8"),
            turn(1),
            hand(0, hands[0]),
          );
      });

      it("the named suit must be followed (the conformance example french-wish-starter)", () => {
        eightStarter()
          .when(choose(0, "clubs"), play(1, "hearts/5"))
          .then(refused("ILLEGAL_MOVE"))
          .when(play(1, "clubs/5"))
          .then(ok(), status("playing"), turn(2), top("clubs/5"), wish(null));
      });

      it("the named suit may be answered with any 8", () => {
        eightStarter()
          .when(choose(0, "clubs"), play(1, "spades/8", { wish: "diamonds" }))
          .then(ok(), wish("diamonds"), top("spades/8"), turn(2));
      });

      it("the named suit still holds when the first player draws", () => {
        eightStarter()
          .when(choose(0, "clubs"), draw(1))
          .then(ok(), wish("clubs"), turn(2))
          .when(play(2, "hearts/6"))
          .then(refused("ILLEGAL_MOVE"))
          .when(play(2, "clubs/6"))
          .then(ok(), wish(null), turn(0));
      });

      it("another dealer names the suit, then the dealer's left neighbour starts", () => {
        eightStarter({ dealer: 2 })
          .then(status("setup"), turn(2))
          .when(choose(2, "spades"))
          .then(ok(), turn(0), wish("spades"));
      });

      it("works the same with two players", () => {
        const two = {
          1: ["hearts/5", "clubs/5", "spades/8", "diamonds/3", "diamonds/6"],
          0: ["clubs/7", "hearts/7", "spades/7", "diamonds/10", "diamonds/j"],
        };
        given(deal({ players: 2, hands: two, starter: "hearts/8" }))
          .then(status("setup"), turn(0))
          .when(play(1, "clubs/5"))
          .then(refused("NOT_YOUR_TURN"))
          .when(choose(0, "clubs"))
          .then(ok(), turn(1), wish("clubs"))
          .when(play(1, "clubs/5"))
          .then(ok(), turn(0));
        given(deal({ players: 2, dealer: 1, hands: two, starter: "hearts/8" }))
          .then(status("setup"), turn(1))
          .when(choose(1, "diamonds"))
          .then(ok(), turn(0), wish("diamonds"));
      });
    });

    describe("2: the dealer's left neighbour draws 2 or answers with a 2", () => {
      const hands = {
        1: ["clubs/2", "hearts/5", "hearts/8", "spades/3", "diamonds/4"],
        2: ["clubs/6", "hearts/6", "spades/6", "diamonds/7", "diamonds/9"],
        0: ["clubs/7", "hearts/7", "spades/7", "diamonds/10", "diamonds/j"],
      };
      const drawn = ["spades/k", "spades/q"];
      const twoStarter = (players = 3, dealerSeat = 0) =>
        given(
          deal({
            players,
            dealer: dealerSeat,
            hands: players === 3 ? hands : { 1: hands[1], 0: hands[0] },
            starter: "hearts/2",
            drawPile: drawn,
          }),
        );

      it("puts 2 cards against the left neighbour at once", () => {
        twoStarter().then(status("playing"), pendingDraw(2), turn(1), top("hearts/2"));
      });

      it("the left neighbour draws the 2 cards, which ends the turn", () => {
        twoStarter()
          .when(draw(1))
          .then(ok(), hand(1, [...hands[1], ...drawn]), pendingDraw(0), turn(2), drawPile(52 - 18));
      });

      it("the left neighbour may answer with a 2, passing 4 on", () => {
        twoStarter().when(play(1, "clubs/2")).then(ok(), pendingDraw(4), turn(2), handSize(1, 4));
      });

      it("the left neighbour may play nothing but a 2", () => {
        twoStarter()
          .when(play(1, "hearts/5"))
          .then(refused("ILLEGAL_MOVE", "F-4.2"))
          .when(play(1, "hearts/8", { wish: "spades" }))
          .then(refused("ILLEGAL_MOVE", ["F-4.1", "F-4.2"]));
      });

      it("works the same with two players: the non-dealer draws, then the dealer plays", () => {
        twoStarter(2)
          .then(pendingDraw(2), turn(1))
          .when(draw(1))
          .then(ok(), handSize(1, 7), handSize(0, 5), turn(0), pendingDraw(0));
        twoStarter(2).when(play(1, "clubs/2")).then(ok(), pendingDraw(4), turn(0));
      });
    });

    describe("q: the dealer's left neighbour is skipped", () => {
      const hands = {
        1: ["hearts/5", "clubs/q", "spades/3", "diamonds/3", "diamonds/4"],
        2: ["hearts/6", "clubs/6", "spades/6", "diamonds/7", "diamonds/9"],
        0: ["hearts/7", "clubs/7", "spades/7", "diamonds/10", "diamonds/j"],
      };

      it("the player after the left neighbour starts; the skipped player does nothing", () => {
        given(deal({ hands, starter: "hearts/q" }))
          .then(status("playing"), turn(2), pendingDraw(0), direction("cw"))
          .when(play(1, "clubs/q"))
          .then(refused("NOT_YOUR_TURN"))
          .when(play(2, "hearts/6"))
          .then(ok(), turn(0), hand(1, hands[1]))
          .when(play(0, "hearts/7"))
          .then(ok(), turn(1));
      });

      it("with two players the dealer starts", () => {
        given(deal({ players: 2, hands: { 1: hands[1], 0: hands[0] }, starter: "hearts/q" }))
          .then(turn(0))
          .when(play(1, "hearts/5"))
          .then(refused("NOT_YOUR_TURN"))
          .when(play(0, "hearts/7"))
          .then(ok(), turn(1), hand(1, hands[1]));
      });
    });

    describe("a: the direction is reversed, the dealer's right neighbour starts", () => {
      const hands = {
        1: ["hearts/5", "clubs/5", "spades/3", "diamonds/3", "diamonds/4"],
        2: ["hearts/6", "clubs/6", "spades/6", "diamonds/7", "diamonds/9"],
        0: ["hearts/7", "clubs/7", "spades/7", "diamonds/10", "diamonds/j"],
      };

      it("with three players seat 2 starts and play goes counter-clockwise", () => {
        given(deal({ hands, starter: "hearts/a" }))
          .then(status("playing"), direction("ccw"), turn(2))
          .when(play(1, "hearts/5"))
          .then(refused("NOT_YOUR_TURN"))
          .when(play(2, "hearts/6"))
          .then(ok(), turn(1))
          .when(play(1, "hearts/5"))
          .then(ok(), turn(0));
      });

      it("the right neighbour of another dealer starts", () => {
        given(deal({ players: 4, dealer: 2, starter: "hearts/a" })).then(direction("ccw"), turn(1));
        given(deal({ players: 4, dealer: 0, starter: "hearts/a" })).then(direction("ccw"), turn(3));
      });

      it("with two players the other player starts, and then the dealer", () => {
        given(deal({ players: 2, hands: { 1: hands[1], 0: hands[0] }, starter: "hearts/a" }))
          .then(direction("ccw"), turn(1))
          .when(play(1, "hearts/5"))
          .then(ok(), turn(0))
          .when(play(0, "hearts/7"))
          .then(ok(), turn(1));
      });
    });
  });

  describe("F-2.4 any other starter", () => {
    const plain = ["3", "4", "5", "6", "7", "9", "10", "j", "k"];

    it("lets the dealer's left neighbour play first, clockwise, with nothing pending", () => {
      for (const rank of plain) {
        const starter = `spades/${rank}`;
        given(deal({ starter }))
          .then(
            status("playing"),
            top(starter),
            turn(1),
            direction("cw"),
            wish(null),
            pendingDraw(0),
          )
          .then(...[0, 1, 2].map((seat) => handSize(seat, 5)));
        given(deal({ dealer: 2, starter })).then(turn(0), direction("cw"));
        given(deal({ players: 2, dealer: 1, starter })).then(turn(0), direction("cw"));
      }
    });
  });
});
