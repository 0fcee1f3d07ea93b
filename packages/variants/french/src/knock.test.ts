import type { CardCode } from "@maumau/engine";
import {
  draw,
  drawPile,
  forEachReferee,
  hand,
  handSize,
  loggedInOrder,
  notLogged,
  ok,
  pendingDraw,
  play,
  results,
  status,
  table,
  top,
  turn,
  wish,
  type TableSpec,
} from "@maumau/engine/testing";
import { describe, it } from "vitest";
import { french } from "./index.js";

forEachReferee(french, ({ given }) => {
  const pile = ["diamonds/3", "diamonds/4", "diamonds/5", "diamonds/6", "diamonds/7", "diamonds/9"];

  /**
   * Two players, seat 1 starts on hearts/9 with three hearts and then `pair`; seat 0 only draws.
   * After the returned steps seat 1 holds exactly `pair` and it is seat 1's turn.
   */
  const twoLeft = (pair: readonly [CardCode, CardCode], spec: Partial<TableSpec> = {}) =>
    given(
      table(french, {
        players: 2,
        mode: "both",
        hands: {
          1: ["hearts/3", "hearts/4", "hearts/5", ...pair],
          0: ["spades/3", "spades/4", "spades/5", "spades/6", "spades/7"],
        },
        starter: "hearts/9",
        drawPile: pile,
        ...spec,
      }),
    )
      .when(
        play(1, "hearts/3"),
        draw(0),
        play(1, "hearts/4"),
        draw(0),
        play(1, "hearts/5"),
        draw(0),
      )
      .then(ok(), handSize(1, 2), turn(1), top("hearts/5"));

  describe("F-5.1 knock on the second-to-last card", () => {
    it("a knock with the second-to-last card costs nothing", () => {
      twoLeft(["hearts/6", "hearts/7"])
        .when(play(1, "hearts/6", { mau: true }))
        .then(
          ok(),
          hand(1, ["hearts/7"]),
          drawPile(52 - 11 - 3),
          turn(0),
          notLogged("call.missed"),
        );
    });

    it("forgotten: the command is ok and 2 penalty cards are drawn right after the play", () => {
      twoLeft(["hearts/6", "hearts/7"])
        .when(play(1, "hearts/6"))
        .then(
          results("ok"),
          top("hearts/6"),
          hand(1, ["hearts/7", "diamonds/6", "diamonds/7"]),
          turn(0),
          status("playing"),
          loggedInOrder(
            { type: "card.played", data: { seat: 1, card: "hearts/6" } },
            { type: "cards.drawn", data: { seat: 1, cards: ["diamonds/6", "diamonds/7"] } },
            { type: "turn.started", data: { seat: 0 } },
          ),
        );
    });

    it("an explicit mau: false is a forgotten knock", () => {
      twoLeft(["hearts/6", "hearts/7"])
        .when(play(1, "hearts/6", { mau: false }))
        .then(ok(), handSize(1, 3), turn(0));
    });

    it("a knock is not needed with any other card; an unneeded knock is ignored", () => {
      twoLeft(["hearts/6", "hearts/7"], {})
        .when(play(1, "hearts/6", { mau: true }), draw(0), play(1, "hearts/7"))
        .then(ok(), handSize(1, 0), notLogged("call.missed"));
      given(
        table(french, {
          players: 2,
          hands: { 1: ["hearts/3", "hearts/4", "hearts/5", "hearts/6", "hearts/7"] },
          starter: "hearts/9",
          drawPile: pile,
        }),
      )
        .when(play(1, "hearts/3", { mau: true }))
        .then(ok(), handSize(1, 4), drawPile(52 - 11), notLogged("call.missed"));
    });

    it("forgotten on an 8: the penalty is drawn and the wish holds", () => {
      twoLeft(["clubs/8", "hearts/7"])
        .when(play(1, "clubs/8", { wish: "spades" }))
        .then(ok(), wish("spades"), hand(1, ["hearts/7", "diamonds/6", "diamonds/7"]), turn(0));
    });

    it("forgotten on a 2: the penalty is drawn and the next player still faces 2", () => {
      twoLeft(["hearts/2", "hearts/7"])
        .when(play(1, "hearts/2"))
        .then(ok(), handSize(1, 3), pendingDraw(2), turn(0))
        .when(draw(0))
        .then(ok(), handSize(0, 5 + 3 + 2), pendingDraw(0), turn(1));
    });

    it("forgotten on a q: the penalty is drawn and the skip holds", () => {
      twoLeft(["hearts/q", "hearts/7"])
        .when(play(1, "hearts/q"))
        .then(ok(), handSize(1, 3), turn(1));
    });

    it("forgotten with three players: the penalty goes to the player who forgot", () => {
      given(
        table(french, {
          players: 3,
          mode: "both",
          hands: {
            1: ["hearts/3", "hearts/4", "hearts/5", "hearts/6", "hearts/7"],
            2: ["spades/3", "spades/4", "spades/5", "spades/6", "spades/7"],
            0: ["clubs/3", "clubs/4", "clubs/5", "clubs/6", "clubs/7"],
          },
          starter: "hearts/9",
          drawPile: pile,
        }),
      )
        .when(
          play(1, "hearts/3"),
          draw(2),
          draw(0),
          play(1, "hearts/4"),
          draw(2),
          draw(0),
          play(1, "hearts/5"),
          draw(2),
          draw(0),
        )
        .then(ok(), handSize(1, 2), turn(1))
        .when(play(1, "hearts/6"))
        .then(ok(), handSize(1, 3), handSize(2, 8), handSize(0, 8), turn(2));
    });

    it("with option playAfterDraw, playing the drawn card as second-to-last card needs a knock", () => {
      const spec = {
        options: { playAfterDraw: true },
        drawPile: [
          "clubs/10",
          "clubs/j",
          "clubs/k",
          "spades/k",
          "hearts/10",
          "diamonds/7",
          "diamonds/9",
        ],
      };
      // Seat 0 draws four cards that fit nothing; seat 1, down to one card, then draws hearts/10.
      const oneLeft = () =>
        twoLeft(["hearts/6", "spades/9"], spec)
          .when(play(1, "hearts/6", { mau: true }), draw(0))
          .then(ok(), hand(1, ["spades/9"]), turn(1));
      oneLeft()
        .when(draw(1))
        .then(ok(), turn(1), hand(1, ["spades/9", "hearts/10"]))
        .when(play(1, "hearts/10"))
        .then(ok(), hand(1, ["spades/9", "diamonds/7", "diamonds/9"]), turn(0));
      oneLeft()
        .when(draw(1), play(1, "hearts/10", { mau: true }))
        .then(ok(), hand(1, ["spades/9"]), turn(0));
    });
  });
});
