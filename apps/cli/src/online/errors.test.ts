import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkReachable } from "./errors.js";

let server: Server;
let url = "";

beforeAll(async () => {
  // A server whose Host allow-list does not name the host the player typed (issue #18.7).
  server = createServer((_req, res) => res.writeHead(421).end());
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe("checkReachable", () => {
  it("tells a host name the server does not answer to (421) apart from a server that is down", async () => {
    await expect(checkReachable(url, "en")).rejects.toMatchObject({
      code: "FORBIDDEN_HOST",
      message: expect.stringMatching(/does not answer to this name.*ALLOWED_HOSTS/),
    });
    await expect(checkReachable("http://127.0.0.1:1", "en")).rejects.toMatchObject({
      code: "SERVER_DOWN",
    });
  });
});
