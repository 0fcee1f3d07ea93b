import { FrameExpander, type MatchSnapshot } from "@maumau/client";
import type { Viewer } from "@maumau/engine";
import { describe, expect, it } from "vitest";
import type { StoredEvent } from "../store/EventStore.js";
import { MemoryEventStore } from "../store/memory.js";
import { silentLogger } from "../testing/index.js";
import { sameJson } from "./sameJson.js";
import type { Match } from "./Match.js";
import { MatchService } from "./MatchService.js";

/**
 * A commit's wire frames leave out what the viewer already has, and go in two parts: one public
 * part for every watcher (`Match.commitFrames(…).shared`, the spectator's delta) and each seat's
 * private part (which carries the public part, the same object). The client's FrameExpander
 * must rebuild exactly the snapshot the server holds, for every viewer after every commit of
 * whole bot-played matches (lobby events mid-game, game ends, the match's end included). The
 * public part is the spectator's delta, so it carries nothing a spectator may not see.
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
        let patches = 0;
        let wholeSeatViews = 0;
        let deltaBytes = 0;
        let partBytes = 0;
        let fullBytes = 0;
        const failures: string[] = [];
        // A viewer that was not sent a commit's frame watches again: a snapshot, as on the wire.
        const watchAgain = (m: Match, v: Viewer) =>
          expanders
            .get(v)!
            .expand({ kind: "snapshot", matchId, version: m.version, snapshot: m.snapshot(v) });
        service.onCommit((m, events) => {
          try {
            check(m, events);
          } catch (error) {
            failures.push(`at ${m.version}: ${String(error)}`);
          }
        });
        const check = (m: Match, events: readonly StoredEvent[]) => {
          commits++;
          // Now and then nobody hears a commit (no frames are built), or seat 2's socket is
          // away for one: the next frames must not patch views the server did not build.
          if (commits % 11 === 0) {
            for (const v of viewers) watchAgain(m, v);
            return;
          }
          const progress = m.progress();
          const parts = m.commitFrames(events, progress);
          const shared = JSON.stringify(parts.shared);
          partBytes += shared.length;
          if (parts.shared.lobby !== undefined) withLobby++;
          const view = parts.shared.view;
          if (commits > 2 && typeof view === "object" && view !== null && "rules" in view)
            failures.push(`rules sent again at ${m.version}`);
          // The public part is the spectator's delta: its view whole, or what changed in it.
          const patch = parts.shared.viewPatch;
          if (patch === undefined) {
            if (shared !== JSON.stringify(m.deltaFrame("spectator", events, progress)))
              failures.push(`the public part at ${m.version} is not the spectator's delta`);
          } else {
            patches++;
            const { viewPatch: _patch, ...rest } = parts.shared;
            const { view: _view, ...whole } = m.deltaFrame("spectator", events, progress);
            if (JSON.stringify(rest) !== JSON.stringify(whole))
              failures.push(`the public part at ${m.version} is not the spectator's delta`);
            const seen = m.snapshot("spectator").view as Record<string, unknown> | null;
            for (const [key, value] of Object.entries(patch.set)) {
              if (!sameJson(value, seen?.[key]))
                failures.push(
                  `the public patch at ${m.version} sets ${key} beyond the spectator's view`,
                );
            }
          }
          for (const v of viewers) {
            const delta = m.deltaFrame(v, events, progress);
            const full: MatchSnapshot = m.snapshot(v);
            deltaBytes += JSON.stringify(delta).length;
            fullBytes += JSON.stringify(full).length;
            const expander = expanders.get(v)!;
            // As a socket gets them: through JSON, the public part inside a seat's packet.
            const wire = (frame: unknown) =>
              expander.expand(
                JSON.parse(JSON.stringify(frame)) as Parameters<FrameExpander["expand"]>[0],
              );
            let got;
            if (v === 2 && commits % 7 === 0) {
              watchAgain(m, v);
              continue;
            }
            if (v === "spectator") got = wire(parts.shared);
            else {
              const own = parts.privateFor(v);
              if (own.view !== undefined && parts.shared.viewPatch !== undefined) wholeSeatViews++;
              if (own.shared !== parts.shared) failures.push(`${v}: a public part of its own`);
              partBytes += JSON.stringify({ ...own, shared: null }).length;
              got = wire(own);
            }
            const [frame, ...more] = got;
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
        };
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
        // After the first commit that every viewer saw, the views travel as what changed.
        expect(patches).toBeGreaterThan(commits * 0.75);
        // Seat 2's view came whole after the commits it missed.
        expect(wholeSeatViews).toBeGreaterThan(2);
        // The lobby travels with the start, the leave and the end, not with every move.
        expect(withLobby).toBeLessThan(commits);
        expect(deltaBytes).toBeLessThan(fullBytes);
        // Encoded once, the public part and four private parts weigh less than five deltas.
        expect(partBytes).toBeLessThan(deltaBytes);
      },
    );
  }
});

describe("sameJson (a private part's keys against the shared ones)", () => {
  it("is true exactly when JSON.stringify would write the same text, up to key order", () => {
    expect(sameJson({ a: [1, { b: "x" }], c: null }, { c: null, a: [1, { b: "x" }] })).toBe(true);
    expect(sameJson({ a: 1, wish: undefined }, { a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameJson({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameJson({ a: null }, {})).toBe(false);
    expect(sameJson([], {})).toBe(false);
    // What JSON converts counts as different (a fold too many, never a wrong state).
    expect(sameJson({ a: NaN }, { a: null })).toBe(false);
    expect(sameJson({ at: new Date(0) }, { at: new Date(0).toJSON() })).toBe(false);
  });
});
