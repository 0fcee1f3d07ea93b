import type { IncomingMessage, ServerResponse } from "node:http";
import type { MatchService } from "../matches/MatchService.js";
import type { MatchSummary } from "../matches/summary.js";
import { jsonOf, keepJson } from "../realtime/jsonParser.js";
import { domainError } from "./trpc.js";
import { listArguments, listInput } from "./lobbyRouter.js";

/** The answer's header fields, as tRPC's HTTP adapter sends them for a query. */
const HEADERS = { "content-type": "application/json", vary: "trpc-accept, accept" } as const;

/** An answer's body, plain and as a batch of one. */
interface Bodies {
  plain?: Buffer;
  batch?: Buffer;
}

/**
 * `GET /trpc/lobby.list` without tRPC's HTTP adapter: the lobby's one frequent HTTP call, where
 * the adapter (a WHATWG `Request` and its abort signal per request, the response resolver) cost
 * more CPU than the list itself. It answers what tRPC answers — the same status, content type,
 * `vary` and body, one procedure alone or as a batch of one (`?batch=1`) — and takes only that
 * plain form: no `trpc-accept` header (a streaming client), a query string of `input` and
 * `batch=1` and nothing else, input that the procedure's own schema (`listInput`) accepts.
 * Anything else, and a list that fails, goes to tRPC (`fallback`), whose answers and errors
 * stay as they were. The rate limit, origin rules and batch bounds are checked before, for
 * both.
 *
 * `service.list` answers one frozen array per (statuses, limit) until the list changes, so
 * its JSON is made once (`keepJson`), for this and for the socket's answers (`lobbyListCall`),
 * and its bodies are kept beside it (weakly: gone with the array).
 */
export function lobbyListShortcut(
  service: MatchService,
  fallback: (req: IncomingMessage, res: ServerResponse) => void,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const call = lobbyListCall(service);
  const bodies = new WeakMap<readonly MatchSummary[], Bodies>();
  const bodyOf = (list: readonly MatchSummary[], batch: boolean): Buffer => {
    let kept = bodies.get(list);
    if (kept === undefined) bodies.set(list, (kept = {}));
    const json = () => jsonOf(keepJson(list))!;
    if (batch) return (kept.batch ??= Buffer.from(`[{"result":{"data":${json()}}}]`));
    return (kept.plain ??= Buffer.from(`{"result":{"data":${json()}}}`));
  };
  return (req, res) => {
    if (req.method !== "GET" || req.headers["trpc-accept"] !== undefined) return false;
    const url = req.url ?? "";
    const query = url.indexOf("?");
    if ((query < 0 ? url : url.slice(0, query)) !== "/trpc/lobby.list") return false;
    const input = inputOf(query < 0 ? "" : url.slice(query + 1));
    if (input === null) return false;
    const answer = call(input.value);
    if (answer === null) return false;
    answer.then(
      (list) => {
        const body = bodyOf(list, input.batch);
        res.writeHead(200, { ...HEADERS, "content-length": body.length });
        res.end(body);
      },
      () => fallback(req, res),
    );
    return true;
  };
}

/**
 * The input of a query string of `input` (JSON) and `batch=1`, each at most once and nothing
 * else; a batch's input must be `{"0": …}` or absent. Null: not this plain form.
 */
function inputOf(search: string): { value: unknown; batch: boolean } | null {
  let batch = false;
  let text: string | null = null;
  for (const [key, value] of new URLSearchParams(search)) {
    if (key === "batch" && value === "1" && !batch) batch = true;
    else if (key === "input" && text === null) text = value;
    else return null;
  }
  let value: unknown;
  if (text !== null) {
    try {
      value = JSON.parse(text) as unknown;
    } catch {
      return null;
    }
  }
  if (!batch) return { value, batch };
  if (value === undefined) return { value, batch };
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const keys = Object.keys(value);
  if (keys.some((key) => key !== "0")) return null;
  return { value: (value as { "0"?: unknown })["0"], batch };
}

/**
 * `lobby.list` over the socket without tRPC's caller, as `gameCommandShortcut` does for moves:
 * every lobby watcher asks again after each "the list changed" signal (up to four a second),
 * all for the same answer. The answer is marked `keepJson`, so the socket's encoder writes its
 * text made once instead of encoding the list for every watcher. Input the procedure's schema
 * refuses gets null: the caller's path answers it, with tRPC's own error.
 */
export function lobbyListCall(
  service: MatchService,
): (input: unknown) => Promise<readonly MatchSummary[]> | null {
  return (input) => {
    const parsed = listInput.safeParse(input);
    if (!parsed.success) return null;
    return service.list(...listArguments(parsed.data)).then(keepJson, (cause: unknown) => {
      throw domainError(cause) ?? cause;
    });
  };
}
