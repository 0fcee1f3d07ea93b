import type { LobbyView, MatchSnapshot, SeatView } from "@maumau/client";
import type { BotLevel, Command, FamilyView, Progress, Seat } from "@maumau/engine";
import { FullScreenUi, type Compose } from "../online/ui.js";
import type { PlayIo, PlayScreen } from "./session.js";

/** What a local table knows at one moment, for the renderer the online table draws with. */
export interface LocalState {
  readonly variant: string;
  readonly options: Record<string, unknown>;
  readonly players: number;
  readonly me: Seat;
  readonly bots: BotLevel;
  readonly view: FamilyView | null;
  readonly progress: Progress;
  /** The seat's moves now (empty when another seat is to act). */
  readonly legal: readonly Command[];
  readonly version: number;
}

/** What a match in this process has none of: a rule set, a timer, rematches, spectators. */
const OFFLINE = {
  continuedFrom: null,
  createdAt: new Date(0).toISOString(),
  rematch: null,
  rematchBy: null,
  rematchOf: null,
  ruleSet: null,
  spectatorsReadOnly: false,
  turnTimerMs: null,
  updatedAt: new Date(0).toISOString(),
} as const satisfies Partial<LobbyView>;

/**
 * A local match as a snapshot of an online one: the player's seat is the human one, every
 * other seat a bot of the chosen level, no timer, no rematch. One renderer (online/render.ts)
 * draws both tables from it.
 */
export function localSnapshot(state: LocalState): MatchSnapshot {
  const over = state.progress.status === "matchOver";
  const seats: SeatView[] = Array.from({ length: state.players }, (_, seat) => ({
    seat,
    kind: seat === state.me ? "human" : "bot",
    name: null,
    level: seat === state.me ? null : state.bots,
    away: false,
  }));
  return {
    matchId: "local",
    version: state.version,
    viewer: state.me,
    lobby: {
      ...OFFLINE,
      matchId: "local",
      variant: state.variant,
      options: state.options,
      status: over ? "over" : "running",
      seats,
      version: state.version,
    },
    view: state.view,
    progress: state.progress,
    legal: state.legal,
    machine: null,
  };
}

/**
 * A terminal's full screen as the local table's `PlayIo`: the table is drawn in place by the
 * online table's `FullScreenUi` (the alternate screen, only changed rows written, Ctrl-L
 * redraws every row); a question or an error shows in its fixed message row, the answer is
 * typed at the prompt below it. Nothing scrolls, whatever is typed.
 */
export class ScreenIo implements PlayIo, PlayScreen {
  readonly interactive = true;
  readonly screen: PlayScreen = this;
  private ui: FullScreenUi | null = null;
  private readonly queue: (string | null)[] = [];
  private waiting: ((line: string | null) => void) | null = null;
  private closed = false;

  constructor(
    private readonly input: NodeJS.ReadStream = process.stdin,
    private readonly output: NodeJS.WriteStream = process.stdout,
  ) {}

  open(compose: Compose): void {
    if (this.ui !== null || this.closed) return;
    const ui = new FullScreenUi(compose, this.input, this.output);
    ui.onLine((line) => {
      const waiting = this.waiting;
      this.waiting = null;
      if (waiting) waiting(line);
      else this.queue.push(line);
    });
    this.ui = ui;
  }

  /** Once the full screen is closed, text goes to the terminal as in line mode. */
  write(text: string): void {
    if (this.ui === null) this.output.write(text);
  }

  message(text: string): void {
    this.ui?.message(text);
  }

  ask(prompt: string): Promise<string | null> {
    const ui = this.ui;
    if (ui === null) return Promise.resolve(null);
    // The prompt row always reads "> "; any other question goes to the message row.
    if (prompt.trim() !== ">") ui.message(prompt.trim().replace(/\s*>$/, ""));
    else ui.redraw();
    if (this.queue.length) return Promise.resolve(this.queue.shift()!);
    return new Promise((resolve) => (this.waiting = resolve));
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.ui?.close();
    this.ui = null;
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.(null);
  }
}
