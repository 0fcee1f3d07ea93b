import { FrameExpander, type MatchSnapshot } from "@maumau/client";
import type { Viewer } from "@maumau/engine";
import { describe, expect, it } from "vitest";
import { MemoryEventStore } from "../store/memory.js";
import { silentLogger } from "../testing/index.js";
import { MatchService } from "./MatchService.js";

/**
 * A commit's wire frame (`Match.deltaFrame`) leaves out what the viewer already has; the
 * client's FrameExpander must rebuild exactly the snapshot the server holds, after every commit
 * of whole bot-played matches (lobby events mid-game, game ends, the match's end included).
 */
describe("delta frames", () => {
  for (const [variant, options] of [
    ["noris", { games: 2 }],
    ["heul-doch", {}],
    ["bavarian", {}],
  ] as const) {
    it(
      `complete to the server's snapshot for every viewer after every commit (${variant})`,
      {
        timeout: 60_000,
      },
      async () => {
        const service = new MatchService({
          store: new MemoryEventStore(),
          logger: silentLogger(),
          botDelayMs: 0,
          graceMs: 60_000,
          catchUpLimit: 200,
        });
        const { matchId, ticket } = await service.create({ variant, seats: 4, name: "A", options });
        const token = ticket!.token;
        await service.addBots({ matchId, token, level: "random", count: 3 });
        const viewers: Viewer[] = [0, 1, 2, 3, "spectator"];
        const expanders = new Map(viewers.map((v) => [v, new FrameExpander()]));
        const match = await service.match(matchId);
        for (const v of viewers) {
          expanders.get(v)!.expand({
            kind: "snapshot",
            matchId,
            version: match.version,
            snapshot: match.snapshot(v),
          });
        }
        let commits = 0;
        let withLobby = 0;
        let deltaBytes = 0;
        let fullBytes = 0;
        const failures: string[] = [];
        service.onCommit((m, events) => {
          commits++;
          const progress = m.progress();
          for (const v of viewers) {
            const delta = m.deltaFrame(v, events, progress);
            const full: MatchSnapshot = m.snapshot(v);
            if (delta.lobby !== undefined) withLobby++;
            if (commits > 2 && delta.view !== null && "rules" in (delta.view as object))
              failures.push(`rules sent again at ${m.version}`);
            deltaBytes += JSON.stringify(delta).length;
            fullBytes += JSON.stringify(full).length;
            const [frame, ...more] = expanders.get(v)!.expand(delta);
            if (more.length > 0) failures.push(`${v} at ${m.version}: ${more.length} extra frames`);
            try {
              expect(frame?.snapshot).toEqual(full);
              expect(frame?.kind === "events" ? frame.events : null).toEqual(
                events.map((e) => m.eventFor(e, v)),
              );
            } catch (error) {
              failures.push(`${v} at ${m.version}: ${String(error).slice(0, 400)}`);
            }
          }
        });
        await service.start({ matchId, token });
        // Seat 0 leaves: a lobby event mid-game, and a bot plays the empty seat from then on.
        await service.leave({ matchId, token });
        const deadline = Date.now() + 50_000;
        while ((await service.match(matchId)).status !== "over") {
          if (Date.now() > deadline) throw new Error("the match did not end");
          await new Promise((r) => setTimeout(r, 20));
        }
        await service.close();
        expect(failures).toEqual([]);
        expect(commits).toBeGreaterThan(20);
        // The lobby travels with the start, the leave and the end, not with every move.
        expect(withLobby).toBeLessThan(commits);
        expect(deltaBytes).toBeLessThan(fullBytes);
      },
    );
  }
});
