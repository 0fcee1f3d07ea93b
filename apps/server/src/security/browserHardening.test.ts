import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../testing/index.js";

let root: string;
let api: TestApi;
const PUBLIC = "https://mau.example";

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "maumau-hardening-"));
  await mkdir(join(root, "assets"), { recursive: true });
  await writeFile(join(root, "index.html"), "<!doctype html><title>Mau Mau</title>");
  await writeFile(join(root, "assets", "index-B3xk_9aZ.js"), "console.log('mau');");
  api = await startTestApi({ webDist: root, publicOrigin: PUBLIC });
});
afterAll(async () => {
  await api.stop();
  await rm(root, { recursive: true, force: true });
});

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** A request with the Host (and Origin) a browser would send for `host`. */
function send(
  path: string,
  host: string,
  options: { method?: string; origin?: string; body?: string } = {},
): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: api.port,
        path,
        method: options.method ?? "GET",
        headers: {
          host,
          ...(options.origin ? { origin: options.origin } : {}),
          ...(options.body ? { "content-type": "application/json" } : {}),
        },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", fail);
    req.end(options.body);
  });
}

/** A websocket upgrade of socket.io's handshake: 101 when accepted, else the refusal's status. */
function upgrade(host: string, origin: string): Promise<number> {
  return new Promise((done, fail) => {
    const req = request({
      host: "127.0.0.1",
      port: api.port,
      path: "/socket.io/?EIO=4&transport=websocket",
      headers: {
        host,
        origin,
        connection: "Upgrade",
        upgrade: "websocket",
        "sec-websocket-version": "13",
        "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
      },
    });
    req.on("upgrade", (res, socket) => {
      socket.destroy();
      done(res.statusCode ?? 0);
    });
    req.on("response", (res) => {
      res.resume();
      done(res.statusCode ?? 0);
    });
    req.on("error", fail);
    req.end();
  });
}

describe("issue #18.7: the page's security headers", () => {
  it("the HTML forbids inline script and framing, and sets Referrer- and Permissions-Policy", async () => {
    for (const path of ["/", "/m/abc"]) {
      const { status, headers } = await send(path, `localhost:${api.port}`);
      expect(status).toBe(200);
      const csp = String(headers["content-security-policy"]);
      expect(csp).toMatch(/(^|; )default-src 'self'(;|$)/);
      expect(csp).toMatch(/(^|; )script-src 'self'(;|$)/);
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(csp).toMatch(/(^|; )frame-ancestors 'none'(;|$)/);
      expect(csp).toMatch(/(^|; )object-src 'none'(;|$)/);
      expect(csp).toMatch(/(^|; )base-uri 'none'(;|$)/);
      expect(headers["x-frame-options"]).toBe("DENY");
      expect(headers["referrer-policy"]).toBe("no-referrer");
      expect(headers["permissions-policy"]).toMatch(/camera=\(\)/);
      expect(headers["permissions-policy"]).toMatch(/microphone=\(\)/);
      expect(headers["x-content-type-options"]).toBe("nosniff");
    }
  });

  it("assets and API answers carry them too", async () => {
    for (const path of ["/assets/index-B3xk_9aZ.js", "/api/variants", "/healthz"]) {
      const { status, headers } = await send(path, `127.0.0.1:${api.port}`);
      expect(status).toBe(200);
      expect(headers["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
      expect(headers["x-frame-options"]).toBe("DENY");
    }
  });
});

describe("issue #18.7: only allowed hosts are served (DNS rebinding)", () => {
  it("refuses a foreign Host on HTTP with a typed 421, pages and API alike", async () => {
    const page = await send("/", "evil.example");
    expect(page.status).toBe(421);
    expect(JSON.parse(page.body)).toMatchObject({ error: "forbidden_host" });
    expect(page.body).not.toContain("Mau Mau</title>");
    expect((await send("/healthz", "evil.example")).status).toBe(421);
    const rpc = await send("/trpc/lobby.list", `evil.example:${api.port}`, {
      method: "POST",
      origin: `http://evil.example:${api.port}`,
      body: "{}",
    });
    expect(rpc.status).toBe(421);
    expect(JSON.parse(rpc.body)).toMatchObject({
      error: { data: { refusal: { code: "FORBIDDEN_HOST" } } },
    });
  });

  it("refuses the websocket upgrade with a foreign Host even when the Origin matches it", async () => {
    expect(await upgrade(`evil.example:${api.port}`, `http://evil.example:${api.port}`)).not.toBe(
      101,
    );
  });

  it("serves loopback names, IP addresses and the public origin's host", async () => {
    for (const host of [
      `localhost:${api.port}`,
      `127.0.0.1:${api.port}`,
      `[::1]:${api.port}`,
      `maumau.localhost:${api.port}`,
      "192.168.1.20:3000",
      "mau.example",
    ]) {
      expect((await send("/", host)).status, host).toBe(200);
    }
    expect(await upgrade(`localhost:${api.port}`, `http://localhost:${api.port}`)).toBe(101);
    expect(await upgrade("mau.example", PUBLIC)).toBe(101);
  });

  it("ALLOWED_HOSTS adds names; * allows any", async () => {
    const named = await startTestApi({ webDist: root, allowedHosts: ["games.lan"] });
    const any = await startTestApi({ webDist: root, allowedHosts: ["*"] });
    try {
      const at = (server: TestApi, host: string) =>
        new Promise<number>((done, fail) => {
          request({ host: "127.0.0.1", port: server.port, path: "/", headers: { host } }, (res) => {
            res.resume();
            done(res.statusCode ?? 0);
          })
            .on("error", fail)
            .end();
        });
      expect(await at(named, "games.lan:3000")).toBe(200);
      expect(await at(named, "evil.example")).toBe(421);
      expect(await at(any, "evil.example")).toBe(200);
    } finally {
      await Promise.all([named.stop(), any.stop()]);
    }
  });
});
