import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TransportError } from "@maumau/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../testing/cli.js";
import {
  checkReachable,
  jsonProblem,
  OnlineError,
  reachProblem,
  transportProblem,
  unreadable,
} from "./errors.js";
import { readHistory, Replay } from "./replay.js";
import { tableVariant } from "./session.js";

let server: Server;
let url = "";
/** A port nothing listens on: taken, then given back. */
let closedPort = 0;
let dir = "";

beforeAll(async () => {
  // A server whose Host allow-list does not name the host the player typed (issue #18.7).
  server = createServer((_req, res) => res.writeHead(421).end());
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const spare = createServer();
  await new Promise<void>((done) => spare.listen(0, "127.0.0.1", done));
  closedPort = (spare.address() as AddressInfo).port;
  await new Promise<void>((done) => spare.close(() => done()));
  dir = mkdtempSync(join(tmpdir(), "maumau-errors-"));
});
afterAll(async () => {
  await new Promise<void>((done) => server.close(() => done()));
  rmSync(dir, { recursive: true, force: true });
});

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

  it("a server that is down: a sentence of ours in each language naming its address, not Node's words", async () => {
    const down = `http://127.0.0.1:${closedPort}`;
    const problem = await reachProblem(down);
    expect(problem?.code).toBe("SERVER_DOWN");
    expect(problem?.text).toEqual({
      en: `cannot reach the server at ${down}: nothing at 127.0.0.1:${closedPort} accepts the connection; is the server running?`,
      de: `Server ${down} nicht erreichbar: unter 127.0.0.1:${closedPort} nimmt niemand die Verbindung an; läuft der Server?`,
    });
    // An address without a port is named with its scheme's.
    const nameless = await reachProblem("http://no-such-host.invalid");
    expect(nameless?.text.en).toMatch(/: the name no-such-host\.invalid is not known \(DNS\)$/);
    expect(nameless?.text.de).toMatch(/: der Name no-such-host\.invalid ist unbekannt \(DNS\)$/);
    // fetch's blocked ports (9: discard) say only "bad port".
    const blocked = await reachProblem("http://127.0.0.1:9");
    expect(blocked?.text.de).toBe(
      "Server http://127.0.0.1:9 nicht erreichbar: den Port von 127.0.0.1:9 dürfen Web-Clients nicht benutzen; gib dem Server einen anderen",
    );
    for (const text of [problem!.text, nameless!.text, blocked!.text])
      expect(`${text.en}\n${text.de}`).not.toMatch(
        /ECONNREFUSED|ENOTFOUND|fetch failed|bad port|TypeError/,
      );
    await expect(checkReachable(down, "de")).rejects.toMatchObject({
      message: problem!.text.de,
    });
  });

  it("a socket that does not open or a call without an answer: told in each language", () => {
    const at = "http://h:3000";
    expect(
      transportProblem(new TransportError("connect", "disconnected", `${at}: websocket error`), at),
    ).toEqual({
      en: "the server at http://h:3000 answers, but no live connection (WebSocket) to it opens",
      de: "Der Server http://h:3000 antwortet, aber eine Live-Verbindung (WebSocket) zu ihm kommt nicht zustande",
    });
    expect(
      transportProblem(new TransportError("game.history", "timeout", "operation has timed out"), at)
        .de,
    ).toBe("Der Server http://h:3000 hat nicht rechtzeitig geantwortet (game.history)");
    expect(transportProblem(new TransportError("game.history", "disconnected", at), at).de).toBe(
      "Die Verbindung zu http://h:3000 ist verloren",
    );
  });
});

describe("a file that cannot be read: a sentence of ours per error code, the path kept", () => {
  const error = (code: string) => Object.assign(new Error(`${code}: Node's words`), { code });
  it.each([
    ["ENOENT", "there is no file a/b.json", "die Datei a/b.json gibt es nicht"],
    ["EACCES", "no permission to read a/b.json", "keine Berechtigung, a/b.json zu lesen"],
    ["EISDIR", "a/b.json is a folder, not a file", "a/b.json ist ein Ordner, keine Datei"],
    ["EIO", "cannot read a/b.json (EIO)", "a/b.json ist nicht lesbar (EIO)"],
  ])("%s", (code, en, de) => {
    expect(unreadable("a/b.json", error(code))).toEqual({ en, de });
  });
});

describe("a file that is not JSON: where it goes wrong, in our words, not Node's", () => {
  const told = (text: string) => {
    try {
      JSON.parse(text);
    } catch (e) {
      return jsonProblem("a.json", text, e);
    }
    throw new Error(`${text} is JSON`);
  };
  it.each([
    ["{ nope", "a.json is not JSON (line 1, column 3)", "a.json ist kein JSON (Zeile 1, Spalte 3)"],
    [
      '{\n  "variant": "noris",\n  "players": 2,\n}\n',
      "a.json is not JSON (line 4, column 1)",
      "a.json ist kein JSON (Zeile 4, Spalte 1)",
    ],
    [
      '{"a": "ü€',
      "a.json is not JSON (it ends too early)",
      "a.json ist kein JSON (der Text endet zu früh)",
    ],
    [
      "[1, 2",
      "a.json is not JSON (it ends too early)",
      "a.json ist kein JSON (der Text endet zu früh)",
    ],
    ["  \n", "a.json is not JSON (it is empty)", "a.json ist kein JSON (der Text ist leer)"],
  ])("%j", (text, en, de) => {
    expect(told(text)).toEqual({ en, de });
  });

  it("a message that names no place: the sentence alone", () => {
    expect(jsonProblem("a.json", "nope", new SyntaxError("Unexpected token 'o'"))).toEqual({
      en: "a.json is not JSON",
      de: "a.json ist kein JSON",
    });
    // Node 22's message names the line too; the position is what counts.
    const v22 = new SyntaxError(
      "Expected property name or '}' in JSON at position 11 (line 2 column 3)",
    );
    expect(jsonProblem("a.json", '{"a": 1,\n  x}', v22).de).toBe(
      "a.json ist kein JSON (Zeile 2, Spalte 3)",
    );
  });
});

describe("replay --file: what is wrong with the file, in the player's language", () => {
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  const log = (full: boolean, variant: string) =>
    JSON.stringify({
      matchId: "m1",
      version: 1,
      full,
      events: [{ version: 1, type: "lobby.created", data: { variant, seats: 2 }, at: "t" }],
    });

  it("a file that is missing, a folder, not JSON or of the wrong shape", () => {
    const missing = join(dir, "missing.json");
    const notJson = file("text.json", "hello");
    const shape = file("shape.json", JSON.stringify({ matchId: "x", events: "no" }));
    const told = (path: string) =>
      (["en", "de"] as const).map((lang) => {
        try {
          readHistory(path, lang);
        } catch (e) {
          return (e as Error).message;
        }
        return null;
      });
    expect(told(missing)).toEqual([
      `there is no file ${missing}`,
      `die Datei ${missing} gibt es nicht`,
    ]);
    expect(told(dir)).toEqual([
      `${dir} is a folder, not a file`,
      `${dir} ist ein Ordner, keine Datei`,
    ]);
    expect(told(notJson)).toEqual([`${notJson} is not JSON`, `${notJson} ist kein JSON`]);
    expect(told(shape)).toEqual([
      `${shape} is not a match log (game.history): expected number at version; expected boolean at full; expected array at events`,
      `${shape} ist kein Partieprotokoll (game.history): erwartet: number bei version; erwartet: boolean bei full; erwartet: array bei events`,
    ]);
  });

  it("a log of a match not over, or of a variant this CLI does not know", () => {
    const replay = (text: string) => () =>
      new Replay(readHistory(file("log.json", text), "de"), "de");
    expect(replay(log(false, "noris"))).toThrow(
      "Partie m1 läuft noch: Wiederholungen gibt es nur von beendeten Partien",
    );
    expect(replay(log(true, "zzz"))).toThrow(
      "das Protokoll nennt keine Variante, die dieses CLI kennt (zzz)",
    );
  });

  it("as maumau replay prints it, under a German locale and with --lang de", async () => {
    const shape = file("bad.json", JSON.stringify([]));
    const byLocale = await runCli(["replay", "--file", shape], "", 60_000, { LANG: "de_DE.UTF-8" });
    expect(byLocale.code).toBe(1);
    expect(byLocale.stderr).toBe(
      `maumau: ${shape} ist kein Partieprotokoll (game.history): erwartet: object\n`,
    );
    const missing = join(dir, "nope.json");
    const byFlag = await runCli(["replay", "--file", missing, "--lang", "de"]);
    expect(byFlag.stderr).toBe(`maumau: die Datei ${missing} gibt es nicht\n`);
  }, 60_000);
});

describe("play --server and watch: a match whose variant this CLI does not know", () => {
  it("is one line in the player's language, with its code", () => {
    expect(tableVariant("noris", "de").id).toBe("noris");
    const told = (lang: "en" | "de") => {
      try {
        tableVariant("skat", lang);
      } catch (e) {
        return e;
      }
      return null;
    };
    expect(told("en")).toEqual(
      new OnlineError("this CLI does not know the variant skat", "UNKNOWN_VARIANT"),
    );
    expect(told("de")).toMatchObject({
      code: "UNKNOWN_VARIANT",
      message: "dieses CLI kennt die Variante skat nicht",
    });
  });
});
