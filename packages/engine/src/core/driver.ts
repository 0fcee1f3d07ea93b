import { createActor, type AnyActorRef } from "xstate";
import type { AnyEngine, BotLevel, Progress, SearchBudget } from "./engine.js";
import { COMMAND_TYPES, isRefusal, type Command, type Refusal, type Seat, type Viewer } from "./types.js";
import { openMatch, type AnyVariant, type OpenMatch } from "./variant.js";

export type DispatchResult<E> = { ok: true; events: E[] } | { ok: false; refusal: Refusal };

type Ev = { type: string };

const KNOWN_TYPES: ReadonlySet<string> = new Set<string>(COMMAND_TYPES);

/** Only known command types reach a machine: XState reserves other event types for itself. */
const isCommand = (c: unknown): c is Command =>
  typeof c === "object" && c !== null && KNOWN_TYPES.has((c as { type?: unknown }).type as string);

const UNKNOWN: Refusal = {
  code: "INVALID_COMMAND",
  message: { en: "Unknown command.", de: "Unbekannter Befehl." },
};

/**
 * Runs one match in memory: the log, the folded state, and the moves. Two modes share the
 * same rules: `decider` calls `decide`/`evolve` directly (bots, simulations: full speed),
 * `actor` runs the variant's XState machine live (its guards and actions call the same pure
 * functions) so that a front end can show which state the game is in.
 */
export class GameDriver {
  readonly engine: AnyEngine;
  private log: Ev[];
  private current: unknown;
  private actor: AnyActorRef | null;

  private constructor(
    readonly variant: AnyVariant,
    events: readonly Ev[],
    mode: "decider" | "actor",
  ) {
    this.engine = variant.engine as AnyEngine;
    this.log = events.slice();
    this.current = this.engine.replay(this.log);
    this.actor = null;
    if (mode === "actor") {
      const rules = (this.log[0] as unknown as { data: { rules: unknown } }).data.rules;
      this.actor = createActor(this.engine.machine(rules), { input: { events: this.log } }).start();
    }
  }

  /** Opens a new match (first events decided from the setup), or says why it cannot. */
  static open(
    variant: AnyVariant,
    open: OpenMatch,
    mode: "decider" | "actor" = "decider",
  ): GameDriver | Refusal {
    const events = openMatch(variant, open);
    if (isRefusal(events)) return events;
    return new GameDriver(variant, events, mode);
  }

  /** Rebuilds a match from its log (replay). */
  static replay(
    variant: AnyVariant,
    events: readonly Ev[],
    mode: "decider" | "actor" = "decider",
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
  /** The machine's current state value (actor mode), e.g. "playing". */
  get machineState(): string | null {
    const value = this.actor?.getSnapshot().value as unknown;
    return typeof value === "string" ? value : value == null ? null : JSON.stringify(value);
  }

  dispatch(command: Command): DispatchResult<Ev> {
    let result: Ev[] | Refusal;
    if (!isCommand(command)) return { ok: false, refusal: UNKNOWN };
    if (this.actor) {
      const outcomeOf = () =>
        (this.actor!.getSnapshot().context as { outcome: Ev[] | Refusal | null }).outcome;
      const before = outcomeOf();
      this.actor.send(command);
      const after = outcomeOf();
      // An event the machine does not handle leaves the outcome untouched: not a command.
      result = after === before || after === null ? UNKNOWN : after;
    } else if (this.engine.apply) {
      const applied = this.engine.apply(this.current, command);
      if (isRefusal(applied)) return { ok: false, refusal: applied };
      this.current = applied.state;
      this.log.push(...applied.events);
      return { ok: true, events: applied.events };
    } else {
      result = this.engine.decide(this.current, command);
    }
    if (isRefusal(result)) return { ok: false, refusal: result };
    for (const e of result) {
      this.current = this.engine.evolve(this.current, e);
      this.log.push(e);
    }
    return { ok: true, events: result };
  }

  progress(): Progress {
    return this.engine.progress(this.current);
  }
  view(viewer: Viewer): unknown {
    return this.engine.view(this.current, viewer);
  }
  legalMoves(seat: Seat): Command[] {
    return this.engine.legalMoves(this.current, seat);
  }
  /** A bot's move; `search` is shown the log as `seat` may see it, and thinks for `budget`. */
  botMove(seat: Seat, level: BotLevel, random: () => number, budget?: SearchBudget): Command {
    return this.engine.botMove(this.current, seat, level, random, this.log, budget);
  }
  scriptState(): Record<string, unknown> {
    return this.engine.scriptState(this.current);
  }
  stop(): void {
    this.actor?.stop();
  }
}
