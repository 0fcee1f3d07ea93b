/**
 * The load benchmark's denominator: a bare socket.io relay on the server's wire protocol, with no
 * engine, no store, no views. `rpc game.watch` joins a room of the match (one per match: all
 * four seats get the same frame); `rpc game.command` is acknowledged at once and broadcast to
 * the room as a `match` frame that names the next seat, so the load generator drives it exactly
 * as it drives the real server. `rpc lobby.create` makes a match in memory.
 *
 * Run: `PORT=4000 node --import tsx bench/echoServer.ts` (the load generator starts it itself).
 */
import { createServer } from "node:http";
import { Server } from "socket.io";

const port = Number(process.env.PORT ?? 4000);
const host = process.env.HOST ?? "127.0.0.1";
const SEATS = 4;

interface Table {
  version: number;
  toAct: number;
}
const tables = new Map<string, Table>();
let nextMatch = 1;

const frameOf = (matchId: string, table: Table, events: unknown[]) => ({
  kind: "events",
  matchId,
  version: table.version,
  events,
  snapshot: {
    matchId,
    version: table.version,
    lobby: { status: "running" },
    progress: { status: "playing", toAct: table.toAct },
    legal: [{ type: "drawCard" }],
  },
});

const http = createServer((req, res) => {
  res.writeHead(req.url === "/healthz" ? 200 : 404, { "content-type": "application/json" });
  res.end('{"status":"ok"}');
});
const io = new Server(http, { serveClient: false });

interface Rpc {
  id: number | string;
  path: string;
  input?: { matchId?: string; command?: unknown; token?: string };
}

io.on("connection", (socket) => {
  socket.on("rpc", (message: Rpc, ack: (answer: unknown) => void) => {
    const { id, path, input } = message;
    const ok = (data: unknown) => ack({ id, result: { data } });
    switch (path) {
      case "lobby.create": {
        const matchId = `echo${nextMatch++}`;
        tables.set(matchId, { version: 0, toAct: 0 });
        return ok({ matchId, seat: 0, token: "0" });
      }
      case "game.watch": {
        const matchId = input?.matchId ?? "";
        const table = tables.get(matchId);
        if (table === undefined) return ack({ id, error: { message: "no such match" } });
        void socket.join(matchId);
        socket.emit("match", frameOf(matchId, table, []));
        return ok({ matchId, version: table.version });
      }
      case "game.command": {
        const matchId = input?.matchId ?? "";
        const table = tables.get(matchId);
        if (table === undefined) return ack({ id, error: { message: "no such match" } });
        table.version++;
        table.toAct = (table.toAct + 1) % SEATS;
        const event = { version: table.version, type: "echoed", data: input?.command ?? null };
        ok({ matchId, version: table.version, duplicate: false, events: [event] });
        io.to(matchId).emit("match", frameOf(matchId, table, [event]));
        return;
      }
      default:
        return ack({ id, error: { message: `no procedure ${path}` } });
    }
  });
});

http.listen(port, host);
const stop = () => {
  void io.close();
  http.close(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
