import { isRefusal, type Command } from "@maumau/engine";
import { findVariant } from "@maumau/registry";
import { describe, expect, it, vi } from "vitest";
import { MemoryEventStore } from "../store/memory.js";
import { silentLogger } from "../testing/index.js";
import { Match, streamIdOf } from "./Match.js";
import { MatchService } from "./MatchService.js";

const service = (store: MemoryEventStore) =>
  new MatchService({
    store,
    logger: silentLogger(),
    botDelayMs: 0,
    graceMs: 1000,
    catchUpLimit: 200,
  });

/** A started match of `seats` players (the creator and `seats - 1` who joined). */
async function startedMatch(
  store: MemoryEventStore,
  variant: string,
  seats: number,
  options: unknown = {},
): Promise<{ matchId: string }> {
  const a = service(store);
  const { matchId, ticket } = await a.create({ variant, seats, name: "A", options });
  for (let s = 1; s < seats; s++) await a.join({ matchId, name: `P${s}` });
  await a.start({ matchId, token: ticket!.token });
  await a.close();
  return { matchId };
}

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

  it("a refused command changes nothing: same game, same position, same next decision", async () => {
    const store = new MemoryEventStore();
    const { matchId } = await startedMatch(store, "french", 3);
    const log = await store.read(streamIdOf(matchId));
    const match = Match.fromEvents(matchId, log);
    const untouched = Match.fromEvents(matchId, log);
    const state = match.state;
    const position = match.machinePosition();
    const seat = match.progress()!.toAct!;
    const refused: Command[] = [
      { type: "drawCard", seat: (seat + 1) % 3 },
      { type: "playCard", seat, card: "no such card" },
      { type: "pass", seat },
      { type: "noSuchCommand" } as unknown as Command,
    ];
    for (const command of refused) {
      const decision = match.decide(command);
      expect(isRefusal(decision), JSON.stringify(command)).toBe(true);
      expect(decision).toEqual(untouched.decide(command));
      expect(match.state).toBe(state);
      expect(match.version).toBe(log.length);
      expect(match.machinePosition()).toEqual(position);
    }
    // Nothing of a refusal is kept: the next command is decided as on a match that saw none.
    const move = match.engine.legalMoves(match.state, seat)[0]!;
    const decided = match.decide(move);
    expect(isRefusal(decided)).toBe(false);
    expect(decided).toEqual(untouched.decide(move));
  });

  for (const { variant, options, seats } of [
    { variant: "noris", options: { games: 2 }, seats: 3 },
    { variant: "heul-doch", options: { specials: true }, seats: 3 },
  ])
    it(`${variant}: events decided in one process fold to the same state in another, by the same fold`, async () => {
      const store = new MemoryEventStore();
      const { matchId } = await startedMatch(store, variant, seats, options);
      const opening = await store.read(streamIdOf(matchId));
      const here = Match.fromEvents(matchId, opening, Infinity);
      const there = Match.fromEvents(matchId, opening, Infinity);
      const evolve = vi.spyOn(here.engine, "evolve");
      let moves = 0;
      for (; moves < 400 && here.status === "running"; moves++) {
        const progress = here.progress()!;
        const command: Command =
          progress.status === "gameOver"
            ? { type: "startNextGame" }
            : here.engine.botMove(here.state, progress.toAct!, "heuristic", () => 0.5);
        const decided = here.decide(command);
        if (isRefusal(decided)) throw new Error(`refused: ${decided.message.en}`);
        // The other process decides the same on its own fold.
        expect(there.decide(command)).toEqual(decided);
        const committed = decided.map((e, i) => ({
          streamId: streamIdOf(matchId),
          version: here.version + 1 + i,
          type: e.type,
          data: (e as { data?: unknown }).data ?? null,
          at: new Date(moves).toISOString(),
          commandId: `c${moves}`,
        }));
        evolve.mockClear();
        here.apply(committed);
        // The process that decided folds the events like any other: once each, by evolve.
        expect(evolve).toHaveBeenCalledTimes(decided.length);
        evolve.mockClear();
        there.apply(committed);
        expect(evolve).toHaveBeenCalledTimes(decided.length);
        expect(there.state).toEqual(here.state);
        expect(there.machinePosition()).toEqual(here.machinePosition());
      }
      evolve.mockRestore();
      expect(moves).toBeGreaterThan(10);
      // A process that loads the whole log at once gets the same state and position.
      const loaded = Match.fromEvents(matchId, [...here.eventsAfter(0)!]);
      expect(loaded.state).toEqual(here.state);
      expect(loaded.machinePosition()).toEqual(here.machinePosition());
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
