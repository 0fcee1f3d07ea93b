import {
  MatchFeed,
  refusalOf,
  type ErrorRefusal,
  type MatchSnapshot,
  type ViewEvent,
} from "@maumau/client";
import { useEffect, useState } from "react";
import { forgetSeat } from "../net/seats";
import type { PresenceState } from "../table/presence";
import { feedSource, server } from "../net/server";

export interface MatchState {
  readonly snapshot: MatchSnapshot | null;
  /** The newest events this viewer saw (the table's log), oldest first. */
  readonly log: readonly ViewEvent[];
  /** Why the match cannot be shown (e.g. MATCH_NOT_FOUND). */
  readonly error: ErrorRefusal | null;
  /** Who is at the table, as the server last told (`presence`). */
  readonly presence: PresenceState | null;
}

const LOG_SIZE = 60;
const EMPTY: MatchState = { snapshot: null, log: [], error: null, presence: null };

/**
 * One match as this browser sees it: watched over the socket (as the seat of `token`, or as a
 * spectator), kept in version order by the MatchFeed, caught up after every reconnect.
 */
export function useMatch(matchId: string, token: string | null): MatchState {
  const [state, setState] = useState<MatchState>(EMPTY);
  useEffect(() => {
    let live = true;
    setState(EMPTY);
    const feed = new MatchFeed(feedSource(), {
      matchId,
      ...(token === null ? {} : { token }),
      idleMs: 20_000,
      onError: (error) => {
        if (!live) return;
        const refusal = refusalOf(error);
        // The seat was left (from another tab or device): its token is of no use any more.
        if (refusal.code === "SEAT_LOST") forgetSeat(matchId);
        setState((s) => ({ ...s, error: refusal }));
      },
    });
    feed.onUpdate((snapshot, events) => {
      if (!live) return;
      setState((s) => ({
        ...s,
        snapshot,
        log: [...s.log, ...events].slice(-LOG_SIZE),
        error: null,
      }));
    });
    const offPresence = server().onPresence((frame) => {
      if (live && frame.matchId === matchId)
        setState((s) => ({ ...s, presence: { seats: frame.seats, at: Date.now() } }));
    });
    feed.start().then(
      async () => {
        // A reload starts with a snapshot: fill the log with the last moves once.
        const version = feed.version ?? 0;
        const history = await server().api.game.history({
          matchId,
          ...(token === null ? {} : { token }),
          afterVersion: Math.max(0, version - LOG_SIZE),
        });
        if (!live) return;
        setState((s) =>
          s.log.length > 0 && (s.log[0]?.version ?? 0) <= (history.events[0]?.version ?? 0)
            ? s
            : {
                ...s,
                log: [
                  ...(history.events as readonly ViewEvent[]).filter((e) => e.version <= version),
                  ...s.log.filter((e) => e.version > version),
                ].slice(-LOG_SIZE),
              },
        );
      },
      (error: unknown) => {
        if (!live) return;
        const refusal = refusalOf(error);
        // A token this match does not know (its seat was released): watch as a spectator.
        if (refusal.code === "BAD_TOKEN") forgetSeat(matchId);
        setState((s) => ({ ...s, error: refusal }));
      },
    );
    return () => {
      live = false;
      offPresence();
      feed.close();
      server()
        .api.game.unwatch({ matchId })
        .catch(() => undefined);
    };
  }, [matchId, token]);
  return state;
}
