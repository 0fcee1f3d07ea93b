import type { CardCode } from "../cards/codes.js";
import { createRng } from "../cards/rng.js";
import type { BotLevel } from "../core/engine.js";
import { GameDriver, type DispatchResult } from "../core/driver.js";
import { isRefusal, type Command, type Refusal } from "../core/types.js";
import type { AnyVariant } from "../core/variant.js";
import type { RefereeName } from "../core/branches.js";
import { stackDeck, type StackSpec } from "./deck.js";
import { FastBeside, type FastRowStats } from "./fastBeside.js";
import { FAST_ROW_FAMILIES } from "./families.js";

type Ev = { type: string };

/** `decider`: decide/evolve directly; `machine`: the statechart referee; `both`: in lockstep. */
export type DriverMode = "decider" | "machine" | "both";

export interface TableSpec extends StackSpec {
  /** Drives every later shuffle; default 1. */
  readonly seed?: number;
  /** The whole deck order, top first, instead of `hands`/`starter`/`drawPile`. */
  readonly deck?: readonly CardCode[];
  /** Default `decider`. */
  readonly mode?: DriverMode;
}

/** A variant and the table a test starts from. */
export interface Setup {
  readonly variant: AnyVariant;
  readonly spec: TableSpec;
}

/** `table(noris, { players: 3, hands: { 1: ["red/draw2"] }, starter: "red/9" })`. */
export const table = (variant: AnyVariant, spec: TableSpec): Setup => ({ variant, spec });

/** A table spec in which every field is optional and options are a partial object `O`. */
export type TableOverrides<O extends object> = Partial<Omit<TableSpec, "options">> & {
  readonly options?: Partial<O>;
};

/**
 * A suite's own `table`: `defaults` (players, mode, options, …) that each test may override;
 * options are merged, not replaced. `const deal = tableOf(bavarian, { players: 3, options: { cut: false } })`.
 */
export const tableOf =
  <O extends object = Record<string, unknown>>(variant: AnyVariant, defaults: TableOverrides<O>) =>
  (spec: TableOverrides<O> = {}): Setup =>
    table(variant, {
      ...defaults,
      ...spec,
      options: { ...defaults.options, ...spec.options },
    } as TableSpec);

/** One command and what it did to one driver. */
export interface StepRecord {
  readonly command: Command;
  readonly refusal: Refusal | null;
  readonly events: readonly Ev[];
  readonly versionBefore: number;
  readonly versionAfter: number;
  /** The whole folded state and every view, as JSON, before and after. */
  readonly snapshotBefore: string;
  readonly snapshotAfter: string;
}

/** What an expectation looks at: one driver after the last `when`. */
export interface Outcome {
  readonly mode: "decider" | "machine";
  /** The referee that played (testing/referees.ts); `decide` or `machine` outside the harness. */
  readonly referee: RefereeName;
  readonly driver: GameDriver;
  /** The commands of the last `when`, in order. */
  readonly steps: readonly StepRecord[];
  /** Every event the last `when` appended. */
  readonly events: readonly Ev[];
  /** The table as conformance/FORMAT.md prints it (`driver.scriptState()`). */
  readonly table: Readonly<Record<string, unknown>>;
}

export type Expectation = (outcome: Outcome) => void;

/** Sends commands to every driver of the scenario; a step function gets one. */
export interface Table {
  /** The first driver: read it to decide the next command. */
  readonly driver: GameDriver;
  send(command: Command): Refusal | null;
}

/** A command, or a function that sends several (bots playing a game out). */
export type Step = Command | ((table: Table) => void);

function snapshot(driver: GameDriver): string {
  const players = (driver.events[0] as { data?: { players?: unknown } } | undefined)?.data?.players;
  const seats = typeof players === "number" ? players : 0;
  const views = [
    driver.view("spectator"),
    ...Array.from({ length: seats }, (_, seat) => driver.view(seat)),
  ];
  return JSON.stringify({ state: driver.state, table: driver.scriptState(), views });
}

class Run {
  readonly history: StepRecord[] = [];
  batch: StepRecord[] = [];
  readonly mode: "decider" | "machine";
  private readonly fast: FastBeside | null;
  constructor(
    readonly referee: RefereeName,
    readonly driver: GameDriver,
    fastStats: FastRowStats | null,
  ) {
    this.mode = referee === "machine" ? "machine" : "decider";
    const family = driver.engine.family;
    const fastRow = referee === "fast" ? FAST_ROW_FAMILIES[family] : undefined;
    if (referee === "fast" && fastRow === undefined)
      throw new Error(`the fast row drives no fast path of family ${family}`);
    this.fast =
      fastRow === undefined ? null : new FastBeside(fastStats ?? { judged: 0, left: 0 }, fastRow);
  }

  private dispatch(command: Command): DispatchResult<Ev> {
    if (this.fast === null) return this.driver.dispatch(command);
    let result: DispatchResult<Ev> | undefined;
    this.fast.send(this.driver, command, () => (result = this.driver.dispatch(command)).ok);
    return result!;
  }

  /** The machine row: the chart is where the game is, and took what the events say. */
  private checkMachine(before: unknown, command: Command, events: readonly Ev[]): void {
    const engine = this.driver.engine;
    const said = JSON.stringify(command);
    const position = engine.chartPosition(this.driver.state).state;
    if (this.driver.machineState !== position)
      throw new Error(
        `after ${said} the machine is in ${this.driver.machineState}, the game at ${position}`,
      );
    const derived = engine.machineEvents(before, events, this.driver.state);
    if (JSON.stringify(derived) !== JSON.stringify(this.driver.taken))
      throw new Error(
        `after ${said} the machine took ${JSON.stringify(this.driver.taken)}, the events say ${JSON.stringify(derived)}`,
      );
  }

  send(command: Command): Refusal | null {
    const versionBefore = this.driver.version;
    const snapshotBefore = snapshot(this.driver);
    const stateBefore = this.driver.state;
    const result = this.dispatch(command);
    if (result.ok && this.mode === "machine")
      this.checkMachine(stateBefore, command, result.events);
    const record: StepRecord = {
      command,
      refusal: result.ok ? null : result.refusal,
      events: result.ok ? result.events : [],
      versionBefore,
      versionAfter: this.driver.version,
      snapshotBefore,
      snapshotAfter: snapshot(this.driver),
    };
    this.history.push(record);
    this.batch.push(record);
    return record.refusal;
  }

  outcome(): Outcome {
    return {
      mode: this.mode,
      referee: this.referee,
      driver: this.driver,
      steps: this.batch,
      events: this.batch.flatMap((r) => r.events),
      table: this.driver.scriptState(),
    };
  }
}

const describeCommand = (c: Command): string => JSON.stringify(c);

/** How a scenario is run by the referee harness (testing/referees.ts). */
export interface ScenarioReferee {
  readonly referee: RefereeName;
  /** The fast row's counts of steps judged and left to decide. */
  readonly stats?: FastRowStats;
}

/** given(setup).when(...steps).then(...expectations), chainable: `.when(…).then(…)` again. */
export class Scenario {
  private readonly runs: Run[];

  /** `harness`: one referee of the harness plays (the spec's `mode` is then ignored). */
  constructor(setup: Setup, harness?: ScenarioReferee) {
    const { variant, spec } = setup;
    const stacked =
      spec.hands !== undefined || spec.starter !== undefined || spec.drawPile !== undefined;
    if (stacked && spec.deck !== undefined)
      throw new Error("given: pass either `deck` or `hands`/`starter`/`drawPile`, not both");
    const deck = spec.deck ?? (stacked || spec.cut ? stackDeck(variant, spec) : undefined);
    const open = {
      players: spec.players,
      options: spec.options ?? {},
      seed: spec.seed ?? 1,
      ...(spec.dealer === undefined ? {} : { dealer: spec.dealer }),
      ...(deck === undefined ? {} : { deck }),
    };
    const mode = spec.mode ?? "decider";
    const referees: RefereeName[] = harness
      ? [harness.referee]
      : mode === "both"
        ? ["decide", "machine"]
        : [mode === "machine" ? "machine" : "decide"];
    this.runs = referees.map((referee) => {
      const driver = GameDriver.open(variant, open, referee === "machine" ? "machine" : "decider");
      if (isRefusal(driver))
        throw new Error(`given: the match cannot open: ${driver.code} ${driver.message.en}`);
      return new Run(referee, driver, harness?.stats ?? null);
    });
  }

  /** The first driver (decider when running both). */
  get driver(): GameDriver {
    return this.runs[0]!.driver;
  }

  /** Sends the steps' commands to every driver, in order. */
  when(...steps: Step[]): this {
    for (const run of this.runs) run.batch = [];
    const table: Table = {
      driver: this.driver,
      send: (command) => {
        let first: Refusal | null = null;
        this.runs.forEach((run, i) => {
          const refusal = run.send(command);
          if (i === 0) first = refusal;
        });
        return first;
      },
    };
    for (const step of steps) {
      if (typeof step === "function") step(table);
      else table.send(step);
    }
    return this;
  }

  /** Checks every expectation against every driver; drivers run in lockstep must agree. */
  then(...expectations: Expectation[]): this {
    this.checkAgreement();
    for (const run of this.runs) {
      const outcome = run.outcome();
      for (const expectation of expectations) {
        try {
          expectation(outcome);
        } catch (error) {
          if (this.runs.length > 1 && error instanceof Error)
            error.message = `[${run.mode} mode] ${error.message}`;
          throw error;
        }
      }
    }
    return this;
  }

  private checkAgreement(): void {
    const [first, ...others] = this.runs;
    if (!first) return;
    for (const other of others) {
      first.batch.forEach((a, i) => {
        const b = other.batch[i];
        const said = (r: StepRecord | undefined) =>
          r === undefined
            ? "nothing"
            : r.refusal
              ? `${r.refusal.code} (rule ${r.refusal.rule ?? "-"})`
              : JSON.stringify(r.events);
        if (said(a) !== said(b))
          throw new Error(
            `${first.mode} and ${other.mode} disagree on ${describeCommand(a.command)}:\n` +
              `  ${first.mode}: ${said(a)}\n  ${other.mode}: ${said(b)}`,
          );
      });
    }
  }
}

export const given = (setup: Setup): Scenario => new Scenario(setup);

export interface BotOptions {
  readonly level?: BotLevel;
  /** Seed of the bots' random choices; default 1. */
  readonly seed?: number;
  /** `game`: until the current game is over; `match`: starting each next game, until the match is. */
  readonly until?: "game" | "match";
  /** Safety net against a game that never ends; default 20 000. */
  readonly maxMoves?: number;
}

/** A step: bots play for every seat. A bot's move that is refused fails the test. */
export function bots(options: BotOptions = {}): (table: Table) => void {
  const { level = "heuristic", seed = 1, until = "game", maxMoves = 20_000 } = options;
  return (table) => {
    const random = createRng(seed);
    for (let moves = 0; ; moves++) {
      if (moves > maxMoves) throw new Error(`bots: no end after ${maxMoves} moves`);
      const { status, toAct } = table.driver.progress();
      if (status === "matchOver") return;
      if (status === "gameOver") {
        if (until === "game") return;
        const refusal = table.send({ type: "startNextGame" });
        if (refusal) throw new Error(`bots: next game refused: ${refusal.code}`);
        continue;
      }
      if (toAct === null) throw new Error(`bots: nobody to act while ${status}`);
      const command = table.driver.botMove(toAct, level, random);
      const refusal = table.send(command);
      if (refusal)
        throw new Error(
          `bots: the engine refused its own legal move ${describeCommand(command)}: ${refusal.code} ${refusal.message.en}`,
        );
    }
  };
}

/** A step: `n` commands made by `make(i)`, e.g. draws going round the table. */
export const repeat =
  (n: number, make: (i: number) => Command): ((table: Table) => void) =>
  (table) => {
    for (let i = 0; i < n; i++) table.send(make(i));
  };
