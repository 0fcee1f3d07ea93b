import { RemoteRefusal, TransportError } from "@maumau/client";
import type { Lang, Localized } from "@maumau/engine";

/**
 * What `maumau simulate` says in words: its progress, and why a game or a match failed. The
 * report itself (a table of figures) and its `--json` are the same in every language.
 */
export interface SimulateTexts {
  /** The progress bar on a terminal (cli-progress's format, with its placeholders). */
  readonly bar: string;
  /** The progress line when stderr is not a terminal. */
  readonly progress: (done: number, total: number) => string;
  /** An in-process game that erred or got stuck; `error`: the engine's own words. */
  readonly failed: (f: {
    readonly index: number;
    readonly seed: number;
    readonly outcome: string;
    readonly moves: number;
    readonly error?: string | undefined;
  }) => string;
  /** A match of `simulate --server` that erred or got stuck; `why` in these texts' language. */
  readonly remoteFailed: (
    f: {
      readonly index: number;
      readonly matchId: string | null;
      readonly servers: readonly string[];
      readonly outcome: string;
      readonly moves: number;
      readonly version: number;
    },
    why: string | undefined,
  ) => string;
  // Why a match of `simulate --server` failed (seats as the report numbers them, from 0).
  readonly noConnection: (seat: number, url: string) => string;
  readonly refused: (seat: number, command: string, cause: string) => string;
  readonly tooManyMoves: (max: number) => string;
  readonly silent: (seconds: number, version: number) => string;
  readonly disconnected: (seat: number, url: string, reason: string) => string;
  readonly watchFailed: (seat: number, cause: string) => string;
  readonly settingUp: (cause: string) => string;
  /** A failed call: the server's refusal, a lost or slow connection, anything else. */
  readonly cause: (error: unknown) => string;
}

const message = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

const en: SimulateTexts = {
  bar: "simulate [{bar}] {percentage}% | {value}/{total} games | {eta_formatted} left",
  progress: (done, total) => `simulate: ${done}/${total} games`,
  failed: (f) =>
    `simulate: game ${f.index} (seed ${f.seed}) ${f.outcome} after ${f.moves} move${f.moves === 1 ? "" : "s"}` +
    (f.error ? `: ${f.error}` : ""),
  remoteFailed: (f, why) =>
    `simulate: game ${f.index} (match ${f.matchId ?? "-"}, ${f.servers.join(" ")}) ${f.outcome} ` +
    `after ${f.moves} move${f.moves === 1 ? "" : "s"} at version ${f.version}${why ? `: ${why}` : ""}`,
  noConnection: (seat, url) => `seat ${seat}: no connection to ${url}`,
  refused: (seat, command, cause) => `seat ${seat} ${command}: ${cause}`,
  tooManyMoves: (max) => `more than ${max} moves`,
  silent: (seconds, version) => `no new version for ${seconds} s at version ${version}`,
  disconnected: (seat, url, reason) => `seat ${seat}: disconnected from ${url} (${reason})`,
  watchFailed: (seat, cause) => `seat ${seat} watch: ${cause}`,
  settingUp: (cause) => `setting up: ${cause}`,
  // The client's own sentences (RemoteRefusal and TransportError say it in English).
  cause: message,
};

const moves = (n: number) => `${n} ${n === 1 ? "Zug" : "Zügen"}`;

const de: SimulateTexts = {
  bar: "simulate [{bar}] {percentage}% | {value}/{total} Spiele | noch {eta_formatted}",
  progress: (done, total) => `simulate: ${done}/${total} Spiele`,
  failed: (f) =>
    `simulate: Spiel ${f.index} (Seed ${f.seed}) ` +
    (f.outcome === "stuck"
      ? `hängt nach ${moves(f.moves)} fest`
      : `ist nach ${moves(f.moves)} gescheitert`) +
    (f.error ? `: ${f.error}` : ""),
  remoteFailed: (f, why) =>
    `simulate: Spiel ${f.index} (Partie ${f.matchId ?? "-"}, ${f.servers.join(" ")}) ` +
    (f.outcome === "stuck"
      ? `hängt nach ${moves(f.moves)} bei Version ${f.version} fest`
      : `ist nach ${moves(f.moves)} bei Version ${f.version} gescheitert`) +
    (why ? `: ${why}` : ""),
  noConnection: (seat, url) => `Platz ${seat}: keine Verbindung zu ${url}`,
  refused: (seat, command, cause) => `Platz ${seat} ${command}: ${cause}`,
  tooManyMoves: (max) => `mehr als ${max} Züge`,
  silent: (seconds, version) => `seit ${seconds} s keine neue Version (Version ${version})`,
  disconnected: (seat, url, reason) => `Platz ${seat}: Verbindung zu ${url} getrennt (${reason})`,
  watchFailed: (seat, cause) => `Platz ${seat} beim Verfolgen der Partie: ${cause}`,
  settingUp: (cause) => `beim Vorbereiten der Partie: ${cause}`,
  cause: (error) => {
    if (error instanceof RemoteRefusal) {
      const { path, refusal } = error;
      return `${path}: ${refusal.code}${refusal.rule ? ` (${refusal.rule})` : ""}: ${refusal.message.de}`;
    }
    // The client's detail is English (socket.io's words): the call and what went wrong suffice.
    if (error instanceof TransportError)
      return `${error.path}: ${error.reason === "timeout" ? "keine Antwort in der Zeit" : "keine Verbindung"}`;
    return message(error);
  },
};

export const SIMULATE_TEXTS: Readonly<Record<Lang, SimulateTexts>> = { en, de };

/** One sentence of these texts in both languages. */
export const inBoth = (say: (s: SimulateTexts) => string): Localized => ({
  en: say(en),
  de: say(de),
});
