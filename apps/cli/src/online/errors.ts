import { RemoteRefusal, TransportError } from "@maumau/client";
import { issuePlaces, placesText, type Lang, type Localized } from "@maumau/engine";

/** A failure the player can act on: one line, exit code 1, nothing stored. */
export class OnlineError extends Error {
  override readonly name = "OnlineError";
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

const messages = {
  en: {
    down: (url: string, why: string) => `cannot reach the server at ${url}: ${why}`,
    /** Why a server does not answer, naming its address (`host:port`). */
    refused: (address: string) =>
      `nothing at ${address} accepts the connection; is the server running?`,
    unknownName: (host: string) => `the name ${host} is not known (DNS)`,
    noAnswer: (address: string, seconds: number) => `${address} did not answer within ${seconds} s`,
    cutOff: (address: string) => `${address} broke the connection off`,
    noRoute: (address: string) => `there is no way to ${address} from this network`,
    status: (status: number) => `it answers with HTTP ${status}`,
    failed: (address: string, code: string) => `the connection to ${address} failed (${code})`,
    badPort: (address: string) =>
      `the port of ${address} is one that web clients must not use; give the server another one`,
    /** The server answers `/healthz`, but its socket does not open. */
    noSocket: (url: string) =>
      `the server at ${url} answers, but no live connection (WebSocket) to it opens`,
    slow: (url: string, call: string) => `the server at ${url} did not answer in time (${call})`,
    notFound: (id: string, url: string) => `there is no match ${id} on ${url}`,
    full: (id: string) =>
      `match ${id} has no free seat (watch it instead: maumau watch --match ${id})`,
    taken: (id: string) =>
      `that seat of match ${id} is taken; leave out --seat to take any free one`,
    badToken: (id: string) =>
      `the seat kept for match ${id} is no longer yours (released or the match was reset); it is forgotten now`,
    seatLost: (id: string) =>
      `your seat in match ${id} was left (from another window or device); it is forgotten now (watch on: maumau watch --match ${id})`,
    notOver: (id: string) => `match ${id} is not over yet: a replay shows finished matches only`,
    closed: (id: string, url: string) =>
      `this waiting room has closed (match ${id}): everyone left before the match started, or nobody came for a long time; start a new match: maumau play --server ${url} --variant …`,
    over: (id: string, url: string) =>
      `match ${id} is over: there is no seat to take any more (its replay: maumau replay --server ${url} --match ${id})`,
    lost: (url: string) => `the connection to ${url} was lost`,
    wrongHost: (url: string) =>
      `the server at ${url} does not answer to this name; use its address, or add the name to its ALLOWED_HOSTS`,
    /** A file that cannot be read, by the system's error code (`unreadable`). */
    noFile: (file: string) => `there is no file ${file}`,
    noPermission: (file: string) => `no permission to read ${file}`,
    isFolder: (file: string) => `${file} is a folder, not a file`,
    unreadable: (file: string, code: string) => `cannot read ${file} (${code})`,
    /** A match log that `replay --file` cannot show. */
    notJson: (file: string) => `${file} is not JSON`,
    /** Where a file that is not JSON goes wrong (`jsonProblem`). */
    notJsonAt: (file: string, where: string) => `${file} is not JSON (${where})`,
    lineColumn: (line: number, column: number) => `line ${line}, column ${column}`,
    endsEarly: "it ends too early",
    empty: "it is empty",
    notLog: (file: string, places: string) => `${file} is not a match log (game.history)${places}`,
    unknownVariant: (variant: string) => `the log names no variant this CLI knows (${variant})`,
    /** A match on the server whose variant this CLI does not have (an older CLI). */
    unknownMatchVariant: (variant: string) => `this CLI does not know the variant ${variant}`,
    badEvent: (version: number, type: string, why: string) =>
      `event ${version} (${type}) does not follow from the ones before: ${why}`,
  },
  de: {
    down: (url: string, why: string) => `Server ${url} nicht erreichbar: ${why}`,
    refused: (address: string) =>
      `unter ${address} nimmt niemand die Verbindung an; läuft der Server?`,
    unknownName: (host: string) => `der Name ${host} ist unbekannt (DNS)`,
    noAnswer: (address: string, seconds: number) =>
      `${address} hat nicht innerhalb von ${seconds} s geantwortet`,
    cutOff: (address: string) => `${address} hat die Verbindung abgebrochen`,
    noRoute: (address: string) => `von diesem Netz aus führt kein Weg zu ${address}`,
    status: (status: number) => `er antwortet mit HTTP ${status}`,
    failed: (address: string, code: string) =>
      `die Verbindung zu ${address} ist gescheitert (${code})`,
    badPort: (address: string) =>
      `den Port von ${address} dürfen Web-Clients nicht benutzen; gib dem Server einen anderen`,
    noSocket: (url: string) =>
      `Der Server ${url} antwortet, aber eine Live-Verbindung (WebSocket) zu ihm kommt nicht zustande`,
    slow: (url: string, call: string) =>
      `Der Server ${url} hat nicht rechtzeitig geantwortet (${call})`,
    notFound: (id: string, url: string) => `Auf ${url} gibt es keine Partie ${id}`,
    full: (id: string) =>
      `Partie ${id} hat keinen freien Platz (zuschauen: maumau watch --match ${id})`,
    taken: (id: string) =>
      `Dieser Platz in Partie ${id} ist besetzt; ohne --seat gibt es einen freien`,
    badToken: (id: string) =>
      `Der gemerkte Platz in Partie ${id} gehört dir nicht mehr (freigegeben oder zurückgesetzt); er ist jetzt vergessen`,
    seatLost: (id: string) =>
      `Dein Platz in Partie ${id} wurde verlassen (aus einem anderen Fenster oder Gerät); er ist jetzt vergessen (weiter zuschauen: maumau watch --match ${id})`,
    notOver: (id: string) =>
      `Partie ${id} läuft noch: Wiederholungen gibt es nur von beendeten Partien`,
    closed: (id: string, url: string) =>
      `Dieser Warteraum ist geschlossen (Partie ${id}): Alle sind vor dem Start gegangen, oder lange kam niemand; leg eine neue Partie an: maumau play --server ${url} --variant …`,
    over: (id: string, url: string) =>
      `Partie ${id} ist vorbei: Es gibt keinen Platz mehr zu nehmen (ihre Wiederholung: maumau replay --server ${url} --match ${id})`,
    lost: (url: string) => `Die Verbindung zu ${url} ist verloren`,
    wrongHost: (url: string) =>
      `Der Server ${url} antwortet nicht unter diesem Namen; nimm seine Adresse oder trage den Namen in seine ALLOWED_HOSTS ein`,
    noFile: (file: string) => `die Datei ${file} gibt es nicht`,
    noPermission: (file: string) => `keine Berechtigung, ${file} zu lesen`,
    isFolder: (file: string) => `${file} ist ein Ordner, keine Datei`,
    unreadable: (file: string, code: string) => `${file} ist nicht lesbar (${code})`,
    notJson: (file: string) => `${file} ist kein JSON`,
    notJsonAt: (file: string, where: string) => `${file} ist kein JSON (${where})`,
    lineColumn: (line: number, column: number) => `Zeile ${line}, Spalte ${column}`,
    endsEarly: "der Text endet zu früh",
    empty: "der Text ist leer",
    notLog: (file: string, places: string) =>
      `${file} ist kein Partieprotokoll (game.history)${places}`,
    unknownVariant: (variant: string) =>
      `das Protokoll nennt keine Variante, die dieses CLI kennt (${variant})`,
    unknownMatchVariant: (variant: string) => `dieses CLI kennt die Variante ${variant} nicht`,
    badEvent: (version: number, type: string, why: string) =>
      `Ereignis ${version} (${type}) folgt nicht aus den vorigen: ${why}`,
  },
} as const;

type Messages = (typeof messages)[Lang];

/** One message in both languages: for a `UsageError`, told in the command's language. */
const both = (say: (m: Messages) => string): Localized => ({
  en: say(messages.en),
  de: say(messages.de),
});

/**
 * A file that could not be read (`error` from `readFileSync`), in a sentence of ours that keeps
 * the path: there is no such file, no permission, a folder; any other failure by its code.
 */
export function unreadable(file: string, error: unknown): Localized {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return both((m) => {
    switch (code) {
      case "ENOENT":
      case "ENOTDIR":
        return m.noFile(file);
      case "EACCES":
      case "EPERM":
        return m.noPermission(file);
      case "EISDIR":
        return m.isFolder(file);
      default:
        return m.unreadable(file, code ?? (error instanceof Error ? error.name : "?"));
    }
  });
}

/** What `replay --file` cannot show: a file that is no JSON, or no match log (zod's issues). */
export const badLogFile = (
  file: string,
  problem: { readonly notJson: true } | { readonly issues: unknown },
): Localized => {
  if ("notJson" in problem) return both((m) => m.notJson(file));
  const places = issuePlaces(problem.issues);
  return {
    en: messages.en.notLog(file, placesText(places.en)),
    de: messages.de.notLog(file, placesText(places.de)),
  };
};

/**
 * A file whose `text` is not JSON (`error`: what `JSON.parse` threw), in our words: where it goes
 * wrong (line and column, from the position V8 names), that it ends too early or is empty, else
 * only that it is not JSON. Node's own message is English and never shown.
 */
export function jsonProblem(file: string, text: string, error: unknown): Localized {
  const message = error instanceof Error ? error.message : "";
  const position = /\bat position (\d+)\b/.exec(message);
  const at = position === null ? null : Number(position[1]);
  if (text.trim() === "") return both((m) => m.notJsonAt(file, m.empty));
  if (/^Unexpected end of JSON input/.test(message) || (at !== null && at >= text.length))
    return both((m) => m.notJsonAt(file, m.endsEarly));
  if (at === null) return both((m) => m.notJson(file));
  const before = text.slice(0, at);
  const line = before.split("\n").length;
  const column = [...before.slice(before.lastIndexOf("\n") + 1)].length + 1;
  return both((m) => m.notJsonAt(file, m.lineColumn(line, column)));
}

/** A log whose variant this CLI does not know (`replay --file`). */
export const unknownLogVariant = (lang: Lang, variant: string): OnlineError =>
  new OnlineError(messages[lang].unknownVariant(variant), "UNKNOWN_VARIANT");

/** A match on the server whose variant this CLI does not know (`play --server`, `watch`). */
export const unknownVariant = (lang: Lang, variant: string): OnlineError =>
  new OnlineError(messages[lang].unknownMatchVariant(variant), "UNKNOWN_VARIANT");

/** A log event the engine cannot fold onto the ones before it (`why`: the engine's words). */
export const badEvent = (lang: Lang, version: number, type: string, why: string): OnlineError =>
  new OnlineError(messages[lang].badEvent(version, type, why), "BAD_LOG");

/** A match that is not over cannot be replayed: its log is not yet shown in full. */
export const notOver = (lang: Lang, matchId: string): OnlineError =>
  new OnlineError(messages[lang].notOver(matchId), "NOT_OVER");

/**
 * A match that takes no one any more: its waiting room closed before the start (everyone left,
 * or nobody came: `lobby.closed`), or it is over. Null for a match that may still be joined.
 */
export function notJoinable(
  lobby: { readonly status: string; readonly closed?: boolean },
  lang: Lang,
  ctx: { server: string; matchId: string },
): OnlineError | null {
  if (lobby.status === "open" && lobby.closed === true)
    return new OnlineError(messages[lang].closed(ctx.matchId, ctx.server), "NOT_IN_LOBBY");
  if (lobby.status === "over")
    return new OnlineError(messages[lang].over(ctx.matchId, ctx.server), "MATCH_OVER");
  return null;
}

/** The one line a failure of the server or the network is told with. */
export function explain(
  error: unknown,
  lang: Lang,
  ctx: { server: string; matchId?: string | null },
): OnlineError {
  const m = messages[lang];
  const id = ctx.matchId ?? "?";
  if (error instanceof OnlineError) return error;
  if (error instanceof RemoteRefusal) {
    switch (error.code) {
      case "MATCH_NOT_FOUND":
        return new OnlineError(m.notFound(id, ctx.server), error.code);
      case "NO_FREE_SEAT":
        return new OnlineError(m.full(id), error.code);
      case "SEAT_TAKEN":
        return new OnlineError(m.taken(id), error.code);
      case "BAD_TOKEN":
        return new OnlineError(m.badToken(id), error.code);
      case "SEAT_LOST":
        return new OnlineError(m.seatLost(id), error.code);
      case "NOT_OVER":
        return new OnlineError(m.notOver(id), error.code);
      // Taking a seat: the waiting room closed since the CLI looked (`notJoinable`).
      case "NOT_IN_LOBBY":
        return new OnlineError(m.closed(id, ctx.server), error.code);
      default: {
        const rule = error.refusal.rule ? ` (${error.refusal.rule})` : "";
        return new OnlineError(`${error.refusal.message[lang]}${rule} [${error.code}]`, error.code);
      }
    }
  }
  if (error instanceof TransportError)
    return new OnlineError(transportProblem(error, ctx.server)[lang], "TRANSPORT");
  return new OnlineError(error instanceof Error ? error.message : String(error), "INTERNAL");
}

/**
 * A socket that did not open or a call without an answer, in both languages: a socket that
 * never opened (the server answered `/healthz`: `checkReachable`), a call that timed out, a
 * connection that was lost.
 */
export function transportProblem(error: TransportError, server: string): Localized {
  if (error.path === "connect") return both((m) => m.noSocket(server));
  return error.reason === "timeout"
    ? both((m) => m.slow(server, error.path))
    : both((m) => m.lost(server));
}

/** A server's host, and its address as the network reaches it: `host:port` (the scheme's port if none). */
function addressOf(server: string): { readonly host: string; readonly address: string } {
  try {
    const url = new URL(server);
    const port = url.port || (url.protocol === "https:" ? "443" : "80");
    return { host: url.hostname, address: `${url.hostname}:${port}` };
  } catch {
    return { host: server, address: server };
  }
}

/** Why a request to `server` failed (`fetch`'s error: its cause's code), naming the address. */
function failure(error: unknown, server: string, timeoutMs: number): Localized {
  const { host, address } = addressOf(server);
  if ((error as { name?: unknown } | null)?.name === "TimeoutError")
    return both((m) => m.noAnswer(address, Math.round(timeoutMs / 1000)));
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  // fetch refuses the ports browsers block (1, 9, 22, …): undici says only "bad port".
  if (cause?.message === "bad port") return both((m) => m.badPort(address));
  const code = typeof cause?.code === "string" ? cause.code : null;
  return both((m) => {
    switch (code) {
      case "ECONNREFUSED":
        return m.refused(address);
      case "ENOTFOUND":
      case "EAI_AGAIN":
        return m.unknownName(host);
      case "ETIMEDOUT":
      case "UND_ERR_CONNECT_TIMEOUT":
        return m.noAnswer(address, Math.round(timeoutMs / 1000));
      case "ECONNRESET":
      case "EPIPE":
      case "UND_ERR_SOCKET":
        return m.cutOff(address);
      case "EHOSTUNREACH":
      case "ENETUNREACH":
      case "EHOSTDOWN":
      case "ENETDOWN":
        return m.noRoute(address);
      default:
        return m.failed(address, code ?? (error instanceof Error ? error.name : "?"));
    }
  });
}

/**
 * Asks `/healthz`: null when the server answers, else why not in both languages (a sentence
 * naming its address) with the code a command reports it by.
 */
export async function reachProblem(
  server: string,
  timeoutMs = 5000,
): Promise<{ readonly code: string; readonly text: Localized } | null> {
  let status: number;
  try {
    status = (await fetch(`${server}/healthz`, { signal: AbortSignal.timeout(timeoutMs) })).status;
  } catch (error) {
    const why = failure(error, server, timeoutMs);
    return {
      code: "SERVER_DOWN",
      text: { en: messages.en.down(server, why.en), de: messages.de.down(server, why.de) },
    };
  }
  if (status >= 200 && status < 300) return null;
  // 421: the server's Host allow-list (against DNS rebinding) does not name this host.
  if (status === 421) return { code: "FORBIDDEN_HOST", text: both((m) => m.wrongHost(server)) };
  return { code: "SERVER_DOWN", text: both((m) => m.down(server, m.status(status))) };
}

/** Asks `/healthz` first: a server that is down is told in one line, before any socket. */
export async function checkReachable(server: string, lang: Lang, timeoutMs = 5000): Promise<void> {
  const problem = await reachProblem(server, timeoutMs);
  if (problem !== null) throw new OnlineError(problem.text[lang], problem.code);
}
