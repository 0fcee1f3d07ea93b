import {
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
  status,
  table,
  top,
  turn,
  wish,
  type PlayExtra,
} from "@maumau/engine/testing";
import { describe, it } from "vitest";
import { bavarian } from "./index.js";

forEachReferee(bavarian, ({ given }) => {
  const PENALTY = ["eichel/9", "eichel/10", "eichel/o", "eichel/k", "schellen/9", "schellen/k"];

  /**
   * Three players, seat 0 deals, seat 1 starts on herz/9 holding three Asses and `x`, `y`. It plays
   * herz/a, gras/a, schellen/a (each plays again) and is left with `x` and `y` on a schellen/a,
   * still on turn. The draw pile starts with `pile` (default PENALTY).
   */
  const chain = (
    x: string,
    y: string,
    seat2 = ["schellen/7", "herz/10", "herz/o", "herz/k", "gras/9"],
    pile: readonly string[] = PENALTY,
  ) =>
    given(
      table(bavarian, {
        players: 3,
        mode: "both",
        options: { cut: false, limit: 1000 },
        hands: {
          1: ["herz/a", "gras/a", "schellen/a", x, y],
          2: seat2,
          0: ["gras/7", "gras/10", "gras/o", "gras/k", "herz/8"],
        },
        starter: "herz/9",
        drawPile: [...pile],
      }),
    )
      .when(play(1, "herz/a"), play(1, "gras/a"), play(1, "schellen/a"))
      .then(ok(), hand(1, [x, y]), turn(1), top("schellen/a"), drawPile(16));

  const mau: PlayExtra = { mau: true };
  const mauMau: PlayExtra = { mauMau: true };

  describe("B-5.1 say Mau when a play leaves one card", () => {
    it("said: no penalty, the turn passes on", () => {
      chain("schellen/10", "eichel/8")
        .when(play(1, "schellen/10", mau))
        .then(ok(), hand(1, ["eichel/8"]), turn(2), drawPile(16), notLogged("call.missed"));
    });

    it("said with an Ass inside the chain: the player plays again, then needs Mau-Mau", () => {
      chain("eichel/a", "eichel/8")
        .when(play(1, "eichel/a", mau))
        .then(ok(), hand(1, ["eichel/8"]), turn(1), drawPile(16), notLogged("call.missed"))
        .when(play(1, "eichel/8", mauMau))
        .then(ok(), status("gameOver"), handSize(1, 0), turn(null));
    });

    it("said on a play that does not leave one card: ignored, no penalty", () => {
      chain("schellen/10", "eichel/8")
        .then(handSize(1, 2))
        .when(play(1, "schellen/10", { mau: true, mauMau: true }))
        .then(ok(), hand(1, ["eichel/8"]), drawPile(16), notLogged("call.missed"));
      given(
        table(bavarian, {
          players: 3,
          options: { cut: false },
          hands: { 1: ["herz/k"] },
          starter: "herz/9",
        }),
      )
        .when(play(1, "herz/k", mau))
        .then(ok(), handSize(1, 4), drawPile(16), notLogged("call.missed"));
    });
  });

  describe("B-5.2 say Mau-Mau with the last card", () => {
    it("said: the game is won", () => {
      chain("schellen/10", "gras/8")
        .when(play(1, "schellen/10", mau), play(2, "herz/10"), play(0, "gras/10"))
        .then(ok(), turn(1), hand(1, ["gras/8"]))
        .when(play(1, "gras/8", mauMau))
        .then(
          ok(),
          status("gameOver"),
          turn(null),
          handSize(1, 0),
          top("gras/8"),
          logged({ type: "game.ended", data: { winner: 1 } }),
        );
    });

    it("saying only Mau with the last card is not saying Mau-Mau", () => {
      // Strict reading: the call for the last card is "Mau-Mau"; "Mau" alone is the wrong call.
      chain("eichel/a", "eichel/8")
        .when(play(1, "eichel/a", mau), play(1, "eichel/8", mau))
        .then(
          ok(),
          status("playing"),
          hand(1, ["eichel/8", "eichel/9", "eichel/10"]),
          top("eichel/a"),
          turn(2),
        );
    });

    it("saying both with the last card wins: the unneeded Mau is ignored", () => {
      chain("eichel/a", "eichel/8")
        .when(play(1, "eichel/a", mau), play(1, "eichel/8", { mau: true, mauMau: true }))
        .then(ok(), status("gameOver"), handSize(1, 0));
    });
  });

  describe("B-5.3 a forgotten call", () => {
    it("forgotten Mau: the command is ok, the card stays played, draw 2, the turn ends", () => {
      chain("schellen/10", "eichel/8")
        .when(play(1, "schellen/10"))
        .then(
          results("ok"),
          top("schellen/10"),
          hand(1, ["eichel/8", "eichel/9", "eichel/10"]),
          drawPile(14),
          turn(2),
          logged({ type: "call.missed", data: { seat: 1, call: "mau" } }),
        );
    });

    it("forgotten Mau on an 8: the 8 still skips", () => {
      chain("schellen/8", "eichel/8")
        .when(play(1, "schellen/8"))
        .then(ok(), top("schellen/8"), handSize(1, 3), turn(0));
    });

    it("forgotten Mau on an 8 with two players: the turn ends, and the 8 skips the other player", () => {
      given(
        table(bavarian, {
          players: 2,
          mode: "both",
          options: { cut: false },
          hands: { 1: ["herz/8", "gras/8", "schellen/8", "eichel/8", "eichel/k"] },
          starter: "herz/7",
          drawPile: ["eichel/9", "eichel/10"],
        }),
      )
        .when(play(1, "herz/8"), play(1, "gras/8"), play(1, "schellen/8"), play(1, "eichel/8"))
        .then(
          results("ok", "ok", "ok", "ok"),
          top("eichel/8"),
          hand(1, ["eichel/k", "eichel/9", "eichel/10"]),
          logged({ type: "call.missed", data: { seat: 1, call: "mau" } }),
          logged({ type: "player.skipped", data: { seat: 0 } }),
          turn(1),
        );
    });

    it("forgotten Mau on a 7: the next player still has to draw", () => {
      chain("schellen/7", "eichel/8", ["eichel/7", "herz/10", "herz/o", "herz/k", "gras/9"])
        .when(play(1, "schellen/7"))
        .then(ok(), top("schellen/7"), handSize(1, 3), pendingDraw(2), turn(2));
    });

    it("forgotten Mau on an Unter: the named suit is in force", () => {
      chain("eichel/u", "eichel/8")
        .when(play(1, "eichel/u", { wish: "gras" }))
        .then(ok(), top("eichel/u"), wish("gras"), handSize(1, 3), turn(2));
    });

    it("forgotten Mau on an Ass: no play again, the turn ends", () => {
      chain("eichel/a", "eichel/8")
        .when(play(1, "eichel/a"))
        .then(
          ok(),
          top("eichel/a"),
          hand(1, ["eichel/8", "eichel/9", "eichel/10"]),
          turn(2),
          logged({ type: "call.missed", data: { seat: 1, call: "mau" } }),
        );
    });

    it("forgotten Mau-Mau: the card goes back into the hand, draw 2, the turn ends", () => {
      chain("eichel/a", "eichel/8")
        .when(play(1, "eichel/a", mau), play(1, "eichel/8"))
        .then(
          results("ok", "ok"),
          status("playing"),
          top("eichel/a"),
          hand(1, ["eichel/8", "eichel/9", "eichel/10"]),
          drawPile(14),
          turn(2),
          logged({ type: "call.missed", data: { seat: 1, call: "mauMau" } }),
          notLogged("game.ended"),
        );
    });

    it("forgotten Mau-Mau: the card taken back has no effect", () => {
      chain("eichel/a", "eichel/7")
        .when(play(1, "eichel/a", mau), play(1, "eichel/7"))
        .then(ok(), pendingDraw(0), turn(2), holds(1, "eichel/7"), top("eichel/a"));
      chain("eichel/a", "eichel/8")
        .when(play(1, "eichel/a", mau), play(1, "eichel/8"))
        .then(ok(), turn(2), notLogged("player.skipped"));
      chain("eichel/a", "gras/u")
        .when(play(1, "eichel/a", mau), play(1, "gras/u", { wish: "herz" }))
        .then(ok(), wish(null), turn(2), holds(1, "gras/u"), top("eichel/a"));
    });

    it("forgotten Mau-Mau under a wish: the card goes back, the wish stays", () => {
      // Seat 2 wishes Eichel with an Unter; seat 0 draws eichel/9, which fits, and passes.
      chain("schellen/10", "eichel/8", ["schellen/u", "herz/10", "herz/o", "herz/k", "gras/9"])
        .when(play(1, "schellen/10", mau), play(2, "schellen/u", { wish: "eichel" }), draw(0))
        .then(
          ok(),
          wish("eichel"),
          hand(0, ["gras/7", "gras/10", "gras/o", "gras/k", "herz/8", "eichel/9"]),
        )
        .when(pass(0), play(1, "eichel/8"))
        .then(
          results("ok", "ok"),
          status("playing"),
          top("schellen/u"),
          wish("eichel"),
          hand(1, ["eichel/8", "eichel/10", "eichel/o"]),
          turn(2),
          logged({ type: "call.missed", data: { seat: 1, call: "mauMau" } }),
        );
    });

    it("forgotten Mau-Mau with a draw pending: that draw is taken too", () => {
      // Seat 1 is left with eichel/7; seat 2 and seat 0 each add a 7, so 4 are pending.
      chain("schellen/10", "eichel/7")
        .when(play(1, "schellen/10", mau), play(2, "schellen/7"), play(0, "gras/7"))
        .then(ok(), pendingDraw(4), turn(1), hand(1, ["eichel/7"]))
        .when(play(1, "eichel/7"))
        .then(
          results("ok"),
          status("playing"),
          top("gras/7"),
          hand(1, ["eichel/7", ...PENALTY]),
          pendingDraw(0),
          turn(2),
        );
    });

    it("forgotten Mau on a 7 that answers a pending draw: the sum goes on, 2 are drawn", () => {
      given(
        table(bavarian, {
          players: 3,
          mode: "both",
          options: { cut: false },
          hands: {
            1: ["herz/a", "gras/a", "gras/k", "schellen/7", "eichel/8"],
            2: ["gras/7", "herz/10", "herz/o", "herz/k", "gras/9"],
            0: ["herz/7", "gras/10", "gras/o", "schellen/k", "herz/8"],
          },
          starter: "herz/9",
          drawPile: ["eichel/9", "eichel/10"],
        }),
      )
        .when(play(1, "herz/a"), play(1, "gras/a"), play(1, "gras/k"))
        .then(ok(), turn(2), handSize(1, 2))
        .when(play(2, "gras/7"), play(0, "herz/7"))
        .then(ok(), pendingDraw(4), turn(1))
        .when(play(1, "schellen/7"))
        .then(
          results("ok"),
          top("schellen/7"),
          pendingDraw(6),
          hand(1, ["eichel/8", "eichel/9", "eichel/10"]),
          turn(2),
          logged({ type: "call.missed", data: { seat: 1, call: "mau" } }),
        );
    });

    it("a forgotten Mau-Mau with an Unter as last card needs no suit", () => {
      chain("eichel/a", "gras/u")
        .when(play(1, "eichel/a", mau), play(1, "gras/u"))
        .then(
          results("ok", "ok"),
          wish(null),
          hand(1, ["gras/u", "eichel/9", "eichel/10"]),
          turn(2),
        );
    });

    it("Mau is needed when a drawn card played at once leaves one card", () => {
      // Seat 1 is left with eichel/8 on a gras/10, draws gras/u and plays it.
      const drawn = () =>
        chain("schellen/10", "eichel/8", undefined, ["gras/u", "eichel/9", "eichel/10"])
          .when(play(1, "schellen/10", mau), play(2, "herz/10"), play(0, "gras/10"), draw(1))
          .then(ok(), turn(1), hand(1, ["eichel/8", "gras/u"]), top("gras/10"));
      drawn()
        .when(play(1, "gras/u", { wish: "herz", mau: true }))
        .then(ok(), hand(1, ["eichel/8"]), wish("herz"), turn(2), notLogged("call.missed"));
      drawn()
        .when(play(1, "gras/u", { wish: "herz" }))
        .then(
          ok(),
          hand(1, ["eichel/8", "eichel/9", "eichel/10"]),
          wish("herz"),
          turn(2),
          logged({ type: "call.missed", data: { seat: 1, call: "mau" } }),
        );
    });

    it("Mau again when a card drawn after an Ass leaves one card", () => {
      const drawn = () =>
        chain("eichel/a", "gras/8")
          .when(play(1, "eichel/a", mau), draw(1))
          .then(ok(), turn(1), hand(1, ["gras/8", "eichel/9"]));
      drawn()
        .when(play(1, "eichel/9", mau))
        .then(ok(), hand(1, ["gras/8"]), turn(2), notLogged("call.missed"));
      drawn()
        .when(play(1, "eichel/9"))
        .then(ok(), top("eichel/9"), hand(1, ["gras/8", "eichel/10", "eichel/o"]), turn(2));
    });

    it("a card that may not be played is refused, whatever the call", () => {
      chain("schellen/10", "gras/8")
        .when(play(1, "gras/8"))
        .then(refused("ILLEGAL_MOVE"), handSize(1, 2));
      chain("eichel/a", "gras/8")
        .when(play(1, "eichel/a", mau), play(1, "gras/8"))
        .then(refused("ILLEGAL_MOVE"), hand(1, ["gras/8"]), turn(1));
    });
  });
});
