import { SocketClient, type MatchFrame, type SeatNotice } from "@maumau/client";
import type { AppRouter } from "@maumau/server";
import { useSyncExternalStore } from "react";

/** The page's one connection to the server it was served from; it reconnects by itself. */
let client: SocketClient<AppRouter> | null = null;

export function server(): SocketClient<AppRouter> {
  client ??= new SocketClient<AppRouter>(location.origin, {
    reconnect: true,
    timeoutMs: 10_000,
    // The server allows 20 messages a second per socket (COMMAND_RATE).
    rate: 20,
    transports: ["websocket", "polling"],
  });
  return client;
}

export type ConnectionState = "connecting" | "online" | "offline";

function subscribe(onChange: () => void): () => void {
  const socket = server().socket;
  socket.on("connect", onChange);
  socket.on("disconnect", onChange);
  socket.io.on("reconnect_attempt", onChange);
  return () => {
    socket.off("connect", onChange);
    socket.off("disconnect", onChange);
    socket.io.off("reconnect_attempt", onChange);
  };
}

function state(): ConnectionState {
  const socket = server().socket;
  if (socket.connected) return "online";
  return socket.active ? "connecting" : "offline";
}

/** Whether the page is connected; a banner tells the player while it is not. */
export function useConnection(): ConnectionState {
  return useSyncExternalStore(subscribe, state, () => "connecting");
}

/** What a MatchFeed needs of the page's connection. */
export const feedSource = () => {
  const c = server();
  return {
    onFrame: (listener: (frame: MatchFrame) => void) => c.onFrame(listener),
    onReconnect: (listener: () => void) => c.onReconnect(listener),
    onSeatLost: (listener: (notice: SeatNotice) => void) => c.onSeatLost(listener),
    onResync: (listener: (matchId?: string) => void) => c.onResync(listener),
    get connected() {
      return c.connected;
    },
    watch: (input: { matchId: string; token?: string; afterVersion?: number }) =>
      c.api.game.watch(input),
  };
};
