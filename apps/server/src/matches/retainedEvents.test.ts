import { describe, expect, it } from "vitest";
import { MemoryEventStore } from "../store/memory.js";
import { silentLogger } from "../testing/index.js";
import { streamIdOf } from "./Match.js";
import { MatchService } from "./MatchService.js";

describe("a cached match keeps only its newest events", () => {
  it("answers catch-ups, histories and repeated commands from the store beyond them", async () => {
    const store = new MemoryEventStore();
    const service = new MatchService({
      store,
      logger: silentLogger(),
      botDelayMs: 0,
      graceMs: 60_000,
      catchUpLimit: 1_000,
      retainedEvents: 4,
    });
    try {
      const { matchId, ticket } = await service.create({
        variant: "noris",
        seats: 2,
        name: "A",
        options: { games: 1 },
      });
      const b = await service.join({ matchId, name: "B" });
      await service.start({ matchId, token: ticket!.token });
      const tokens = [ticket!.token, b.token];
      const answers: { commandId: string; seat: number; version: number; events: unknown }[] = [];
      for (let i = 0; i < 30; i++) {
        const spectator = await service.snapshot({ matchId });
        const seat = spectator.progress?.toAct;
        if (spectator.lobby.status === "over" || seat === undefined || seat === null) break;
        const mine = await service.snapshot({ matchId, token: tokens[seat]! });
        const move = mine.legal.find((m) => m.type === "playCard") ?? mine.legal[0]!;
        const result = await service.command({
          matchId,
          token: tokens[seat]!,
          commandId: `c${i}`,
          command: move,
        });
        answers.push({ commandId: `c${i}`, seat, version: result.version, events: result.events });
      }
      const stored = await store.read(streamIdOf(matchId));
      const match = await service.match(matchId);
      // A random deal: a two-seat game may end after nine moves. More commands than the four
      // retained events put the first answers and the early versions beyond the cache.
      expect(answers.length).toBeGreaterThan(4);
      expect(match.version).toBe(stored.length);
      expect(match.holdsWholeLog).toBe(false);
      expect(match.eventsAfter(0)).toBeNull();
      expect(match.eventsAfter(match.version - 2)?.map((e) => e.version)).toEqual([
        match.version - 1,
        match.version,
      ]);

      // The whole history and an old catch-up come from the store, filtered for the viewer.
      const history = await service.history({ matchId, token: tokens[0]! });
      expect(history.events.map((e) => e.version)).toEqual(stored.map((e) => e.version));
      const frame = await service.catchUp({ matchId, token: tokens[1]!, afterVersion: 2 });
      expect(frame.kind).toBe("events");
      expect(frame.kind === "events" && frame.events.map((e) => e.version)).toEqual(
        stored.slice(2).map((e) => e.version),
      );

      // The first command, repeated long after: the same answer, nothing appended.
      const first = answers[0]!;
      const again = await service.command({
        matchId,
        token: tokens[first.seat]!,
        commandId: first.commandId,
        command: { type: "drawCard" },
      });
      expect(again).toMatchObject({ duplicate: true, version: first.version });
      expect(again.events).toEqual(first.events);
      expect(await store.version(streamIdOf(matchId))).toBe(stored.length);
    } finally {
      await service.close();
    }
  });
});
