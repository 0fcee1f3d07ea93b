import { describe, expect, it } from "vitest";
import type { LobbyView, MatchSnapshot, SeatView } from "./protocol.js";
import { turnDeadline } from "./turnDeadline.js";

const human = (seat: number, away = false): SeatView => ({
  seat,
  kind: "human",
  name: `P${seat}`,
  level: null,
  away,
});
const bot = (seat: number): SeatView => ({
  seat,
  kind: "bot",
  name: null,
  level: "random",
  away: false,
});

const at = (
  seats: SeatView[],
  progress: MatchSnapshot["progress"],
  turnTimerMs: number | null = 30_000,
): MatchSnapshot => ({
  matchId: "m",
  version: 5,
  viewer: 0,
  // The lobby fields the deadline reads.
  lobby: { seats, turnTimerMs, updatedAt: "2026-01-01T00:00:00.000Z" } as unknown as LobbyView,
  view: null,
  progress,
  legal: [],
  machine: null,
});

const playing = (toAct: number | null) =>
  ({ status: "playing", toAct, game: 1, winners: [] }) as const;
const since = Date.parse("2026-01-01T00:00:00.000Z");

describe("turnDeadline", () => {
  it("is the last commit's time plus the turn time while a present human is to act", () => {
    expect(turnDeadline(at([human(0), bot(1)], playing(0)))).toBe(since + 30_000);
  });

  it("is null without a timer, for a bot or an away human to act, and once the match is over", () => {
    expect(turnDeadline(at([human(0), bot(1)], playing(0), null))).toBeNull();
    expect(turnDeadline(at([human(0), bot(1)], playing(1)))).toBeNull();
    expect(turnDeadline(at([human(0, true), bot(1)], playing(0)))).toBeNull();
    expect(turnDeadline(at([human(0)], { ...playing(null), status: "matchOver" }))).toBeNull();
    expect(turnDeadline(at([human(0)], null))).toBeNull();
  });

  it("between games, runs while a human is there to start the next one", () => {
    const over = { ...playing(null), status: "gameOver" } as const;
    expect(turnDeadline(at([human(0), bot(1)], over))).toBe(since + 30_000);
    expect(turnDeadline(at([human(0, true), bot(1)], over))).toBeNull();
  });
});
