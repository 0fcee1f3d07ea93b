import { randomUUID } from "node:crypto";
import {
  MatchFeed,
  REACTIONS,
  RemoteRefusal,
  TransportError,
  type MatchSnapshot,
  type ViewEvent,
} from "@maumau/client";
import type { AnyVariant, Command, Lang, Seat } from "@maumau/engine";
import {
  describeEvent,
  eventMemory,
  rememberGameOf,
  rulesOfView,
  type EventContext,
} from "../play/events.js";
import { parseInput } from "../play/input.js";
import { familyOf } from "../families/index.js";
import { isRecord } from "../play/view.js";
import type { ServerConnection } from "../remote/connect.js";
import { actionFor } from "./intent.js";
import { describeLobbyEvent } from "./lobbyEvents.js";
import {
  arrivalLink,
  handLines,
  handsLines,
  lobbyLines,
  movesLine,
  resultLine,
  scoreLines,
  screenLines,
  seatName,
  statusLine,
  tableLines,
  type Look,
} from "./render.js";
import type { Ui } from "./ui.js";

export interface TableSetup {
  readonly connection: ServerConnection;
  readonly matchId: string;
  readonly variant: AnyVariant;
  /** The seat and its token; null for a spectator. */
  readonly seat: { readonly seat: Seat; readonly token: string } | null;
  readonly look: Omit<Look, "width">;
  readonly lang: Lang;
  readonly ui: Ui;
  readonly share: string;
  /** The match's replay in the web client (`replayLink`): what a finished match offers. */
  readonly replay: string;
  /** This CLI created the match: it starts it once every seat is taken. */
  readonly creator: boolean;
  /** The command that brings the player back to this seat. */
  readonly returnHint: string;
  /**
   * Told when the seat's token is refused (BAD_TOKEN), the seat was left elsewhere (SEAT_LOST),
   * or the watch fails for good.
   */
  readonly onFatal: (error: unknown) => void;
  /** A spectator's name in the chat (a seat writes under its own). */
  readonly chatName?: string;
}

export type TableEnd =
  | { readonly kind: "over" | "left" }
  /** The player asked for a rematch: the same seats (and tokens) in a new match. */
  | { readonly kind: "rematch"; readonly matchId: string };

const REMATCH = ["r", "rematch", "revanche"];

const LOG_SIZE = 200;
const HISTORY = 30;

/**
 * One match at the terminal, as a seat or a spectator: watched through the MatchFeed (version
 * order, gaps, reconnects), drawn by the Ui at every new version, and played by typed lines
 * sent as `game.command` with a fresh command id.
 */
export class OnlineTable {
  private snapshot: MatchSnapshot | null = null;
  private readonly log: string[] = [];
  /** What the log's lines remember from one event to the next (a penalty's card). */
  private readonly memory = eventMemory();
  /** Who is at the table, as the server last told. */
  private presence: Look["presence"] = null;
  /** Versions whose events are in the log. */
  private readonly told = new Set<number>();
  private feed: MatchFeed | null = null;
  private turnShown = -1;
  private lobbyShown = "";
  private busy: Promise<void> = Promise.resolve();
  private finish: (end: TableEnd) => void = () => {};
  private starting = false;
  /** Line mode prints from the first full picture on (run() prints that one). */
  private started = false;
  private ended = false;
  /** The match is over; the full screen shows it until a line is typed. */
  private closing = false;
  /** Waiting for the table to show a version (the player's own accepted command). */
  private showing: { readonly version: number; readonly done: () => void }[] = [];

  constructor(private readonly setup: TableSetup) {}

  private get me(): Seat | null {
    return this.setup.seat?.seat ?? null;
  }

  private look(width = 80): Look {
    return { ...this.setup.look, width, presence: this.presence };
  }

  /** Plays or watches until the match is over or the player leaves. */
  async run(): Promise<TableEnd> {
    const { connection, matchId, seat, ui } = this.setup;
    const done = new Promise<TableEnd>((resolve) => (this.finish = resolve));
    const feed = new MatchFeed(
      {
        onFrame: (l) => connection.onFrame(l),
        onReconnect: (l) => connection.onReconnect(l),
        onSeatLost: (l) => connection.onSeatLost(l),
        onResync: (l) => connection.onResync(l),
        get connected() {
          return connection.connected;
        },
        watch: (input) => connection.api.game.watch(input),
      },
      {
        matchId,
        ...(seat ? { token: seat.token } : {}),
        idleMs: 5000,
        onError: (error) => {
          // The seat or the match is gone for good; anything else the next watch retries.
          if (
            error instanceof RemoteRefusal &&
            ["BAD_TOKEN", "SEAT_LOST", "MATCH_NOT_FOUND"].includes(error.code)
          )
            this.setup.onFatal(error);
        },
      },
    );
    this.feed = feed;
    connection.onDisconnect(() => ui.message(this.setup.look.o.reconnecting));
    connection.onReconnect(() => ui.message(this.setup.look.o.reconnected));
    feed.onUpdate((snapshot, events) => this.update(snapshot, events));
    connection.onPresence((frame) => {
      if (frame.matchId !== matchId) return;
      this.presence = { seats: frame.seats, at: Date.now() };
      if (ui.fullScreen) ui.redraw();
    });
    ui.onLine((line) => {
      this.busy = this.busy.then(() => this.onLine(line));
    });
    await feed.start();
    await this.fillLog(feed.version ?? 0);
    this.started = true;
    const snapshot = this.snapshot;
    if (!ui.fullScreen && snapshot !== null) {
      // Line mode: what happened so far, the table as it stands (a spectator's too), a prompt.
      const link = arrivalLink(snapshot.lobby, this.setup, this.setup.look.o);
      if (link !== null) ui.print([link]);
      ui.print(this.log);
      if (snapshot.lobby.status !== "open")
        ui.print(["", ...tableLines(snapshot, this.me, this.look(80), Date.now())]);
      this.printLineMode(snapshot, []);
    }
    ui.redraw();
    return done;
  }

  close(): void {
    this.feed?.close();
  }

  /** The table begins with a snapshot: the moves before it come from the viewer's history. */
  private async fillLog(version: number): Promise<void> {
    if (version === 0) return;
    try {
      const history = await this.setup.connection.api.game.history({
        matchId: this.setup.matchId,
        ...(this.setup.seat ? { token: this.setup.seat.token } : {}),
        afterVersion: Math.max(0, version - HISTORY),
      });
      const lines = (history.events as readonly ViewEvent[])
        .filter((e) => e.version <= version)
        .flatMap((e, i, all) => this.describe(e, all[i + 1]));
      this.log.unshift(...lines);
    } catch {
      // The log is a convenience: the table is drawn without it.
    }
  }

  private eventContext(): EventContext {
    const { t, style, c, o } = this.setup.look;
    return {
      t,
      style,
      c,
      who: (seat) =>
        seat === this.me
          ? { name: t.you, you: true }
          : {
              name: this.snapshot ? seatName(this.snapshot.lobby, seat, o) : o.seatName(seat),
              you: false,
            },
      game: () => this.snapshot?.progress?.game ?? 1,
      show: (value) => JSON.stringify(value) ?? String(value),
      ...rulesOfView(() => this.snapshot?.view),
      memory: this.memory,
    };
  }

  /** The lines for one event: the server's seat news, or the engine's events as at a local table. */
  private describe(e: ViewEvent, next?: ViewEvent): string[] {
    const { o, c } = this.setup.look;
    const d = isRecord(e.data) ? e.data : {};
    const seat = typeof d.seat === "number" ? d.seat : -1;
    const name = () =>
      seat === this.me
        ? this.setup.look.t.you
        : this.snapshot
          ? seatName(this.snapshot.lobby, seat, o)
          : o.seatName(seat);
    // Each version is told once: the history filled in at the start and the feed's frames
    // overlap when moves (a return, a takeover) come while the history is read.
    if (this.told.has(e.version)) return [];
    this.told.add(e.version);
    const told = describeLobbyEvent(
      e,
      o,
      c,
      name,
      {
        lang: this.setup.lang,
        seatName: (from) =>
          from.seat === this.me
            ? this.setup.look.t.you
            : (from.name ??
              (this.snapshot
                ? seatName(this.snapshot.lobby, from.seat, o)
                : o.seatName(from.seat))),
        isMe: (seat) => seat === this.me,
      },
      seat === this.me,
      (s) =>
        s === this.me
          ? this.setup.look.t.you
          : this.snapshot
            ? seatName(this.snapshot.lobby, s, o)
            : o.seatName(s),
    );
    const line = told === undefined ? describeEvent(e, this.eventContext(), next) : told;
    return line === null ? [] : line.split("\n").filter((l) => l !== "");
  }

  private update(snapshot: MatchSnapshot, events: readonly ViewEvent[]): void {
    if (this.ended) return;
    this.snapshot = snapshot;
    this.shown();
    rememberGameOf(this.memory, events);
    const lines = events.flatMap((e, i) => this.describe(e, events[i + 1]));
    this.log.push(...lines);
    if (this.log.length > LOG_SIZE) this.log.splice(0, this.log.length - LOG_SIZE);
    const { ui } = this.setup;
    if (ui.fullScreen) ui.redraw();
    else if (this.started) this.printLineMode(snapshot, lines);
    this.maybeStart(snapshot);
    if (snapshot.lobby.status === "over" && !this.ended) {
      // Full screen: the last table stays until the player has read it (any key line).
      if (ui.fullScreen) this.closing = true;
      else this.end();
    }
  }

  /**
   * Resolves once the table shows `version` (or has ended). The answer to a command can come
   * before the frame with its events (after a reconnect, the socket is back in the match's
   * room only once its watch is): asking for the next line before that would show the table
   * the move was made on, and a card number typed at it would name another card.
   */
  private showsVersion(version: number): Promise<void> {
    if (this.ended || (this.snapshot?.version ?? -1) >= version) return Promise.resolve();
    return new Promise((done) => this.showing.push({ version, done }));
  }

  private shown(): void {
    const version = this.ended ? Infinity : (this.snapshot?.version ?? -1);
    const ready = this.showing.filter((w) => w.version <= version);
    if (ready.length === 0) return;
    this.showing = this.showing.filter((w) => w.version > version);
    for (const w of ready) w.done();
  }

  private end(): void {
    if (this.ended || this.snapshot === null) return;
    this.ended = true;
    this.shown();
    this.setup.ui.close(this.finalLines(this.snapshot));
    this.finish({ kind: "over" });
  }

  /** Draws the whole screen for the full-screen Ui (`typed`: what the prompt holds so far). */
  compose(rows: number, width: number, typed = ""): string[] {
    if (this.snapshot === null) return [];
    return screenLines(
      {
        snapshot: this.snapshot,
        me: this.me,
        log: this.log,
        now: Date.now(),
        share: this.setup.share,
        creator: this.setup.creator,
        typed,
      },
      this.look(width),
      rows,
    );
  }

  private printLineMode(snapshot: MatchSnapshot, lines: readonly string[]): void {
    const { ui } = this.setup;
    const look = this.look(80);
    ui.print(lines);
    if (snapshot.lobby.status === "open") {
      // Table talk takes versions but changes no seat: the waiting room is shown again only
      // when it changed.
      const lobbyKey = `${snapshot.lobby.updatedAt}|${JSON.stringify(snapshot.lobby.seats)}`;
      if (lobbyKey !== this.lobbyShown) {
        this.lobbyShown = lobbyKey;
        ui.print(lobbyLines(snapshot, this.me, look, this.setup.share, this.setup.creator));
      }
      if (this.wantsInput(snapshot)) ui.prompt();
      return;
    }
    if (snapshot.lobby.status === "over" || this.me === null) return;
    const gameOver = snapshot.progress?.status === "gameOver";
    const myTurn = snapshot.legal.length > 0;
    if (!gameOver && !myTurn) return;
    if (this.turnShown !== snapshot.version) {
      this.turnShown = snapshot.version;
      if (gameOver)
        ui.print([
          "",
          ...handsLines(snapshot, look),
          ...scoreLines(snapshot, look),
          statusLine(snapshot, this.me, look),
        ]);
      else
        ui.print([
          "",
          statusLine(snapshot, this.me, look),
          ...tableLines(snapshot, this.me, look, Date.now()),
          ...handLines(snapshot, look, true),
          ...[movesLine(snapshot, look)].filter((l): l is string => l !== null),
        ]);
    }
    ui.prompt();
  }

  /** Line mode asks for a line only when one is wanted: a move, the next game, the lobby's start. */
  private wantsInput(snapshot: MatchSnapshot): boolean {
    if (this.me === null) return false;
    if (snapshot.lobby.status === "open")
      return this.setup.creator && snapshot.lobby.seats.some((s) => s.kind === "empty");
    return (
      snapshot.lobby.status === "running" &&
      (snapshot.legal.length > 0 || snapshot.progress?.status === "gameOver")
    );
  }

  private finalLines(snapshot: MatchSnapshot): string[] {
    const look = this.look(80);
    return [
      "",
      ...handsLines(snapshot, look),
      ...scoreLines(snapshot, look),
      look.c.inverse(` ${resultLine(snapshot, look) ?? look.o.matchOver} `),
    ];
  }

  /** The creator starts the match once every seat is taken. */
  private maybeStart(snapshot: MatchSnapshot): void {
    const seat = this.setup.seat;
    if (!this.setup.creator || seat === null || this.starting) return;
    if (snapshot.lobby.status !== "open" || snapshot.lobby.seats.some((s) => s.kind === "empty"))
      return;
    this.starting = true;
    this.setup.connection.api.lobby
      .start({ matchId: this.setup.matchId, token: seat.token })
      .catch((error: unknown) => {
        // Another seat of a rematch started it first.
        if (error instanceof RemoteRefusal && error.code === "NOT_IN_LOBBY") return;
        this.starting = false;
        this.refused(error);
      });
  }

  private refused(error: unknown): void {
    const { ui, look, lang } = this.setup;
    if (error instanceof RemoteRefusal) {
      // The rule id first: a message cut to the terminal's width keeps it.
      const rule = error.refusal.rule ? ` (${error.refusal.rule})` : "";
      const refused = look.t.refused.replace(/:$/, "");
      ui.message(look.c.red(`${refused}${rule}: ${error.refusal.message[lang]}`));
    } else ui.message(look.c.red(error instanceof Error ? error.message : String(error)));
  }

  private async onLine(line: string | null): Promise<void> {
    const { ui, look } = this.setup;
    if (this.ended) return;
    if (this.closing) {
      if (this.me !== null && line !== null && REMATCH.includes(line.trim().toLowerCase()))
        return this.rematch();
      return this.end();
    }
    // Leaving needs no table (a spectator's or a waiting player's `q` comes unasked).
    if (line === null || parseInput(line).kind === "quit") return this.leave();
    const snapshot = this.snapshot;
    if (snapshot === null) return;
    const talk = chatIntent(line);
    if (talk !== null) {
      await this.talk(talk);
      if (!this.ended && !ui.fullScreen && this.wantsInput(snapshot)) ui.prompt();
      return;
    }
    if (this.me === null) {
      ui.message(look.o.spectatorHelp);
      return;
    }
    const action = actionFor(parseInput(line), {
      snapshot,
      me: this.me,
      t: look.t,
      o: look.o,
      style: look.style,
      theme: this.setup.variant.theme,
    });
    switch (action.kind) {
      case "quit":
        return this.leave();
      case "help": {
        const familyHelp = familyOf(this.snapshot?.view ?? null)?.help(look.t);
        const help = [
          look.o.onlineHelp,
          look.o.chatHelp(reactionList(this.setup.lang)),
          ...(familyHelp ? [familyHelp] : []),
        ].join("\n");
        // The full screen's message rows are too few for it: it goes to the log, whole.
        if (ui.fullScreen) {
          this.log.push(...help.split("\n"));
          ui.redraw();
        } else ui.message(help);
        break;
      }
      case "say":
        ui.message(action.text);
        break;
      case "lobby":
        await this.lobby(action.what);
        break;
      case "send": {
        const version = await this.send(action.command);
        if (version !== null) await this.showsVersion(version);
        break;
      }
    }
    if (!this.ended && !ui.fullScreen && this.snapshot && this.wantsInput(this.snapshot))
      ui.prompt();
  }

  /** `say TEXT` or `react N`: table talk as this seat, or as a spectator under its name. */
  private async talk(talk: ChatIntent): Promise<void> {
    const { connection, matchId, seat, ui, look, lang } = this.setup;
    const author = seat ? { token: seat.token } : { name: this.setup.chatName ?? "guest" };
    try {
      if (talk.kind === "say") {
        await connection.api.game.say({ matchId, ...author, text: talk.text });
        return;
      }
      const reaction = REACTIONS[talk.index - 1];
      if (reaction === undefined) {
        ui.message(look.o.chatHelp(reactionList(lang)));
        return;
      }
      await connection.api.game.react({ matchId, ...author, reaction: reaction.id });
    } catch (error) {
      this.refused(error);
    }
  }

  private async lobby(what: "start" | "bot"): Promise<void> {
    const { connection, matchId, seat } = this.setup;
    if (seat === null) return;
    try {
      const free = this.snapshot?.lobby.seats.filter((s) => s.kind === "empty").length ?? 0;
      // start: bots take the free seats; the match starts once every seat is taken.
      if (what === "start" && free > 0)
        await connection.api.lobby.addBots({
          matchId,
          token: seat.token,
          level: "heuristic",
          count: free,
        });
      else if (what === "start") await connection.api.lobby.start({ matchId, token: seat.token });
      else
        await connection.api.lobby.addBots({
          matchId,
          token: seat.token,
          level: "heuristic",
          count: 1,
        });
    } catch (error) {
      this.refused(error);
    }
  }

  /**
   * Sends one command; a lost answer is sent again with the same id (applied once). Resolves
   * to the match's version after it, or null when it was refused or not answered.
   */
  private async send(command: Command): Promise<number | null> {
    const { connection, matchId, seat } = this.setup;
    if (seat === null) return null;
    const commandId = randomUUID();
    for (let attempt = 0; ; attempt++) {
      try {
        const result = await connection.api.game.command({
          matchId,
          token: seat.token,
          commandId,
          command,
        });
        return result.version;
      } catch (error) {
        // The match ended (or the player left) while the answer was on its way.
        if (this.ended) return null;
        if (error instanceof TransportError && attempt < 5) {
          await connection.whenConnected(30_000).catch(() => undefined);
          continue;
        }
        // The next game was started by someone else a moment earlier: nothing to tell.
        if (command.type === "startNextGame" && this.snapshot?.progress?.status !== "gameOver")
          return null;
        this.refused(error);
        return null;
      }
    }
  }

  /** The web's rematch: the match the server made for these seats, made now if none is yet. */
  private async rematch(): Promise<void> {
    const { connection, matchId, seat, ui } = this.setup;
    if (seat === null || this.snapshot === null || this.ended) return;
    try {
      const next =
        this.snapshot.lobby.rematch ??
        (await connection.api.lobby.rematch({ matchId, token: seat.token })).matchId;
      this.ended = true;
      ui.close();
      this.finish({ kind: "rematch", matchId: next });
    } catch (error) {
      this.refused(error);
    }
  }

  private leave(): void {
    if (this.ended) return;
    this.ended = true;
    this.shown();
    const { ui, look, seat } = this.setup;
    ui.close(seat ? [look.o.left(this.setup.returnHint)] : []);
    this.finish({ kind: "left" });
  }
}

type ChatIntent =
  | { readonly kind: "say"; readonly text: string }
  | { readonly kind: "react"; readonly index: number };

/**
 * `say TEXT` (also `sag`) and `react N` (also `reagier N`); null for any other line. An empty
 * `say` goes to the server, whose refusal is shown like a move's.
 */
export function chatIntent(line: string): ChatIntent | null {
  const said = /^\s*(?:say|sag)(?:\s+([\s\S]*))?$/i.exec(line);
  if (said) return { kind: "say", text: said[1] ?? "" };
  const reacted = /^\s*(?:react|reagier|reagiere)(?:\s+(\d+))?\s*$/i.exec(line);
  if (reacted) return { kind: "react", index: reacted[1] === undefined ? 0 : Number(reacted[1]) };
  return null;
}

/** The quick reactions by number, for the help: `1 Mau! · 2 Nice one · …`. */
export const reactionList = (lang: Lang): string =>
  REACTIONS.map((r, i) => `${i + 1} ${r.label[lang]}`).join(" · ");
