import { createRng, GameDriver, isRefusal, search } from "@maumau/engine";
import { findVariant } from "@maumau/registry";
import { afterEach, describe, expect, it } from "vitest";
import { MemoryEventStore } from "../store/memory.js";
import { silentLogger } from "../testing/index.js";
import { MatchService } from "../matches/MatchService.js";
import { BotPool } from "./BotPool.js";

const pools: BotPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

/** A seat's knowledge a few moves into a game: its view and its filtered log. */
function knowledge(variantId: string, seed: number) {
  const variant = findVariant(variantId)!;
  const driver = GameDriver.open(variant, { players: 3, options: {}, seed });
  if (isRefusal(driver)) throw new Error(driver.message.en);
  const random = createRng(seed, 1);
  for (let i = 0; i < 6; i++)
    driver.dispatch(driver.botMove(driver.progress().toAct!, "heuristic", random));
  const engine = driver.engine;
  const seat = driver.progress().toAct!;
  return {
    engine,
    seat,
    view: engine.view(driver.state, seat),
    log: driver.events.map((e) => engine.eventFor(e, seat)),
    legal: driver.legalMoves(seat),
  };
}

describe("BotPool: search bots think in worker threads", () => {
  it.each(["noris", "heul-doch"])(
    "%s: a worker answers the move the search makes in-process from the same view, log and seed",
    async (variant) => {
      const pool = new BotPool(2);
      pools.push(pool);
      const k = knowledge(variant, 3);
      const budget = { playouts: 60 };
      const reply = await pool.think({
        variant,
        seat: k.seat,
        view: k.view,
        log: k.log,
        seed: 42,
        budget,
      });
      expect(reply.ok).toBe(true);
      if (!reply.ok) return;
      const local = search(
        k.engine,
        { seat: k.seat, view: k.view, log: k.log },
        { seed: 42, ...budget },
      );
      expect(reply.command).toEqual(local.command);
      expect(k.legal).toContainEqual(reply.command);
    },
    60_000,
  );

  it("answers a bad request with an error, and keeps serving", async () => {
    const pool = new BotPool(1);
    pools.push(pool);
    const bad = await pool.think({
      variant: "skat",
      seat: 0,
      view: null,
      log: [],
      seed: 1,
      budget: {},
    });
    expect(bad).toMatchObject({ ok: false, error: "unknown variant skat" });
    const k = knowledge("french", 5);
    const good = await pool.think({
      variant: "french",
      seat: k.seat,
      view: k.view,
      log: k.log,
      seed: 1,
      budget: { playouts: 10 },
    });
    expect(good.ok).toBe(true);
  });

  it("a thinking search bot in one match does not hold up another match's moves", async () => {
    const service = new MatchService({
      store: new MemoryEventStore(),
      logger: silentLogger(),
      botDelayMs: 0,
      graceMs: 1000,
      catchUpLimit: 200,
      // A deliberately long think: its time bound (20 s), not a count of playouts, ends it, so
      // that on a loaded machine too the other match has long enough for its 20 moves.
      search: { threads: 1, budget: { playouts: 100_000_000, ms: 20_000 } },
    });
    const order: string[] = [];
    service.onCommit((match) => order.push(match.id));
    /** A match of bots: its creator adds a bot of `level`, starts, and leaves (a bot takes over). */
    const botMatch = async (variant: string, level: "search" | "heuristic") => {
      const { matchId, ticket } = await service.create({ variant, seats: 2, name: "Ann" });
      await service.addBots({ matchId, token: ticket!.token, level });
      await service.start({ matchId, token: ticket!.token });
      await service.leave({ matchId, token: ticket!.token });
      return matchId;
    };
    const slow = await botMatch("noris", "search");
    const fast = await botMatch("french", "heuristic");
    const searchSeat = (await service.snapshot({ matchId: slow })).lobby.seats.findIndex(
      (s) => s.kind === "bot" && s.level === "search",
    );
    expect(searchSeat).toBeGreaterThanOrEqual(0);
    /** The fast match's commits since the slow match's last one. */
    const fastSinceSlow = () => {
      let run = 0;
      for (const id of order) run = id === slow ? 0 : id === fast ? run + 1 : run;
      return run;
    };
    const deadline = Date.now() + 60_000;
    while (fastSinceSlow() < 20 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 5));
    // The slow match is still at its search bot's turn (it has not moved: it is thinking),
    // while the fast match made 20 moves: the event loop was never held by the search.
    const now = await service.snapshot({ matchId: slow });
    expect(fastSinceSlow()).toBeGreaterThanOrEqual(20);
    expect(now.lobby.status).toBe("running");
    expect(now.progress?.toAct).toBe(searchSeat);
    await service.close();
  }, 90_000);
});
