import { DECKS, GameDriver, isRefusal, type AnyVariant, type CardCode } from "@maumau/engine";
import {
  check,
  choose,
  cut,
  direction,
  draw,
  drawPile,
  forEachReferee,
  hand,
  handSize,
  logged,
  notLogged,
  ok,
  pass,
  pendingDraw,
  play,
  refused,
  status,
  table,
  top,
  turn,
  wish,
  type TableSpec,
} from "@maumau/engine/testing";
import { describe, expect, it } from "vitest";
import { custom, customOptionsSchema, parseRuleSet, presets, type RuleSetInput } from "./index.js";

forEachReferee(custom, ({ given }) => {
  const variant = custom as AnyVariant;
  const at = (options: RuleSetInput, spec: Omit<TableSpec, "options">) =>
    given(table(variant, { mode: "both", ...spec, options }));

  const BAVARIAN = DECKS["bavarian-32"].cards;

  describe("C-1.8a dealing in blocks with another hand size; a kept cut card", () => {
    const rules = (handSize: number, cutOn: boolean, dealing = "blocks-3-2"): RuleSetInput => ({
      version: 1,
      deck: "bavarian-32",
      handSize,
      players: { min: 2, max: 3 },
      dealing: dealing as "blocks-3-2" | "single",
      cut: { enabled: cutOn, keepRank: cutOn ? "u" : null },
    });
    // Cutting 5 cards of the pack order shows eichel/u at the bottom: the cutter (seat 2, the
    // dealer's right neighbour) keeps it. `pile`: the deck as dealt, without the kept card.
    const unter = BAVARIAN[4]!;
    const afterCut = [...BAVARIAN.slice(5), ...BAVARIAN.slice(0, 4)];

    /** Three players, seat 0 deals: the `n`-th card of the pile goes to seat `sequence[n]`. */
    const dealsAs = (doc: RuleSetInput, sequence: readonly number[], kept: boolean) => {
      const pile = kept ? afterCut : BAVARIAN;
      const hands: CardCode[][] = [[], [], kept ? [unter] : []];
      sequence.forEach((seat, i) => hands[seat]!.push(pile[i]!));
      const game = at(doc, { players: 3, deck: BAVARIAN });
      if (kept) game.when(cut(2, 5, true)).then(ok());
      game.then(
        hand(0, hands[0]!),
        hand(1, hands[1]!),
        hand(2, hands[2]!),
        top(pile[sequence.length]!),
      );
    };

    it("C-1.8a blocks with hand size 4: three each, then one each, from the dealer's left neighbour", () => {
      dealsAs(rules(4, false), [1, 1, 1, 2, 2, 2, 0, 0, 0, 1, 2, 0], false);
    });

    it("C-1.8a blocks with hand size 7: three each, then four each", () => {
      dealsAs(
        rules(7, false),
        [1, 1, 1, 2, 2, 2, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 0, 0, 0, 0],
        false,
      );
    });

    it("C-1.8a blocks with hand size 3: one block of three, no second block", () => {
      dealsAs(rules(3, false), [1, 1, 1, 2, 2, 2, 0, 0, 0], false);
    });

    it("C-1.8a a kept card replaces one card of the cutter's last non-empty block (hand size 6: 3 + 2)", () => {
      expect(unter).toBe("eichel/u");
      dealsAs(rules(6, true), [1, 1, 1, 2, 2, 2, 0, 0, 0, 1, 1, 1, 2, 2, 0, 0, 0], true);
    });

    it("C-1.8a a kept card with hand size 4: the cutter's second block is empty, the first gives 3", () => {
      dealsAs(rules(4, true), [1, 1, 1, 2, 2, 2, 0, 0, 0, 1, 0], true);
    });

    it("C-1.8a a kept card with hand size 3: the only block is the last non-empty one (2 for the cutter)", () => {
      dealsAs(rules(3, true), [1, 1, 1, 2, 2, 0, 0, 0], true);
    });

    it("C-1.8a one-at-a-time dealing with a kept card: the cutter is skipped in the last round", () => {
      dealsAs(rules(4, true, "single"), [1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 0], true);
    });
  });

  describe("C-1.8b a wish starter with starterEffects; the noris 'anything may follow' starter", () => {
    const french = (starterEffects: boolean, voluntaryDraw = false): RuleSetInput => ({
      version: 1,
      deck: "french-52",
      effects: { "8": { kind: "wish" } },
      turn: { starterEffects, wildStarterAllowsAnything: true, voluntaryDraw },
    });
    const hands = {
      1: ["clubs/5", "hearts/5", "spades/k", "diamonds/2", "clubs/3"],
      2: ["spades/2", "spades/3"],
    };

    it("C-1.8b with starterEffects on the dealer names the colour and it binds (anything-may-follow is off)", () => {
      at(french(true), { players: 3, hands, starter: "diamonds/8" })
        .then(status("setup"), turn(0), top("diamonds/8"))
        .when(play(1, "hearts/5"))
        .then(refused("NOT_YOUR_TURN"))
        .when(choose(0, "hearts"))
        .then(ok(), wish("hearts"), turn(1), status("playing"))
        .when(play(1, "clubs/5"))
        .then(refused("ILLEGAL_MOVE"))
        .when(play(1, "hearts/5"))
        .then(ok(), turn(2), top("hearts/5"));
    });

    it("C-1.8b with starterEffects off the wild starter lets anything follow, without a wish", () => {
      at(french(false), { players: 3, hands, starter: "diamonds/8" })
        .then(status("playing"), turn(1), wish(null))
        .when(play(1, "spades/k"))
        .then(ok(), turn(2), top("spades/k"));
    });

    it("C-1.8b it lasts until the first card is played: a draw keeps it, the first play ends it", () => {
      at(french(false, true), {
        players: 3,
        hands: { ...hands, 0: ["clubs/9", "clubs/10"] },
        starter: "diamonds/8",
      })
        .when(draw(1))
        .then(ok(), turn(2))
        .when(play(2, "spades/3"))
        .then(ok(), turn(0))
        .when(play(0, "clubs/9"))
        .then(refused("ILLEGAL_MOVE"));
    });
  });

  describe("C-1.8c a required 'Mau-Mau' must cost something", () => {
    const base = { version: 1, deck: "french-52" } as const;

    it("C-1.8c required with neither takeBack nor a penalty ≥ 1 is refused (C-2.1), naming the option", () => {
      const r = parseRuleSet({ ...base, calls: { mauMau: { required: true, penalty: 0 } } });
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.errors).toHaveLength(1);
      expect(r.errors[0]).toMatch(/^calls\.mauMau\.penalty: .*Mau-Mau.*takeBack.*at least 1/);
      const opened = GameDriver.open(variant, {
        players: 2,
        seed: 1,
        options: { ...base, calls: { mauMau: { required: true, penalty: 0 } } },
      });
      expect(isRefusal(opened) && opened.message.en).toMatch(/calls\.mauMau/);
    });

    it("C-1.8c with takeBack, or with a penalty of 1, or not required, the set is valid", () => {
      expect(
        parseRuleSet({ ...base, calls: { mauMau: { required: true, penalty: 0, takeBack: true } } })
          .ok,
      ).toBe(true);
      expect(parseRuleSet({ ...base, calls: { mauMau: { required: true, penalty: 1 } } }).ok).toBe(
        true,
      );
      expect(parseRuleSet({ ...base, calls: { mauMau: { required: false, penalty: 0 } } }).ok).toBe(
        true,
      );
    });

    const noTakeBack: RuleSetInput = {
      version: 1,
      deck: "french-52",
      handSize: 3,
      effects: { "2": { kind: "draw", count: 2 }, q: { kind: "skip" }, "8": { kind: "wish" } },
      calls: {
        mau: { required: true, penalty: 1 },
        mauMau: { required: true, penalty: 2, takeBack: false },
      },
    };
    const PILE = ["spades/3", "spades/4", "spades/5", "spades/6"];

    const lastCard = (card: CardCode) => ({
      players: 3,
      hands: {
        1: ["hearts/4", "hearts/6", card],
        2: ["hearts/5", "hearts/7", "clubs/7"],
        0: ["diamonds/9", "diamonds/10", "clubs/9"],
      },
      starter: "hearts/9",
      drawPile: PILE,
    });
    // Seat 1 plays hearts/4, seat 2 hearts/5, seat 0 cannot play and draws (spades), seat 1 hearts/6 (mau),
    // seat 2 hearts/7, seat 0 draws again: seat 1 is left with its last card on a hearts/7.
    const toLast = [
      play(1, "hearts/4"),
      play(2, "hearts/5"),
      draw(0),
      play(1, "hearts/6", { mau: true }),
      play(2, "hearts/7", { mau: true }),
      draw(0),
    ];

    it("C-1.8c a draw card as the forgotten last card: it stays, the next player faces the draw, the player draws 2", () => {
      at(noTakeBack, lastCard("hearts/2"))
        .when(...toLast)
        .then(ok(), handSize(1, 1), turn(1), drawPile(52 - 10 - 2))
        .when(play(1, "hearts/2"))
        .then(
          ok(),
          status("playing"),
          top("hearts/2"),
          pendingDraw(2),
          turn(2),
          handSize(1, 2),
          logged({ type: "call.missed", data: { seat: 1, call: "mauMau" } }),
          notLogged("game.ended"),
        );
    });

    it("C-1.8c a skip card as the forgotten last card: the next player is skipped", () => {
      at(noTakeBack, lastCard("hearts/q"))
        .when(...toLast, play(1, "hearts/q"))
        .then(
          ok(),
          status("playing"),
          top("hearts/q"),
          turn(0),
          handSize(1, 2),
          logged({ type: "player.skipped", data: { seat: 2 } }),
        );
    });

    it("C-1.8c a wish card as the forgotten last card: the colour named binds", () => {
      at(noTakeBack, lastCard("spades/8"))
        .when(...toLast, play(1, "spades/8", { color: "diamonds" }))
        .then(ok(), status("playing"), top("spades/8"), wish("diamonds"), turn(2), handSize(1, 2));
    });

    it("C-1.8c a wish card as the forgotten last card with no colour of the deck named: no wish binds", () => {
      at(noTakeBack, lastCard("spades/8"))
        .when(...toLast, play(1, "spades/8", { color: "purple" }))
        .then(ok(), status("playing"), top("spades/8"), wish(null), turn(2), handSize(1, 2));
    });

    it("C-1.8c said, the last card wins as usual", () => {
      at(noTakeBack, lastCard("hearts/q"))
        .when(...toLast, play(1, "hearts/q", { mauMau: true }))
        .then(ok(), status("matchOver"), handSize(1, 0), notLogged("call.missed"));
    });
  });

  describe("C-1.8d drawUntilPlayable", () => {
    const doc = (playAfterDraw: boolean): RuleSetInput => ({
      version: 1,
      deck: "french-52",
      effects: { a: { kind: "playAgain" } },
      turn: { drawUntilPlayable: true, playAfterDraw },
    });
    const hands = { 1: ["clubs/2", "clubs/3", "clubs/4", "clubs/5", "hearts/a"], 2: ["hearts/10"] };
    const pile = ["spades/2", "spades/3", "hearts/4", "diamonds/6"];

    for (const playAfterDraw of [false, true])
      it(`C-1.8d the card found may be played (playAfterDraw ${playAfterDraw ? "on" : "off"}), only that card`, () => {
        at(doc(playAfterDraw), {
          players: 3,
          hands: { ...hands, 1: hands[1].slice(0, 4).concat("diamonds/k") },
          starter: "hearts/9",
          drawPile: pile,
        })
          .when(draw(1))
          .then(ok(), handSize(1, 8), turn(1), drawPile(52 - 16 - 3))
          .when(play(1, "spades/2"))
          .then(refused("ILLEGAL_MOVE"))
          .when(play(1, "hearts/4"))
          .then(ok(), top("hearts/4"), turn(2));
      });

    it("C-1.8d or the player passes", () => {
      at(doc(false), {
        players: 3,
        hands: { 1: ["clubs/2", "clubs/3", "clubs/4", "clubs/5", "diamonds/k"] },
        starter: "hearts/9",
        drawPile: pile,
      })
        .when(draw(1), pass(1))
        .then(ok(), handSize(1, 8), turn(2), top("hearts/9"));
    });

    it("C-1.8d in a play-again turn only one card is drawn (B-4.4)", () => {
      // Seat 1 plays hearts/a and must play again: nothing fits, one card is drawn.
      at(doc(false), { players: 3, hands, starter: "hearts/9", drawPile: pile })
        .when(play(1, "hearts/a"))
        .then(ok(), turn(1))
        .when(draw(1))
        .then(ok(), handSize(1, 5), turn(2), drawPile(52 - 16 - 1));
      at(doc(false), { players: 3, hands, starter: "hearts/9", drawPile: ["hearts/2", ...pile] })
        .when(play(1, "hearts/a"), draw(1))
        .then(ok(), handSize(1, 5), turn(1))
        .when(play(1, "hearts/2"))
        .then(ok(), turn(2));
    });
  });

  describe("C-1.8e stacking across ranks: the pending card's mode decides", () => {
    const doc: RuleSetInput = {
      version: 1,
      deck: "french-52",
      effects: {
        "7": { kind: "draw", count: 2, stack: "any-draw" },
        "9": { kind: "draw", count: 1, stack: "same-rank" },
        k: { kind: "draw", count: 3, stack: "none" },
      },
    };
    const hands = {
      1: ["hearts/7", "clubs/2", "clubs/3", "clubs/4", "clubs/5"],
      2: ["spades/9", "spades/k", "spades/7", "hearts/2", "hearts/3"],
      0: ["diamonds/9", "diamonds/7", "diamonds/k", "diamonds/2", "diamonds/3"],
    };
    const open = () =>
      at(doc, { players: 3, hands, starter: "hearts/10" })
        .when(play(1, "hearts/7"))
        .then(ok(), pendingDraw(2), turn(2));

    it("C-1.8e an any-draw pending is answered by any draw card; then that card's same-rank mode decides", () => {
      open()
        .when(play(2, "spades/9"))
        .then(ok(), pendingDraw(3), turn(0))
        .when(play(0, "diamonds/7"))
        .then(refused("ILLEGAL_MOVE"))
        .when(play(0, "diamonds/k"))
        .then(refused("ILLEGAL_MOVE"))
        .when(play(0, "diamonds/9"))
        .then(ok(), pendingDraw(4), turn(1));
    });

    it("C-1.8e a draw rank whose mode is none may answer an any-draw pending; then nothing may answer it", () => {
      open()
        .when(play(2, "spades/k"))
        .then(ok(), pendingDraw(5), turn(0))
        .when(play(0, "diamonds/k"))
        .then(refused("ILLEGAL_MOVE"))
        .when(play(0, "diamonds/7"))
        .then(refused("ILLEGAL_MOVE"))
        .when(play(0, "diamonds/9"))
        .then(refused("ILLEGAL_MOVE"))
        .when(draw(0))
        .then(ok(), handSize(0, 10), pendingDraw(0), turn(1));
    });

    it("C-1.8e an any-draw card answers any-draw pending of another rank and keeps it open", () => {
      open()
        .when(play(2, "spades/7"))
        .then(ok(), pendingDraw(4), turn(0))
        .when(play(0, "diamonds/9"))
        .then(ok(), pendingDraw(5), turn(1));
    });

    it("C-1.8e a same-rank pending is answered only by its own rank, whatever the answering card's mode", () => {
      at(doc, {
        players: 3,
        hands: { ...hands, 1: ["hearts/9", "clubs/2", "clubs/3", "clubs/4", "clubs/5"] },
        starter: "hearts/10",
      })
        .when(play(1, "hearts/9"))
        .then(ok(), pendingDraw(1))
        .when(play(2, "spades/7"))
        .then(refused("ILLEGAL_MOVE"))
        .when(play(2, "spades/k"))
        .then(refused("ILLEGAL_MOVE"))
        .when(play(2, "spades/9"))
        .then(ok(), pendingDraw(2));
    });
  });

  describe("C-1.8f may a wish lie on a wish: the played wish card's setting decides", () => {
    const doc: RuleSetInput = {
      version: 1,
      deck: "french-52",
      effects: { j: { kind: "wish", onWish: false }, "8": { kind: "wish", onWish: true } },
    };
    const hands = {
      1: ["clubs/8", "clubs/j", "clubs/2", "clubs/3", "clubs/4"],
      2: ["spades/8", "spades/j", "hearts/2", "hearts/3", "hearts/4"],
    };

    it("C-1.8f on a top card of a wish rank whose setting is 'no', a 'yes' wish card may still be played", () => {
      at(doc, { players: 3, hands, starter: "hearts/10" })
        .when(play(1, "clubs/j", { color: "diamonds" }))
        .then(ok(), wish("diamonds"))
        .when(play(2, "spades/j", { color: "hearts" }))
        .then(refused("ILLEGAL_MOVE"))
        .when(play(2, "spades/8", { color: "hearts" }))
        .then(ok(), wish("hearts"));
    });

    it("C-1.8f on a top card of a wish rank whose setting is 'yes', a 'no' wish card may not; the same rank may", () => {
      at(doc, { players: 3, hands, starter: "hearts/10" })
        .when(play(1, "clubs/8", { color: "diamonds" }))
        .then(ok())
        .when(play(2, "spades/j", { color: "hearts" }))
        .then(refused("ILLEGAL_MOVE"))
        .when(play(2, "spades/8", { color: "hearts" }))
        .then(ok(), wish("hearts"));
    });

    it("C-1.8f also against a wish-card starter with the colour the dealer named", () => {
      at({ ...doc, turn: { starterEffects: true } }, { players: 3, hands, starter: "diamonds/j" })
        .when(choose(0, "clubs"))
        .then(ok(), wish("clubs"))
        .when(play(1, "clubs/j", { color: "clubs" }))
        .then(refused("ILLEGAL_MOVE"))
        .when(play(1, "clubs/8", { color: "hearts" }))
        .then(ok());
    });
  });

  describe("C-1.8g play-again, reverse and skip starters count as played by the dealer", () => {
    const doc = (players: number, reverseSkipsWithTwo = false): RuleSetInput => ({
      version: 1,
      deck: "french-52",
      players: { min: 2, max: 4 },
      effects: { a: { kind: "playAgain" }, k: { kind: "reverse" }, q: { kind: "skip" } },
      turn: { starterEffects: true, reverseSkipsWithTwo },
      ...(players ? {} : {}),
    });
    const hands = {
      0: ["hearts/5", "clubs/2"],
      1: ["hearts/6", "clubs/3"],
      2: ["hearts/7", "clubs/4"],
    };

    it("C-1.8g a play-again starter: the dealer plays again at once", () => {
      at(doc(3), { players: 3, hands, starter: "hearts/a" })
        .then(turn(0), status("playing"))
        .when(play(1, "hearts/6"))
        .then(refused("NOT_YOUR_TURN"))
        .when(play(0, "hearts/5"))
        .then(ok(), turn(1));
    });

    it("C-1.8g a play-again starter the dealer cannot follow: the dealer draws one card", () => {
      at(doc(3), {
        players: 3,
        hands: { ...hands, 0: ["clubs/5", "clubs/2"] },
        starter: "hearts/a",
        drawPile: ["spades/9"],
      })
        .when(draw(0))
        .then(ok(), handSize(0, 6), turn(1));
    });

    it("C-1.8g a reverse starter: the dealer's right neighbour starts, counter-clockwise", () => {
      at(doc(3), { players: 3, hands, starter: "hearts/k" }).then(turn(2), direction("ccw"));
    });

    it("C-1.8g a reverse starter with two players and reverseSkipsWithTwo: the dealer starts", () => {
      const two = { 0: hands[0], 1: hands[1] };
      at(doc(2, true), { players: 2, hands: two, starter: "hearts/k" }).then(turn(0));
      at(doc(2, false), { players: 2, hands: two, starter: "hearts/k" }).then(turn(1));
    });

    it("C-1.8g a skip starter: the dealer's left neighbour is skipped", () => {
      at(doc(3), { players: 3, hands, starter: "hearts/q" }).then(turn(2));
      at(doc(2), { players: 2, hands: { 0: hands[0], 1: hands[1] }, starter: "hearts/q" }).then(
        turn(0),
      );
    });
  });

  describe("C-1.8h a forgotten Mau on a play-again card; a take-back with penalty 0", () => {
    const doc = (mauPenalty: number, mauMauPenalty = 0): RuleSetInput => ({
      version: 1,
      deck: "french-52",
      handSize: 3,
      effects: { a: { kind: "playAgain" } },
      calls: {
        mau: { required: true, penalty: mauPenalty },
        mauMau: { required: true, penalty: mauMauPenalty, takeBack: true },
      },
    });
    const hands = {
      1: ["hearts/5", "hearts/a", "hearts/6"],
      2: ["hearts/7", "clubs/2", "clubs/3"],
      0: ["hearts/8", "clubs/4", "clubs/6"],
    };

    for (const penalty of [0, 2])
      it(`C-1.8h a forgotten Mau on a play-again card ends the turn (penalty ${penalty})`, () => {
        at(doc(penalty), { players: 3, hands, starter: "hearts/9" })
          .when(play(1, "hearts/5", { mau: false }), play(2, "hearts/7"), play(0, "hearts/8"))
          .then(ok(), turn(1))
          .when(play(1, "hearts/a"))
          .then(
            ok(),
            turn(2),
            handSize(1, 1 + penalty),
            logged({ type: "call.missed", data: { call: "mau" } }),
            notLogged("playAgain.required"),
          );
      });

    it("C-1.8h said, the play-again card lets the player play again", () => {
      at(doc(0), { players: 3, hands, starter: "hearts/9" })
        .when(
          play(1, "hearts/5"),
          play(2, "hearts/7"),
          play(0, "hearts/8"),
          play(1, "hearts/a", { mau: true }),
        )
        .then(ok(), turn(1));
    });

    const idle = (n: number) =>
      check(({ driver }) => expect((driver.state as { idleTurns: number }).idleTurns).toBe(n));

    it("C-1.8h a take-back with penalty 0 counts as a turn without a play (N-6.4)", () => {
      const hands2 = {
        1: ["hearts/5", "hearts/6", "clubs/2"],
        2: ["hearts/7", "hearts/3", "spades/4"],
        0: ["hearts/8", "clubs/3", "clubs/6"],
      };
      at(doc(0, 0), { players: 3, hands: hands2, starter: "hearts/9" })
        .when(
          play(1, "hearts/5"),
          play(2, "hearts/7"),
          play(0, "hearts/8"),
          play(1, "hearts/6", { mau: true }),
        )
        .then(ok(), turn(2), idle(0))
        .when(play(2, "hearts/3", { mau: true }), play(0, "clubs/3", { mau: true }))
        .then(ok(), turn(1), idle(0))
        .when(play(1, "clubs/2"))
        .then(
          ok(),
          hand(1, ["clubs/2"]),
          turn(2),
          top("clubs/3"),
          idle(1),
          logged({ type: "call.missed", data: { call: "mauMau" } }),
        );
      // With a penalty the cards are drawn: the turn is not idle.
      at(doc(0, 2), { players: 3, hands: hands2, starter: "hearts/9" })
        .when(
          play(1, "hearts/5"),
          play(2, "hearts/7"),
          play(0, "hearts/8"),
          play(1, "hearts/6", { mau: true }),
        )
        .when(
          play(2, "hearts/3", { mau: true }),
          play(0, "clubs/3", { mau: true }),
          play(1, "clubs/2"),
        )
        .then(ok(), handSize(1, 3), turn(2), idle(0));
    });
  });

  describe("C-1.8i values left out take the starting preset's; {preset, …overrides} stored expanded", () => {
    const parse = (input: unknown) =>
      customOptionsSchema.parse(input) as unknown as Record<string, never> & {
        scoring: { values: Record<string, number> };
        calls: {
          mau: { required: boolean; penalty: number };
          mauMau: { required: boolean; penalty: number; takeBack: boolean };
        };
        turn: Record<string, boolean>;
      };

    it("C-1.8i with a preset, values left out are the preset's (french: 8 = 50, a = 1)", () => {
      const doc = parse({ preset: "french", scoring: { values: { k: 20 } } });
      expect(doc.scoring.values).toEqual({
        ...presets.french.scoring.values,
        k: 20,
      });
      expect(doc.scoring.values["8"]).toBe(50);
      expect(doc.scoring.values.a).toBe(1);
    });

    it("C-1.8i without a preset, values left out are the preset of the deck's (bavarian u = 20, french 8 = 50)", () => {
      expect(
        parse({ version: 1, deck: "bavarian-32", scoring: { values: { a: 11 } } }).scoring.values,
      ).toEqual({
        ...presets.bavarian.scoring.values,
        a: 11,
      });
      expect(parse({ version: 1, deck: "french-52" }).scoring.values).toEqual(
        presets.french.scoring.values,
      );
      expect(parse({ version: 1, deck: "french-32" }).scoring.values).toEqual({
        "7": 7,
        "8": 50,
        "9": 9,
        "10": 10,
        j: 10,
        q: 10,
        k: 10,
        a: 1,
      });
      expect(parse({ version: 1, deck: "noris-110" }).scoring.values).toEqual(
        presets.noris.scoring.values,
      );
    });

    it("C-1.8i {preset, …overrides} is accepted and stored expanded: the full document, no preset key", () => {
      const doc = parse({
        preset: "bavarian",
        handSize: 4,
        calls: { mau: { penalty: 1 } },
        turn: { voluntaryDraw: true },
      });
      expect("preset" in doc).toBe(false);
      expect(doc).toEqual({
        ...presets.bavarian,
        handSize: 4,
        calls: {
          mau: { required: true, penalty: 1 },
          mauMau: presets.bavarian.calls.mauMau,
        },
        turn: { ...presets.bavarian.turn, voluntaryDraw: true },
      });
      expect(parseRuleSet(JSON.parse(JSON.stringify(doc))).ok).toBe(true);
      // The schema's own parser (import, C-2.1) takes the shorthand too and returns it expanded.
      const imported = parseRuleSet({
        preset: "bavarian",
        handSize: 4,
        calls: { mau: { penalty: 1 } },
        turn: { voluntaryDraw: true },
      });
      expect(imported.ok && imported.doc).toEqual(doc);
      // A call changed field by field keeps the preset's other fields (and so meets C-1.8c).
      const kept = customOptionsSchema.safeParse({
        preset: "bavarian",
        calls: { mauMau: { takeBack: false, penalty: 0 } },
      });
      expect(kept.success).toBe(false);
      expect(kept.error?.issues.map((i) => i.path.join("."))).toEqual(["calls.mauMau.penalty"]);
    });

    it("C-1.8i the game records the expanded set, and scores by the preset's values", () => {
      const events = GameDriver.open(variant, {
        players: 2,
        seed: 3,
        options: { preset: "french", handSize: 4 },
      });
      expect(isRefusal(events)).toBe(false);
      if (isRefusal(events)) return;
      const rules = (
        events.events[0] as unknown as {
          data: {
            rules: {
              handSize: number;
              values: Record<string, number>;
              starterEffects: boolean;
            };
          };
        }
      ).data.rules;
      expect(rules.handSize).toBe(4);
      expect(rules.values).toEqual(presets.french.scoring.values);
      expect(rules.starterEffects).toBe(true);
    });

    it("C-1.8i a changed deck keeps the preset's values of the ranks it has; the others take the deck's default", () => {
      const doc = parse({
        preset: "bavarian",
        deck: "french-32",
        effects: {},
        cut: { enabled: false, keepRank: null },
      });
      expect(doc.scoring.values).toEqual({
        "7": 7,
        "8": 8,
        "9": 9,
        "10": 10,
        j: 10,
        q: 10,
        k: 10,
        a: 10,
      });
    });
  });
});
