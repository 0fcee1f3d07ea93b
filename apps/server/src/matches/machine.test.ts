import { isRefusal } from "@maumau/engine";
import { findVariant } from "@maumau/registry";
import { describe, expect, it, vi } from "vitest";
import { MemoryEventStore } from "../store/memory.js";
import { silentLogger } from "../testing/index.js";
import { Match } from "./Match.js";
import { MatchService } from "./MatchService.js";

const service = (store: MemoryEventStore) =>
  new MatchService({
    store,
    logger: silentLogger(),
    botDelayMs: 0,
    graceMs: 1000,
    catchUpLimit: 200,
  });

/** Every card code of the variant's deck (and its special cards): none may show in `machine`. */
const cardCodes = (variant: string, options: unknown) => {
  const v = findVariant(variant)!;
  return [...new Set(v.deckFor(v.optionsSchema.parse(options)))];
};

describe("the server decides through the machine and shows where the game stands on its chart", () => {
  for (const { variant, options, seats } of [
    { variant: "bavarian", options: {}, seats: 2 },
    { variant: "french", options: {}, seats: 2 },
    { variant: "heul-doch", options: { specials: true }, seats: 3 },
  ]) {
    it(`${variant}: machine position in every snapshot, public, rebuilt the same from the log`, async () => {
      const store = new MemoryEventStore();
      const a = service(store);
      const { matchId, ticket } = await a.create({ variant, seats, name: "A", options });
      const tokens = [ticket!.token];
      for (let s = 1; s < seats; s++) tokens.push((await a.join({ matchId, name: `P${s}` })).token);
      expect((await a.snapshot({ matchId })).machine).toBeNull();
      await a.start({ matchId, token: ticket!.token });
      const codes = cardCodes(variant, options);
      const engine = findVariant(variant)!.engine;
      const taken = new Set<string>();
      let refusals = 0;
      for (let i = 0; i < 80; i++) {
        const spectator = await a.snapshot({ matchId });
        if (spectator.lobby.status === "over" || spectator.progress?.toAct == null) break;
        const seat = spectator.progress.toAct;
        const mine = await a.snapshot({ matchId, token: tokens[seat]! });
        const other = await a.snapshot({ matchId, token: tokens[(seat + 1) % seats]! });
        // One position for every viewer, and no card in it.
        expect(mine.machine).toEqual(spectator.machine);
        expect(other.machine).toEqual(spectator.machine);
        const text = JSON.stringify(spectator.machine);
        for (const code of codes)
          expect(text.includes(`"${code}"`), `${code} in ${text}`).toBe(false);
        const match = Match.fromEvents(matchId, await store.read(`match-${matchId}`));
        // Rebuilt from the log: the same chart state as the live cache, the engine's position.
        expect(match.machinePosition()).toEqual(spectator.machine);
        expect(spectator.machine!.state).toBe(engine.chartPosition(match.state).state);
        for (const t of spectator.machine!.taken) taken.add(t);
        // A refused command changes nothing: version and position stay.
        const refused = await a
          .command({
            matchId,
            token: tokens[(seat + 1) % seats]!,
            commandId: `x${i}`,
            command: { type: "drawCard" },
          })
          .catch((e: unknown) => e);
        expect(refused).toBeInstanceOf(Error);
        refusals++;
        const after = await a.snapshot({ matchId });
        expect(after.version).toBe(spectator.version);
        expect(after.machine).toEqual(spectator.machine);
        const move = mine.legal.find((m) => m.type === "playCard") ?? mine.legal[0]!;
        await a.command({ matchId, token: tokens[seat]!, commandId: `c${i}`, command: move });
      }
      expect(refusals).toBeGreaterThan(0);
      expect(taken.has("playCard")).toBe(true);
      await a.close();
    });
  }

  it("folds a command's events once: the committed events take over the machine's decided state", async () => {
    const store = new MemoryEventStore();
    const a = service(store);
    const { matchId, ticket } = await a.create({
      variant: "french",
      seats: 2,
      name: "A",
      options: {},
    });
    const b = await a.join({ matchId, name: "B" });
    await a.start({ matchId, token: ticket!.token });
    const tokens = [ticket!.token, b.token];
    const spectator = await a.snapshot({ matchId });
    const seat = spectator.progress!.toAct!;
    const mine = await a.snapshot({ matchId, token: tokens[seat]! });
    const engine = findVariant("french")!.engine;
    const evolve = vi.spyOn(engine, "evolve");
    await a.command({ matchId, token: tokens[seat]!, commandId: "once", command: mine.legal[0]! });
    expect(evolve).not.toHaveBeenCalled();
    evolve.mockRestore();
    await a.close();
  });

  it("a hidden card cannot leak through the position: drawnCard is only shown while the drawer still acts", () => {
    // The position is a function of the public state: two games that differ only in a hidden
    // hand card have the same position.
    const variant = findVariant("french")!;
    const engine = variant.engine;
    const opened = engine.start({
      variant: "french",
      rules: variant.ruleSetFor(variant.optionsSchema.parse({})),
      players: 3,
      seed: 5,
    });
    if (isRefusal(opened)) throw new Error("cannot open");
    const state = engine.replay(opened) as { hands: string[][] };
    const swapped = {
      ...state,
      hands: state.hands.map((h, i) => (i === 2 ? [...h].reverse() : h)),
    };
    expect(engine.chartPosition(swapped)).toEqual(engine.chartPosition(state));
  });
});
