import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { pino } from "pino";
import { createServer } from "./app.js";
import type { Config } from "./config.js";

export interface Running {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/** Starts the real server on an ephemeral port of the loopback interface. */
export async function startTestServer(webDist: string): Promise<Running> {
  const config: Config = { port: 0, host: "127.0.0.1", webDist, logLevel: "silent" };
  const server = createServer(config, pino({ level: "silent" }));
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise((done, fail) => {
        server.close((error) => (error ? fail(error) : done()));
        server.closeIdleConnections();
      }),
  };
}

/** A GET whose path is sent as written; fetch would resolve `..` before sending it. */
export function rawGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    const req = request({ host: "127.0.0.1", port, path, method: "GET" }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => done({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", fail);
    req.end();
  });
}
