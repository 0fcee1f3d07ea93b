import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes, randomInt } from "node:crypto";
import { once } from "node:events";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect, createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { postgresCounter, redisCounter, type WireCounter } from "./wireCounter.js";

/**
 * Three (or more) server hosts for the cluster test, each a network namespace of its own with
 * its own address on a bridge this module creates, behind HAProxy on the bridge's address,
 * with the clients in a namespace of their own. Everything is created per run (a random tag in
 * every name, a /24 that no interface on the machine has) and removed by `destroy()`.
 */

/** The name the clients reach the balancer under (each client namespace's own /etc/hosts). */
export const PUBLIC_NAME = "maumau.test";
export const BALANCER_PORT = 8080;
export const SERVER_PORT = 3000;

const serverDir = fileURLToPath(new URL("../../../server/", import.meta.url));

const has = (command: string): boolean =>
  spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;

/** Why the cluster test cannot run here, or null. */
export function clusterSkipReason(): string | null {
  if (process.platform !== "linux") return "network namespaces need Linux";
  if (process.getuid?.() !== 0) return "network namespaces need root";
  if (!has("ip")) return "`ip` (iproute2) is not installed";
  if (!has("haproxy")) return "`haproxy` is not installed (apt-get install haproxy)";
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL)
    return "DATABASE_URL and REDIS_URL must both be set (PostgreSQL and Redis)";
  const probe = `mmc-probe-${process.pid}`;
  const made = spawnSync("ip", ["netns", "add", probe], { encoding: "utf8" });
  if (made.status !== 0) return `cannot create a network namespace: ${made.stderr.trim()}`;
  spawnSync("ip", ["netns", "del", probe]);
  return null;
}

const ip = (...args: string[]): void => {
  execFileSync("ip", args, { stdio: ["ignore", "ignore", "pipe"] });
};
const tryIp = (...args: string[]): void => {
  spawnSync("ip", args, { stdio: "ignore" });
};

/** A /24 in 10.213.0.0/16 that no interface here has. */
function freeSubnet(): string {
  const addresses = execFileSync("ip", ["-4", "-o", "addr"], { encoding: "utf8" });
  for (let tries = 0; tries < 200; tries++) {
    const n = 100 + randomInt(150);
    if (!addresses.includes(`10.213.${n}.`)) return `10.213.${n}`;
  }
  throw new Error("no free 10.213.x.0/24");
}

/** A TCP forwarder on the bridge's address to a service on loopback, counting requests. */
async function forwarder(
  host: string,
  port: number,
  target: { host: string; port: number },
  counters: WireCounter[],
  counter: () => WireCounter,
): Promise<Server> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    // One counter per connection: each stream has its own framing (and start-up message).
    const count = counter();
    counters.push(count);
    client.on("data", (chunk: Buffer) => count.feed(chunk));
    client.pipe(upstream);
    upstream.pipe(client);
  });
  server.on("close", () => sockets.forEach((s) => s.destroy()));
  const close = server.close.bind(server);
  server.close = (callback) => {
    sockets.forEach((s) => s.destroy());
    return close(callback);
  };
  server.listen(port, host);
  await once(server, "listening");
  return server;
}

/** The HAProxy configuration the test runs and docs/deploy.md shows. */
export function haproxyConfig(options: {
  readonly bind: string;
  readonly hosts: readonly { readonly name: string; readonly address: string }[];
  readonly statsSocket?: string;
}): string {
  return [
    "global",
    "  # each connection takes two descriptors: keep 2 × maxconn under the open-files limit",
    "  maxconn 8000",
    ...(options.statsSocket ? [`  stats socket ${options.statsSocket} mode 600 level admin`] : []),
    "",
    "defaults",
    "  mode http",
    "  option http-server-close",
    "  timeout connect 2s",
    "  timeout client 30s",
    "  timeout server 30s",
    "  # an upgraded websocket is a tunnel: the socket.io heartbeat (25 s) keeps it alive",
    "  timeout tunnel 1h",
    "  timeout client-fin 5s",
    "  # a request that could not reach its host is sent to another one",
    "  option redispatch",
    "  retries 2",
    "",
    "frontend maumau",
    `  bind ${options.bind}`,
    "  # the server takes the client address from the first X-Forwarded-For entry",
    "  # (TRUST_PROXY=true): drop what the client sent, then add the real one",
    "  http-request del-header X-Forwarded-For",
    "  option forwardfor",
    "  default_backend hosts",
    "",
    "backend hosts",
    "  balance leastconn",
    "  # sticky by cookie: socket.io's HTTP long-polling fallback needs every request of a",
    "  # session on one host; websockets (what the clients use first) do not",
    "  cookie mmhost insert indirect nocache httponly",
    "  option httpchk",
    `  http-check send meth GET uri /readyz ver HTTP/1.1 hdr Host ${PUBLIC_NAME}`,
    "  # 200 = ready or degraded (still serving); 503 = unavailable (store down, stopping)",
    "  http-check expect status 200",
    "  # a loaded host answers /readyz late: give the check 2 s, and 3 failures in a row (a",
    "  # dead host refuses at once) before the host is out and its sessions are closed",
    "  timeout check 2s",
    "  default-server check inter 1s fall 3 rise 2 on-marked-down shutdown-sessions",
    ...options.hosts.map((h) => `  server ${h.name} ${h.address} cookie ${h.name}`),
    "",
  ].join("\n");
}

export interface HostProcess {
  readonly name: string;
  readonly namespace: string;
  readonly address: string;
  readonly proc: ChildProcess;
  stderr(): string;
  /** CPU time the process used so far (user + system), 0 once it is gone. */
  cpuMs(): number;
  /** SIGKILL (the host dies at once: no graceful stop, no goodbye to clients), waited for. */
  kill(): Promise<void>;
}

export interface HaproxyServerStat {
  readonly name: string;
  /** UP, DOWN, … */
  readonly status: string;
  /** Sessions (connections) it was given in all. */
  readonly total: number;
  /** What the last health check said. */
  readonly check: string;
}

export interface Cluster {
  readonly tag: string;
  readonly subnet: string;
  readonly balancerUrl: string;
  readonly clientNamespace: string;
  readonly hosts: HostProcess[];
  readonly haproxyConfig: string;
  /** Requests the hosts sent to PostgreSQL and to Redis so far. */
  readonly counts: () => { postgres: number; redis: number };
  /** HAProxy's view of each host (`show stat`). */
  stats(): Promise<HaproxyServerStat[]>;
  /** Starts a (killed) host again in its namespace, resolved once its /readyz answers 200. */
  restart(name: string): Promise<HostProcess>;
  /** What HAProxy logged (its health checks' verdicts: `Server hosts/h1 is DOWN …`). */
  haproxyLog(): string;
  /** Runs a command in the clients' namespace. */
  spawnClient(command: string, args: readonly string[]): ChildProcess;
  destroy(): Promise<void>;
}

export interface ClusterOptions {
  readonly hosts: number;
  readonly databaseUrl: string;
  readonly redisUrl: string;
  /** Each host's environment besides HOST, PORT, DATABASE_URL, REDIS_URL, PUBLIC_ORIGIN. */
  readonly env: Readonly<Record<string, string>>;
}

/** utime + stime of a process from /proc (clock ticks of 10 ms on Linux). */
function cpuMsOf(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Builds the network, the forwarders, HAProxy and the hosts; removes what it made on failure. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const tag = randomBytes(2).toString("hex");
  const subnet = freeSubnet();
  const bridge = `mmc${tag}br`;
  const gateway = `${subnet}.1`;
  const hostNamespaces = Array.from({ length: options.hosts }, (_, i) => `mmc-${tag}-h${i + 1}`);
  const clientNamespace = `mmc-${tag}-clients`;
  const namespaces = [...hostNamespaces, clientNamespace];
  const dir = mkdtempSync(join(tmpdir(), `mmc-${tag}-`));
  const undo: (() => void | Promise<void>)[] = [];
  const hosts: HostProcess[] = [];
  // If the test process exits without destroy() (an uncaught error, Ctrl-C), the kernel
  // objects would outlive it: remove them synchronously on the way out.
  const children: ChildProcess[] = [];
  const onExit = () => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
    for (const ns of namespaces) tryIp("netns", "del", ns);
    tryIp("link", "del", bridge);
    for (const ns of namespaces) rmSync(`/etc/netns/${ns}`, { recursive: true, force: true });
  };
  process.once("exit", onExit);
  const destroy = async () => {
    process.off("exit", onExit);
    for (const step of undo.reverse()) {
      try {
        await step();
      } catch {
        // keep removing the rest
      }
    }
    undo.length = 0;
  };
  undo.push(() => rmSync(dir, { recursive: true, force: true }));
  try {
    // The production build, as docs/deploy.md runs it: `node build.mjs`, then plain node on
    // dist/main.js (inside apps/server, where the bundle finds the server's dependencies).
    const outdir = join(serverDir, ".reports", `cluster-${tag}`);
    undo.push(() => rmSync(outdir, { recursive: true, force: true }));
    const built = spawnSync(process.execPath, ["build.mjs", "--outdir", outdir, "--quiet"], {
      cwd: serverDir,
      encoding: "utf8",
    });
    if (built.status !== 0) throw new Error(`node build.mjs failed:\n${built.stderr}`);
    const serverMain = join(outdir, "main.js");

    // The bridge and one veth pair per namespace (eth0 inside, mmc<tag>v<i> on the bridge).
    ip("link", "add", bridge, "type", "bridge");
    undo.push(() => tryIp("link", "del", bridge));
    ip("addr", "add", `${gateway}/24`, "dev", bridge);
    ip("link", "set", bridge, "up");
    namespaces.forEach((ns, i) => {
      ip("netns", "add", ns);
      undo.push(() => {
        tryIp("netns", "del", ns);
        rmSync(`/etc/netns/${ns}`, { recursive: true, force: true });
      });
      const veth = `mmc${tag}v${i}`;
      ip("link", "add", veth, "type", "veth", "peer", "name", "eth0", "netns", ns);
      ip("link", "set", veth, "master", bridge, "up");
      ip("-n", ns, "addr", "add", `${subnet}.${11 + i}/24`, "dev", "eth0");
      ip("-n", ns, "link", "set", "eth0", "up");
      ip("-n", ns, "link", "set", "lo", "up");
      // `ip netns exec` mounts /etc/netns/<ns>/hosts over /etc/hosts: the public name.
      mkdirSync(`/etc/netns/${ns}`, { recursive: true });
      writeFileSync(`/etc/netns/${ns}/hosts`, `127.0.0.1 localhost\n${gateway} ${PUBLIC_NAME}\n`);
    });

    // PostgreSQL and Redis listen on loopback: the hosts reach them through the bridge.
    const counters = { postgres: [] as WireCounter[], redis: [] as WireCounter[] };
    const viaBridge = (
      url: string,
      port: number,
      list: WireCounter[],
      counter: () => WireCounter,
    ) => {
      const parsed = new URL(url);
      const target = {
        host: parsed.hostname.replace(/^\[|\]$/g, "") || "127.0.0.1",
        port: Number(parsed.port || (parsed.protocol.startsWith("redis") ? 6379 : 5432)),
      };
      parsed.hostname = gateway;
      parsed.port = String(port);
      return { url: parsed.toString(), target, list, counter, port };
    };
    const db = viaBridge(options.databaseUrl, 5432, counters.postgres, postgresCounter);
    const redis = viaBridge(options.redisUrl, 6379, counters.redis, redisCounter);
    for (const f of [db, redis]) {
      const server = await forwarder(gateway, f.port, f.target, f.list, f.counter);
      undo.push(() => new Promise<void>((done) => server.close(() => done())));
    }

    // HAProxy on the bridge's address, health-checking /readyz on every host.
    const statsSocket = join(dir, "haproxy.sock");
    const config = haproxyConfig({
      bind: `${gateway}:${BALANCER_PORT}`,
      hosts: hostNamespaces.map((_, i) => ({
        name: `h${i + 1}`,
        address: `${subnet}.${11 + i}:${SERVER_PORT}`,
      })),
      statsSocket,
    });
    const configFile = join(dir, "haproxy.cfg");
    writeFileSync(configFile, config);
    const checked = spawnSync("haproxy", ["-c", "-q", "-f", configFile], { encoding: "utf8" });
    if (checked.status !== 0) throw new Error(`haproxy.cfg refused:\n${checked.stderr}`);
    const haproxy = spawn("haproxy", ["-db", "-f", configFile], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    children.push(haproxy);
    let haproxyLog = "";
    haproxy.stderr.setEncoding("utf8").on("data", (c: string) => (haproxyLog += c));
    const haproxyExit = once(haproxy, "exit");
    undo.push(async () => {
      if (haproxy.exitCode === null && haproxy.signalCode === null) haproxy.kill("SIGKILL");
      await haproxyExit;
    });
    for (let waited = 0; !existsSync(statsSocket); waited += 50) {
      if (haproxy.exitCode !== null || waited > 10_000)
        throw new Error(`HAProxy did not start:\n${haproxyLog}`);
      await pause(50);
    }

    // The hosts: the real server, one per namespace, bound to that namespace's address.
    const publicOrigin = `http://${PUBLIC_NAME}:${BALANCER_PORT}`;
    const launch = (i: number): HostProcess => {
      const ns = hostNamespaces[i]!;
      const address = `${subnet}.${11 + i}`;
      const proc = spawn("ip", ["netns", "exec", ns, process.execPath, serverMain], {
        cwd: serverDir,
        env: {
          ...process.env,
          ...options.env,
          HOST: address,
          PORT: String(SERVER_PORT),
          DATABASE_URL: db.url,
          REDIS_URL: redis.url,
          PUBLIC_ORIGIN: publicOrigin,
          TRUST_PROXY: "true",
          WEB_DIST: "/nonexistent",
        },
        stdio: ["ignore", "ignore", "pipe"],
      });
      children.push(proc);
      let err = "";
      proc.stderr.setEncoding("utf8").on("data", (c: string) => (err += c));
      const exited = once(proc, "exit");
      const running = () => proc.exitCode === null && proc.signalCode === null;
      const host: HostProcess = {
        name: `h${i + 1}`,
        namespace: ns,
        address,
        proc,
        stderr: () => err,
        cpuMs: () => cpuMsOf(proc.pid),
        kill: async () => {
          if (running()) proc.kill("SIGKILL");
          await exited;
        },
      };
      hosts[i] = host;
      undo.push(() => host.kill());
      return host;
    };
    const ready = async (host: HostProcess): Promise<void> => {
      const deadline = Date.now() + 90_000;
      for (;;) {
        const up = await fetch(`http://${host.address}:${SERVER_PORT}/readyz`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) return;
        if (host.proc.exitCode !== null || Date.now() > deadline)
          throw new Error(`${host.name} did not start:\n${host.stderr()}`);
        await pause(100);
      }
    };
    await Promise.all(hostNamespaces.map((_, i) => ready(launch(i))));

    const stats = async (): Promise<HaproxyServerStat[]> => {
      const socket = connect(statsSocket);
      await once(socket, "connect");
      socket.end("show stat\n");
      let text = "";
      socket.setEncoding("utf8").on("data", (c: string) => (text += c));
      await once(socket, "close");
      const [head, ...rows] = text.trim().split("\n");
      const columns = head!.replace(/^# /, "").split(",");
      const col = (row: string[], name: string) => row[columns.indexOf(name)] ?? "";
      return rows
        .map((r) => r.split(","))
        .filter((r) => col(r, "pxname") === "hosts" && /^h\d+$/.test(col(r, "svname")))
        .map((r) => ({
          name: col(r, "svname"),
          status: col(r, "status"),
          total: Number(col(r, "stot")),
          check: `${col(r, "check_status")} ${col(r, "check_code")} ${col(r, "check_desc")}`.trim(),
        }));
    };
    // Every host UP in HAProxy (rise 2 × 500 ms) before any client comes.
    const deadline = Date.now() + 20_000;
    for (;;) {
      const up = (await stats()).filter((s) => s.status === "UP").length;
      if (up === options.hosts) break;
      if (Date.now() > deadline)
        throw new Error(`HAProxy sees ${up} of ${options.hosts} hosts up:\n${haproxyLog}`);
      await pause(200);
    }

    const clients = new Set<ChildProcess>();
    undo.push(async () => {
      for (const c of clients) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
    });
    return {
      tag,
      subnet,
      balancerUrl: publicOrigin,
      clientNamespace,
      hosts,
      haproxyConfig: config,
      counts: () => ({
        postgres: counters.postgres.reduce((n, c) => n + c.count, 0),
        redis: counters.redis.reduce((n, c) => n + c.count, 0),
      }),
      stats,
      restart: async (name) => {
        const i = hosts.findIndex((h) => h.name === name);
        await hosts[i]!.kill();
        const host = launch(i);
        await ready(host);
        return host;
      },
      haproxyLog: () => haproxyLog,
      spawnClient: (command, args) => {
        const child = spawn("ip", ["netns", "exec", clientNamespace, command, ...args], {
          stdio: ["ignore", "pipe", "pipe"],
        });
        clients.add(child);
        children.push(child);
        return child;
      },
      destroy,
    };
  } catch (error) {
    await destroy();
    throw error;
  }
}
