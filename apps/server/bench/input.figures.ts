/**
 * Issue #18: what the worst input a client can send costs the server's main thread (the event
 * loop every player shares). The server runs as production starts it, in its own process; each
 * of `worstPayloads` (deep and wide JSON, ~60 KB each) is sent `--count` times over HTTP and over
 * a socket, one at a time, and the main thread's CPU (/proc/<pid>/task/<pid>/stat, user +
 * system) is divided by the requests. Beside it, the same for a small valid `lobby.list`.
 *
 * Figures: `server.input.<payload>.<transport>.cpu` and `server.input.worst.cpu`, the largest
 * (goal ≤ 5 ms).
 *
 * Usage: `pnpm bench --only input` or `cd apps/server && npx tsx bench/input.figures.ts
 *   [--quick] [--count N]`
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import {
  rawSocket,
  sendOverSocket,
  worstPayloads,
  type HostilePayload,
} from "../src/testing/hostile.js";
import { figure, freePort, startChild } from "./proc.js";

const { values: args } = parseArgs({
  options: { quick: { type: "boolean", default: false }, count: { type: "string" } },
});
const count = Number(args.count ?? (args.quick ? 100 : 500));

/** Linux reports thread times in clock ticks; USER_HZ is 100 on every Linux we run on. */
const TICK_MS = 10;

/** user + system CPU of the process's main thread so far, in ms. */
function mainThreadCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function post(url: string, payload: HostilePayload): Promise<number> {
  return new Promise((done, fail) => {
    const req = request(
      `${url}/trpc/${payload.path}`,
      { method: "POST", agent, headers: { "content-type": "application/json" } },
      (res) => {
        res.on("data", () => {});
        res.on("end", () => done(res.statusCode ?? 0));
      },
    );
    req.on("error", fail);
    req.end(payload.input);
  });
}

const small: HostilePayload = {
  name: "small lobby.list",
  path: "lobby.list",
  input: '{"limit":5}',
};
const slug = (name: string) => name.replaceAll(/[^a-z0-9]+/gi, "-").toLowerCase();

const dir = mkdtempSync(join(tmpdir(), "maumau-input-"));
const child = await startChild("src/main.ts", {
  env: {
    LOG_LEVEL: "warn",
    HTTP_RATE: "1000000",
    COMMAND_RATE: "100000",
    WEB_DIST: join(dir, "no-web"),
    SQLITE_PATH: join(dir, "input.sqlite"),
  },
  port: await freePort(),
});
const socket = await rawSocket(child.url);
try {
  let worst = 0;
  let worstName = "";
  const measure = async (transport: "http" | "socket", payload: HostilePayload) => {
    const send = async (i: number) => {
      if (transport === "http") {
        const status = await post(child.url, payload);
        if (payload !== small && status !== 400) throw new Error(`${payload.name}: HTTP ${status}`);
      } else {
        const answer = await sendOverSocket(socket, payload, i);
        if (payload !== small && answer.status !== 400)
          throw new Error(`${payload.name}: socket ${answer.text.slice(0, 200)}`);
      }
    };
    // Warm-up: the first calls compile.
    for (let i = 0; i < 20; i++) await send(i);
    const before = mainThreadCpuMs(child.pid);
    for (let i = 0; i < count; i++) await send(i);
    const perRequest = (mainThreadCpuMs(child.pid) - before) / count;
    console.log(
      figure(`server.input.${slug(payload.name)}.${transport}.cpu`, perRequest, "ms", "none set"),
    );
    if (payload !== small && perRequest > worst) {
      worst = perRequest;
      worstName = `${payload.name} over ${transport}`;
    }
  };
  for (const transport of ["http", "socket"] as const) {
    await measure(transport, small);
    for (const payload of worstPayloads()) await measure(transport, payload);
  }
  console.log(figure("server.input.worst.cpu", worst, "ms", "≤ 5 ms"));
  console.error(`worst: ${worstName}; ${count} requests each, one at a time`);
} finally {
  socket.close();
  agent.destroy();
  await child.stop();
  rmSync(dir, { recursive: true, force: true });
}
