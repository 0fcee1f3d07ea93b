import { SHUTDOWN, type ShutdownNotice } from "@maumau/client";
import type { Server } from "socket.io";

const shutdownNotice: ShutdownNotice = {
  type: "SHUTDOWN",
  reconnect: true,
  message: {
    en: "This server is restarting; reconnecting.",
    de: "Dieser Server startet neu; die Verbindung wird neu aufgebaut.",
  },
};

/**
 * Drain, for the sockets: each is told `shutdown` (its calls still in flight are answered; new
 * ones wait for its reconnect). Call when the server stops accepting.
 */
export function announceShutdown(io: Server): void {
  io.local.emit(SHUTDOWN, shutdownNotice);
}

/**
 * Closes every socket of this process once what was written to it is sent (engine.io's
 * close waits for its write buffer): the client sees its transport close and reconnects, to
 * another process behind a balancer. Resolves when all are gone.
 */
export async function closeSockets(io: Server): Promise<void> {
  const sockets = [...io.of("/").sockets.values()];
  const gone = sockets.map(
    (socket) =>
      new Promise<void>((done) => {
        if (socket.disconnected) done();
        else socket.once("disconnect", () => done());
      }),
  );
  for (const socket of sockets) socket.conn.close();
  await Promise.all(gone);
}
