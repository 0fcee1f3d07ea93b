import { FRAME_LEAKS, type FrameLeakChecks } from "@maumau/engine/testing/leaks";
import { type AnyEngine, type Command, type Seat, type Viewer } from "@maumau/engine";
import { findVariant } from "@maumau/registry";
import { isLobbyEvent } from "../matches/lobbyEvents.js";
import type { MatchFrame } from "../matches/MatchService.js";
import type { EventStore, StoredEvent } from "../store/EventStore.js";
import { httpClient, TestSocket } from "./TestSocket.js";

export interface PlayedMatch {
  readonly matchId: string;
  readonly tokens: ReadonlyMap<Seat, string>;
  readonly sockets: ReadonlyMap<Seat, TestSocket>;
  /** Sockets that watched without a token, from before the start to the end. */
  readonly spectators: readonly TestSocket[];
  readonly moves: number;
}

/** A human's choice on its pushed view: the first playable card, else the first legal move. */
export const humanChoice = (legal: readonly Command[]): Command | undefined =>
  legal.find((m) => m.type === "playCard") ?? legal[0];

/**
 * Plays a whole match: human seats are socket clients that act only on the frames they are
 * pushed; the other seats are server bots. Resolves once every human saw the match end.
 */
export async function playServerMatch(
  url: string,
  setup: {
    variant: string;
    seats: number;
    humans: readonly Seat[];
    options?: Record<string, unknown>;
    spectators?: number;
  },
): Promise<PlayedMatch> {
  const http = httpClient(url);
  const [first, ...others] = setup.humans;
  if (first === undefined) throw new Error("at least one human");
  const created = await http.lobby.create.mutate({
    variant: setup.variant,
    seats: setup.seats,
    options: setup.options ?? {},
  });
  const { matchId } = created;
  const tokens = new Map<Seat, string>();
  for (const seat of [first, ...others]) {
    const ticket = await http.lobby.join.mutate({ matchId, name: `human ${seat}`, seat });
    tokens.set(seat, ticket.token);
  }
  const sockets = new Map<Seat, TestSocket>();
  let moves = 0;
  for (const [seat, token] of tokens) {
    const socket = new TestSocket(url);
    await socket.connected();
    sockets.set(seat, socket);
    let acted = -1;
    socket.onFrame((frame) => {
      const snap = frame.snapshot;
      if (snap.version <= acted || snap.lobby.status !== "running") return;
      const move =
        humanChoice(snap.legal) ??
        (snap.progress?.status === "gameOver" && seat === first
          ? ({ type: "startNextGame" } as const)
          : undefined);
      if (move === undefined) return;
      acted = snap.version;
      moves++;
      socket.command(matchId, token, `${seat}@${snap.version}`, move).catch((error: unknown) => {
        throw new Error(`seat ${seat} move ${JSON.stringify(move)} refused: ${String(error)}`);
      });
    });
    await socket.rpc("game.watch", { matchId, token });
  }
  const spectators: TestSocket[] = [];
  for (let i = 0; i < (setup.spectators ?? 0); i++) {
    const socket = new TestSocket(url);
    await socket.connected();
    await socket.rpc("game.watch", { matchId });
    spectators.push(socket);
  }
  const firstToken = tokens.get(first)!;
  const empty = setup.seats - tokens.size;
  if (empty > 0) {
    await http.lobby.addBots.mutate({ matchId, token: firstToken, level: "random", count: 1 });
    if (empty > 1)
      await http.lobby.addBots.mutate({ matchId, token: firstToken, level: "heuristic" });
  }
  await sockets.get(first)!.rpc("lobby.start", { matchId, token: firstToken });
  await Promise.all(
    [...sockets.values(), ...spectators].map((s) =>
      s.until(() => s.latest?.lobby.status === "over", 60_000),
    ),
  );
  return { matchId, tokens, sockets, spectators, moves };
}

/**
 * Checks every frame each seat socket received against the server's full state at that frame's
 * version: no other seat's hand card, no draw pile order, no seed, no token hash; frames arrive
 * in order without gaps. Returns the number of frames checked.
 */
export async function spyOnFrames(
  store: EventStore,
  played: PlayedMatch,
  variantId: string,
): Promise<number> {
  let checked = 0;
  const frames = new Map<Viewer, readonly MatchFrame[]>(
    [...played.sockets].map(([seat, socket]) => [seat, socket.frames]),
  );
  checked += await checkFrames(store, played.matchId, variantId, frames, { inOrder: true });
  for (const spectator of played.spectators) {
    const seen = new Map<Viewer, readonly MatchFrame[]>([["spectator", spectator.frames]]);
    checked += await checkFrames(store, played.matchId, variantId, seen, { inOrder: true });
  }
  return checked;
}

/**
 * The secrecy check of `spyOnFrames` for any viewers (seats and the spectator). With `inOrder`,
 * the frames as received must also follow each other without gaps; across processes they may
 * arrive out of order, and the client sorts them out by version.
 */
export async function checkFrames(
  store: EventStore,
  matchId: string,
  variantId: string,
  framesOf: ReadonlyMap<Viewer, readonly MatchFrame[]>,
  options: { inOrder: boolean },
): Promise<number> {
  const variant = findVariant(variantId)!;
  const engine = variant.engine as AnyEngine;
  const log = await store.read(`match-${matchId}`);
  const states: unknown[] = [null];
  let state: unknown = null;
  for (const e of log) {
    if (!isLobbyEvent(e))
      state = engine.evolve(state, { type: e.type, data: e.data } as { type: string });
    states.push(state);
  }
  const leaks = FRAME_LEAKS[engine.family];
  let checked = 0;
  for (const [seat, frames] of framesOf) {
    let seen: number | null = null;
    for (const frame of frames) {
      checkFrame(frame, seat, leaks, states, log);
      checked++;
      if (!options.inOrder) continue;
      if (frame.kind === "snapshot") {
        if (seen !== null && frame.version < seen)
          throw new Error(`seat ${seat}: snapshot went back`);
        seen = frame.version;
        continue;
      }
      for (const e of frame.events) {
        if (seen !== null && e.version !== seen + 1) {
          throw new Error(`seat ${seat}: event ${e.version} after ${seen}`);
        }
        seen = e.version;
      }
      if (seen !== frame.version)
        throw new Error(`seat ${seat}: frame version ${frame.version} ≠ ${seen}`);
    }
  }
  return checked;
}

function checkFrame(
  frame: MatchFrame,
  seat: Viewer,
  leaks: FrameLeakChecks,
  states: unknown[],
  log: StoredEvent[],
) {
  const fail = (what: string): never => {
    throw new Error(`seat ${seat}, frame at version ${frame.version}: ${what}`);
  };
  // B-2.2: the cutter alone is shown the bottom card of its own cut.
  const ownCut = (e: { type: string; data: unknown }) =>
    e.type === "deck.cut" && (e.data as { seat?: unknown } | null)?.seat === seat;
  const secret = secretKeyIn(
    frame.kind === "events" ? { ...frame, events: frame.events.filter((e) => !ownCut(e)) } : frame,
  );
  if (secret !== null) fail(`contains the key ${secret}`);
  const atSnapshot = states[frame.snapshot.version];
  if (atSnapshot !== null && frame.snapshot.view !== null) {
    const viewLeak = leaks.view(atSnapshot, frame.snapshot.view, seat);
    if (viewLeak) fail(`view: ${viewLeak}`);
    checkDrawPile(
      atSnapshot as { drawPile: readonly string[] },
      JSON.stringify(frame.snapshot),
      fail,
      [ownHand(atSnapshot, seat), publicPile(atSnapshot)],
    );
  }
  if (frame.kind === "events") {
    for (const e of frame.events) {
      const eventLeak = leaks.event(e, seat);
      if (eventLeak) fail(`event ${e.version} ${e.type}: ${eventLeak}`);
      const before = states[e.version - 1];
      const after = states[e.version];
      if (after)
        checkDrawPile(after as { drawPile: readonly string[] }, JSON.stringify(e), fail, [
          ownHand(before, seat),
          ownHand(after, seat),
          publicPile(before),
          publicPile(after),
        ]);
      const stepLeak = leaks.step(e, seat, before, after, log[e.version - 1]);
      if (stepLeak) fail(stepLeak);
    }
  }
  if (atSnapshot) {
    // Legal moves name only the seat's own cards.
    const hands = (atSnapshot as { hands: readonly (readonly string[])[] }).hands;
    const own = new Set(seat === "spectator" ? [] : (hands[seat] ?? []));
    for (const move of frame.snapshot.legal) {
      if ("card" in move && !own.has(move.card)) fail(`legal move names ${move.card}`);
    }
  }
  if (atSnapshot) {
    const frameLeak = leaks.frame(frame, atSnapshot, seat);
    if (frameLeak) fail(frameLeak);
  }
}

/** A key that only secret data has (outside the public rule set), or null. */
function secretKeyIn(x: unknown): string | null {
  if (Array.isArray(x)) {
    for (const y of x) {
      const found = secretKeyIn(y);
      if (found) return found;
    }
  } else if (x && typeof x === "object") {
    for (const [k, v] of Object.entries(x)) {
      if (k === "rules") continue;
      if (["tokenHash", "seed", "order", "hands", "bottom"].includes(k)) return k;
      if (k === "deck" && Array.isArray(v)) return k;
      const found = secretKeyIn(v);
      if (found) return found;
    }
  }
  return null;
}

/** A seat's own hand in an engine state (both families keep `hands`); none for a spectator. */
function ownHand(state: unknown, viewer: Viewer): readonly string[] {
  if (viewer === "spectator" || state === null || state === undefined) return [];
  return (state as { hands: readonly (readonly string[])[] }).hands[viewer] ?? [];
}

/**
 * The face-up pile whose whole order every viewer sees: heul-doch's middle (H-4: bottom first);
 * none in the classic family (its view shows the discard pile's top only).
 */
function publicPile(state: unknown): readonly string[] {
  return (state as { middle?: readonly string[] } | null | undefined)?.middle ?? [];
}

/**
 * No three draw-pile cards in their order (the top of the pile, as JSON). Decks with two or
 * three copies of every card (heul-doch) can put the same run where the viewer may see it: in
 * its own hand, or in the middle pile (seen: 3 in 1,500 four-seat games with specials, a run of
 * specials such as "towel","carousel","catapult" in the middle while their copies lay so in the
 * draw pile). Those runs are left out.
 */
function checkDrawPile(
  s: { drawPile: readonly string[] },
  json: string,
  fail: (what: string) => never,
  visible: readonly (readonly string[])[],
) {
  const runsOf = (cards: readonly string[]) =>
    cards
      .slice(0, Math.max(0, cards.length - 2))
      .map((_, i) => JSON.stringify(cards.slice(i, i + 3)).slice(1, -1));
  const seen = new Set(visible.flatMap(runsOf));
  for (const run of runsOf(s.drawPile)) {
    const at = json.indexOf(run);
    // Where it stands (which field), so that a failure says whether it leaked or coincided.
    if (at >= 0 && !seen.has(run))
      fail(`draw pile order ${run} in …${json.slice(Math.max(0, at - 160), at + 120)}…`);
  }
}
