import { RemoteRefusal, TransportError } from "@maumau/client";
import type { Lang } from "@maumau/engine";

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
    down: (url: string, why: string) =>
      `cannot reach the server at ${url} (${why}); is it running?`,
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
  },
  de: {
    down: (url: string, why: string) => `Server ${url} nicht erreichbar (${why}); läuft er?`,
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
  },
} as const;

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
  if (error instanceof TransportError) return new OnlineError(m.lost(ctx.server), "TRANSPORT");
  return new OnlineError(error instanceof Error ? error.message : String(error), "INTERNAL");
}

/** Asks `/healthz` first: a server that is down is told in one line, before any socket. */
export async function checkReachable(server: string, lang: Lang, timeoutMs = 5000): Promise<void> {
  let status: number;
  try {
    status = (await fetch(`${server}/healthz`, { signal: AbortSignal.timeout(timeoutMs) })).status;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    const why = cause?.code ?? (error instanceof Error ? error.message : String(error));
    throw new OnlineError(messages[lang].down(server, why), "SERVER_DOWN");
  }
  if (status >= 200 && status < 300) return;
  // 421: the server's Host allow-list (against DNS rebinding) does not name this host.
  if (status === 421) throw new OnlineError(messages[lang].wrongHost(server), "FORBIDDEN_HOST");
  throw new OnlineError(messages[lang].down(server, `HTTP ${status}`), "SERVER_DOWN");
}
