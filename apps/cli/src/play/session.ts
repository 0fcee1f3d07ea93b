import type { ChalkInstance } from "chalk";
import {
  createRng,
  GameDriver,
  isRefusal,
  type AnyEngine,
  type AnyVariant,
  type BotLevel,
  type Command,
  type FamilyView,
  type Lang,
  type Refusal,
  type Seat,
} from "@maumau/engine";
import { toShownSeats, UsageError } from "../args.js";
import { screenLines, type Look } from "../online/render.js";
import { ONLINE_TEXTS } from "../online/texts.js";
import type { Compose } from "../online/ui.js";
import { localSnapshot } from "./screen.js";
import { CardStyle, matchColour } from "./cards.js";
import { colourChoices, resolveCard, resolveColour, type TypedAt } from "./resolveCard.js";
import { describeEvent, eventMemory, rulesOfView, type EventContext, type Ev } from "./events.js";
import { parseInput, type Intent } from "./input.js";
import { TEXTS, type Texts, type Who } from "./texts.js";
import { distinct, handOf, isPlay, isRecord, moveTokens, numbers, scoreTableOf } from "./view.js";
import { withCalls, type PlayCommand } from "@maumau/client";
import { familyOf, type CliFamily, type TurnAt } from "../families/index.js";

/** Where the table talks to the player: standard input/output, or a test. */
export interface PlayIo {
  write(text: string): void;
  /** The next line typed after `prompt`, or `null` when the input has ended. */
  ask(prompt: string): Promise<string | null>;
  /** A person at a terminal: pause between games. */
  readonly interactive: boolean;
  /**
   * A terminal's full screen (play/screen.ts): the table is drawn in place by the online
   * table's renderer, the log of moves under it, hints and questions in a fixed message row.
   * Without it (pipes, tests, scripts) everything is printed line by line.
   */
  readonly screen?: PlayScreen;
}

/** The full screen a `PlayIo` may offer. */
export interface PlayScreen {
  /** Draws `compose(rows, width, typed)` in place from now on, until `close`. */
  open(compose: Compose): void;
  /** One message in the fixed row under the table (a hint, an error). */
  message(text: string): void;
  /** Leaves the full screen: what is written after it is printed on the terminal. */
  close(): void;
}

export interface PlaySetup {
  readonly variant: AnyVariant;
  readonly players: number;
  readonly seat: Seat;
  readonly seed: number;
  readonly bots: BotLevel;
  readonly options: Record<string, unknown>;
  readonly lang: Lang;
  readonly chalk: ChalkInstance;
}

/** Lines of the full screen's log kept (as many as fit are shown). */
const LOG_SIZE = 200;

/** Leaving the table: typed `q`, or the input ended. */
class Leave extends Error {
  constructor(readonly reason: "quit" | "eof") {
    super(reason);
  }
}

/** Plays one match against bots through `io`; resolves to the exit code. */
export async function playLocalMatch(setup: PlaySetup, io: PlayIo): Promise<number> {
  const driver = GameDriver.open(
    setup.variant,
    { players: setup.players, options: setup.options, seed: setup.seed },
    "machine",
  );
  if (isRefusal(driver)) throw new UsageError(driver.message);
  const table = new Table(setup, driver, io);
  try {
    return await table.run();
  } catch (e) {
    if (!(e instanceof Leave)) throw e;
    io.screen?.close();
    io.write((e.reason === "quit" ? table.t.quit : table.t.inputEnded) + "\n");
    return 0;
  } finally {
    driver.stop();
  }
}

class Table {
  readonly t: Texts;
  private readonly style: CardStyle;
  private readonly engine: AnyEngine;
  private readonly me: Seat;
  private readonly random: () => number;
  private readonly c: ChalkInstance;
  private readonly deck: ReadonlySet<string>;
  /** The parts of the game's family (its board, help, calls); null for one the CLI does not know. */
  private readonly family: CliFamily<FamilyView> | null;
  /** The full screen, while it is open; else every line is printed. */
  private screen: PlayScreen | null = null;
  /** The full screen's log of what happened (line mode prints it instead). */
  private readonly log: string[] = [];
  /** What the log's lines remember from one event to the next. */
  private readonly memory = eventMemory();

  constructor(
    private readonly setup: PlaySetup,
    private readonly driver: GameDriver,
    private readonly io: PlayIo,
  ) {
    this.t = TEXTS[setup.lang];
    this.c = setup.chalk;
    this.style = new CardStyle(setup.variant.theme, setup.lang, setup.chalk);
    this.engine = driver.engine;
    this.me = setup.seat;
    this.random = createRng(setup.seed, 0xb075);
    this.deck = new Set(setup.variant.deck);
    this.family = familyOf(driver.view(this.me));
  }

  private get eventContext(): EventContext {
    return {
      t: this.t,
      style: this.style,
      c: this.c,
      who: (seat) => this.who(seat),
      game: () => this.driver.progress().game,
      show: (value) => this.show(value),
      ...rulesOfView(() => this.driver.view(this.me)),
      memory: this.memory,
    };
  }

  /** Lines of the log: printed in line mode, kept under the table on the full screen. */
  private say(...lines: string[]): void {
    if (this.screen === null) {
      this.io.write(lines.map((l) => l + "\n").join(""));
      return;
    }
    this.log.push(...lines.flatMap((l) => l.split("\n")).filter((l) => l !== ""));
    if (this.log.length > LOG_SIZE) this.log.splice(0, this.log.length - LOG_SIZE);
  }

  /** A hint or an error: printed in line mode, in the fixed message row on the full screen. */
  private note(...lines: string[]): void {
    if (this.screen === null) this.say(...lines);
    else this.screen.message(lines.join("\n"));
  }

  /** The full screen: the online table's renderer, drawn from the local state. */
  compose(rows: number, width: number, typed = ""): string[] {
    const { setup } = this;
    const progress = this.driver.progress();
    const mine = progress.status === "playing" && progress.toAct === this.me;
    const snapshot = localSnapshot({
      variant: setup.variant.id,
      options: setup.options,
      players: setup.players,
      me: this.me,
      bots: setup.bots,
      view: this.driver.view(this.me),
      progress,
      // Every cut is offered with and without `keep` (B-2.2): listed once.
      legal: mine
        ? this.driver.legalMoves(this.me).filter((m) => !(m.type === "cut" && m.keep))
        : [],
      version: this.driver.events.length,
    });
    // As typed (`--option`): a seat counted from 1.
    const opts = Object.keys(setup.options).length
      ? JSON.stringify(toShownSeats(setup.variant, setup.options))
      : "";
    const look: Look = {
      t: this.t,
      o: ONLINE_TEXTS[setup.lang],
      style: this.style,
      c: this.c,
      variantName: setup.variant.names[setup.lang],
      width,
      local: this.t.seedLine(setup.seed, opts),
    };
    return screenLines(
      { snapshot, me: this.me, log: this.log, now: Date.now(), share: "", creator: false, typed },
      look,
      rows,
    );
  }

  private who(seat: Seat): Who {
    return seat === this.me
      ? { name: this.t.you, you: true }
      : { name: this.t.bot(seat), you: false };
  }

  private name(seat: Seat): string {
    return this.who(seat).name;
  }

  async run(): Promise<number> {
    const { variant, players, seat, seed, bots, options, lang } = this.setup;
    const opts = Object.keys(options).length ? JSON.stringify(toShownSeats(variant, options)) : "";
    if (this.io.screen) {
      this.screen = this.io.screen;
      this.screen.open((rows, width, typed) => this.compose(rows, width, typed));
    }
    this.say(
      this.c.bold(this.t.title(variant.names[lang], players, seat, bots)),
      this.c.dim(this.t.seedLine(seed, opts) + " · " + this.t.helpHint),
    );
    this.printEvents(this.driver.events);
    for (;;) {
      const progress = this.driver.progress();
      if (progress.status === "matchOver") {
        if (this.screen !== null) {
          // The last table stays until the player has read it; then it is printed below.
          await this.io.ask("> ");
          this.screen.close();
          this.screen = null;
        }
        this.printScores();
        this.printMatchResult();
        return 0;
      }
      if (progress.status === "gameOver") {
        // The full screen shows every hand and the scores itself.
        if (this.screen === null) this.printScores();
        if (this.io.interactive) {
          const line = await this.io.ask(this.t.pressEnter);
          if (line === null) throw new Leave("eof");
          if (parseInput(line).kind === "quit") throw new Leave("quit");
        }
        this.apply({ type: "startNextGame" });
        continue;
      }
      const seat = progress.toAct;
      if (seat === null) throw new Error(`nobody is to act (${progress.status})`);
      if (seat === this.me) {
        await this.humanTurn();
        continue;
      }
      const refusal = this.apply(this.driver.botMove(seat, bots, this.random));
      if (refusal) throw new Error(this.t.botRefused(this.name(seat), refusal.message[lang]));
    }
  }

  /** Dispatches a command and tells what happened; returns the refusal, if any. */
  private apply(command: Command): Refusal | null {
    const result = this.driver.dispatch(command);
    if (!result.ok) return result.refusal;
    this.printEvents(result.events);
    return null;
  }

  // ── the player's turn ────────────────────────────────────────────────────────────────

  private async humanTurn(): Promise<void> {
    const view = this.driver.view(this.me);
    // Every cut is offered with and without `keep` (B-2.2): list each position once.
    const legal = this.driver.legalMoves(this.me).filter((m) => !(m.type === "cut" && m.keep));
    const hand = (handOf(view) ?? []).slice().sort(this.style.compare);
    const family = familyOf(view);
    // The full screen draws the table itself, the moves line included.
    const screen = this.screen !== null;
    if (!screen) {
      if (family) this.say(...family.turnLines(view, this.turnAt(hand, legal)));
      else this.renderOther(view, legal, hand);
    }
    const moves = this.movesLine(legal, hand, family === null);
    if (!screen) this.say(moves);
    for (;;) {
      const line = await this.io.ask("> ");
      if (line === null) throw new Leave("eof");
      const command = await this.commandFor(parseInput(line), { view, legal, hand });
      if (command === null) {
        if (!screen) this.say(moves);
        continue;
      }
      const refusal = this.apply(command);
      if (refusal === null) return;
      const rule = refusal.rule ? ` (${refusal.rule})` : "";
      const refused = this.c.red(`${this.t.refused} ${refusal.message[this.setup.lang]}${rule}`);
      if (screen) this.note(refused);
      else this.say(refused, moves);
    }
  }

  /** The command a line asks for, or `null` after printing a hint (ask again). */
  private async commandFor(
    intent: Intent,
    at: { view: FamilyView; legal: Command[]; hand: string[] },
  ): Promise<Command | null> {
    const { t } = this;
    const seat = this.me;
    const { legal } = at;
    const chooses = legal.flatMap((c) => (c.type === "chooseColour" ? [c.colour] : []));
    switch (intent.kind) {
      case "empty":
        this.note(t.emptyHint);
        return null;
      case "unknown":
        this.note(t.unknownInput(intent.text));
        return null;
      case "help": {
        this.say(t.help);
        const more = familyOf(this.driver.view(this.me))?.help(t) ?? null;
        if (more !== null) this.say(more);
        return null;
      }
      case "quit":
        throw new Leave("quit");
      case "moves":
        this.say(t.legalMoves, ...legal.map((m, i) => `  m ${i + 1}  ${this.describeMove(m)}`));
        return null;
      case "move": {
        const move = legal[intent.index - 1];
        if (move === undefined) {
          this.note(t.noSuchMove(intent.index, legal.length));
          return null;
        }
        return isPlay(move) ? this.withCalls(move, [move], intent, at) : move;
      }
      case "draw":
        return legal.find((c) => c.type === "drawCard") ?? { type: "drawCard", seat };
      case "pass":
        return legal.find((c) => c.type === "pass") ?? { type: "pass", seat };
      case "cut": {
        if (intent.at !== null) return { type: "cut", seat, at: intent.at, keep: intent.keep };
        const cuts = legal.filter((c) => c.type === "cut" && !c.keep);
        return cuts[Math.floor(this.random() * cuts.length)] ?? { type: "cut", seat, at: 0 };
      }
      case "choose":
      case "word": {
        const text = intent.kind === "choose" ? intent.colour : intent.text;
        if (intent.kind === "word" && chooses.length === 0) {
          this.note(t.unknownInput(text));
          return null;
        }
        const answer = resolveColour(text, this.typedAt(at));
        if (answer.kind === "hint") {
          this.note(answer.text);
          return null;
        }
        return answer.command;
      }
      case "card": {
        const answer = resolveCard(intent, this.typedAt(at));
        if (answer.kind === "hint") {
          this.note(answer.text);
          return null;
        }
        if (answer.kind === "command") return answer.command;
        const { plays, allPlays } = answer;
        const chosen = plays.length === 1 ? plays[0]! : await this.pick([...plays]);
        return this.withCalls(chosen, allPlays, intent, at);
      }
    }
  }

  /** What a typed card or colour is read against: this table's hand, moves and words. */
  private typedAt(at: { legal: Command[]; hand: string[] }): TypedAt {
    const { t, style } = this;
    return {
      hand: at.hand,
      legal: at.legal,
      seat: this.me,
      t,
      style,
      theme: this.setup.variant.theme,
    };
  }

  /** Asks which of several plays of one card is meant: a wish colour, or any other field. */
  private async pick(candidates: PlayCommand[]): Promise<PlayCommand> {
    const onlyWish =
      candidates.every((c) => c.wish) &&
      distinct(candidates.map(({ wish: _wish, ...rest }) => rest)).length === 1;
    const labels = candidates.map((c) =>
      onlyWish ? this.style.colour(c.wish!) : this.describeMove(c),
    );
    const choices = labels.map((l, i) => `${i + 1} ${l}`).join(" · ");
    const prompt = onlyWish ? this.t.colourPrompt(choices) : this.t.choicePrompt(choices);
    for (;;) {
      const line = await this.io.ask(prompt);
      if (line === null) throw new Leave("eof");
      if (parseInput(line).kind === "quit") throw new Leave("quit");
      const n = Number(line.trim());
      if (Number.isInteger(n) && candidates[n - 1]) return candidates[n - 1]!;
      if (onlyWish) {
        const colour = matchColour(
          line,
          candidates.map((c) => c.wish!),
          this.setup.variant.theme,
        );
        const found = candidates.find((c) => c.wish === colour);
        if (found) return found;
      }
      this.note(
        onlyWish
          ? this.t.unknownColour(
              line.trim(),
              colourChoices(
                candidates.map((c) => c.wish!),
                this.style,
              ),
            )
          : Number.isInteger(n)
            ? this.t.noSuchMove(n, candidates.length)
            : this.t.unknownInput(line.trim()),
      );
    }
  }

  /**
   * The play with the calls the player makes: said with the command, or asked for when it
   * matters. Forgetting is the player's right; the engine applies the penalty.
   */
  private async withCalls(
    play: PlayCommand,
    plays: readonly PlayCommand[],
    intent: Intent,
    at: { view: FamilyView; hand: string[] },
  ): Promise<PlayCommand> {
    const said =
      intent.kind === "card" || intent.kind === "move" ? intent : { mau: false, mauMau: false };
    // The family's rules say which calls a play needs; else the legal plays carry them.
    const need = familyOf(at.view)?.callsNeeded(at.view, play, at.hand.length) ?? {
      mau: plays.some((p) => p.mau === true),
      mauMau: plays.some((p) => p.mauMau === true),
    };
    const mau = said.mau || (need.mau && (await this.askCall("mau")));
    const mauMau = said.mauMau || (need.mauMau && (await this.askCall("mauMau")));
    return withCalls(play, { mau, mauMau });
  }

  private async askCall(call: "mau" | "mauMau"): Promise<boolean> {
    for (;;) {
      const line = await this.io.ask(this.t.callPrompt(call));
      if (line === null) throw new Leave("eof");
      const answer = line.trim().toLowerCase();
      if (this.t.yes.includes(answer) || answer === call.toLowerCase()) return true;
      if (this.t.no.includes(answer)) return false;
      if (parseInput(line).kind === "quit") throw new Leave("quit");
      this.note(this.t.yesNoHint);
    }
  }

  // ── what the player sees ─────────────────────────────────────────────────────────────

  /** What the family's board of a turn is drawn with (line mode). */
  private turnAt(hand: string[], legal: Command[]): TurnAt {
    return {
      t: this.t,
      c: this.c,
      style: this.style,
      me: this.me,
      name: (seat) => this.name(seat),
      game: this.driver.progress().game,
      hand,
      legal,
      handLines: this.handLines(hand, legal),
      onion: this.onionName(),
    };
  }

  private handLines(hand: string[], legal: Command[]): string[] {
    if (hand.length === 0) return [];
    const width = String(hand.length).length;
    return [
      this.t.hand,
      ...hand.map((card, i) => {
        const playable = legal.some((m) => isPlay(m) && m.card === card);
        const mark = playable ? this.c.green("*") : " ";
        return `  ${mark} ${String(i + 1).padStart(width)}  ${this.style.card(card)}`;
      }),
    ];
  }

  private onionName(): string {
    const onion = (this.setup.variant.theme as { onion?: { label?: Record<string, string> } })
      .onion;
    return onion?.label?.[this.setup.lang] ?? this.t.onion;
  }

  /** A family the CLI does not know: its view as data, and every legal move. */
  private renderOther(view: unknown, legal: Command[], hand: string[]): void {
    const lines = ["", this.c.inverse(` ${this.t.yourTurn(this.driver.progress().game)} `)];
    if (isRecord(view)) {
      lines.push(this.t.rawView);
      const skip = new Set(["hand", "rules", "family", "variant", "viewer", "version"]);
      for (const [key, value] of Object.entries(view))
        if (!skip.has(key)) lines.push(`  ${key}: ${this.show(value)}`);
    }
    lines.push(...this.handLines(hand, legal), this.t.legalMoves);
    legal.forEach((m, i) => lines.push(`  m ${i + 1}  ${this.describeMove(m)}`));
    this.say(...lines);
  }

  private show(value: unknown): string {
    if (typeof value === "string") return this.deck.has(value) ? this.style.card(value) : value;
    if (Array.isArray(value) && value.every((x) => typeof x !== "object" || x === null))
      return `[${value.map((x) => this.show(x)).join(", ")}]`;
    const json = JSON.stringify(value) ?? String(value);
    return json.length > 160 ? json.slice(0, 157) + "…" : json;
  }

  private movesLine(legal: Command[], hand: string[], withMoveNumbers: boolean): string {
    const { tokens, draw, pass } = moveTokens(legal, hand, (c) => this.style.colourName(c));
    if (withMoveNumbers) legal.forEach((_, i) => tokens.push(`m ${i + 1}`));
    return `${this.c.bold(this.t.moves)} ${distinct(tokens).join(", ")}  ${this.c.dim(this.t.legend(draw, pass))}`;
  }

  describeMove(m: Command): string {
    const d = this.t.describeMove;
    switch (m.type) {
      case "playCard": {
        const parts = [d.play(this.style.card(m.card))];
        if (m.wish) parts.push(d.wish(this.style.colour(m.wish)));
        if (m.to !== undefined) parts.push(d.to(this.name(m.to)));
        else if (this.family?.goesOntoOwnPile(m)) parts.push(d.ownPile);
        if (m.faceDown) parts.push(d.faceDown);
        if (m.target !== undefined) parts.push(d.target(this.name(m.target)));
        if (m.direction) parts.push(d.direction(m.direction));
        return parts.join(", ");
      }
      case "drawCard":
        return d.draw;
      case "pass":
        return d.pass;
      case "chooseColour":
        return d.choose(this.style.colour(m.colour));
      case "cut":
        return d.cut(m.at, m.keep === true);
      case "startNextGame":
        return d.next;
    }
  }

  // ── what happens at the table ────────────────────────────────────────────────────────

  private printEvents(events: readonly Ev[]): void {
    const seen = events.map((e) => this.engine.eventFor(e, this.me) as Ev);
    for (const [i, e] of seen.entries()) {
      const line = describeEvent(e, this.eventContext, seen[i + 1]);
      if (line !== null) this.say(line);
    }
  }

  private printScores(): void {
    const table = scoreTableOf(this.driver.view(this.me));
    if (table === null) return;
    const seats = table.totals.map((_, s) => this.name(s));
    const rows = [
      [this.t.scores, ...seats],
      ...table.history.map((row, i) => [this.t.game(i + 1), ...row.map(String)]),
      [this.t.total, ...table.totals.map(String)],
    ];
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
    const line = (r: string[]) =>
      r
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
        .join("  ");
    this.say(
      "",
      this.c.bold(line(rows[0]!)),
      ...rows.slice(1, -1).map(line),
      this.c.bold(line(rows[rows.length - 1]!)),
    );
  }

  private printMatchResult(): void {
    const ended = [...(this.driver.events as readonly Ev[])]
      .reverse()
      .find((e) => e.type === "match.ended");
    const data = ended && isRecord(ended.data) ? ended.data : {};
    const view = this.driver.view(this.me);
    const winners = numbers(data.winners) ?? view.winners;
    const losers = numbers(data.losers) ?? [];
    this.say("", this.c.bold(this.t.matchOver(winners.map((s) => this.who(s)))));
    if (losers.length) this.say(this.t.overLimit(losers.map((s) => this.name(s)).join(", ")));
  }
}
