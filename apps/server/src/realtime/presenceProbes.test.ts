import type { Viewer } from "@maumau/engine";
import type { Server } from "socket.io";
import { describe, expect, it } from "vitest";
import type { MatchService } from "../matches/MatchService.js";
import type { OwnerElsewhere, PresenceProbe } from "../matches/Presence.js";
import type { WatchProbe } from "../matches/Scheduler.js";
import { presenceProbes } from "./presenceProbes.js";
import { roomOf } from "./roomOf.js";

/**
 * The cross-process questions with a fake socket.io server: what the other processes answer
 * (`answers`), which rooms have sockets anywhere (`occupied`), and Redis up or down.
 */
function harness(redisUp: boolean) {
  const handlers = new Map<string, (...args: unknown[]) => void>();
  const asked: unknown[][] = [];
  let answers: unknown = [];
  const occupied = new Set<string>();
  const io = {
    on: (event: string, f: (...args: unknown[]) => void) => handlers.set(event, f),
    serverSideEmit: (...args: unknown[]) => {
      asked.push(args.slice(0, -1));
      (args.at(-1) as (err: unknown, answers: unknown) => void)(null, answers);
      return true;
    },
    in: (rooms: string[]) => ({
      fetchSockets: () => Promise.resolve(rooms.filter((room) => occupied.has(room))),
    }),
  } as unknown as Server;
  let presence: PresenceProbe | null = null;
  let watch: WatchProbe | null = null;
  const service = {
    ownerHere: (matchId: string, seat: number): OwnerElsewhere =>
      matchId === "m1" && seat === 1
        ? { connected: true, seenMsAgo: null }
        : { connected: false, seenMsAgo: 40 },
    setPresenceProbe: (probe: PresenceProbe) => (presence = probe),
    setWatchProbe: (probe: WatchProbe) => (watch = probe),
  } as unknown as MatchService;
  presenceProbes(io, service, { up: redisUp });
  /** Another process asks this one (the adapter calls the handler with its arguments). */
  const question = (...args: unknown[]) => handlers.get("maumau:owner")!(...args);
  return {
    question,
    asked,
    occupied,
    setAnswers: (value: unknown) => (answers = value),
    owner: (matchId: string, seat: number) => presence!(matchId, seat),
    watched: (matchId: string, viewers: readonly Viewer[]) => watch!(matchId, viewers),
  };
}

describe("presenceProbes (questions to the other processes)", () => {
  it("answers another process's question with what this process knows of the owner", () => {
    const { question } = harness(true);
    const heard: unknown[] = [];
    question("m1", 1, (known: unknown) => heard.push(known));
    question("m1", 0, (known: unknown) => heard.push(known));
    question("m1", "1", (known: unknown) => heard.push(known));
    question("m1", 1, "no callback");
    expect(heard).toEqual([
      { connected: true, seenMsAgo: null },
      { connected: false, seenMsAgo: 40 },
      { connected: false, seenMsAgo: null },
    ]);
  });

  it("asks the other processes about an owner and combines their answers", async () => {
    const { owner, asked, setAnswers } = harness(true);
    setAnswers([
      { connected: false, seenMsAgo: 900 },
      { connected: false, seenMsAgo: 300 },
    ]);
    expect(await owner("m1", 2)).toEqual({ connected: false, seenMsAgo: 300 });
    expect(asked).toEqual([["maumau:owner", "m1", 2]]);
  });

  it("asks whether a socket anywhere is in one of the viewers' rooms", async () => {
    const { watched, occupied } = harness(true);
    expect(await watched("m1", [0, "spectator"])).toBe(false);
    occupied.add(roomOf("m1", "spectator"));
    expect(await watched("m1", [0, "spectator"])).toBe(true);
    expect(await watched("m1", [0])).toBe(false);
  });

  it("without Redis asks nobody: the owner counts as connected, the match as watched", async () => {
    const { owner, watched, asked } = harness(false);
    expect(await owner("m1", 2)).toEqual({ connected: true, seenMsAgo: null });
    expect(await watched("m1", [0])).toBe(true);
    expect(asked).toEqual([]);
  });
});
