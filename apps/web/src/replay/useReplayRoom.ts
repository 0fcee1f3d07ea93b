import {
  RemoteRefusal,
  refusalOf,
  type ReplayRoomFrame,
  type ReplayRoomTicket,
} from "@maumau/client";
import type { Lang } from "@maumau/engine";
import { useCallback, useEffect, useState } from "react";
import { server } from "../net/server";

/**
 * Shared replay tickets this browser holds, by room id, in localStorage: a reload comes back
 * as the same member. The token is a secret: never shown, only sent to the server.
 */
const ROOMS_KEY = "maumau.replayRooms";
const MAX_KEPT = 20;

type Kept = Record<string, { matchId: string; memberId: string; token: string; at: number }>;

function read(): Kept {
  try {
    const parsed = JSON.parse(localStorage.getItem(ROOMS_KEY) ?? "{}") as unknown;
    return parsed !== null && typeof parsed === "object" ? (parsed as Kept) : {};
  } catch {
    return {};
  }
}

const memory = new Map<string, ReplayRoomTicket>();

function ticketOf(roomId: string): ReplayRoomTicket | null {
  const kept = memory.get(roomId);
  if (kept) return kept;
  const stored = read()[roomId];
  if (stored === undefined || typeof stored.token !== "string") return null;
  return { roomId, matchId: stored.matchId, memberId: stored.memberId, token: stored.token };
}

export function keepRoomTicket(ticket: ReplayRoomTicket): void {
  memory.set(ticket.roomId, ticket);
  const all: Kept = {
    ...read(),
    [ticket.roomId]: {
      matchId: ticket.matchId,
      memberId: ticket.memberId,
      token: ticket.token,
      at: Date.now(),
    },
  };
  try {
    const newest = Object.entries(all)
      .sort(([, a], [, b]) => b.at - a.at)
      .slice(0, MAX_KEPT);
    localStorage.setItem(ROOMS_KEY, JSON.stringify(Object.fromEntries(newest)));
  } catch {
    // Storage may be off (private mode): the membership then lasts for this page only.
  }
}

/** A refusal's text in the page's language, or the error as it is. */
export const messageOf = (error: unknown, lang: Lang): string => refusalOf(error).message[lang];

export type RoomState =
  | { readonly status: "outside"; readonly preview: ReplayRoomFrame | null }
  | { readonly status: "connecting"; readonly ticket: ReplayRoomTicket }
  | { readonly status: "in"; readonly ticket: ReplayRoomTicket; readonly frame: ReplayRoomFrame }
  | { readonly status: "gone" }
  | { readonly status: "failed"; readonly message: string };

export interface ReplayRoom {
  readonly state: RoomState;
  join(name: string): Promise<string | null>;
  seek(at: number): Promise<string | null>;
  handOver(to: string): Promise<string | null>;
  say(text: string): Promise<string | null>;
}

/**
 * One shared replay as this browser's member sees it: the room's newest frame (pushed on every
 * change), and the calls a member makes. Each call answers with a refusal's text, or null.
 */
export function useReplayRoom(roomId: string, lang: Lang): ReplayRoom {
  const [ticket, setTicket] = useState(() => ticketOf(roomId));
  const [frame, setFrame] = useState<ReplayRoomFrame | null>(null);
  const [preview, setPreview] = useState<ReplayRoomFrame | null>(null);
  const [problem, setProblem] = useState<{ gone: boolean; message: string } | null>(null);

  const fail = useCallback(
    (error: unknown) =>
      setProblem({
        gone: error instanceof RemoteRefusal && error.code === "ROOM_NOT_FOUND",
        message: messageOf(error, lang),
      }),
    [lang],
  );

  useEffect(() => {
    if (ticket !== null) return;
    let live = true;
    server()
      .api.replayRoom.view({ roomId })
      .then((f) => live && setPreview(f))
      .catch((error: unknown) => live && fail(error));
    return () => {
      live = false;
    };
  }, [roomId, ticket, fail]);

  useEffect(() => {
    if (ticket === null) return;
    const client = server();
    const offFrame = client.onReplayRoom((f) => {
      if (f.roomId !== roomId) return;
      // Frames of a room grow in version; an older one (a watch's answer overtaken) is stale.
      setFrame((shown) => (shown !== null && shown.version > f.version ? shown : f));
    });
    const watch = () =>
      void client.api.replayRoom.watch({ roomId, token: ticket.token }).catch(fail);
    watch();
    const offReconnect = client.onReconnect(watch);
    return () => {
      offFrame();
      offReconnect();
      if (client.connected) void client.api.replayRoom.unwatch({ roomId }).catch(() => undefined);
    };
  }, [roomId, ticket, fail]);

  const call = useCallback(
    async (run: () => Promise<unknown>): Promise<string | null> => {
      try {
        await run();
        return null;
      } catch (error) {
        if (error instanceof RemoteRefusal && error.code === "ROOM_NOT_FOUND") fail(error);
        return messageOf(error, lang);
      }
    },
    [fail, lang],
  );

  const token = ticket?.token ?? "";
  const api = server().api.replayRoom;
  const state: RoomState =
    problem !== null
      ? problem.gone
        ? { status: "gone" }
        : { status: "failed", message: problem.message }
      : ticket === null
        ? { status: "outside", preview }
        : frame === null
          ? { status: "connecting", ticket }
          : { status: "in", ticket, frame };
  return {
    state,
    join: (name) =>
      call(async () => {
        const joined = await api.join({ roomId, name });
        keepRoomTicket(joined);
        setTicket(joined);
      }),
    seek: (at) => call(() => api.seek({ roomId, token, at })),
    handOver: (to) => call(() => api.handOver({ roomId, token, to })),
    say: (text) => call(() => api.say({ roomId, token, text })),
  };
}
