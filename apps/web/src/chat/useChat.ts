import type { ReactionId, ViewEvent } from "@maumau/client";
import { useEffect, useMemo, useRef, useState } from "react";
import { server } from "../net/server";
import { chatLines, mergeLines, type ChatLine } from "./chatLines";

/** How long a quick reaction shows as a bubble at the sender's seat. */
export const BUBBLE_MS = 4_000;
/** Chat lines the panel keeps. */
const KEPT = 300;

export interface Bubble {
  readonly reaction: ReactionId;
  readonly version: number;
}

export interface ChatState {
  /** Every line since the match began (the newest `KEPT`), in stream order. */
  readonly lines: readonly ChatLine[];
  /** Reactions that just came in, by seat, for a few seconds each. */
  readonly bubbles: ReadonlyMap<number, Bubble>;
}

/**
 * The table talk of a match: the lines so far (read once from the history) and those that
 * come in with the table's frames (`log`, the newest events), and the bubbles of reactions
 * made while the page is open.
 */
export function useChat(
  matchId: string,
  token: string | null,
  log: readonly ViewEvent[],
  version: number | null,
): ChatState {
  const [earlier, setEarlier] = useState<readonly ChatLine[]>([]);
  const [kept, setKept] = useState<readonly ChatLine[]>([]);
  const [bubbles, setBubbles] = useState<ReadonlyMap<number, Bubble>>(new Map());
  const liveFrom = useRef<number | null>(null);
  const bubbled = useRef(new Set<number>());
  if (liveFrom.current === null && version !== null) liveFrom.current = version;

  useEffect(() => {
    let live = true;
    setEarlier([]);
    setKept([]);
    liveFrom.current = null;
    const load = () =>
      server()
        .api.game.history({ matchId, ...(token === null ? {} : { token }) })
        .then(
          (history) => live && setEarlier(chatLines(history.events as readonly ViewEvent[])),
          () => undefined,
        );
    void load();
    // Far behind after a lost connection, the table catches up with a snapshot, not the
    // events: the lines said meanwhile are read again.
    const off = server().onReconnect(() => void load());
    return () => {
      live = false;
      off();
    };
  }, [matchId, token]);

  const fresh = useMemo(() => chatLines(log), [log]);
  useEffect(() => {
    if (fresh.length === 0) return;
    setKept((k) => mergeLines(k, fresh).slice(-KEPT));
    const from = liveFrom.current ?? Infinity;
    for (const line of fresh) {
      if (line.kind !== "reacted" || line.version <= from || bubbled.current.has(line.version))
        continue;
      bubbled.current.add(line.version);
      if ("spectator" in line.from) continue;
      const seat = line.from.seat;
      const bubble = { reaction: line.reaction, version: line.version };
      setBubbles((b) =>
        (b.get(seat)?.version ?? -1) >= line.version ? b : new Map(b).set(seat, bubble),
      );
      // The timer outlives re-renders on purpose: a bubble stays its time.
      setTimeout(() => {
        setBubbles((b) => {
          if (b.get(seat)?.version !== line.version) return b;
          const next = new Map(b);
          next.delete(seat);
          return next;
        });
      }, BUBBLE_MS);
    }
  }, [fresh]);

  const lines = useMemo(() => mergeLines(earlier, kept).slice(-KEPT), [earlier, kept]);
  return { lines, bubbles };
}
