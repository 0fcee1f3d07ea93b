import type { AnyMachineSnapshot } from "xstate";
import type { AnyEngine, BotLevel, Progress, SearchBudget } from "./engine.js";
import type { FamilyView } from "../families.js";
import { UNKNOWN_COMMAND } from "./checks.js";
import { isCommand, positionOf, runtimeOf, type MachineRuntime } from "./runtime.js";
import { isRefusal, type Command, type Refusal, type Seat, type Viewer } from "./types.js";
import { openMatch, type AnyVariant, type OpenMatch } from "./variant.js";

export type DispatchResult<E> = { ok: true; events: E[] } | { ok: false; refusal: Refusal };

type Ev = { type: string };

/** `decider`: the fast decide path (bots, simulations); `machine`: the statechart referee. */
export type GameDriverMode = "decider" | "machine";

/**
 * Runs one match in memory: the log, the folded state, and the moves. Two modes share the
 * same rules: `decider` calls the engine's `apply` directly — bots and
 * simulations at full speed; `machine` runs the variant's statechart with XState's pure
 * `transition()` on a cached snapshot, as the server does, so a front end can show where on
 * the chart the game is. Either way each command is decided once and its events folded once.
 */
export class GameDriver {
  readonly engine: AnyEngine;
  private log: Ev[];
  private current: unknown;
  private readonly runtime: MachineRuntime | null;
  private snapshot: AnyMachineSnapshot | null;
  private lastTaken: readonly string[] = [];

  private constructor(
    readonly variant: AnyVariant,
    events: readonly Ev[],
    readonly mode: GameDriverMode,
  ) {
    this.engine = variant.engine;
    this.log = events.slice();
    this.current = this.engine.replay(this.log);
    this.runtime =
      mode === "machine" ? runtimeOf(this.engine, this.engine.ruleSetOf(this.current)) : null;
    this.snapshot = this.runtime?.snapshotOf(this.current) ?? null;
  }

  /** Opens a new match (first events decided from the setup), or says why it cannot. */
  static open(
    variant: AnyVariant,
    open: OpenMatch,
    mode: GameDriverMode = "decider",
  ): GameDriver | Refusal {
    const events = openMatch(variant, open);
    if (isRefusal(events)) return events;
    return new GameDriver(variant, events, mode);
  }

  /** Rebuilds a match from its log (replay). */
  static replay(
    variant: AnyVariant,
    events: readonly Ev[],
    mode: GameDriverMode = "decider",
  ): GameDriver {
    return new GameDriver(variant, events, mode);
  }

  get events(): readonly Ev[] {
    return this.log;
  }
  get state(): unknown {
    return this.current;
  }
  get version(): number {
    return this.log.length;
  }
  /** The machine's dotted state (machine mode), e.g. "turn.underPenalty"; else null. */
  get machineState(): string | null {
    return this.snapshot === null ? null : positionOf(this.snapshot);
  }
  /** The machine events the last accepted command took (machine mode), e.g. ["playCard", "effect.draw"]. */
  get taken(): readonly string[] {
    return this.lastTaken;
  }

  dispatch(command: Command): DispatchResult<Ev> {
    if (!isCommand(command)) return { ok: false, refusal: UNKNOWN_COMMAND };
    if (this.runtime && this.snapshot) {
      const step = this.runtime.step(this.snapshot, command);
      if (isRefusal(step)) return { ok: false, refusal: step };
      this.snapshot = step.snapshot;
      this.current = step.state;
      this.lastTaken = step.taken;
      this.log.push(...step.events);
      return { ok: true, events: step.events };
    }
    const applied = this.engine.apply(this.current, command);
    if (isRefusal(applied)) return { ok: false, refusal: applied };
    this.current = applied.state;
    this.log.push(...applied.events);
    return { ok: true, events: applied.events };
  }

  progress(): Progress {
    return this.engine.progress(this.current);
  }
  view(viewer: Viewer): FamilyView {
    return this.engine.view(this.current, viewer);
  }
  legalMoves(seat: Seat): Command[] {
    return this.engine.legalMoves(this.current, seat);
  }
  /** A bot's move; a level that `needsLog` is shown the log as `seat` may see it, and a search thinks for `budget`. */
  botMove(seat: Seat, level: BotLevel, random: () => number, budget?: SearchBudget): Command {
    return this.engine.botMove(this.current, seat, level, random, this.log, budget);
  }
  scriptState(): Record<string, unknown> {
    return this.engine.scriptState(this.current);
  }
  /** Nothing runs in the background (kept for callers that stopped the old live actor). */
  stop(): void {}
}
