import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { variantIds } from "@maumau/registry";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { VariantSummary } from "@maumau/client";
import { createServer } from "./app.js";
import { startServer } from "./startServer.js";
import { SqliteEventStore } from "./store/sqlite.js";
import { rawGet, startTestServer, testConfig, type Running } from "./testing/index.js";
import { waitFor } from "./testing/wait.js";

const INDEX = "<!doctype html><title>Mau Mau</title><div id=root></div>";
const HASHED_JS = "/assets/index-B3xk_9aZ.js";

let root: string;
let built: Running;
let unbuilt: Running;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "maumau-server-"));
  const dist = join(root, "dist");
  await mkdir(join(dist, "assets"), { recursive: true });
  await writeFile(join(dist, "index.html"), INDEX);
  await writeFile(join(dist, HASHED_JS), "console.log('mau');");
  await writeFile(join(dist, "assets", "style-Dq0pZ1xY.css"), "body{margin:0}");
  await writeFile(join(dist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  await writeFile(join(dist, "data.json"), '{"a":1}');
  await writeFile(join(root, "secret.txt"), "top secret");
  built = await startTestServer(dist);
  unbuilt = await startTestServer(join(root, "not-built"));
});

afterAll(async () => {
  await Promise.all([built.close(), unbuilt.close()]);
  await rm(root, { recursive: true, force: true });
});

describe("GET /healthz", () => {
  it("answers ok as JSON", async () => {
    const res = await fetch(`${built.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("answers even when the web client is not built", async () => {
    expect((await fetch(`${unbuilt.url}/healthz`)).status).toBe(200);
  });
});

describe("GET /api/variants", () => {
  it("lists every registry variant with its client-facing data", async () => {
    const res = await fetch(`${built.url}/api/variants`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const list = (await res.json()) as VariantSummary[];
    expect(list.map((v) => v.id)).toEqual(variantIds());
    for (const v of list) {
      expect(Object.keys(v).sort()).toEqual(
        [
          "description",
          "id",
          "names",
          "optionDocs",
          "optionSchema",
          "players",
          "ruleBook",
          "theme",
        ].sort(),
      );
    }
    // A form can be made from the options' JSON Schema: noris has a number of games.
    const noris = list.find((v) => v.id === "noris")!;
    expect(noris.optionSchema?.properties?.games).toMatchObject({
      type: "integer",
      default: 3,
      minimum: 1,
    });
  });

  it("contains noris and tabaluga with their rule ids", async () => {
    const list = (await (await fetch(`${built.url}/api/variants`)).json()) as VariantSummary[];
    for (const id of ["noris", "tabaluga"]) {
      const variant = list.find((v) => v.id === id);
      expect(variant, id).toBeDefined();
      const ruleIds = variant?.ruleBook.map((r) => r.id) ?? [];
      expect(ruleIds).toEqual(expect.arrayContaining(["N-1", "N-2.1", "N-3.1"]));
      expect(variant?.names.de).toBeTruthy();
      expect(variant?.players.min).toBeGreaterThanOrEqual(2);
    }
  });

  it("answers unknown API routes with 404 JSON, never the web page", async () => {
    for (const path of ["/api/nope", "/api", "/api/variants/noris/extra"]) {
      const res = await fetch(`${built.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await res.json()).toMatchObject({ error: "not_found" });
    }
  });
});

describe("static files", () => {
  it("serves files with their content types", async () => {
    const cases: [string, RegExp][] = [
      ["/", /^text\/html/],
      ["/index.html", /^text\/html/],
      [HASHED_JS, /^text\/javascript/],
      ["/assets/style-Dq0pZ1xY.css", /^text\/css/],
      ["/favicon.svg", /^image\/svg\+xml/],
      ["/data.json", /^application\/json/],
    ];
    for (const [path, type] of cases) {
      const res = await fetch(`${built.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toMatch(type);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
    expect(await (await fetch(`${built.url}/`)).text()).toBe(INDEX);
    expect(await (await fetch(`${built.url}${HASHED_JS}`)).text()).toBe("console.log('mau');");
  });

  it("caches hashed assets for a year and revalidates everything else", async () => {
    const asset = await fetch(`${built.url}${HASHED_JS}`);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    for (const path of ["/", "/index.html", "/favicon.svg", "/some/route"]) {
      const res = await fetch(`${built.url}${path}`);
      expect(res.headers.get("cache-control"), path).toBe("no-cache");
    }
  });

  it("sends text files compressed: brotli when accepted, else gzip, else as they are", async () => {
    const get = (path: string, acceptEncoding: string) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((done, fail) => {
        const req = request(`${built.url}${path}`, {
          headers: { "Accept-Encoding": acceptEncoding },
        });
        req.on("response", (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => done({ headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on("error", fail);
        req.end();
      });
    const br = await get(HASHED_JS, "gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["vary"]).toBe("Accept-Encoding");
    expect(brotliDecompressSync(br.body).toString()).toBe("console.log('mau');");
    const gz = await get("/", "gzip;q=1, br;q=0");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(INDEX);
    const plain = await get(HASHED_JS, "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe("console.log('mau');");
  });

  it("logs a download as served when the client closes as soon as it has every byte", async () => {
    // A client without compression (curl, a prober) that closes once it has Content-Length
    // bytes: a streamed file's response was still open then, and was logged as aborted.
    type Line = { msg?: string; url?: string; status?: number };
    const lines: Line[] = [];
    const logger = pino(
      { level: "info" },
      { write: (line: string) => void lines.push(JSON.parse(line) as Line) },
    );
    const server = createServer(testConfig({ webDist: join(root, "dist") }), logger);
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const { port } = server.address() as { port: number };
    const fetchAndClose = () =>
      new Promise<string>((done, fail) => {
        const socket = connect(port, "127.0.0.1");
        let received = Buffer.alloc(0);
        socket.on("data", (chunk: Buffer) => {
          received = Buffer.concat([received, chunk]);
          const end = received.indexOf("\r\n\r\n");
          const length = Number(/content-length: (\d+)/i.exec(received.toString("latin1"))?.[1]);
          if (end < 0 || received.length < end + 4 + length) return;
          socket.destroy();
          done(received.subarray(end + 4).toString());
        });
        socket.on("error", fail);
        socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      });
    const TIMES = 100;
    try {
      for (let i = 0; i < TIMES; i++) expect(await fetchAndClose()).toBe(INDEX);
      // One line per download, served or aborted.
      await waitFor(() => lines.filter((l) => l.url === "/").length >= TIMES, 5_000);
      expect(lines.filter((l) => l.msg === "request").map((l) => l.status)).toEqual(
        Array<number>(TIMES).fill(200),
      );
      expect(lines.filter((l) => l.msg !== "request")).toEqual([]);
    } finally {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    }
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const first = await fetch(`${built.url}/favicon.svg`);
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    const again = await fetch(`${built.url}/favicon.svg`, {
      headers: { "If-None-Match": etag ?? "" },
    });
    expect(again.status).toBe(304);
  });

  it("answers HEAD with headers and no body", async () => {
    const res = await fetch(`${built.url}${HASHED_JS}`, {
      method: "HEAD",
      headers: { "Accept-Encoding": "identity" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-length")).toBe(String("console.log('mau');".length));
    expect(await res.text()).toBe("");
  });

  it("falls back to index.html for client-side routes", async () => {
    for (const path of ["/lobby", "/games/abc/table", "/assets", "/deep/path/?q=1"]) {
      const res = await fetch(`${built.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await res.text()).toBe(INDEX);
    }
  });

  it("answers 404, not the page, for missing files", async () => {
    const res = await fetch(`${built.url}/assets/index-OLDHASH1.js`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain("<title>");
  });
});

describe("path traversal", () => {
  it.each([
    "/../package.json",
    "/../secret.txt",
    "/assets/../../secret.txt",
    "/%2e%2e/secret.txt",
    "/%2E%2E%2Fsecret.txt",
    "/..%2fsecret.txt",
    "/..%5csecret.txt",
    "/assets/%2e%2e%2f%2e%2e%2fsecret.txt",
    "/secret.txt%00.html",
  ])("refuses %s", async (path) => {
    const res = await rawGet(built.port, path);
    expect(res.status).toBe(400);
    expect(res.body).not.toContain("top secret");
    expect(res.body).not.toContain("@maumau/server");
  });

  it("stays inside the web root when the client normalises the path", async () => {
    const res = await fetch(`${built.url}/../secret.txt`);
    expect(await res.text()).not.toContain("top secret");
  });

  it("refuses paths that cannot be decoded", async () => {
    expect((await rawGet(built.port, "/%E0%A4%A")).status).toBe(400);
  });
});

describe("methods", () => {
  it.each(["POST", "PUT", "DELETE", "PATCH", "OPTIONS"])("answers %s with 405", async (method) => {
    for (const path of ["/", "/healthz", "/api/variants"]) {
      const res = await fetch(`${built.url}${path}`, { method });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, HEAD");
    }
  });
});

describe("methods on the whole HTTP surface (issue F7)", () => {
  type Line = { level: number; msg?: string; status?: number; method?: string };
  const METHODS = ["TRACE", "PUT", "DELETE", "PATCH", "PROPFIND"];

  /** A request sent as written (fetch refuses TRACE): its status and `Allow` header. */
  const send = (port: number, method: string, path: string) =>
    new Promise<{ status: number; allow: string | undefined; body: string }>((done, fail) => {
      const req = request({ host: "127.0.0.1", port, path, method }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => done({ status: res.statusCode ?? 0, allow: res.headers.allow, body }));
      });
      req.on("error", fail);
      req.end();
    });

  it("answers other methods with 405 and an Allow header, on /trpc and everywhere else, logging no error", async () => {
    const lines: Line[] = [];
    // Debug: /healthz and /readyz log their requests at debug.
    const logger = pino(
      { level: "debug" },
      { write: (line: string) => void lines.push(JSON.parse(line) as Line) },
    );
    const api = await startServer({
      config: testConfig({ webDist: join(root, "dist"), logLevel: "debug" }),
      logger,
      store: SqliteEventStore.open(":memory:"),
      resume: false,
    });
    try {
      for (const method of METHODS) {
        for (const path of [
          "/trpc/lobby.list",
          "/trpc/lobby.list?input=%7B%7D",
          "/trpc",
          "/trpc/nope",
        ]) {
          const res = await send(api.port, method, path);
          expect(res.status, `${method} ${path}`).toBe(405);
          expect(res.allow, `${method} ${path}`).toBe("GET, HEAD, POST, OPTIONS");
          expect(JSON.parse(res.body)).toMatchObject({ error: "method_not_allowed" });
        }
        for (const path of [
          "/",
          "/lobby",
          HASHED_JS,
          "/healthz",
          "/readyz",
          "/api/variants",
          "/api/nope",
        ]) {
          const res = await send(api.port, method, path);
          expect(res.status, `${method} ${path}`).toBe(405);
          expect(res.allow, `${method} ${path}`).toBe("GET, HEAD");
        }
      }
      // The methods it allows still work: a query by GET, its HEAD, and a preflight refused
      // without CORS (405, with the same Allow).
      expect((await send(api.port, "GET", "/trpc/lobby.list?input=%7B%7D")).status).toBe(200);
      expect((await send(api.port, "HEAD", "/trpc/lobby.list?input=%7B%7D")).status).toBe(204);
      const preflight = await send(api.port, "OPTIONS", "/trpc/lobby.list");
      expect([preflight.status, preflight.allow]).toEqual([405, "GET, HEAD, POST, OPTIONS"]);
      // Every request is logged as a request, none as an error or warning.
      await waitFor(
        () => lines.filter((l) => l.msg === "request").length >= METHODS.length * 11 + 3,
      );
      expect(lines.filter((l) => l.level >= 40)).toEqual([]);
    } finally {
      await api.close();
    }
  });
});

describe("slow clients", () => {
  it("answers 408 and closes a connection whose request head does not arrive within HEADERS_TIMEOUT_MS (slowloris)", async () => {
    const server = createServer(
      testConfig({ webDist: join(root, "dist"), headersTimeoutMs: 200, requestTimeoutMs: 1_000 }),
      pino({ level: "silent" }),
    );
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const { port } = server.address() as { port: number };
    try {
      expect([server.headersTimeout, server.requestTimeout]).toEqual([200, 1_000]);
      // A head that never ends: one header line, then nothing.
      const answer = await new Promise<string>((done, fail) => {
        const socket = connect(port, "127.0.0.1");
        let received = "";
        socket.setEncoding("latin1");
        socket.on("data", (chunk: string) => (received += chunk));
        socket.on("close", () => done(received));
        socket.on("error", fail);
        socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      // A whole request is served as ever.
      expect((await rawGet(port, "/healthz")).status).toBe(200);
    } finally {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    }
  });

  it("bounds every server's clients by default: head 10 s, request 30 s, idle keep-alive 5 s", () => {
    const server = createServer(testConfig(), pino({ level: "silent" }));
    expect([server.headersTimeout, server.requestTimeout, server.keepAliveTimeout]).toEqual([
      10_000, 30_000, 5_000,
    ]);
  });
});

describe("before the web client is built", () => {
  it("answers / with a 503 page that says so", async () => {
    const res = await fetch(`${unbuilt.url}/`);
    expect(res.status).toBe(503);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await res.text()).toMatch(/not built yet/);
  });

  it("answers client-side routes the same way and keeps the API up", async () => {
    expect((await fetch(`${unbuilt.url}/lobby`)).status).toBe(503);
    expect((await fetch(`${unbuilt.url}/api/variants`)).status).toBe(200);
  });
});
