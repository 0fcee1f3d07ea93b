import { useSyncExternalStore, type MouseEvent } from "react";

/** Every screen has its own URL: back, forward and reload work, and a rule can be linked to. */
export type Route =
  | { readonly page: "lobby" }
  | { readonly page: "rules"; readonly variant: string | null; readonly rule: string | null }
  | { readonly page: "match"; readonly matchId: string; readonly join: boolean }
  | { readonly page: "replays" }
  | { readonly page: "houseRules" }
  | {
      readonly page: "replay";
      readonly matchId: string;
      readonly at: number | null;
      /** A shared replay (`?room=`): the leader's position drives the view. */
      readonly room: string | null;
      /** `?together`: open a shared replay of this match at once. */
      readonly together: boolean;
    }
  | { readonly page: "notFound"; readonly path: string };

const MATCH_ID = /^[A-Za-z0-9_-]{6,64}$/;

export function parseRoute(pathname: string, search = "", hash = ""): Route {
  const parts = pathname
    .split("/")
    .filter((p) => p !== "")
    .map(safeDecode);
  const [first, second, ...rest] = parts;
  if (first === undefined) return { page: "lobby" };
  if (first === "rules" && rest.length === 0) {
    const rule = hash.startsWith("#") && hash.length > 1 ? safeDecode(hash.slice(1)) : null;
    return { page: "rules", variant: second ?? null, rule };
  }
  if (first === "replays" && second === undefined) return { page: "replays" };
  if (first === "house-rules" && second === undefined) return { page: "houseRules" };
  if (first === "replay" && second !== undefined && MATCH_ID.test(second) && rest.length === 0) {
    const query = new URLSearchParams(search);
    const at = query.get("at");
    const room = query.get("room");
    return {
      page: "replay",
      matchId: second,
      at: at !== null && /^\d+$/.test(at) ? Number(at) : null,
      room: room !== null && MATCH_ID.test(room) ? room : null,
      together: query.has("together"),
    };
  }
  if (first === "m" && second !== undefined && MATCH_ID.test(second) && rest.length === 0) {
    return { page: "match", matchId: second, join: new URLSearchParams(search).has("join") };
  }
  return { page: "notFound", path: pathname };
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

export const paths = {
  lobby: () => "/",
  rules: (variant?: string, rule?: string) =>
    `/rules${variant ? `/${encodeURIComponent(variant)}` : ""}${rule ? `#${encodeURIComponent(rule)}` : ""}`,
  match: (matchId: string) => `/m/${encodeURIComponent(matchId)}`,
  /** The share link: whoever opens it takes a free seat in one click. */
  join: (matchId: string) => `/m/${encodeURIComponent(matchId)}?join`,
  replays: () => "/replays",
  houseRules: () => "/house-rules",
  replay: (matchId: string, at?: number) =>
    `/replay/${encodeURIComponent(matchId)}${at === undefined ? "" : `?at=${at}`}`,
  /** A shared replay's link: whoever opens it joins the room and follows its leader. */
  replayRoom: (matchId: string, roomId: string) =>
    `/replay/${encodeURIComponent(matchId)}?room=${encodeURIComponent(roomId)}`,
  /** Opens a shared replay of a finished match (the match-over screen links here). */
  replayTogether: (matchId: string) => `/replay/${encodeURIComponent(matchId)}?together`,
};

const CHANGE = "maumau:navigate";

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) history.replaceState(null, "", to);
  else history.pushState(null, "", to);
  window.dispatchEvent(new Event(CHANGE));
  if (!to.includes("#")) window.scrollTo?.(0, 0);
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener("popstate", onChange);
  window.addEventListener("hashchange", onChange);
  window.addEventListener(CHANGE, onChange);
  return () => {
    window.removeEventListener("popstate", onChange);
    window.removeEventListener("hashchange", onChange);
    window.removeEventListener(CHANGE, onChange);
  };
}

const currentUrl = () => location.pathname + location.search + location.hash;

/** The route of the current URL, re-rendered on every navigation. */
export function useRoute(): Route {
  const url = useSyncExternalStore(subscribe, currentUrl, () => "/");
  const parsed = new URL(url, "http://x");
  return parseRoute(parsed.pathname, parsed.search, parsed.hash);
}

/** An in-app link: a plain click navigates without a reload; modified clicks open as usual. */
export function followLink(event: MouseEvent<HTMLAnchorElement>): void {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigate(event.currentTarget.getAttribute("href") ?? "/");
}
