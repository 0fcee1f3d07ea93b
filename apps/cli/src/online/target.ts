import { UsageError } from "../args.js";

/** A server and, where one was named, a match on it. */
export interface Target {
  /** The server's base URL, without a trailing slash: `http://host:3000`. */
  readonly server: string;
  readonly matchId: string | null;
}

const MATCH_ID = /^[A-Za-z0-9_-]{1,64}$/;
const MATCH_PATH = /^(.*?)\/m\/([^/?#]+)\/?$/;

function parseUrl(text: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new UsageError({
      en: `${what} is not a URL: "${text}" (e.g. http://localhost:3000)`,
      de: `${what} ist keine URL: „${text}“ (z. B. http://localhost:3000)`,
    });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new UsageError({
      en: `${what} must be an http or https URL, not "${text}"`,
      de: `${what} muss eine http- oder https-URL sein, nicht „${text}“`,
    });
  return url;
}

/** A server URL, or the web's match or share link (`…/m/<id>?join`): the server and the match. */
export function parseLink(text: string, what = "--server"): Target {
  const url = parseUrl(text, what);
  const path = url.pathname.replace(/\/+$/, "");
  const match = MATCH_PATH.exec(path);
  const base = (match ? match[1]! : path).replace(/\/+$/, "");
  const matchId = match ? decodeURIComponent(match[2]!) : null;
  if (matchId !== null && !MATCH_ID.test(matchId))
    throw new UsageError({
      en: `"${matchId}" in ${text} is not a match id`,
      de: `„${matchId}“ in ${text} ist keine Partie-ID`,
    });
  return { server: `${url.origin}${base}`, matchId };
}

/**
 * `--server` and `--match` together: `--match` may be an id or a pasted link; a link in
 * either names the match. Two different servers or matches are a usage error.
 */
export function resolveTarget(server: string, match: string | undefined): Target {
  const fromServer = parseLink(server);
  if (match === undefined) return fromServer;
  const fromMatch = /^https?:\/\//i.test(match.trim())
    ? parseLink(match, "--match")
    : { server: fromServer.server, matchId: match.trim() };
  if (fromMatch.matchId === null)
    throw new UsageError({
      en: `--match names no match: "${match}"`,
      de: `--match nennt keine Partie: „${match}“`,
    });
  if (!MATCH_ID.test(fromMatch.matchId))
    throw new UsageError({
      en: `--match "${match}" is not a match id or a match link`,
      de: `--match „${match}“ ist weder eine Partie-ID noch ein Partie-Link`,
    });
  if (fromMatch.server !== fromServer.server)
    throw new UsageError({
      en: `--match ${match} is on another server than --server ${server}`,
      de: `--match ${match} liegt auf einem anderen Server als --server ${server}`,
    });
  if (fromServer.matchId !== null && fromServer.matchId !== fromMatch.matchId)
    throw new UsageError({
      en: `--server names match ${fromServer.matchId}, --match ${fromMatch.matchId}`,
      de: `--server nennt Partie ${fromServer.matchId}, --match Partie ${fromMatch.matchId}`,
    });
  return fromMatch;
}

/**
 * The server to play on: `--server`, or the server of a share link pasted as `--match` alone
 * (a link names its server); undefined = local play. A bare match id needs `--server`.
 */
export function onlineServer(
  server: string | undefined,
  match: string | undefined,
): string | undefined {
  if (server !== undefined || match === undefined) return server;
  if (/^https?:\/\//i.test(match.trim())) return match.trim();
  throw new UsageError({
    en: `--match ${match} joins an online match: give --server URL too, or paste the match's share link`,
    de: `--match ${match} tritt einer Online-Partie bei: gib auch --server URL an, oder füge den Einladungslink der Partie ein`,
  });
}

/** A match's replay in the web client. */
export const replayLink = (server: string, matchId: string): string =>
  `${server}/replay/${encodeURIComponent(matchId)}`;

/** The link that seats a friend in one click (the web's share link). */
export const shareLink = (server: string, matchId: string): string =>
  `${server}/m/${encodeURIComponent(matchId)}?join`;
