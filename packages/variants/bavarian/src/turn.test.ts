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

  /** Seat 1 holds no herz, no 9 and no Unter: it cannot play on the herz/9 starter. */
  const STUCK = ["gras/8", "gras/10", "schellen/k", "eichel/o", "schellen/o"];

  const stuck = (drawn: string, o: Partial<BavarianOptions> = {}) =>
    given(
      deal({
        hands: { 1: STUCK, 2: ["herz/10", "gras/k", "gras/o", "eichel/9", "schellen/9"] },
        starter: "herz/9",
        drawPile: [drawn],
        options: o,
      }),
    );

  describe("B-3.1 play a card of the top card's suit or rank, or an Unter", () => {
    const start = () =>
      given(
        deal({
          hands: {
            1: ["herz/k", "gras/9", "schellen/k", "eichel/u", "gras/a"],
            2: ["schellen/10", "gras/o", "eichel/o", "herz/o", "eichel/7"],
          },
          starter: "herz/9",
        }),
      );

    it("the same suit", () => {
      start().when(play(1, "herz/k")).then(ok(), top("herz/k"), turn(2), handSize(1, 4));
    });

    it("the same rank", () => {
      start().when(play(1, "gras/9")).then(ok(), top("gras/9"), turn(2));
    });

    it("an Unter on anything", () => {
      start()
        .when(play(1, "eichel/u", { wish: "schellen" }))
        .then(ok(), top("eichel/u"), turn(2));
    });

    it("no other card: refused, nothing changes, the same player goes on", () => {
      start().when(play(1, "schellen/k")).then(refused("ILLEGAL_MOVE", "B-3.1"), turn(1));
      start().when(play(1, "gras/a")).then(refused("ILLEGAL_MOVE", "B-3.1"), turn(1));
    });

    it("each card must match the card now on top, and play goes clockwise", () => {
      start()
        .when(play(1, "herz/k"), play(2, "schellen/10"))
        .then(refused("ILLEGAL_MOVE", "B-3.1"), turn(2))
        .when(play(2, "herz/o"))
        .then(ok(), top("herz/o"), turn(0));
    });
  });

  describe("B-3.2 draw when you cannot play", () => {
    it("a drawn card that fits may be played at once", () => {
      stuck("herz/k")
        .when(draw(1))
        .then(
          ok(),
          turn(1),
          handSize(1, 6),
          holds(1, "herz/k"),
          logged({ type: "cards.drawn", data: { seat: 1, cards: ["herz/k"] } }),
        )
        .when(play(1, "herz/k"))
        .then(ok(), top("herz/k"), turn(2), hand(1, STUCK));
    });

    it("a drawn card that fits by rank, or an Unter, fits too", () => {
      stuck("gras/9").when(draw(1)).then(ok(), turn(1)).when(play(1, "gras/9")).then(ok(), turn(2));
      stuck("schellen/u")
        .when(draw(1))
        .then(ok(), turn(1))
        .when(play(1, "schellen/u", { wish: "gras" }))
        .then(ok(), wish("gras"), turn(2));
    });

    it("or the player passes and keeps it", () => {
      stuck("herz/k")
        .when(draw(1), pass(1))
        .then(ok(), turn(2), top("herz/9"), hand(1, [...STUCK, "herz/k"]));
    });

    it("a drawn card that fits: only that card may be played", () => {
      // Only possible to test with `voluntaryDraw`: otherwise nothing else in the hand fits.
      given(
        deal({
          hands: { 1: ["herz/k", ...STUCK.slice(1)] },
          starter: "herz/9",
          drawPile: ["herz/10"],
          options: { voluntaryDraw: true },
        }),
      )
        .when(draw(1))
        .then(ok(), turn(1))
        .when(play(1, "herz/k"))
        .then(refused("ILLEGAL_MOVE", "B-3.2"))
        .when(play(1, "herz/10"))
        .then(ok(), top("herz/10"), holds(1, "herz/k"), turn(2));
    });

    it("a drawn card that does not fit ends the turn at once", () => {
      stuck("eichel/k")
        .when(draw(1))
        .then(ok(), turn(2), hand(1, [...STUCK, "eichel/k"]), top("herz/9"))
        .when(pass(1))
        .then(refused("NOT_YOUR_TURN"))
        .when(play(1, "eichel/k"))
        .then(refused("NOT_YOUR_TURN"))
        .when(play(2, "herz/10"))
        .then(ok(), turn(0));
    });

    it("the drawn card's effect applies when it is played", () => {
      stuck("herz/8").when(draw(1), play(1, "herz/8")).then(ok(), turn(0));
      stuck("herz/7").when(draw(1), play(1, "herz/7")).then(ok(), pendingDraw(2), turn(2));
    });

    it("no second draw, and no pass without a draw", () => {
      stuck("herz/k").when(draw(1), draw(1)).then(refused("ILLEGAL_MOVE"), handSize(1, 6));
      stuck("herz/k").when(pass(1)).then(refused("ILLEGAL_MOVE"), turn(1));
    });

    it("you may not draw while you could play", () => {
      given(deal({ hands: { 1: ["herz/k", ...STUCK.slice(1)] }, starter: "herz/9" }))
        .when(draw(1))
        .then(refused("ILLEGAL_MOVE", "B-3.2"), handSize(1, 5), turn(1));
      given(deal({ hands: { 1: ["gras/9", ...STUCK.slice(1)] }, starter: "herz/9" }))
        .when(draw(1))
        .then(refused("ILLEGAL_MOVE", "B-3.2"));
    });

    it("an Unter in the hand can always be played, so it forbids drawing", () => {
      given(deal({ hands: { 1: ["gras/u", ...STUCK.slice(1)] }, starter: "herz/9" }))
        .when(draw(1))
        .then(refused("ILLEGAL_MOVE", "B-3.2"));
    });

    it("option `voluntaryDraw`: drawing is allowed with a playable card", () => {
      given(
        deal({
          hands: { 1: ["herz/k", ...STUCK.slice(1)] },
          starter: "herz/9",
          drawPile: ["gras/k"],
          options: { voluntaryDraw: true },
        }),
      )
        .when(draw(1))
        .then(ok(), handSize(1, 6), turn(2));
    });
  });

  describe("B-3.3 an empty draw pile is refilled from the discard pile", () => {
    // Five players: 25 cards dealt, the starter, 6 cards in the draw pile. Three 7s empty it.
    const fiveSeats = () =>
      given(
        deal({
          players: 5,
          hands: {
            1: ["herz/7", "herz/o", "herz/k", "herz/a", "herz/8"],
            2: ["eichel/o", "eichel/k", "schellen/o", "schellen/k", "herz/10"],
            3: ["schellen/7", "schellen/a", "schellen/u", "eichel/a", "eichel/u"],
            4: ["gras/8", "gras/9", "gras/10", "gras/o", "gras/k"],
            0: ["gras/7", "eichel/7", "gras/a", "gras/u", "herz/u"],
          },
          starter: "herz/9",
          drawPile: [
            "eichel/8",
            "eichel/9",
            "eichel/10",
            "schellen/8",
            "schellen/9",
            "schellen/10",
          ],
        }),
      ).when(
        play(1, "herz/7"),
        draw(2),
        play(3, "schellen/7"),
        draw(4),
        play(0, "gras/7"),
        draw(1),
      );

    it("is not refilled before a card must be drawn: it may show 0 cards", () => {
      fiveSeats().then(
        ok(),
        drawPile(0),
        notLogged("pile.reshuffled"),
        top("gras/7"),
        turn(2),
        handSize(1, 4 + 2),
      );
    });

    it("when a card must be drawn: the discard pile but its top card is shuffled into a new one", () => {
      fiveSeats()
        .when(draw(2))
        .then(
          ok(),
          logged("pile.reshuffled"),
          top("gras/7"),
          handSize(2, 5 + 2 + 1),
          drawPile(2),
          check(({ events, driver }) => {
            const shuffled = events.find((e) => e.type === "pile.reshuffled") as
              { data: { order: string[] } } | undefined;
            expect([...(shuffled?.data.order ?? [])].sort()).toEqual(
              ["herz/9", "herz/7", "schellen/7"].sort(),
            );
            const discard = (driver.state as { discard: string[] }).discard;
            expect(discard).toEqual(["gras/7"]);
          }),
        );
    });

    it("the drawn card from the new pile is handled as any drawn card", () => {
      fiveSeats()
        .when(draw(2))
        .then(
          check(({ table: t, events }) => {
            const drawn = events.find((e) => e.type === "cards.drawn") as
              { data: { cards: string[] } } | undefined;
            const card = drawn?.data.cards[0] ?? "";
            // herz/7 and schellen/7 fit the gras/7 by rank; herz/9 does not.
            expect(t.turn).toBe(card.endsWith("/7") ? 2 : 3);
          }),
        );
    });

    it("a penalty that runs over the end of the pile goes on with the refilled pile", () => {
      given(
        deal({
          players: 5,
          hands: {
            1: ["herz/7", "gras/7", "herz/o", "herz/k", "herz/a"],
            2: ["eichel/o", "eichel/k", "herz/8", "herz/10", "eichel/a"],
            3: ["schellen/7", "schellen/a", "schellen/u", "eichel/u", "schellen/k"],
            4: ["gras/u", "herz/u", "gras/a", "schellen/o", "schellen/10"],
            0: ["gras/8", "gras/9", "gras/10", "gras/o", "gras/k"],
          },
          starter: "herz/9",
          drawPile: ["eichel/8", "eichel/9", "schellen/8", "schellen/9", "eichel/10", "eichel/7"],
        }),
      )
        .when(play(1, "herz/7"), draw(2), play(3, "schellen/7"), draw(4), draw(0))
        .then(ok(), drawPile(1), turn(1), top("schellen/7"))
        .when(play(1, "gras/7"))
        .then(ok(), pendingDraw(2), turn(2))
        .when(draw(2))
        .then(
          ok(),
          logged("pile.reshuffled"),
          logged({ type: "cards.drawn", data: { seat: 2 } }),
          holds(2, "eichel/7"),
          handSize(2, 5 + 2 + 2),
          drawPile(2),
          pendingDraw(0),
          turn(3),
          top("gras/7"),
        );
    });
  });
});
