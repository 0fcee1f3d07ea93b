import { GameDriver, isRefusal, type CardCode } from "@maumau/engine";
import {
  bots,
  dealer,
  direction,
  draw,
  drawPile,
  game,
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
  top,
  totals,
  turn,
  winners,
  wish,
  type TableSpec,
} from "@maumau/engine/testing";
import { describe, expect, it } from "vitest";
import { french } from "./index.js";

forEachReferee(french, ({ given }) => {
  const SPADES = ["spades/3", "spades/4", "spades/5", "spades/6", "spades/7"];
  const DIAMONDS = ["diamonds/3", "diamonds/4", "diamonds/5", "diamonds/6"];

  interface RunDown {
    /** Seat 1's last card (its first four are hearts/3 … hearts/6, the starter is hearts/9). */
    readonly last?: CardCode;
    /** Seat 0's hand; seat 0 draws the four cards of `drawn` while seat 1 plays down. */
    readonly hand0?: readonly CardCode[];
    readonly drawn?: readonly CardCode[];
    readonly options?: TableSpec["options"];
  }

  /** Two players; seat 1 knocks correctly and holds only `last`; it is seat 1's turn. */
  const runDown = ({ last = "hearts/7", hand0 = SPADES, drawn = DIAMONDS, options }: RunDown) =>
    given(
      table(french, {
        players: 2,
        mode: "both",
        hands: { 1: ["hearts/3", "hearts/4", "hearts/5", "hearts/6", last], 0: hand0 },
        starter: "hearts/9",
        drawPile: drawn,
        ...(options === undefined ? {} : { options }),
      }),
    )
      .when(
        play(1, "hearts/3"),
        draw(0),
        play(1, "hearts/4"),
        draw(0),
        play(1, "hearts/5"),
        draw(0),
        play(1, "hearts/6", { mau: true }),
        draw(0),
      )
      .then(ok(), hand(1, [last]), handSize(0, 9), turn(1), status("playing"));

  /** 3+4+5+6+7 (spades) + 3+4+5+6 (diamonds) */
  const SEAT0_POINTS = 43;

  describe("F-6.1 the last card ends the game at once", () => {
    it("ends the game; everyone else scores the cards left in hand", () => {
      runDown({})
        .when(play(1, "hearts/7"))
        .then(
          ok(),
          status("gameOver"),
          turn(null),
          top("hearts/7"),
          handSize(1, 0),
          scores([SEAT0_POINTS, 0]),
          totals([SEAT0_POINTS, 0]),
          winners([]),
          logged({ type: "game.ended", data: { winner: 1 } }),
        );
    });

    it("nothing more can be played, drawn or passed in that game", () => {
      runDown({})
        .when(play(1, "hearts/7"), draw(0))
        .then(refused("GAME_OVER"))
        .when(play(0, "spades/3"))
        .then(refused("GAME_OVER"));
    });

    it("a last 2 makes nobody draw", () => {
      runDown({ last: "hearts/2" })
        .when(play(1, "hearts/2"))
        .then(
          ok(),
          status("gameOver"),
          pendingDraw(0),
          hand(0, [...SPADES, ...DIAMONDS]),
          drawPile(52 - 11 - 4),
          notLogged("penalty.raised"),
          scores([SEAT0_POINTS, 0]),
        );
    });

    it("a last 2 answering a pending 2 makes nobody draw either", () => {
      // Strict reading: with the game over no draw is pending any more.
      given(
        table(french, {
          players: 2,
          mode: "both",
          hands: {
            1: ["hearts/3", "hearts/4", "hearts/5", "hearts/6", "clubs/2"],
            0: ["spades/3", "spades/4", "spades/5", "spades/6", "hearts/2"],
          },
          starter: "hearts/9",
          drawPile: DIAMONDS,
        }),
      )
        .when(
          play(1, "hearts/3"),
          draw(0),
          play(1, "hearts/4"),
          draw(0),
          play(1, "hearts/5"),
          draw(0),
          play(1, "hearts/6", { mau: true }),
          play(0, "hearts/2"),
        )
        .then(ok(), pendingDraw(2), turn(1))
        .when(play(1, "clubs/2"))
        .then(ok(), status("gameOver"), handSize(0, 4 + 3), handSize(1, 0), pendingDraw(0));
    });

    it("a last 8 needs no suit", () => {
      runDown({ last: "clubs/8" })
        .when(play(1, "clubs/8"))
        .then(ok(), status("gameOver"), wish(null), scores([SEAT0_POINTS, 0]));
    });

    it("a suit named with a last 8 is not in force", () => {
      runDown({ last: "clubs/8" })
        .when(play(1, "clubs/8", { wish: "spades" }))
        .then(ok(), status("gameOver"), wish(null));
    });

    it("a last 8 with a suit that is no suit is ok: the field is not needed", () => {
      runDown({ last: "clubs/8" })
        .when(play(1, "clubs/8", { wish: "red" }))
        .then(ok(), status("gameOver"), wish(null));
    });

    it("a last q skips nobody, a last a reverses nothing", () => {
      runDown({ last: "hearts/q" })
        .when(play(1, "hearts/q"))
        .then(ok(), status("gameOver"), turn(null), notLogged("player.skipped"));
      runDown({ last: "hearts/a" })
        .when(play(1, "hearts/a"))
        .then(ok(), status("gameOver"), direction("cw"), notLogged("direction.reversed"));
    });

    it("a last card needs no knock", () => {
      runDown({})
        .when(play(1, "hearts/7", { mau: false }))
        .then(ok(), handSize(1, 0), notLogged("call.missed"), notLogged("cards.drawn"));
    });
  });

  describe("F-6.2 card values", () => {
    it("2–7, 9, 10 at face value, j 10", () => {
      runDown({
        hand0: ["clubs/2", "clubs/3", "clubs/4", "clubs/5", "clubs/6"],
        drawn: ["clubs/7", "clubs/9", "clubs/10", "clubs/j"],
      })
        .when(play(1, "hearts/7"))
        .then(ok(), scores([2 + 3 + 4 + 5 + 6 + 7 + 9 + 10 + 10, 0]));
    });

    it("8 = 50, q and k 10, a 1", () => {
      runDown({
        hand0: ["clubs/8", "clubs/q", "clubs/k", "clubs/a", "spades/8"],
        drawn: ["diamonds/8", "diamonds/a", "spades/a", "diamonds/k"],
      })
        .when(play(1, "hearts/7"))
        .then(ok(), scores([50 + 10 + 10 + 1 + 50 + 50 + 1 + 1 + 10, 0]));
    });

    it("every hand but the winner's is scored, with three players", () => {
      given(
        table(french, {
          players: 3,
          mode: "both",
          hands: {
            1: ["hearts/3", "hearts/4", "hearts/5", "hearts/6", "hearts/7"],
            2: ["spades/8", "spades/j", "spades/q", "spades/k", "spades/a"],
            0: ["clubs/2", "clubs/3", "clubs/4", "clubs/5", "clubs/10"],
          },
          starter: "hearts/9",
          drawPile: [
            "diamonds/2",
            "diamonds/3",
            "diamonds/4",
            "diamonds/5",
            "diamonds/6",
            "diamonds/7",
            "diamonds/9",
            "diamonds/10",
          ],
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
          play(1, "hearts/6", { mau: true }),
          draw(2),
          draw(0),
          play(1, "hearts/7"),
        )
        .then(
          ok(),
          handSize(2, 9),
          scores([2 + 3 + 4 + 5 + 10 + 3 + 5 + 7 + 10, 0, 50 + 10 + 10 + 10 + 1 + 2 + 4 + 6 + 9]),
        );
    });
  });

  describe("F-6.3 the match", () => {
    it("goes on after a game in which no total reaches 100", () => {
      runDown({})
        .when(play(1, "hearts/7"))
        .then(ok(), status("gameOver"), totals([43, 0]), winners([]))
        .when(nextGame())
        .then(ok(), game(2), dealer(1), totals(null), scores(null));
    });

    it("ends after the game in which a total reaches 100; the lowest total wins", () => {
      runDown({
        hand0: ["clubs/8", "clubs/q", "clubs/k", "clubs/a", "spades/8"],
        drawn: ["diamonds/8", "diamonds/a", "spades/a", "diamonds/k"],
      })
        .when(play(1, "hearts/7"))
        .then(ok(), status("matchOver"), totals([183, 0]), winners([1]), turn(null))
        .when(nextGame())
        .then(refused("GAME_OVER"));
    });

    it("option targetScore sets the total; reaching it exactly ends the match", () => {
      runDown({ options: { targetScore: SEAT0_POINTS } })
        .when(play(1, "hearts/7"))
        .then(ok(), status("matchOver"), winners([1]));
      runDown({ options: { targetScore: SEAT0_POINTS + 1 } })
        .when(play(1, "hearts/7"))
        .then(ok(), status("gameOver"), winners([]));
    });

    it("refuses a target that is not a positive whole number", () => {
      for (const targetScore of [0, -5, 1.5, "100"]) {
        const opened = GameDriver.open(french, { players: 2, seed: 1, options: { targetScore } });
        expect(isRefusal(opened) && opened.code, `targetScore ${String(targetScore)}`).toBe(
          "INVALID_COMMAND",
        );
      }
    });

    it("adds the games up; the next dealer is the left neighbour; lowest totals share the win", () => {
      for (const seed of [3, 17]) {
        const s = given(table(french, { players: 3, seed, mode: "both" }));
        let before = [0, 0, 0];
        for (let g = 1; g < 100; g++) {
          s.when(bots({ seed: seed * 100 + g })).then(game(g), dealer((g - 1) % 3));
          const t = s.driver.scriptState();
          const gameScores = t.scores as number[];
          const after = before.map((sum, seat) => sum + gameScores[seat]!);
          expect(t.totals, `totals after game ${g}`).toEqual(after);
          before = after;
          if (Math.max(...after) < 100) {
            expect(t.status, `game ${g}`).toBe("gameOver");
            expect(t.winners).toEqual([]);
            s.when(nextGame()).then(ok());
            continue;
          }
          const low = Math.min(...after);
          expect(t.status, `game ${g}`).toBe("matchOver");
          expect(t.winners).toEqual([0, 1, 2].filter((seat) => after[seat] === low));
          break;
        }
        expect(s.driver.progress().status).toBe("matchOver");
      }
    });

    it("does not start the next game while one is running", () => {
      runDown({}).when(nextGame()).then(refused("ILLEGAL_MOVE"), game(1));
    });
  });

  /**
   * Two players and a deck split into equal halves: seat 1 ends with all clubs, all hearts but
   * the starter hearts/10, and diamonds/5 (26 cards); seat 0 with the rest (25 cards). Both are
   * worth (4 × 127 − 10) / 2 = 249 points.
   */
  function stalled(options: TableSpec["options"] = {}) {
    const suit = (s: string) =>
      ["2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k", "a"].map((r) => `${s}/${r}`);
    const a = [...suit("clubs"), ...suit("hearts").filter((c) => c !== "hearts/10"), "diamonds/5"];
    const b = [...suit("diamonds").filter((c) => c !== "diamonds/5"), ...suit("spades")];
    const pile: CardCode[] = [];
    for (let i = 0; i < 21; i++) pile.push(a[5 + i]!, ...(i < 20 ? [b[5 + i]!] : []));
    return given(
      table(french, {
        players: 2,
        mode: "both",
        options,
        hands: { 1: a.slice(0, 5), 0: b.slice(0, 5) },
        starter: "hearts/10",
        drawPile: pile,
      }),
    )
      .when(repeat(41, (i) => draw(i % 2 === 0 ? 1 : 0)))
      .then(ok(), drawPile(0), handSize(1, 26), handSize(0, 25), turn(0), status("playing"));
  }

  describe("F-6.4 nothing left to draw for a whole round", () => {
    it("a player who must draw with nothing left just ends the turn", () => {
      stalled()
        .when(draw(0))
        .then(ok(), handSize(0, 25), turn(1), status("playing"), notLogged("pile.reshuffled"));
    });

    it("after a whole round the game ends without a winner and everyone scores the hand", () => {
      stalled({ targetScore: 1000 })
        .when(draw(0), draw(1))
        .then(
          ok(),
          status("gameOver"),
          turn(null),
          scores([249, 249]),
          totals([249, 249]),
          winners([]),
          logged({ type: "game.ended", data: { winner: null } }),
        )
        .when(nextGame())
        .then(ok(), game(2), dealer(1));
    });

    it("the match then ends as usual; equal lowest totals share the win", () => {
      stalled()
        .when(draw(0), draw(1))
        .then(ok(), status("matchOver"), scores([249, 249]), totals([249, 249]), winners([0, 1]));
    });
  });
});
