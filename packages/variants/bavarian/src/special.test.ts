import {
  check,
  draw,
  drawPile,
  forEachReferee,
  hand,
  handSize,
  holds,
  logged,
  notLogged,
  ok,
  pass,
  pendingDraw,
  play,
  refused,
  results,
  scores,
  status,
  table,
  tableOf,
  top,
  turn,
  wish,
} from "@maumau/engine/testing";
import { describe, expect, it } from "vitest";
import { bavarian, type BavarianOptions } from "./index.js";

forEachReferee(bavarian, ({ given }) => {
  /** Three players, seat 0 deals, seat 1 starts, no cut; decider and machine in lockstep. */
  const deal = tableOf<BavarianOptions>(bavarian, {
    players: 3,
    mode: "both",
    options: { cut: false },
  });

  /** A refusal for a card that does not follow the Unter may cite the Unter or the match rule. */
  const WISH_RULES = ["B-4.1", "B-3.1"];

  describe("B-4.1 the Unter", () => {
    const unter = (o: Partial<BavarianOptions> = {}) =>
      given(
        deal({
          hands: {
            1: ["eichel/u", "herz/k", "gras/8", "gras/10", "schellen/o"],
            2: ["schellen/9", "herz/10", "gras/u", "eichel/9", "eichel/k"],
            0: ["gras/9", "herz/9", "eichel/10", "eichel/8", "herz/8"],
          },
          starter: "gras/7",
          drawPile: ["herz/a"],
          options: o,
        }),
      );

    it("may be played on anything, naming the suit the game goes on with", () => {
      unter()
        .when(play(1, "eichel/u", { wish: "schellen" }))
        .then(ok(), top("eichel/u"), wish("schellen"), turn(2));
    });

    it("the named suit must be followed", () => {
      unter()
        .when(play(1, "eichel/u", { wish: "schellen" }), play(2, "schellen/9"))
        .then(ok(), top("schellen/9"), wish(null), turn(0));
      unter()
        .when(play(1, "eichel/u", { wish: "schellen" }), play(2, "eichel/9"))
        .then(refused("ILLEGAL_MOVE", WISH_RULES), turn(2), wish("schellen"));
      unter()
        .when(play(1, "eichel/u", { wish: "schellen" }), play(2, "herz/10"))
        .then(refused("ILLEGAL_MOVE", WISH_RULES));
    });

    it("the Unter may name its own suit", () => {
      unter()
        .when(play(1, "eichel/u", { wish: "eichel" }), play(2, "eichel/9"))
        .then(ok(), top("eichel/9"), wish(null));
    });

    it("after the named suit is followed, play matches that card as usual", () => {
      unter()
        .when(play(1, "eichel/u", { wish: "herz" }), play(2, "herz/10"), play(0, "eichel/10"))
        .then(ok(), top("eichel/10"), turn(1));
    });

    it("a drawn card must fit the named suit, not the Unter's own", () => {
      given(
        deal({
          hands: {
            1: ["eichel/u", "herz/k", "gras/8", "gras/10", "schellen/o"],
            2: ["gras/9", "gras/k", "herz/9", "herz/o", "herz/a"],
          },
          starter: "gras/7",
          drawPile: ["eichel/9", "schellen/9"],
        }),
      )
        .when(play(1, "eichel/u", { wish: "schellen" }), draw(2))
        .then(ok(), turn(0), wish("schellen"), holds(2, "eichel/9"));
    });

    it("the named suit stays in force for whoever cannot follow it", () => {
      given(
        deal({
          hands: {
            1: ["eichel/u", "herz/k", "gras/8", "gras/10", "schellen/o"],
            2: ["eichel/9", "eichel/k", "gras/9", "gras/o", "eichel/a"],
            0: ["schellen/9", "herz/9", "eichel/10", "eichel/8", "herz/8"],
          },
          starter: "gras/7",
          drawPile: ["eichel/7"],
        }),
      )
        .when(play(1, "eichel/u", { wish: "schellen" }), draw(2))
        .then(ok(), turn(0), wish("schellen"))
        .when(play(0, "eichel/10"))
        .then(refused("ILLEGAL_MOVE", WISH_RULES))
        .when(play(0, "schellen/9"))
        .then(ok(), wish(null));
    });

    it("may be played on an Unter (default), naming a new suit", () => {
      unter()
        .when(play(1, "eichel/u", { wish: "schellen" }), play(2, "gras/u", { wish: "herz" }))
        .then(ok(), top("gras/u"), wish("herz"), turn(0));
    });

    it("option `unterOnUnter: false`: not on an Unter", () => {
      unter({ unterOnUnter: false })
        .when(play(1, "eichel/u", { wish: "schellen" }))
        .then(ok())
        .when(play(2, "gras/u", { wish: "herz" }))
        .then(refused("ILLEGAL_MOVE", WISH_RULES), top("eichel/u"), wish("schellen"));
      unter({ unterOnUnter: false })
        .when(play(1, "eichel/u", { wish: "gras" }), play(2, "gras/u", { wish: "herz" }))
        .then(refused("ILLEGAL_MOVE", WISH_RULES));
    });

    it("option `unterOnUnter: false`: not on an Unter starter either", () => {
      // Strict reading: the starter has no effect, but it is still an Unter lying on top.
      const onUnterStarter = (o: Partial<BavarianOptions>) =>
        given(
          deal({
            hands: { 1: ["gras/u", "gras/9", "gras/10", "eichel/o", "schellen/o"] },
            starter: "herz/u",
            options: o,
          }),
        ).when(play(1, "gras/u", { wish: "eichel" }));
      onUnterStarter({ unterOnUnter: false }).then(refused("ILLEGAL_MOVE", WISH_RULES), turn(1));
      onUnterStarter({}).then(ok(), wish("eichel"), turn(2));
    });

    it("needs a suit: missing or not a suit of this deck is CHOICE_REQUIRED", () => {
      unter().when(play(1, "eichel/u")).then(refused("CHOICE_REQUIRED", "B-4.1"));
      for (const bad of ["red", "Herz", "herz/u", ""])
        unter()
          .when(play(1, "eichel/u", { wish: bad }))
          .then(refused("CHOICE_REQUIRED", "B-4.1"));
    });

    it("a suit named with a card that is not an Unter is ignored", () => {
      unter()
        .when(play(1, "gras/8", { wish: "herz" }))
        .then(ok(), wish(null), top("gras/8"));
    });
  });

  describe("B-4.2 the 8 skips the next player", () => {
    it("three players: the next player is skipped", () => {
      given(deal({ hands: { 1: ["herz/8"], 0: ["herz/k"] }, starter: "herz/9" }))
        .when(play(1, "herz/8"))
        .then(ok(), turn(0), logged({ type: "player.skipped", data: { seat: 2 } }))
        .when(play(0, "herz/k"))
        .then(ok(), turn(1));
    });

    it("two players: the same player is on turn again", () => {
      given(deal({ players: 2, hands: { 1: ["herz/8", "gras/8"] }, starter: "herz/9" }))
        .when(play(1, "herz/8"))
        .then(ok(), turn(1))
        .when(play(1, "gras/8"))
        .then(ok(), turn(1), top("gras/8"));
    });

    it("the skipped player cannot act", () => {
      given(deal({ hands: { 1: ["herz/8"], 2: ["schellen/8"] }, starter: "herz/9" }))
        .when(play(1, "herz/8"), play(2, "schellen/8"))
        .then(refused("NOT_YOUR_TURN"));
    });

    it("an 8 on an 8 skips again", () => {
      given(deal({ hands: { 1: ["herz/8"], 0: ["gras/8"] }, starter: "herz/9" }))
        .when(play(1, "herz/8"), play(0, "gras/8"))
        .then(ok(), turn(2), logged({ type: "player.skipped", data: { seat: 1 } }));
    });
  });

  describe("B-4.3 the 7: draw 2, or pass the sum on with a 7", () => {
    /** Seat 2 holds a 7 unless `noSeven`: then it has no choice but to draw. */
    const sevens = (drawn: readonly string[] = [], noSeven = false) =>
      given(
        deal({
          hands: {
            1: ["herz/7", "herz/k", "gras/9", "gras/10", "gras/o"],
            2: [noSeven ? "schellen/k" : "schellen/7", "herz/10", "gras/u", "herz/8", "herz/o"],
            0: ["gras/7", "eichel/7", "herz/a", "eichel/9", "eichel/10"],
          },
          starter: "herz/9",
          drawPile: [...drawn],
        }),
      );

    it("the next player draws 2 and loses that turn", () => {
      sevens(["eichel/8", "schellen/9"], true)
        .when(play(1, "herz/7"))
        .then(ok(), pendingDraw(2), turn(2))
        .when(draw(2))
        .then(
          ok(),
          pendingDraw(0),
          turn(0),
          handSize(2, 7),
          holds(2, "eichel/8", "schellen/9"),
          logged({ type: "cards.drawn", data: { seat: 2, cards: ["eichel/8", "schellen/9"] } }),
        );
    });

    it("even if a drawn card would fit, the turn is lost", () => {
      sevens(["herz/u", "schellen/9"], true)
        .when(play(1, "herz/7"), draw(2))
        .then(ok(), turn(0))
        .when(play(2, "herz/u", { wish: "gras" }))
        .then(refused("NOT_YOUR_TURN"))
        .when(pass(2))
        .then(refused("NOT_YOUR_TURN"));
    });

    it("a 7 passes the sum on: 2, 4, 6", () => {
      sevens()
        .when(play(1, "herz/7"), play(2, "schellen/7"))
        .then(ok(), pendingDraw(4), turn(0), top("schellen/7"))
        .when(play(0, "gras/7"))
        .then(ok(), pendingDraw(6), turn(1))
        .when(draw(1))
        .then(ok(), pendingDraw(0), handSize(1, 4 + 6), turn(2));
    });

    it("adding a 7 is a choice: a player holding one may draw the sum instead", () => {
      // The seed: the draw "kann … weitergegeben werden" (can be passed on); B-3.2 is the turn draw.
      sevens(["eichel/8", "schellen/9"])
        .when(play(1, "herz/7"), draw(2))
        .then(ok(), pendingDraw(0), handSize(2, 7), holds(2, "schellen/7"), turn(0));
    });

    it("while a draw is pending only a 7 may be played", () => {
      for (const card of ["herz/10", "herz/8", "herz/o"])
        sevens()
          .when(play(1, "herz/7"), play(2, card))
          .then(refused("ILLEGAL_MOVE", "B-4.3"), pendingDraw(2));
      sevens()
        .when(play(1, "herz/7"), play(2, "gras/u", { wish: "gras" }))
        .then(refused("ILLEGAL_MOVE", "B-4.3"));
      sevens()
        .when(play(1, "herz/7"), play(2, "schellen/7"), play(0, "herz/a"))
        .then(refused("ILLEGAL_MOVE", "B-4.3"), pendingDraw(4));
      sevens().when(play(1, "herz/7"), pass(2)).then(refused("ILLEGAL_MOVE"));
    });

    it("after the draw the 7 is an ordinary top card and a new 7 starts at 2", () => {
      sevens(["eichel/8", "schellen/9"], true)
        .when(play(1, "herz/7"), draw(2), play(0, "eichel/7"))
        .then(ok(), pendingDraw(2), turn(1));
      sevens(["eichel/8", "schellen/9"], true)
        .when(play(1, "herz/7"), draw(2), play(0, "herz/a"), play(0, "eichel/9"))
        .then(refused("ILLEGAL_MOVE"))
        .when(pass(0))
        .then(refused("ILLEGAL_MOVE"));
    });
  });

  /** The deck of conformance/examples/bavarian-ace-plays-again.json, top first. */
  const CONFORMANCE_DECK = [
    ...["herz/a", "herz/10", "gras/7", "schellen/7", "schellen/8", "schellen/9", "eichel/7"],
    ...["eichel/8", "eichel/10", "gras/8", "eichel/9", "schellen/10", "schellen/k", "eichel/k"],
    ...["eichel/o", "herz/9", "eichel/u", "eichel/a", "gras/9", "gras/10", "gras/u", "gras/o"],
    ...["gras/k", "gras/a", "herz/7", "herz/8", "herz/u", "herz/o", "herz/k", "schellen/u"],
    ...["schellen/o", "schellen/a"],
  ];

  describe("B-4.4 the Ass: play again at once", () => {
    const ass = (drawn: readonly string[] = [], first?: readonly string[]) =>
      given(
        deal({
          hands: {
            1: first ?? ["herz/a", "herz/10", "gras/a", "eichel/u", "schellen/9"],
            2: ["schellen/7", "schellen/8", "schellen/10", "schellen/k", "schellen/o"],
          },
          starter: "herz/9",
          drawPile: [...drawn],
        }),
      );
    /** Seat 1 cannot follow its herz/a from the hand. */
    const lonely = ["herz/a", "gras/8", "gras/10", "eichel/k", "eichel/o"];

    it("the same player must play again: a card of the Ass's suit", () => {
      ass()
        .when(play(1, "herz/a"))
        .then(
          ok(),
          top("herz/a"),
          turn(1),
          logged({ type: "playAgain.required", data: { seat: 1 } }),
        )
        .when(play(1, "herz/10"))
        .then(ok(), top("herz/10"), turn(2), handSize(1, 3));
    });

    it("or another Ass, which plays again in its turn", () => {
      ass()
        .when(play(1, "herz/a"), play(1, "gras/a"))
        .then(ok(), top("gras/a"), turn(1))
        .when(play(1, "schellen/9"))
        .then(refused("ILLEGAL_MOVE"))
        .when(play(1, "eichel/u", { wish: "schellen" }))
        .then(ok(), wish("schellen"), turn(2));
    });

    it("or an Unter", () => {
      ass()
        .when(play(1, "herz/a"), play(1, "eichel/u", { wish: "gras" }))
        .then(ok(), top("eichel/u"), wish("gras"), turn(2));
    });

    it("no other card", () => {
      ass()
        .when(play(1, "herz/a"), play(1, "schellen/9"))
        .then(refused("ILLEGAL_MOVE", ["B-4.4", "B-3.1"]), turn(1), top("herz/a"));
    });

    it("nobody else may play in between", () => {
      ass()
        .when(play(1, "herz/a"), play(2, "schellen/7"), play(1, "herz/10"))
        .then(results("ok", "NOT_YOUR_TURN", "ok"), turn(2), top("herz/10"));
    });

    it("conformance/examples/bavarian-ace-plays-again", () => {
      given(
        table(bavarian, {
          players: 3,
          dealer: 0,
          seed: 1,
          mode: "both",
          options: { cut: false },
          deck: CONFORMANCE_DECK,
        }),
      )
        .when(play(1, "herz/a"), play(2, "schellen/7"), play(1, "herz/10"))
        .then(results("ok", "NOT_YOUR_TURN", "ok"), turn(2), top("herz/10"));
    });

    it("the card played again has its effect", () => {
      ass([], ["herz/a", "herz/8", "gras/9", "gras/10", "gras/o"])
        .when(play(1, "herz/a"), play(1, "herz/8"))
        .then(ok(), turn(0));
      ass([], ["herz/a", "herz/7", "gras/9", "gras/10", "gras/o"])
        .when(play(1, "herz/a"), play(1, "herz/7"))
        .then(ok(), pendingDraw(2), turn(2));
    });

    it("no pass and no draw while a fitting card is in the hand", () => {
      ass().when(play(1, "herz/a"), pass(1)).then(refused("ILLEGAL_MOVE"));
      ass().when(play(1, "herz/a"), draw(1)).then(refused("ILLEGAL_MOVE"));
    });

    it("cannot play again: draw one; if it fits, it may be played", () => {
      ass(["herz/k"], lonely)
        .when(play(1, "herz/a"), pass(1))
        .then(refused("ILLEGAL_MOVE"))
        .when(draw(1))
        .then(ok(), turn(1), holds(1, "herz/k"))
        .when(play(1, "herz/k"))
        .then(ok(), top("herz/k"), turn(2));
    });

    it("…or kept with a pass", () => {
      ass(["herz/k"], lonely)
        .when(play(1, "herz/a"), draw(1), pass(1))
        .then(ok(), top("herz/a"), turn(2), holds(1, "herz/k"));
    });

    it("…and only that card", () => {
      ass(["herz/k"], lonely)
        .when(play(1, "herz/a"), draw(1), play(1, "gras/8"))
        .then(refused("ILLEGAL_MOVE"));
    });

    it("a drawn Unter fits the Ass", () => {
      ass(["schellen/u"], lonely)
        .when(play(1, "herz/a"), draw(1))
        .then(ok(), holds(1, "schellen/u"), turn(1))
        .when(play(1, "schellen/u", { wish: "gras" }))
        .then(ok(), wish("gras"), turn(2));
    });

    it("a drawn card that does not fit ends the turn", () => {
      ass(["gras/k"], lonely)
        .when(play(1, "herz/a"), draw(1))
        .then(ok(), turn(2), top("herz/a"), hand(1, [...lonely.slice(1), "gras/k"]))
        .when(play(1, "gras/k"))
        .then(refused("NOT_YOUR_TURN"));
    });

    /**
     * Two players: seat 1 plays four 8s (each skips seat 0) and says "Mau" with the fourth; then it
     * holds only `last` on an eichel/8, still on turn.
     */
    const lastCard = (last: string, drawn: readonly string[]) =>
      given(
        deal({
          players: 2,
          hands: {
            1: ["herz/8", "gras/8", "schellen/8", "eichel/8", last],
            0: ["herz/9", "gras/9", "schellen/9", "herz/10", "gras/10"],
          },
          starter: "herz/7",
          drawPile: [...drawn],
        }),
      )
        .when(
          play(1, "herz/8"),
          play(1, "gras/8"),
          play(1, "schellen/8"),
          play(1, "eichel/8", { mau: true }),
        )
        .then(ok(), hand(1, [last]), turn(1), top("eichel/8"));

    it("an Ass as the last card does not win and needs no call: one card is drawn at once", () => {
      lastCard("eichel/a", ["gras/k", "gras/o", "gras/a"])
        .when(play(1, "eichel/a"))
        .then(
          ok(),
          status("playing"),
          top("eichel/a"),
          hand(1, ["gras/k"]),
          logged({ type: "cards.drawn", data: { seat: 1, cards: ["gras/k"] } }),
          notLogged("call.missed"),
          notLogged("game.ended"),
          turn(0),
        );
    });

    it("the drawn card fits: played with Mau-Mau it wins", () => {
      lastCard("eichel/a", ["eichel/k", "gras/o"])
        .when(play(1, "eichel/a"))
        .then(ok(), status("playing"), hand(1, ["eichel/k"]), turn(1), drawPile(32 - 10 - 1 - 1))
        .when(play(1, "eichel/k", { mauMau: true }))
        .then(
          ok(),
          status("gameOver"),
          turn(null),
          handSize(1, 0),
          scores([9 + 9 + 9 + 10 + 10, 0]),
        );
    });

    it("the drawn card is an Unter: played with Mau-Mau it wins and needs no suit", () => {
      lastCard("eichel/a", ["gras/u", "gras/o"])
        .when(play(1, "eichel/a"), play(1, "gras/u", { mauMau: true }))
        .then(ok(), status("gameOver"), wish(null), top("gras/u"));
    });

    it("the drawn card fits but is not played: the turn ends with it in the hand", () => {
      lastCard("eichel/a", ["eichel/k", "gras/o"])
        .when(play(1, "eichel/a"), pass(1))
        .then(ok(), status("playing"), hand(1, ["eichel/k"]), turn(0));
    });

    it("saying Mau-Mau with the last Ass does not make it win", () => {
      lastCard("eichel/a", ["gras/k", "gras/o"])
        .when(play(1, "eichel/a", { mauMau: true }))
        .then(ok(), status("playing"), hand(1, ["gras/k"]), turn(0), notLogged("game.ended"));
    });

    it("the drawn card fits but is played without Mau-Mau: B-5.3 takes it back", () => {
      lastCard("eichel/a", ["eichel/k", "gras/o", "eichel/9"])
        .when(play(1, "eichel/a"), play(1, "eichel/k"))
        .then(
          ok(),
          status("playing"),
          top("eichel/a"),
          hand(1, ["eichel/k", "gras/o", "eichel/9"]),
          turn(0),
          logged({ type: "call.missed", data: { seat: 1, call: "mauMau" } }),
        );
    });

    it("the drawn card is a 7 played with Mau-Mau: it wins and nobody draws", () => {
      lastCard("eichel/a", ["eichel/7", "gras/o"])
        .when(play(1, "eichel/a"), play(1, "eichel/7", { mauMau: true }))
        .then(ok(), status("gameOver"), pendingDraw(0), handSize(0, 5));
    });

    it("the drawn card is another Ass: played as the last card it does not win either", () => {
      // Strict reading: it is again "an Ass played as your last card"; one more card is drawn.
      lastCard("eichel/a", ["gras/a", "herz/k", "gras/o"])
        .when(play(1, "eichel/a"), play(1, "gras/a", { mauMau: true }))
        .then(ok(), status("playing"), top("gras/a"), hand(1, ["herz/k"]), turn(0));
    });

    it("an Ass played last inside a chain does not win either: one card is drawn at once", () => {
      given(
        deal({
          players: 2,
          hands: { 1: ["herz/8", "gras/8", "schellen/8", "schellen/a", "eichel/a"] },
          starter: "herz/7",
          drawPile: ["herz/k", "eichel/9"],
        }),
      )
        .when(play(1, "herz/8"), play(1, "gras/8"), play(1, "schellen/8"))
        .then(ok(), turn(1), hand(1, ["schellen/a", "eichel/a"]))
        .when(play(1, "schellen/a", { mau: true }), play(1, "eichel/a"))
        .then(
          ok(),
          status("playing"),
          top("eichel/a"),
          hand(1, ["herz/k"]),
          turn(0),
          notLogged("call.missed"),
        );
    });

    it("after an Ass on an Unter, the next card follows the Ass", () => {
      given(
        deal({
          hands: {
            1: ["eichel/u", "gras/9", "gras/10", "herz/o", "herz/10"],
            2: ["schellen/a", "schellen/9", "herz/9", "eichel/9", "eichel/10"],
          },
          starter: "gras/7",
        }),
      )
        .when(play(1, "eichel/u", { wish: "schellen" }), play(2, "schellen/a"))
        .then(ok(), wish(null), turn(2))
        .when(play(2, "herz/9"))
        .then(refused("ILLEGAL_MOVE"))
        .when(play(2, "schellen/9"))
        .then(ok(), turn(0));
    });

    it("an Ass followed by an 8 with two players: the other player is skipped", () => {
      given(
        deal({
          players: 2,
          hands: { 1: ["herz/a", "herz/8", "gras/9", "gras/10", "gras/o"] },
          starter: "herz/9",
        }),
      )
        .when(play(1, "herz/a"), play(1, "herz/8"))
        .then(ok(), turn(1), top("herz/8"));
    });

    it("a drawn Ass played at once must be followed too", () => {
      given(
        deal({
          hands: { 1: ["gras/8", "gras/10", "schellen/k", "herz/o", "herz/10"] },
          starter: "eichel/9",
          drawPile: ["eichel/a", "gras/k"],
        }),
      )
        .when(draw(1), play(1, "eichel/a"))
        .then(ok(), turn(1), top("eichel/a"))
        .when(draw(1))
        .then(ok(), turn(2), handSize(1, 6));
    });
  });

  describe("B-4.4/B-5 the calls the legal moves (and so the bots) make", () => {
    /** Seat 1 of two plays its four 8s (B-4.2: each skips seat 0) down to `last`. */
    const lastCard = (last: string) =>
      given(
        deal({
          players: 2,
          hands: {
            1: ["herz/8", "gras/8", "schellen/8", "eichel/8", last],
            0: ["herz/9", "gras/9", "schellen/9", "herz/10", "gras/10"],
          },
          starter: "herz/7",
          drawPile: ["gras/k"],
        }),
      ).when(
        play(1, "herz/8"),
        play(1, "gras/8"),
        play(1, "schellen/8"),
        play(1, "eichel/8", { mau: true }),
      );
    it("B-4.4 an Ass as the last card is offered without Mau-Mau (it needs no call)", () => {
      lastCard("eichel/a").then(
        check(({ driver }) => {
          const moves = driver.legalMoves(1) as { card?: string; mauMau?: boolean }[];
          expect(moves.find((m) => m.card === "eichel/a")).toMatchObject({ mauMau: false });
        }),
      );
    });

    it("B-5.2 any other last card is offered with Mau-Mau", () => {
      lastCard("eichel/k").then(
        check(({ driver }) => {
          const moves = driver.legalMoves(1) as { card?: string; mauMau?: boolean }[];
          expect(moves.find((m) => m.card === "eichel/k")).toMatchObject({ mauMau: true });
        }),
      );
    });
  });
});
