import {
  createRng,
  type AnyVariant,
  type BotLevel,
  type Command,
  type Localized,
  type Seat,
} from "@maumau/engine";
import {
  MatchFeed,
  RemoteRefusal,
  TransportError,
  type FeedSource,
  type MatchSnapshot,
  type ViewEvent,
} from "@maumau/client";
import { gameSeed } from "../simulate.js";
import { inBoth, type SimulateTexts } from "../simulateTexts.js";
import { viewBot, type ViewBot } from "./bots.js";
import { connect } from "./connect.js";

export interface RemoteSimulationConfig {
  /** Server base URLs; seat s of game i connects to `servers[(i + s) % servers.length]`. */
  readonly servers: readonly string[];
  readonly variant: AnyVariant;
  readonly players: number;
  /** Matches to play, each a fresh match played to its end. */
  readonly games: number;
  /** Bot levels, given to seats in turn. */
  readonly bots: readonly BotLevel[];
  readonly options?: Record<string, unknown>;
  /** Matches in flight at once. */
  readonly concurrency: number;
  /** Seeds the bots' choices (the server shuffles with its own seed). */
  readonly seed: number;
  /** Moves after which a match counts as stuck. */
  readonly maxMoves: number;
  /** A match with no new version for this long counts as stuck. */
  readonly stallMs: number;
  /** An rpc without an answer after this long is an error (or retried, with `reconnect`). */
  readonly rpcTimeoutMs: number;
  /** Messages per second per connection: the server's COMMAND_RATE. */
  readonly rate: number;
  /** Reconnect after a lost connection, watch again and resend (same command id). */
  readonly reconnect: boolean;
  /** Watch again after this long without a frame (a lost last frame). */
  readonly idleMs?: number;
  readonly onProgress?: (done: number) => void;
  readonly onGame?: (game: RemoteGameResult) => void;
  /** Each command the server acknowledged: what must be in the match's log after any crash. */
  readonly onAck?: (ack: RemoteAck) => void;
}

/** An acknowledged command (the server logs it under `${seat}:${commandId}`). */
export interface RemoteAck {
  readonly matchId: string;
  readonly seat: number;
  readonly commandId: string;
  /** The match's version once the command's events were committed. */
  readonly version: number;
}

export type RemoteOutcome = "finished" | "error" | "stuck";

export interface RemoteGameResult {
  readonly index: number;
  readonly matchId: string | null;
  readonly outcome: RemoteOutcome;
  /** Commands the bots sent and the server accepted. */
  readonly moves: number;
  /** Games within the match (`game.ended` events seat 0 saw). */
  readonly games: number;
  readonly version: number;
  readonly seconds: number;
  /** The server each seat talked to. */
  readonly servers: readonly string[];
  /** Why it failed, in English (as `--json` prints it). */
  readonly error?: string;
  /** The same in each language, for the terminal (`--json` leaves it out). */
  readonly why?: Localized;
}

/** What happened on the wire, over all matches. */
export interface WireStats {
  disconnects: number;
  reconnects: number;
  /** Commands sent again after a lost answer (same command id), or after RATE_LIMITED. */
  retries: number;
  rateLimited: number;
  duplicates: number;
  gaps: number;
  resyncs: number;
}

export interface RemoteSimulationReport {
  readonly variant: string;
  readonly players: number;
  readonly bots: readonly BotLevel[];
  readonly servers: readonly string[];
  readonly options: Record<string, unknown>;
  readonly concurrency: number;
  /** Matches asked for. */
  readonly games: number;
  readonly finished: number;
  readonly errors: number;
  readonly stuck: number;
  readonly moves: number;
  /** Games inside the finished matches. */
  readonly gamesPlayed: number;
  readonly averageMoves: number;
  readonly seconds: number;
  /** Finished matches per second. */
  readonly gamesPerSecond: number;
  readonly movesPerSecond: number;
  readonly wire: WireStats;
  /** The first few failed matches. */
  readonly failures: readonly RemoteGameResult[];
}

const MAX_FAILURES = 10;

/** Plays bot matches against running servers, each seat its own socket, and sums them up. */
export async function simulateRemote(
  config: RemoteSimulationConfig,
): Promise<RemoteSimulationReport> {
  const levels = config.bots.length > 0 ? config.bots : (["heuristic"] as const);
  const bots = levels.map((level) => {
    const bot = viewBot(config.variant.engine, level);
    if (bot === null)
      throw new Error(
        `the ${level} level plays only in-process (without --server) or as a server's bot seat`,
      );
    return bot;
  });
  const wire: WireStats = {
    disconnects: 0,
    reconnects: 0,
    retries: 0,
    rateLimited: 0,
    duplicates: 0,
    gaps: 0,
    resyncs: 0,
  };
  const results: RemoteGameResult[] = [];
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < config.games) {
      const index = next++;
      const result = await playRemoteMatch(config, index, bots, wire);
      results.push(result);
      config.onGame?.(result);
      config.onProgress?.(results.length);
    }
  };
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(config.concurrency, config.games)) }, worker),
  );
  const seconds = (performance.now() - started) / 1000;
  results.sort((x, y) => x.index - y.index);
  const finished = results.filter((r) => r.outcome === "finished");
  const moves = results.reduce((n, r) => n + r.moves, 0);
  return {
    variant: config.variant.id,
    players: config.players,
    bots: levels,
    servers: config.servers,
    options: config.options ?? {},
    concurrency: config.concurrency,
    games: config.games,
    finished: finished.length,
    errors: results.filter((r) => r.outcome === "error").length,
    stuck: results.filter((r) => r.outcome === "stuck").length,
    moves,
    gamesPlayed: finished.reduce((n, r) => n + r.games, 0),
    averageMoves: results.length ? moves / results.length : 0,
    seconds,
    gamesPerSecond: seconds > 0 ? finished.length / seconds : 0,
    movesPerSecond: seconds > 0 ? moves / seconds : 0,
    wire,
    failures: results.filter((r) => r.outcome !== "finished").slice(0, MAX_FAILURES),
  };
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** One match: create it, seat a socket per seat, play it to its end, close everything. */
async function playRemoteMatch(
  config: RemoteSimulationConfig,
  index: number,
  bots: readonly ViewBot[],
  wire: WireStats,
): Promise<RemoteGameResult> {
  const started = performance.now();
  const players = config.players;
  const urls = Array.from(
    { length: players },
    (_, seat) => config.servers[(index + seat) % config.servers.length]!,
  );
  const connections = urls.map((url) =>
    connect(url, {
      reconnect: config.reconnect,
      timeoutMs: config.rpcTimeoutMs,
      rate: config.rate,
    }),
  );
  const feeds: MatchFeed[] = [];
  const tokens: string[] = [];
  const acted = Array<number>(players).fill(-1);
  const over = new Set<Seat>();
  let matchId: string | null = null;
  let moves = 0;
  let games = 0;
  let version = 0;
  let lastProgress = performance.now();
  let settled = false;
  let failure: { outcome: RemoteOutcome; why: Localized } | null = null;
  let settle: () => void = () => {};
  const done = new Promise<void>((resolve) => (settle = resolve));
  const end = (problem: { outcome: RemoteOutcome; why: Localized } | null) => {
    if (settled) return;
    settled = true;
    failure = problem;
    settle();
  };
  /** Ends the match as failed, saying why in both languages (`say` for each one's texts). */
  const fail = (outcome: RemoteOutcome, say: (t: SimulateTexts) => string) =>
    end({ outcome, why: inBoth(say) });

  const send = async (seat: Seat, command: Command, commandId: string): Promise<void> => {
    const connection = connections[seat]!;
    for (;;) {
      try {
        const ack = await connection.api.game.command({
          matchId: matchId!,
          token: tokens[seat]!,
          commandId,
          command,
        });
        config.onAck?.({ matchId: matchId!, seat, commandId, version: ack.version });
        return;
      } catch (error) {
        if (settled) return;
        if (error instanceof RemoteRefusal && error.code === "RATE_LIMITED") {
          wire.rateLimited++;
          await sleep(250);
          continue;
        }
        const transient =
          error instanceof TransportError ||
          (error instanceof RemoteRefusal &&
            ["SHUTTING_DOWN", "STORE_UNAVAILABLE", "CONFLICT"].includes(error.code));
        if (config.reconnect && transient) {
          // The same command id again: applied once, whether or not the first one was.
          wire.retries++;
          await sleep(100);
          try {
            await connection.whenConnected(config.stallMs);
          } catch {
            return fail("stuck", (t) => t.noConnection(seat, connection.url));
          }
          continue;
        }
        return fail("error", (t) => t.refused(seat, JSON.stringify(command), t.cause(error)));
      }
    }
  };

  const onUpdate = (seat: Seat, snapshot: MatchSnapshot, events: readonly ViewEvent[]) => {
    if (settled) return;
    if (snapshot.version > version) {
      version = snapshot.version;
      lastProgress = performance.now();
    }
    if (seat === 0) games += events.filter((e) => e.type === "game.ended").length;
    if (snapshot.lobby.status === "over") {
      over.add(seat);
      if (over.size === players) end(null);
      return;
    }
    if (snapshot.lobby.status !== "running" || snapshot.version <= acted[seat]!) return;
    const random = randoms[seat]!;
    const command: Command | undefined =
      snapshot.legal.length > 0 && snapshot.view !== null
        ? bots[seat % bots.length]!(snapshot.view, snapshot.legal, random)
        : snapshot.progress?.status === "gameOver" && seat === 0
          ? { type: "startNextGame" }
          : undefined;
    if (command === undefined) return;
    acted[seat] = snapshot.version;
    if (moves >= config.maxMoves) return fail("stuck", (t) => t.tooManyMoves(config.maxMoves));
    moves++;
    void send(seat, command, `v${snapshot.version}`);
  };

  const seed = gameSeed(config.seed, index);
  const randoms = Array.from({ length: players }, (_, seat) => createRng(seed, seat + 1));
  const watchdog = setInterval(() => {
    const silent = performance.now() - lastProgress;
    if (silent > config.stallMs) fail("stuck", (t) => t.silent(Math.round(silent / 1000), version));
  }, 250);

  connections.forEach((connection, seat) => {
    connection.onDisconnect((reason) => {
      if (settled) return;
      wire.disconnects++;
      if (!config.reconnect) fail("error", (t) => t.disconnected(seat, urls[seat]!, reason));
    });
    connection.onReconnect(() => wire.reconnects++);
  });

  try {
    await Promise.all(connections.map((c) => c.whenConnected()));
    const created = await connections[0]!.api.lobby.create({
      variant: config.variant.id,
      seats: players,
      options: config.options ?? {},
      name: "bot 0",
    });
    matchId = created.matchId;
    tokens[0] = created.token!;
    for (let seat = 1; seat < players; seat++) {
      const ticket = await connections[seat]!.api.lobby.join({
        matchId,
        name: `bot ${seat}`,
        seat,
      });
      tokens[seat] = ticket.token;
    }
    for (let seat = 0; seat < players; seat++) {
      const connection = connections[seat]!;
      const source: FeedSource = {
        onFrame: (listener) => connection.onFrame(listener),
        onReconnect: (listener) => connection.onReconnect(listener),
        onResync: (listener) => connection.onResync(listener),
        get connected() {
          return connection.connected;
        },
        watch: (input) => connection.api.game.watch(input),
      };
      const feed = new MatchFeed(source, {
        matchId,
        token: tokens[seat]!,
        idleMs: config.idleMs ?? 3000,
        onError: (error) => {
          if (!(config.reconnect && error instanceof TransportError))
            fail("error", (t) => t.watchFailed(seat, t.cause(error)));
        },
      });
      feeds.push(feed);
      feed.onUpdate((snapshot, events) => onUpdate(seat, snapshot, events));
      await feed.start();
    }
    lastProgress = performance.now();
    await connections[0]!.api.lobby.start({ matchId, token: tokens[0] });
    await done;
  } catch (error) {
    fail("error", (t) => t.settingUp(t.cause(error)));
  } finally {
    settled = true;
    clearInterval(watchdog);
    for (const feed of feeds) {
      const stats = feed.stats;
      wire.duplicates += stats.duplicates;
      wire.gaps += stats.gaps;
      wire.resyncs += stats.resyncs;
      feed.close();
    }
    for (const connection of connections) connection.close();
  }
  const problem = failure as { outcome: RemoteOutcome; why: Localized } | null;
  return {
    index,
    matchId,
    outcome: problem?.outcome ?? "finished",
    moves,
    games,
    version,
    seconds: (performance.now() - started) / 1000,
    servers: urls,
    ...(problem ? { error: problem.why.en, why: problem.why } : {}),
  };
}
