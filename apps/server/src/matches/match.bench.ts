import { isRefusal, type Command, type Seat } from "@maumau/engine";
import { bench, describe } from "vitest";
import type { StoredEvent } from "../store/EventStore.js";
import { MemoryEventStore } from "../store/memory.js";
import { silentLogger } from "../testing/index.js";
import { Match, streamIdOf } from "./Match.js";
import { MatchService } from "./MatchService.js";

/**
 * A move's cost in the match cache alone, without store, sockets or frames: a four-seat noris
 * match of 100 games, played one command per iteration (the first legal card, else the first
 * legal move; the next game when one is over), each as `Match.decide` and then `Match.apply`
 * of its events as the store would hand them back. The second bench applies the same
 * commands' events to a match in "another process" that never decided them.
 */
const store = new MemoryEventStore();
const service = new MatchService({
  store,
  logger: silentLogger(),
  botDelayMs: 0,
  graceMs: 60_000,
  catchUpLimit: 200,
});
const created = await service.create({
  variant: "noris",
  seats: 4,
  name: "A",
  options: { games: 100 },
});
for (const name of ["B", "C", "D"]) await service.join({ matchId: created.matchId, name });
await service.start({ matchId: created.matchId, token: created.ticket!.token });
const opening = await store.read(streamIdOf(created.matchId));
await service.close();

const nextCommand = (m: Match): Command => {
  const progress = m.progress()!;
  if (progress.status === "gameOver") return { type: "startNextGame" };
  const legal = m.engine.legalMoves(m.state, progress.toAct as Seat);
  return legal.find((c) => c.type === "playCard") ?? legal[0]!;
};

const at = new Date(0).toISOString();
const stored = (m: Match, events: readonly { type: string }[], commandId: string): StoredEvent[] =>
  events.map((e, i) => ({
    streamId: streamIdOf(m.id),
    version: m.version + 1 + i,
    type: e.type,
    data: (e as { data?: unknown }).data ?? null,
    at,
    commandId,
  }));

let here = Match.fromEvents(created.matchId, opening);
let there = Match.fromEvents(created.matchId, opening);
let n = 0;

/** One command decided here and applied here; `there` receives the same committed events. */
function moveHere(): StoredEvent[] {
  if (here.status === "over") {
    here = Match.fromEvents(created.matchId, opening);
    there = Match.fromEvents(created.matchId, opening);
  }
  const decision = here.decide(nextCommand(here));
  if (isRefusal(decision)) throw new Error(`refused: ${decision.code}`);
  const events = stored(here, decision, `c${n++}`);
  here.apply(events);
  return events;
}

describe("one move in the match cache", () => {
  bench("decide + apply (the process that decided)", () => void moveHere(), {
    time: 3000,
    warmupTime: 500,
  });
  bench(
    "decide + apply here, apply in another process",
    () => {
      // The first bench moved `here` on alone: both start again from the opening.
      if (there.version !== here.version) {
        here = Match.fromEvents(created.matchId, opening);
        there = Match.fromEvents(created.matchId, opening);
      }
      const events = moveHere();
      there.apply(events);
    },
    { time: 3000, warmupTime: 500 },
  );
});
