import type { MatchFrame, MatchSnapshot, SeatView, ViewEvent } from "@maumau/client";
import type { ClassicView } from "@maumau/engine";
import { findVariant } from "@maumau/registry";
import { Chalk } from "chalk";
import { CardStyle } from "../play/cards.js";
import { TEXTS } from "../play/texts.js";
import { describe, expect, it } from "vitest";
import type { ServerConnection } from "../remote/connect.js";
import { arrivalLink, handsLines, lobbyLines, visibleLength } from "./render.js";
import { OnlineTable } from "./table.js";
import { emptySeat, humanSeat, tableLook, waitingRoomSnapshot } from "../testing/tableFixtures.js";
import { ONLINE_TEXTS } from "./texts.js";
import type { Ui } from "./ui.js";

const variant = findVariant("french")!;
const at = "2026-01-01T00:00:00.000Z";
const human = humanSeat;
const empty = emptySeat;
/** The online table's look without colours, `width` columns wide. */
const plainLook = (width: number) => tableLook(variant, width);
const snapshot = (version: number, seats: SeatView[]): MatchSnapshot =>
  waitingRoomSnapshot("french", version, seats);

const claimed = (version: number, seat: number, name: string): ViewEvent => ({
  version,
  type: "seat.claimed",
  data: { seat, name },
  at,
});

describe("the terminal's log", () => {
  it("tells each event once when the frames that come during the start overlap the history", async () => {
    let push: (frame: MatchFrame) => void = () => {};
    const history = [
      { version: 1, type: "lobby.created", data: {}, at },
      claimed(2, 0, "Dora"),
      claimed(3, 1, "Ede"),
    ];
    // The watch's catch-up frame is at version 2; Ede's seat comes as a frame before the
    // watch's answer, so the history read after it (up to version 3) overlaps it.
    const connection = {
      onFrame: (listener: (frame: MatchFrame) => void) => {
        push = listener;
        return () => {};
      },
      onReconnect: () => () => {},
      onResync: () => () => {},
      onSeatLost: () => () => {},
      onPresence: () => () => {},
      onDisconnect: () => () => {},
      connected: true,
      api: {
        game: {
          watch: () => {
            push({
              kind: "snapshot",
              matchId: "m1",
              version: 2,
              snapshot: snapshot(2, [human(0, "Dora"), empty(1), empty(2)]),
            });
            push({
              kind: "events",
              matchId: "m1",
              version: 3,
              events: [claimed(3, 1, "Ede")],
              snapshot: snapshot(3, [human(0, "Dora"), human(1, "Ede"), empty(2)]),
            });
            return Promise.resolve({ matchId: "m1", viewer: 0, version: 3 });
          },
          history: () =>
            Promise.resolve({ matchId: "m1", version: 3, full: false, events: history }),
        },
      },
    } as unknown as ServerConnection;
    const printed: string[] = [];
    let shown: () => void = () => {};
    const started = new Promise<void>((done) => (shown = done));
    const ui: Ui = {
      fullScreen: false,
      onLine: () => {},
      redraw: () => shown(),
      print: (lines) => printed.push(...lines),
      message: (text) => printed.push(text),
      prompt: () => {},
      close: () => {},
    };
    const c = new Chalk({ level: 0 });
    const table = new OnlineTable({
      connection,
      matchId: "m1",
      variant,
      seat: { seat: 0, token: "t" },
      look: {
        t: TEXTS.en,
        o: ONLINE_TEXTS.en,
        c,
        style: new CardStyle(variant.theme, "en", c, true),
        variantName: variant.names.en,
      },
      lang: "en",
      ui,
      share: "http://localhost/m/m1?join",
      replay: "http://localhost/replay/m1",
      creator: false,
      returnHint: "",
      onFatal: (error) => {
        throw error;
      },
    });
    void table.run();
    await started;
    table.close();
    expect(printed.filter((l) => l === "Ede takes seat 2.")).toHaveLength(1);
    expect(
      printed.filter((l) => l === "You take seat 1." || l === "Dora takes seat 1."),
    ).toHaveLength(1);
  });

  it("on arrival a running match offers its share link while a seat is free, else its watch link; a finished one its replay", () => {
    const links = { share: "http://h/m/m1?join", replay: "http://h/replay/m1" };
    const seat = (kind: "human" | "bot" | "empty") => ({
      seat: 0,
      kind,
      name: null,
      level: null,
      away: false,
    });
    const lobby = (
      status: "open" | "running" | "over",
      ...kinds: ("human" | "bot" | "empty")[]
    ) => ({
      status,
      seats: kinds.map(seat),
    });
    expect(arrivalLink(lobby("running", "human", "empty"), links, ONLINE_TEXTS.en)).toBe(
      "Share link: http://h/m/m1?join",
    );
    expect(arrivalLink(lobby("running", "human", "bot"), links, ONLINE_TEXTS.en)).toBe(
      "Watch: http://h/m/m1",
    );
    expect(arrivalLink(lobby("over", "human", "bot"), links, ONLINE_TEXTS.en)).toBe(
      "Replay: http://h/replay/m1",
    );
    expect(arrivalLink(lobby("over", "human"), links, ONLINE_TEXTS.de)).toBe(
      "Wiederholung: http://h/replay/m1",
    );
    // The waiting room shows the share link itself.
    expect(arrivalLink(lobby("open", "human", "empty"), links, ONLINE_TEXTS.en)).toBeNull();
  });

  it("marks a friend who is gone, with the seconds before a bot plays", () => {
    const look = plainLook(100);
    const seats = [human(0, "Dora"), human(1, "Ede"), human(2, "Fay")];
    const presence = {
      at: Date.now(),
      seats: [
        { seat: 0, connected: true, graceLeftMs: null },
        { seat: 1, connected: false, graceLeftMs: 12_000 },
        { seat: 2, connected: false, graceLeftMs: null },
      ],
    };
    const text = lobbyLines(snapshot(3, seats), 0, { ...look, presence }, "", false).join("\n");
    expect(text).toMatch(/Ede \(gone: a bot plays in 1[12] s\)/);
    expect(text).toMatch(/Fay \(gone\)/);
    expect(text).toMatch(/Dora \(you\)/);
  });

  it("N-6.2 a long hand counted at the end keeps its points on the screen's width", () => {
    const look = plainLook(60);
    const hand = ["hearts/2", "hearts/3", "hearts/4", "hearts/5", "hearts/6", "hearts/7"];
    const over = {
      ...snapshot(9, [human(0, "Dora"), human(1, "Ede")]),
      // A classic view at a game's end, cut down to what the hands lines read.
      view: {
        family: "classic",
        revealedHands: [[], [...hand, ...hand]],
        scores: [0, 54],
      } as unknown as ClassicView,
    };
    const [dora, ede] = handsLines(over, look);
    expect(dora).toBe("Dora: — = 0");
    expect(visibleLength(ede!)).toBeLessThanOrEqual(60);
    expect(ede).toMatch(/^Ede: .+ … = 54$/);
  });
});
