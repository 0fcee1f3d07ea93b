import { createInterface, type Interface } from "node:readline";
import { fit, visibleLength } from "./render.js";

/** A message in rows of `width`, at most `max` rows (the last one cut). */
function wrap(text: string, width: number, max: number): string[] {
  const rows: string[] = [];
  let row = "";
  for (const word of text.split(" ")) {
    if (row !== "" && visibleLength(row) + 1 + visibleLength(word) > width) {
      rows.push(row);
      row = word;
    } else row = row === "" ? word : `${row} ${word}`;
  }
  if (row !== "") rows.push(row);
  if (rows.length > max) rows.splice(max - 1, rows.length, rows.slice(max - 1).join(" "));
  // A colour may run across a break: every row ends with a reset.
  return rows.map((r) => `${fit(r, width)}\u001b[0m`);
}

/** Where an online table talks to the player. */
export interface Ui {
  /** A person at a terminal (full screen), or a pipe (line mode). */
  readonly fullScreen: boolean;
  /** Lines typed, one at a time; `null` when the input has ended. */
  onLine(listener: (line: string | null) => void): void;
  /** Full screen: draws `compose(rows, width, typed)` in place. Line mode: ignored. */
  redraw(): void;
  /** Line mode: prints lines as they come. Full screen: ignored (the screen shows the state). */
  print(lines: readonly string[]): void;
  /** The one-line message under the table (full screen), or a printed line. */
  message(text: string): void;
  /** Line mode: the prompt for the next input. */
  prompt(): void;
  close(after?: readonly string[]): void;
}

const ESC = "\u001b[";

/** Rows kept for the message under the table (a longer one is cut). */
const NOTE_ROWS = 2;

/** What a full screen draws: `rows` × `width`, and what the prompt holds so far (`typed`). */
export type Compose = (rows: number, width: number, typed: string) => string[];

/**
 * The whole terminal, redrawn in place on the alternate screen: only rows that changed are
 * written (no clearing, so no flicker); the input line stays at the bottom, edited by
 * readline. Rows: the table, then two message rows, then the prompt, then one empty row (a
 * typed Enter moves there instead of scrolling the screen). A key that changes what the
 * prompt holds redraws too: the table may show the card typed (`Compose`'s `typed`).
 */
export class FullScreenUi implements Ui {
  readonly fullScreen = true;
  private readonly rl: Interface;
  private shown: string[] = [];
  private note = "";
  private closed = false;
  /** An Enter moved the cursor off the prompt row: the next redraw puts it back (#20.10). */
  private moved = false;
  /** What the prompt held at the last redraw. */
  private typed = "";
  private readonly tick: ReturnType<typeof setInterval>;

  constructor(
    private readonly compose: Compose,
    private readonly input: NodeJS.ReadStream = process.stdin,
    private readonly output: NodeJS.WriteStream = process.stdout,
  ) {
    this.output.write(`${ESC}?1049h${ESC}2J${ESC}H`);
    this.rl = createInterface({ input, output, terminal: true, prompt: "> " });
    this.output.on("resize", this.onResize);
    // Ctrl-L: readline clears the screen; every row is drawn again, the hand row included.
    // Listened to after readline: its line already holds the key.
    this.input.on("keypress", this.onKeypress);
    // The turn timer counts down: redraw once a second (only changed rows are written).
    this.tick = setInterval(() => this.redraw(), 1000);
    this.tick.unref();
  }

  private readonly onKeypress = (
    _text: string,
    key: { ctrl?: boolean; name?: string } | undefined,
  ) => {
    if (key?.ctrl && key.name === "l") this.onResize();
    else if (this.rl.line !== this.typed) this.redraw();
  };

  private readonly onResize = () => {
    this.shown = [];
    this.output.write(`${ESC}2J`);
    this.redraw();
  };

  onLine(listener: (line: string | null) => void): void {
    this.rl.on("line", (line) => {
      this.note = "";
      this.moved = true;
      listener(line);
      // Whatever the line did (even the same message again), the prompt returns to its row:
      // an input typed any number of times never scrolls the frame.
      this.redraw();
    });
    this.rl.on("close", () => listener(null));
    this.rl.on("SIGINT", () => listener("q"));
  }

  redraw(): void {
    if (this.closed) return;
    const rows = Math.max(6, this.output.rows || Number(process.env.LINES) || 24);
    const width = Math.max(20, this.output.columns || Number(process.env.COLUMNS) || 80);
    // The message rows are always there: a message of any length (or none) never moves the
    // table above it (#20.10).
    const note = wrap(this.note, width, NOTE_ROWS);
    while (note.length < NOTE_ROWS) note.push("");
    const height = rows - 2 - NOTE_ROWS;
    this.typed = this.rl.line;
    const lines = this.compose(height, width, this.typed).slice(0, height);
    while (lines.length < height) lines.push("");
    const frame = [...lines, ...note];
    let out = "";
    frame.forEach((line, row) => {
      if (this.shown[row] !== line) out += `${ESC}${row + 1};1H${line}${ESC}K`;
    });
    if (out === "" && !this.moved) return;
    this.moved = false;
    this.shown = frame;
    this.output.write(`${out}${ESC}${rows - 1};1H`);
    this.rl.prompt(true);
  }

  print(): void {}

  message(text: string): void {
    // A message of several lines (help, the list of moves) shows its lines joined.
    this.note = text
      .split("\n")
      .map((l) => l.trim())
      .join(" · ");
    this.redraw();
  }

  prompt(): void {}

  close(after: readonly string[] = []): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.tick);
    this.output.off("resize", this.onResize);
    this.input.off("keypress", this.onKeypress);
    this.rl.close();
    this.output.write(`${ESC}?1049l`);
    if (after.length) this.output.write(after.join("\n") + "\n");
  }
}

/**
 * Line mode for pipes and scripts: what happens is printed line by line, the table when it is
 * the player's turn, and a prompt `> ` when an input is wanted. Lines read from a pipe are
 * echoed after their prompt so a transcript reads like a session.
 */
export class LineUi implements Ui {
  readonly fullScreen = false;
  private readonly rl: Interface;
  private readonly echo: boolean;
  private prompted = false;
  /** The output ends with the prompt. */
  private atPrompt = false;
  private readonly queue: string[] = [];
  private ended = false;
  private listener: (line: string | null) => void = () => {};
  private listening = false;
  /** Something was printed: the table is up, an urgent line may act. */
  private shown = false;

  /**
   * `urgent` names lines that act at once when they come up, prompt or not (leaving: a piped
   * `q` in the waiting room, where a player who is not the host is never asked for a line).
   */
  constructor(
    input: NodeJS.ReadStream = process.stdin,
    private readonly output: NodeJS.WritableStream = process.stdout,
    private readonly urgent: (line: string) => boolean = () => false,
  ) {
    this.echo = input.isTTY !== true;
    this.rl = createInterface({ input, terminal: false });
    this.rl.on("line", (line) => {
      this.queue.push(line);
      this.deliver();
    });
    this.rl.on("close", () => {
      this.ended = true;
      this.deliver();
    });
  }

  /**
   * Each line answers a prompt, as at the local table: a script's lines wait for theirs. An
   * urgent line at the head of the queue does not wait.
   */
  private deliver(): void {
    if (!this.listening) return;
    if (!this.prompted) {
      const head = this.queue[0];
      // Not before the table has shown something: the transcript reads in order.
      if (head === undefined || !this.shown || !this.urgent(head)) return;
      this.queue.shift();
      if (this.echo) this.output.write(`${this.atPrompt ? "" : "> "}${head}\n`);
      this.atPrompt = false;
      this.listener(head);
      return;
    }
    const line = this.queue.shift();
    if (line === undefined && !this.ended) return;
    // Output printed below the prompt since: the line is echoed after a prompt of its own.
    const again = this.atPrompt ? "" : "> ";
    this.prompted = false;
    this.atPrompt = false;
    if (line === undefined) {
      this.output.write("\n");
      this.listener(null);
      return;
    }
    if (this.echo) this.output.write(`${again}${line}\n`);
    this.listener(line);
  }

  onLine(listener: (line: string | null) => void): void {
    this.listener = listener;
    this.listening = true;
    setImmediate(() => this.deliver());
  }

  redraw(): void {}

  /**
   * Text while a prompt waits goes below it, and the prompt is shown again after it (once the
   * caller has printed everything of this turn of the loop): the output never ends in text
   * while a line is wanted.
   */
  print(lines: readonly string[]): void {
    if (lines.length === 0) return;
    if (!this.shown) {
      this.shown = true;
      setImmediate(() => this.deliver());
    }
    this.output.write((this.atPrompt ? "\n" : "") + lines.join("\n") + "\n");
    this.atPrompt = false;
    if (this.prompted) setImmediate(() => this.showPromptAgain());
  }

  private showPromptAgain(): void {
    if (!this.prompted || this.atPrompt) return;
    this.output.write("> ");
    this.atPrompt = true;
  }

  message(text: string): void {
    this.print([text]);
  }

  prompt(): void {
    if (this.prompted) return;
    this.output.write("> ");
    this.prompted = true;
    this.atPrompt = true;
    // Deliver on the next turn of the loop: the caller finishes drawing first.
    setImmediate(() => this.deliver());
  }

  close(after: readonly string[] = []): void {
    this.prompted = false;
    this.rl.close();
    this.print(after);
  }
}
