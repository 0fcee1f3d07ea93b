import { GameDriver, isRefusal } from "@maumau/engine";
import {
  bots,
  check,
  choose,
  cut,
  dealer,
  draw,
  drawPile,
  game,
  forEachReferee,
  hand,
  logged,
  nextGame,
  ok,
  pass,
  pendingDraw,
  play,
  raw,
  refused,
  status,
  table,
  tableHas,
  top,
  turn,
  wish,
  type Expectation,
} from "@maumau/engine/testing";
import { describe, expect, it } from "vitest";
import { bavarian, type BavarianOptions } from "./index.js";

forEachReferee(bavarian, ({ given }) => {
  const SUITS = ["eichel", "gras", "herz", "schellen"];
  const RANKS = ["7", "8", "9", "10", "u", "o", "k", "a"];
  /** B-1 from the rule text, suit by suit: our own pack order for building decks. */
  const PACK: readonly string[] = SUITS.flatMap((s) => RANKS.map((r) => `${s}/${r}`));

  /** B-2.3 from the rule text: the seat of each dealt card, 3 each then 2 each from the dealer's left. */
  function blocks(players: number, dealerSeat: number, short: number | null = null): number[] {
    const order = Array.from({ length: players }, (_, i) => (dealerSeat + 1 + i) % players);
    const out: number[] = [];
    for (const seat of order) out.push(seat, seat, seat);
    for (const seat of order) out.push(...(seat === short ? [seat] : [seat, seat]));
    return out;
  }

  /** The hands a deck (top first) deals in blocks of 3 and 2. */
  function handsFrom(deck: readonly string[], sequence: readonly number[], players: number) {
    const hands: string[][] = Array.from({ length: players }, () => []);
    sequence.forEach((seat, i) => hands[seat]!.push(deck[i]!));
    return hands;
  }

  /** The deck before a cut at `at` that leaves `after` (top first) once the packets are swapped. */
  const beforeCut = (after: readonly string[], at: number): string[] => [
    ...after.slice(after.length - at),
    ...after.slice(0, after.length - at),
  ];

  /** `after` with `cards` moved to the front in this order, the rest in pack order. */
  const arrange = (cards: readonly string[], last: readonly string[] = []): string[] => [
    ...cards,
    ...PACK.filter((c) => !cards.includes(c) && !last.includes(c)),
    ...last,
  ];

  const internalDrawPile = check(({ driver }) => {
    expect(Array.isArray((driver.state as { drawPile?: unknown }).drawPile)).toBe(true);
  });
  const drawPileOrder = (o: { driver: { state: unknown } }): readonly string[] =>
    (o.driver.state as { drawPile: string[] }).drawPile;

  /** Type-checks the options a test passes (TableSpec takes them as `unknown`). */
  const options = (o: Partial<BavarianOptions> = {}) => o;

  const hands = (expected: readonly (readonly string[])[]): Expectation[] =>
    expected.map((cards, seat) => hand(seat, cards));

  describe("B-1 the deck", () => {
    it("has 32 cards: eichel gras herz schellen × 7 8 9 10 u o k a, each once", () => {
      expect(bavarian.deck).toHaveLength(32);
      expect([...bavarian.deck].sort()).toEqual([...PACK].sort());
      expect(new Set(bavarian.deck).size).toBe(32);
    });

    it("is played by 2 to 5 players", () => {
      expect(bavarian.players).toEqual({ min: 2, max: 5 });
      for (const players of [2, 5])
        expect(isRefusal(GameDriver.open(bavarian, { players, seed: 1 }))).toBe(false);
      for (const players of [1, 6]) {
        const opened = GameDriver.open(bavarian, { players, seed: 1 });
        expect(isRefusal(opened), `${players} players`).toBe(true);
      }
    });

    it("deals every game from exactly those 32 cards", () => {
      const allCards = check(({ driver }) =>
        expect(driver.engine.cardsInPlay(driver.state).sort()).toEqual([...PACK].sort()),
      );
      given(table(bavarian, { players: 4, seed: 5, options: options({ limit: 10000 }) }))
        .then(allCards)
        .when(bots())
        .then(status("gameOver"), allCards)
        .when(nextGame())
        .then(ok(), allCards);
    });
  });

  describe("B-2.1 the dealer", () => {
    it("seat 0 deals game 1 unless chosen; then the previous dealer's left neighbour", () => {
      given(
        table(bavarian, { players: 3, seed: 2, options: options({ cut: false, limit: 10000 }) }),
      )
        .then(dealer(0), game(1), turn(1))
        .when(bots())
        .then(status("gameOver"))
        .when(nextGame())
        .then(ok(), dealer(1), game(2), turn(2))
        .when(bots())
        .when(nextGame())
        .then(ok(), dealer(2), game(3), turn(0))
        .when(bots())
        .when(nextGame())
        .then(ok(), dealer(0), game(4), turn(1));
    });

    it("a chosen dealer deals game 1, and the deal moves on to the left from there", () => {
      given(
        table(bavarian, {
          players: 4,
          dealer: 3,
          seed: 4,
          options: options({ cut: false, limit: 10000 }),
        }),
      )
        .then(dealer(3), turn(0))
        .when(bots())
        .when(nextGame())
        .then(ok(), dealer(0), turn(1));
    });

    it("with the cut, the next game waits for the new dealer's right neighbour to cut", () => {
      given(table(bavarian, { players: 3, seed: 8, options: options({ limit: 10000 }) }))
        .then(status("setup"), dealer(0), turn(2))
        .when(bots())
        .then(status("gameOver"))
        .when(nextGame())
        .then(ok(), status("setup"), dealer(1), turn(0), top(null), drawPile(32));
    });
  });

  describe("B-2.2 the cut", () => {
    // Three players, seat 0 deals, seat 2 (the dealer's right neighbour) cuts.
    const cutTable = (deck: readonly string[], players = 3, dealerSeat = 0) =>
      given(table(bavarian, { players, dealer: dealerSeat, deck, mode: "both" }));

    it("lifts `at` cards and puts them under the rest: the deal starts with card `at`+1", () => {
      const after = [...PACK.slice(10), ...PACK.slice(0, 10)];
      cutTable(PACK)
        .when(cut(2, 10))
        .then(
          ok(),
          status("playing"),
          ...hands(handsFrom(after, blocks(3, 0), 3)),
          top(after[15]!),
          drawPile(16),
          turn(1),
          logged({ type: "deck.cut", data: { seat: 2, at: 10, bottom: PACK[9], kept: false } }),
        );
    });

    it("the bottom card of the lifted packet becomes the bottom card of the deck", () => {
      cutTable(PACK)
        .when(cut(2, 10))
        .then(
          internalDrawPile,
          check((o) => expect(drawPileOrder(o).at(-1)).toBe(PACK[9])),
          check((o) => expect(drawPileOrder(o)).toEqual([...PACK.slice(26), ...PACK.slice(0, 10)])),
        );
    });

    it("accepts every cut from 1 to 31 cards", () => {
      for (const at of [1, 2, 16, 30, 31]) {
        const after = [...PACK.slice(at), ...PACK.slice(0, at)];
        cutTable(PACK)
          .when(cut(2, at))
          .then(
            ok(),
            ...hands(handsFrom(after, blocks(3, 0), 3)),
            top(after[15]!),
            check((o) => expect(drawPileOrder(o).at(-1), `cut at ${at}`).toBe(PACK[at - 1])),
          );
      }
    });

    it("refuses a cut outside 1…31 cards, or none, and changes nothing", () => {
      // FORMAT.md: `at` is a needed field that is missing or invalid, so CHOICE_REQUIRED.
      for (const at of [0, 32, 33, -1])
        cutTable(PACK).when(cut(2, at)).then(refused("CHOICE_REQUIRED", "B-2.2"), status("setup"));
      cutTable(PACK)
        .when(raw({ type: "cut", seat: 2 }))
        .then(refused("CHOICE_REQUIRED", "B-2.2"));
    });

    it("refuses a cut that is not a whole number of cards as not a command at all", () => {
      // Strict reading: `at` counts cards, so a fraction or a string is a field of the wrong type.
      cutTable(PACK).when(cut(2, 2.5)).then(refused("INVALID_COMMAND"));
      cutTable(PACK)
        .when(raw({ type: "cut", seat: 2, at: "5" }))
        .then(refused("INVALID_COMMAND"));
      cutTable(PACK)
        .when(raw({ type: "cut", seat: 2, at: 5, keep: "yes" }))
        .then(refused("INVALID_COMMAND"));
    });

    it("only the dealer's right neighbour cuts", () => {
      cutTable(PACK).when(cut(1, 10)).then(refused("NOT_YOUR_TURN"));
      cutTable(PACK).when(cut(0, 10)).then(refused("NOT_YOUR_TURN"));
      cutTable(PACK, 4, 1).then(turn(0)).when(cut(0, 10)).then(ok(), turn(2));
      cutTable(PACK, 2, 0).then(turn(1)).when(cut(1, 10)).then(ok(), turn(1));
    });

    it("only the cutter sees the bottom card of the lifted packet", () => {
      cutTable(PACK)
        .when(cut(2, 10))
        .then(
          check(({ driver, events }) => {
            const event = events.find((e) => e.type === "deck.cut");
            expect(event).toBeDefined();
            const seenBy = (viewer: number | "spectator") =>
              JSON.stringify(driver.engine.eventFor(event!, viewer));
            expect(seenBy(2)).toContain(PACK[9]);
            for (const viewer of [0, 1, "spectator"] as const)
              expect(seenBy(viewer), `seen by ${viewer}`).not.toContain(PACK[9]);
          }),
        );
    });

    it("B-2.2 the cutter alone sees the cut card in the view, for the whole game", () => {
      cutTable(PACK)
        .when(cut(2, 10, true))
        .then(
          check(({ driver }) => {
            const cutOf = (viewer: number | "spectator") =>
              (driver.view(viewer) as { cut: unknown }).cut;
            expect(cutOf(2)).toEqual({ seat: 2, at: 10, kept: false, card: PACK[9] });
            for (const viewer of [0, 1, "spectator"] as const)
              expect(cutOf(viewer), `seen by ${viewer}`).toEqual({
                seat: 2,
                at: 10,
                kept: false,
                card: null,
              });
          }),
        );
    });

    it("B-2.2 the others see where the cut was and that an Unter was kept, never which", () => {
      const after = arrange([], ["herz/u"]);
      cutTable(beforeCut(after, 12))
        .when(cut(2, 12, true))
        .then(
          check(({ driver, events }) => {
            const event = events.find((e) => e.type === "deck.cut")!;
            for (const viewer of [0, 1, "spectator"] as const) {
              expect(driver.engine.eventFor(event, viewer), `event for ${viewer}`).toEqual({
                type: "deck.cut",
                data: { seat: 2, at: 12, kept: true },
              });
              expect(JSON.stringify(driver.view(viewer))).not.toContain("herz/u");
            }
            expect((driver.view(2) as { cut: unknown }).cut).toEqual({
              seat: 2,
              at: 12,
              kept: true,
              card: "herz/u",
            });
          }),
        );
    });

    it("a kept Unter leaves the deck and is the first of the cutter's five cards", () => {
      // After the cut: 14 dealt cards, the starter, 16 cards, and herz/u at the bottom.
      const after = arrange([], ["herz/u"]);
      const deck = beforeCut(after, 12);
      expect(deck[11]).toBe("herz/u");
      const dealt = handsFrom(after, blocks(3, 0, 2), 3);
      dealt[2]!.unshift("herz/u");
      cutTable(deck)
        .when(cut(2, 12, true))
        .then(
          ok(),
          ...hands(dealt),
          top(after[14]!),
          drawPile(16),
          turn(1),
          logged({ type: "deck.cut", data: { seat: 2, at: 12, bottom: "herz/u", kept: true } }),
          check((o) => expect(drawPileOrder(o)).not.toContain("herz/u")),
          check((o) => expect(drawPileOrder(o)).toEqual(after.slice(15, 31))),
        );
    });

    it("an Unter that is not kept stays at the bottom of the deck", () => {
      const after = arrange([], ["gras/u"]);
      const deck = beforeCut(after, 20);
      for (const keep of [false, undefined])
        cutTable(deck)
          .when(cut(2, 20, keep))
          .then(
            ok(),
            ...hands(handsFrom(after, blocks(3, 0), 3)),
            top(after[15]!),
            drawPile(16),
            check((o) => expect(drawPileOrder(o).at(-1)).toBe("gras/u")),
          );
    });

    it("with option `cut: false` there is no cut: the deck is dealt as it lies", () => {
      given(table(bavarian, { players: 3, deck: PACK, options: options({ cut: false }) }))
        .then(
          status("playing"),
          ...hands(handsFrom(PACK, blocks(3, 0), 3)),
          top(PACK[15]!),
          turn(1),
        )
        .when(cut(1, 10))
        .then(refused("ILLEGAL_MOVE"))
        .when(cut(2, 10))
        .then(refused("NOT_YOUR_TURN"));
    });
  });

  describe("B-2.3 dealing in blocks of 3 and 2, and the starter", () => {
    const dealt = (players: number, dealerSeat: number) =>
      given(
        table(bavarian, {
          players,
          dealer: dealerSeat,
          deck: PACK,
          options: options({ cut: false }),
        }),
      );

    it("deals 3 to each, then 2 to each, clockwise from the dealer's left neighbour", () => {
      dealt(3, 0).then(
        hand(1, [PACK[0]!, PACK[1]!, PACK[2]!, PACK[9]!, PACK[10]!]),
        hand(2, [PACK[3]!, PACK[4]!, PACK[5]!, PACK[11]!, PACK[12]!]),
        hand(0, [PACK[6]!, PACK[7]!, PACK[8]!, PACK[13]!, PACK[14]!]),
        top(PACK[15]!),
        drawPile(16),
      );
    });

    it("deals so for 2 to 5 players and any dealer", () => {
      for (let players = 2; players <= 5; players++)
        for (let d = 0; d < players; d++)
          dealt(players, d).then(
            ...hands(handsFrom(PACK, blocks(players, d), players)),
            top(PACK[5 * players]!),
            drawPile(32 - 5 * players - 1),
            check((o) => expect(drawPileOrder(o)).toEqual(PACK.slice(5 * players + 1))),
          );
    });

    it("a cutter who kept an Unter gets one card fewer, in the block of 2", () => {
      // Two players: seat 0 deals, seat 1 cuts and is also dealt to first.
      const after = arrange([], ["schellen/u"]);
      const two = handsFrom(after, [1, 1, 1, 0, 0, 0, 1, 0, 0], 2);
      two[1]!.unshift("schellen/u");
      given(table(bavarian, { players: 2, deck: beforeCut(after, 7) }))
        .when(cut(1, 7, true))
        .then(ok(), ...hands(two), top(after[9]!), drawPile(21));
      // Four players: seat 0 deals, seat 3 cuts.
      const four = handsFrom(after, blocks(4, 0, 3), 4);
      expect(blocks(4, 0, 3)).toEqual([1, 1, 1, 2, 2, 2, 3, 3, 3, 0, 0, 0, 1, 1, 2, 2, 3, 0, 0]);
      four[3]!.unshift("schellen/u");
      given(table(bavarian, { players: 4, deck: beforeCut(after, 25) }))
        .when(cut(3, 25, true))
        .then(ok(), ...hands(four), top(after[19]!), drawPile(32 - 20 - 1));
    });

    const opening = (starter: string, first: readonly string[], o: Partial<BavarianOptions> = {}) =>
      given(
        table(bavarian, {
          players: 3,
          mode: "both",
          options: options({ cut: false, ...o }),
          hands: { 1: first, 2: ["eichel/9", "eichel/10", "eichel/o", "eichel/k", "eichel/a"] },
          starter,
        }),
      );

    it("the starter opens the game with its suit, and its rank matches too", () => {
      const first = ["herz/k", "gras/9", "schellen/k", "gras/k", "schellen/10"];
      opening("herz/9", first).then(top("herz/9"), wish(null)).when(play(1, "herz/k")).then(ok());
      opening("herz/9", first).when(play(1, "gras/9")).then(ok(), top("gras/9"), turn(2));
      opening("herz/9", first).when(play(1, "schellen/k")).then(refused("ILLEGAL_MOVE", "B-3.1"));
    });

    it("a 7 starter makes nobody draw", () => {
      opening("herz/7", ["herz/k", "gras/9", "schellen/k", "gras/k", "schellen/10"])
        .then(pendingDraw(0), turn(1))
        .when(play(1, "herz/k"))
        .then(ok(), turn(2), pendingDraw(0));
    });

    it("an 8 starter skips nobody", () => {
      opening("herz/8", ["herz/k", "gras/9", "schellen/k", "gras/k", "schellen/10"])
        .then(turn(1))
        .when(play(1, "herz/k"))
        .then(ok(), turn(2));
    });

    it("an Ass starter makes nobody play again", () => {
      opening("herz/a", ["herz/k", "gras/9", "schellen/k", "gras/k", "schellen/10"])
        .then(turn(1))
        .when(play(1, "herz/k"))
        .then(ok(), turn(2));
    });

    it("an Unter starter sets no wish: it opens its own suit", () => {
      const first = ["herz/k", "gras/9", "schellen/k", "gras/k", "schellen/u"];
      opening("herz/u", first).then(wish(null)).when(play(1, "herz/k")).then(ok(), top("herz/k"));
      opening("herz/u", first).when(play(1, "gras/9")).then(refused("ILLEGAL_MOVE"));
      opening("herz/u", first).when(play(1, "schellen/k")).then(refused("ILLEGAL_MOVE"));
      opening("herz/u", first)
        .when(play(1, "schellen/u", { wish: "gras" }))
        .then(ok(), wish("gras"), turn(2));
    });
  });

  describe("B-2.4 the dealer's left neighbour plays first", () => {
    it("for 2 to 5 players and any dealer", () => {
      for (let players = 2; players <= 5; players++)
        for (let d = 0; d < players; d++)
          given(
            table(bavarian, {
              players,
              dealer: d,
              deck: PACK,
              options: options({ cut: false }),
            }),
          ).then(status("playing"), turn((d + 1) % players), dealer(d));
    });

    it("also after the cut", () => {
      for (const [players, d] of [
        [2, 0],
        [3, 2],
        [5, 3],
      ] as const)
        given(table(bavarian, { players, dealer: d, deck: PACK }))
          .when(cut((d + players - 1) % players, 9))
          .then(ok(), turn((d + 1) % players));
    });

    it("nobody else may play first", () => {
      const s = () =>
        given(
          table(bavarian, {
            players: 3,
            options: options({ cut: false }),
            hands: { 1: ["herz/k"], 2: ["herz/10"], 0: ["herz/o"] },
            starter: "herz/9",
          }),
        );
      s().when(play(2, "herz/10")).then(refused("NOT_YOUR_TURN"));
      s().when(play(0, "herz/o")).then(refused("NOT_YOUR_TURN"));
      s().when(play(1, "herz/k")).then(ok(), turn(2));
    });
  });

  describe("B-2.5 before the cut", () => {
    // Three players, seat 0 deals, seat 2 cuts; PACK[9] is no Unter.
    const before = () => given(table(bavarian, { players: 3, deck: PACK, mode: "both" }));

    it("the table is empty: no hands, no top card, 32 cards in the draw pile, the cutter to act", () => {
      before().then(
        status("setup"),
        tableHas({ hands: [[], [], []] }),
        top(null),
        wish(null),
        pendingDraw(0),
        drawPile(32),
        turn(2),
        check(({ driver }) => expect(driver.progress().toAct).toBe(2)),
      );
    });

    it("`keep` on a card that is not an Unter is not refused: the cut stands, nothing is kept", () => {
      expect(PACK[9]!.endsWith("/u")).toBe(false);
      const after = [...PACK.slice(10), ...PACK.slice(0, 10)];
      before()
        .when(cut(2, 10, true))
        .then(
          ok(),
          status("playing"),
          ...hands(handsFrom(after, blocks(3, 0), 3)),
          top(after[15]!),
          drawPile(16),
          turn(1),
          logged({ type: "deck.cut", data: { seat: 2, at: 10, bottom: PACK[9], kept: false } }),
          internalDrawPile,
          check((o) => expect(drawPileOrder(o).at(-1)).toBe(PACK[9])),
        );
    });

    it("`keep: true` and no `keep` give the same table on a card that is not an Unter", () => {
      const tableAfter = (keep: boolean | undefined) => {
        let seen = "";
        before()
          .when(cut(2, 10, keep))
          .then(
            ok(),
            check(({ driver }) => {
              const { version: _v, ...view } = driver.view(2);
              seen = JSON.stringify(view);
            }),
          );
        return seen;
      };
      expect(tableAfter(true)).toBe(tableAfter(undefined));
    });

    it("`keep: false` on a card that is not an Unter is no fault", () => {
      before()
        .when(cut(2, 10, false))
        .then(ok(), status("playing"), drawPile(16));
    });

    it("other commands are refused with the FORMAT codes", () => {
      before().when(play(1, "herz/7")).then(refused("NOT_YOUR_TURN"));
      before().when(draw(0)).then(refused("NOT_YOUR_TURN"));
      before().when(pass(1)).then(refused("NOT_YOUR_TURN"));
      // The cutter holds no card yet, so a play is refused first for NOT_IN_HAND.
      before().when(play(2, "herz/7")).then(refused("NOT_IN_HAND"));
      before().when(draw(2)).then(refused("ILLEGAL_MOVE"));
      before().when(pass(2)).then(refused("ILLEGAL_MOVE"));
      before().when(choose(2, "herz")).then(refused("ILLEGAL_MOVE"));
      before().when(nextGame()).then(refused("ILLEGAL_MOVE"));
      before().when(play(2, "herz/6")).then(refused("INVALID_COMMAND"));
      before().when(play(1, "blau/7")).then(refused("INVALID_COMMAND"));
      before().when(cut(3, 10)).then(refused("INVALID_COMMAND"));
      before()
        .when(raw({ type: "shuffle", seat: 2 }))
        .then(refused("INVALID_COMMAND"));
    });

    it("after the cut there is no second cut", () => {
      before()
        .when(cut(2, 10))
        .then(ok(), turn(1))
        .when(cut(1, 10))
        .then(refused("ILLEGAL_MOVE"))
        .when(cut(2, 10))
        .then(refused("NOT_YOUR_TURN"));
    });

    it("a cut with `keep` is the one cut: there is no cutting again to look for an Unter", () => {
      const after = arrange([], ["eichel/u"]);
      given(table(bavarian, { players: 3, deck: beforeCut(after, 5), mode: "both" }))
        .when(cut(2, 6, true))
        .then(
          ok(),
          logged({ type: "deck.cut", data: { seat: 2, at: 6, kept: false } }),
          drawPile(16),
        )
        .when(cut(2, 5, true))
        .then(refused("NOT_YOUR_TURN"));
    });
  });
});
