import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findVariant } from "@maumau/registry";
// Tests only: the CLI's own code never imports the server's runtime.
import { playServerMatch, startTestApi, type TestApi } from "@maumau/server/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { screenPlayer as player } from "../testing/autoplayer.js";
import { ended, startCli, type CliProcess } from "../testing/cliProcess.js";
import { Replay, readHistory } from "./replay.js";

/**
 * Holds the next watch (a reconnecting client's catch-up) until the server has answered the
 * next command, so that the answer reaches the client before the frames of its events.
 */
function holdWatchUntilCommandAnswered(api: TestApi): void {
  const { service } = api;
  const catchUp = service.catchUp.bind(service);
  const command = service.command.bind(service);
  let answered: () => void = () => {};
  const commandAnswered = new Promise<void>((resolve) => (answered = resolve));
  vi.spyOn(service, "catchUp").mockImplementationOnce(async (...args) => {
    await commandAnswered;
    return catchUp(...args);
  });
  vi.spyOn(service, "command").mockImplementationOnce(async (...args) => {
    try {
      return await command(...args);
    } finally {
      // The gateway sends the answer when the command resolves: the watch goes on after that.
      setImmediate(answered);
    }
  });
}

/** The match's id from the link the CLI prints on arrival: to share a free seat, or to watch. */
const matchIdOf = async (cli: CliProcess): Promise<string> =>
  (await cli.waitFor(/\/m\/([A-Za-z0-9_-]+)(?:\?join)?\s/))[1]!;

describe("maumau play --server / watch / replay against a real server", () => {
  let api: TestApi;
  let config: string;
  const env = () => ({ XDG_CONFIG_HOME: config });
  beforeAll(async () => {
    api = await startTestApi({ commandRate: 10_000 });
    config = mkdtempSync(join(tmpdir(), "maumau-cli-config-"));
  });
  afterAll(async () => {
    await api?.stop();
    rmSync(config, { recursive: true, force: true });
  });

  /**
   * A finished match on the server: one an earlier test played, or else one played here
   * (`playServerMatch`: a socket seat against a bot, one game), so that a test run alone (`-t`)
   * finds one too.
   */
  async function finishedMatch(): Promise<{ matchId: string; variant: string }> {
    const [over] = await api.service.list(["over"], 1);
    if (over !== undefined) return over;
    const played = await playServerMatch(api.url, {
      variant: "noris",
      seats: 2,
      humans: [0],
      options: { games: 1 },
    });
    for (const socket of played.sockets.values()) socket.close();
    return { matchId: played.matchId, variant: "noris" };
  }

  it("noris: a terminal player and a bot play a match of two games to the end while a spectator watches; N-3.3 a refused draw names its rule", async () => {
    // The player waits for the spectator before the first move, so it sees the match live.
    let ready: () => void = () => {};
    const watching = new Promise<void>((resolve) => (ready = resolve));
    const play = player(1);
    const cli = startCli(
      [
        "play",
        "--server",
        api.url,
        "--variant",
        "noris",
        "--bots",
        "1",
        "--option",
        "games=2",
        "--name",
        "Ann",
      ],
      { env: env(), reply: async (t) => (await watching, play(t)) },
    );
    const matchId = await matchIdOf(cli);
    const spectator = startCli(["watch", "--server", api.url, "--match", matchId], { env: env() });
    await spectator.waitFor(new RegExp(`match ${matchId}`));
    ready();
    expect(await ended(cli)).toBe(0);
    expect(await ended(spectator)).toBe(0);
    const out = cli.stdout();
    expect(out).toMatch(/Match over/);
    // Two games: after the first, the player starts the next one (Enter or n).
    expect(out).toMatch(/Game over .*next game[^\n]*\n> n\n[\s\S]*── Game 2/);
    expect(out).toMatch(/Refused \(N-3\.3\): You may not draw/);
    // N-5.1: the call is the player's to make; nothing asks for it.
    expect(out).not.toMatch(/Say "mau"\?/);
    for (const m of out.matchAll(/You play [^\n]* — "mau!"\.\n(.*)/g))
      expect(m[1]).not.toMatch(/You forgot/);
    // The spectator saw the whole match and no hand.
    const watched = spectator.stdout();
    expect(watched).toMatch(/Ann plays/);
    expect(watched).toMatch(/Match over/);
    expect(watched).not.toMatch(/Your hand/);
    expect(watched).not.toMatch(/draws? [a-z]+ [0-9a-z+⇄⊘]+[,.]/i);
    const [lobby] = (await api.service.list(["over"], 200)).filter((l) => l.matchId === matchId);
    expect(lobby?.seats.map((s) => s.kind)).toEqual(["human", "bot"]);
    // The token is kept (0600) and never printed.
    const file = join(config, "maumau", "seats.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const kept = JSON.parse(readFileSync(file, "utf8")) as {
      seats: Record<string, { token: string }>;
    };
    const token = Object.values(kept.seats).find((s) => JSON.stringify(s).includes(matchId))!.token;
    expect(out + cli.stderr() + watched).not.toContain(token);
  }, 120_000);

  it("heul-doch: a terminal player and two bots play to the end (H-3.1 plays onto a pile)", async () => {
    const cli = startCli(
      [
        "play",
        "--server",
        api.url,
        "--variant",
        "heul-doch",
        "--bots",
        "2",
        "--name",
        "Bea",
        "--lang",
        "en",
      ],
      { env: env(), reply: player(2) },
    );
    const matchId = await matchIdOf(cli);
    expect(await ended(cli)).toBe(0);
    const out = cli.stdout();
    expect(out).toMatch(/Piles|pile/);
    expect(out).toMatch(/You play .* onto/);
    expect(out).toMatch(/Match over/);
    const [lobby] = (await api.service.list(["over"], 200)).filter((l) => l.matchId === matchId);
    expect(lobby?.status).toBe("over");
  }, 120_000);

  it("two terminal players: the creator waits with a share link, a friend joins by pasting it, the match starts when full", async () => {
    const annPlays = player(6);
    let joined: () => void = () => {};
    const bobJoined = new Promise<void>((resolve) => (joined = resolve));
    const ann = startCli(
      [
        "play",
        "--server",
        api.url,
        "--variant",
        "noris",
        "--seats",
        "2",
        "--bots",
        "0",
        "--option",
        "games=1",
        "--name",
        "Ann",
      ],
      {
        env: env(),
        // In the lobby the creator has nothing to do until the friend sits down.
        reply: async (t) =>
          /Waiting for players[^>]*> $/.test(t) ? (await bobJoined, "") : annPlays(t),
      },
    );
    const link = (await ann.waitFor(/Share link: (\S+)/))[1]!;
    // Bob is another person: his own config directory (the same one would hold Ann's seat).
    const bobConfig = mkdtempSync(join(tmpdir(), "maumau-cli-bob-"));
    const bob = startCli(["play", "--server", link, "--name", "Bob", "--seat", "2"], {
      env: { XDG_CONFIG_HOME: bobConfig },
      reply: player(7),
    });
    await ann.waitFor(/Bob takes seat 2/);
    joined();
    expect(await ended(ann)).toBe(0);
    expect(await ended(bob)).toBe(0);
    expect(bob.stdout()).toMatch(/Bob \(you\)/);
    expect(bob.stdout()).toMatch(/Match over/);
    rmSync(bobConfig, { recursive: true, force: true });
    const matchId = /\/m\/([^?]+)\?join/.exec(link)![1]!;
    const { lobby } = await api.service.snapshot({ matchId });
    expect(lobby.seats.map((s) => [s.kind, s.name])).toEqual([
      ["human", "Ann"],
      ["human", "Bob"],
    ]);
  }, 120_000);

  it("a friend in the waiting room leaves with a piped q (only the host is asked for lines there); the seat stays theirs", async () => {
    const { matchId } = await api.service.create({ variant: "noris", seats: 3, name: "Host" });
    const cyConfig = mkdtempSync(join(tmpdir(), "maumau-cli-cy-"));
    const cy = startCli(["play", "--server", api.url, "--match", matchId, "--name", "Cy"], {
      env: { XDG_CONFIG_HOME: cyConfig },
    });
    cy.child.stdin!.end("q\n");
    expect(await ended(cy)).toBe(0);
    // The waiting room is shown first, then the line that left it.
    expect(cy.stdout()).toMatch(/Waiting for the host to start[^\n]*\n> q\n/);
    const { lobby } = await api.service.snapshot({ matchId });
    expect(lobby.status).toBe("open");
    expect(lobby.seats.map((s) => [s.kind, s.name])).toEqual([
      ["human", "Host"],
      ["human", "Cy"],
      ["empty", null],
    ]);
    rmSync(cyConfig, { recursive: true, force: true });
  });

  it("table talk in piped mode: say TEXT and react N as a seat and as a spectator; refusals shown like a move's; a bad react N lists the reactions", async () => {
    const { matchId, ticket } = await api.service.create({
      variant: "noris",
      seats: 3,
      name: "Ann",
    });
    const cyConfig = mkdtempSync(join(tmpdir(), "maumau-cli-cy-"));
    const cy = startCli(["play", "--server", api.url, "--match", matchId, "--name", "Cy"], {
      env: { XDG_CONFIG_HOME: cyConfig },
    });
    await cy.waitFor(/Waiting for the host to start/);
    cy.child.stdin!.write("say Hallo from Cy\n");
    await cy.waitFor(/💬 You: Hallo from Cy/);
    cy.child.stdin!.write("react 2\n");
    await cy.waitFor(/💬 You react: Nice one/);
    cy.child.stdin!.write("say   \n");
    await cy.waitFor(/Refused: The chat line is empty\./);
    cy.child.stdin!.write(`say ${"x".repeat(281)}\n`);
    await cy.waitFor(/Refused: A chat line has at most 280 characters \(this one 281\)\./);
    cy.child.stdin!.write("react 99\n");
    await cy.waitFor(/react N {2}a quick reaction: 1 Mau! · 2 Nice one · 3 Oops · 4 Heul doch!/);

    // What others say arrives as a line, as text. An escape sequence is refused by the server
    // (and printed as a space if an older log holds one: lobbyEvents.test).
    await expect(
      api.service.say({ matchId, token: ticket!.token, text: "Hi Cy \u001b[2J" }),
    ).rejects.toMatchObject({ refusal: { code: "CHAT_BAD_TEXT" } });
    await api.service.say({ matchId, token: ticket!.token, text: "Hi Cy <b>bold</b>" });
    await cy.waitFor(/💬 Ann: Hi Cy <b>bold<\/b>/);
    expect(cy.stdout()).not.toContain("\u001b[2J");

    const spectator = startCli(["watch", "--server", api.url, "--match", matchId], { env: env() });
    await spectator.waitFor(new RegExp(`match ${matchId}`));
    spectator.child.stdin!.write("say watching you\n");
    await cy.waitFor(/💬 \S+ \(spectator\): watching you/);
    spectator.child.stdin!.write("react 1\n");
    await spectator.waitFor(/💬 \S+ \(spectator\) reacts: Mau!/);
    // The spectator's screen shows the table talk from before it came, too.
    expect(spectator.stdout()).toMatch(/💬 Cy: Hallo from Cy/);

    cy.child.stdin!.end("q\n");
    spectator.child.stdin!.end("q\n");
    expect(await ended(cy)).toBe(0);
    expect(await ended(spectator)).toBe(0);
    const { events } = await api.service.history({ matchId });
    expect(events.filter((e) => e.type.startsWith("chat.")).map((e) => e.type)).toEqual([
      "chat.said",
      "chat.reacted",
      "chat.said",
      "chat.said",
      "chat.reacted",
    ]);
    rmSync(cyConfig, { recursive: true, force: true });
  });

  it("killed mid-match, the CLI comes back to its seat at the current version and plays on", async () => {
    let prompts = 0;
    const play = player(3);
    const first = startCli(
      [
        "play",
        "--server",
        api.url,
        "--variant",
        "noris",
        "--bots",
        "1",
        "--option",
        "games=1",
        "--name",
        "Cid",
      ],
      {
        env: env(),
        reply: (t) => {
          prompts++;
          return play(t);
        },
      },
    );
    const matchId = await matchIdOf(first);
    await first.waitFor(/(> .*\n[\s\S]*){3}/);
    first.kill("SIGKILL");
    await ended(first);
    expect(prompts).toBeGreaterThanOrEqual(3);
    const before = await api.service.snapshot({ matchId });
    const again = startCli(
      ["play", "--server", api.url, "--match", `${api.url}/m/${matchId}?join`],
      {
        env: env(),
        reply: player(4),
      },
    );
    expect(await ended(again)).toBe(0);
    const out = again.stdout();
    expect(out).toMatch(/Cid \(you\)/);
    expect(out).toMatch(/Match over/);
    const after = await api.service.snapshot({ matchId });
    expect(after.lobby.seats[0]).toMatchObject({ kind: "human", name: "Cid" });
    expect(after.version).toBeGreaterThan(before.version);
  }, 120_000);

  it('a player a bot stood in for reads the takeover and the return once each, as "You are …"', async () => {
    // Its own server: a short grace, and bots slow enough that the match outlasts the absence.
    const short = await startTestApi({ commandRate: 10_000, graceMs: 300, botDelayMs: 300 });
    try {
      const args = ["play", "--server", short.url];
      const first = startCli(
        [...args, "--variant", "noris", "--bots", "1", "--option", "games=3", "--name", "Dora"],
        { env: env(), reply: player(5) },
      );
      const matchId = await matchIdOf(first);
      await first.waitFor(/> /);
      first.kill("SIGKILL");
      await ended(first);
      const takenOver = async () =>
        (await short.store.read(`match-${matchId}`)).some((e) => e.type === "seat.botTakenOver");
      await expect.poll(takenOver, { timeout: 20_000 }).toBe(true);
      const again = startCli([...args, "--match", `${short.url}/m/${matchId}?join`], {
        env: env(),
        reply: player(6),
      });
      await again.waitFor(/You are back\.[\s\S]*> /);
      again.kill("SIGKILL");
      await ended(again);
      const out = again.stdout();
      // The takeover may lie beyond the 30 moves of history the table starts with.
      expect(out.match(/You are away: a bot plays for you\./g)?.length ?? 0, out).toBeLessThan(2);
      expect(out.match(/You are back\./g)?.length, out).toBe(1);
      expect(out).not.toMatch(/You is/);
    } finally {
      await short.stop();
    }
  }, 120_000);

  it("a lost connection: the CLI reconnects, catches up by version and plays on to the end", async () => {
    let prompts = 0;
    let answered = -1;
    /** What the CLI printed between the answer after the reconnect and the next prompt. */
    let afterAnswer: string | null = null;
    const play = player(5);
    const cli = startCli(
      [
        "play",
        "--server",
        api.url,
        "--variant",
        "noris",
        "--bots",
        "1",
        "--option",
        "games=1",
        "--name",
        "Gus",
      ],
      {
        env: env(),
        reply: async (t) => {
          if (++prompts === 3) {
            // The worst order after a reconnect: the command's answer comes before the frames
            // that show it (the socket is back in its match's room only once its watch is).
            holdWatchUntilCommandAnswered(api);
            // Cut every connection under the sockets (as a network loss would), then answer.
            for (const socket of api.io.sockets.sockets.values()) socket.conn.close();
            await cli.waitFor(/Connected again\./);
            const line = play(t);
            answered = cli.stdout().length;
            return line;
          }
          if (answered >= 0 && afterAnswer === null) {
            const since = t.slice(answered);
            // A card played several ways asks first (a wish, a choice): nothing was sent yet,
            // so the move is the answer to this question (a CI run of 2026-11-28 played a jack).
            const lines = since.split("\n").filter((l) => l.trim() !== "" && l.trim() !== ">");
            const last = lines.at(-1) ?? "";
            if (/^(> )?(Wish a colour with it|This card can be played several ways):/.test(last)) {
              const line = play(t);
              answered = cli.stdout().length;
              return line;
            }
            afterAnswer = since;
          }
          return play(t);
        },
      },
    );
    // The output in the message: this once failed within 0.5 s in a loaded run (session 17).
    expect(await ended(cli), `${cli.stdout().slice(-3000)}\n${cli.stderr()}`).toBe(0);
    const out = cli.stdout();
    expect(out).toMatch(/Connection lost: reconnecting…/);
    expect(out).toMatch(/Match over/);
    // The next prompt shows the table after the player's own move (or says why it was refused),
    // never the table the move was made on.
    expect(afterAnswer).toMatch(/\n(You |Refused)/);
  }, 120_000);

  it("replays a finished match: --save writes game.history, --file steps through every event forwards and back", async () => {
    const over = await finishedMatch();
    const file = join(config, "match.json");
    const save = startCli(
      ["replay", "--server", api.url, "--match", over.matchId, "--save", file],
      {
        env: env(),
      },
    );
    expect(await ended(save)).toBe(0);
    const history = readHistory(file, "en");
    const replay = new Replay(history, "en");
    const steps = history.events.length;
    // The engine's state at the last step is the replay of every engine event.
    const variant = findVariant(over.variant)!;
    const engineEvents = history.events.filter((e) => !/^(lobby\.|seat\.|bot\.)/.test(e.type));
    expect(replay.table(steps)).toEqual(
      variant.engine.scriptState(variant.engine.replay(engineEvents)),
    );
    const input = [...Array(steps).fill("n"), "b", "q"].join("\n") + "\n";
    const cli = startCli(["replay", "--file", file], { env: env() });
    cli.child.stdin!.end(input);
    expect(await ended(cli)).toBe(0);
    const out = cli.stdout();
    for (let k = 0; k <= steps; k++) expect(out).toContain(`replay ${k}/${steps}\n`);
    expect(out).toMatch(
      new RegExp(`replay ${steps}/${steps}[\\s\\S]*replay ${steps - 1}/${steps}`),
    );
    expect(out).toMatch(/Match over/);
  });

  it("list shows open and running matches with their share links; --all adds finished ones", async () => {
    const open = await api.service.create({ variant: "french", seats: 3, name: "Hal" });
    const listed = startCli(["list", "--server", api.url], { env: env() });
    expect(await ended(listed)).toBe(0);
    const row = listed
      .stdout()
      .split("\n")
      .find((l) => l.startsWith(open.matchId))!;
    expect(row).toMatch(/french +open +Hal, free, free +http:\/\/\S+\/m\/\S+\?join/);
    expect(listed.stdout()).not.toMatch(/ over /);
    await finishedMatch();
    const all = startCli(["list", "--server", api.url, "--all"], { env: env() });
    expect(await ended(all)).toBe(0);
    expect(all.stdout()).toMatch(/ over /);
    // In German, the status too (it was the English word in a German table).
    const de = startCli(["list", "--server", api.url, "--all", "--lang", "de"], { env: env() });
    expect(await ended(de)).toBe(0);
    expect(de.stdout()).toMatch(/^Partie +Variante +Status +Plätze +Einladungslink$/m);
    expect(de.stdout()).toMatch(
      new RegExp(`^${open.matchId} +french +offen +Hal, frei, frei `, "m"),
    );
    expect(de.stdout()).toMatch(/ beendet /);
    expect(de.stdout()).not.toMatch(/ (open|over) /);
    // Two CLI processes: over 60 s in all in a CI run of ten turbo tasks, when they started
    // through tsx (the package's integration timeout, 2 minutes, holds).
  });

  describe("clear errors: one line, exit code 1, nothing stored", () => {
    const fresh = () => mkdtempSync(join(tmpdir(), "maumau-cli-empty-"));
    const seatsFile = (dir: string) => join(dir, "maumau", "seats.json");

    it("a server that is down", async () => {
      const dir = fresh();
      const cli = startCli(
        ["play", "--server", "http://127.0.0.1:9", "--variant", "noris", "--bots", "1"],
        {
          env: { XDG_CONFIG_HOME: dir },
        },
      );
      // The output in the message: this once ended 0 in a loaded run (session 17), cause unknown.
      expect(await ended(cli), `${cli.stdout()}\n${cli.stderr()}`).toBe(1);
      expect(cli.stderr().trim().split("\n")).toHaveLength(1);
      expect(cli.stderr()).toMatch(/cannot reach the server at http:\/\/127\.0\.0\.1:9/);
      expect(existsSync(seatsFile(dir))).toBe(false);
    });

    it("a match that does not exist", async () => {
      const dir = fresh();
      const cli = startCli(["play", "--server", api.url, "--match", "noSuchMatch"], {
        env: { XDG_CONFIG_HOME: dir },
      });
      expect(await ended(cli)).toBe(1);
      expect(cli.stderr().trim()).toBe(`maumau: there is no match noSuchMatch on ${api.url}`);
      expect(existsSync(seatsFile(dir))).toBe(false);
    });

    it("a full table", async () => {
      const created = await api.service.create({ variant: "noris", seats: 2, name: "Dee" });
      await api.service.addBots({
        matchId: created.matchId,
        token: created.ticket!.token,
        level: "random",
        count: 1,
      });
      const dir = fresh();
      const cli = startCli(
        ["play", "--server", api.url, "--match", created.matchId, "--name", "Eve"],
        {
          env: { XDG_CONFIG_HOME: dir },
        },
      );
      expect(await ended(cli)).toBe(1);
      expect(cli.stderr().trim()).toMatch(/^maumau: match \S+ has no free seat/);
      expect(existsSync(seatsFile(dir))).toBe(false);
    });

    it("a replay of a match that is not over, and a file that is no match log", async () => {
      const running = await api.service.create({ variant: "noris", seats: 2, name: "Ida" });
      const early = startCli(["replay", "--server", api.url, "--match", running.matchId], {
        env: env(),
      });
      expect(await ended(early)).toBe(1);
      expect(early.stderr().trim()).toBe(
        `maumau: match ${running.matchId} is not over yet: a replay shows finished matches only`,
      );
      const file = join(config, "not-a-log.json");
      writeFileSync(file, JSON.stringify({ matchId: "x", events: "no" }));
      const bad = startCli(["replay", "--file", file], { env: env() });
      expect(await ended(bad)).toBe(1);
      expect(bad.stderr().trim().split("\n")).toHaveLength(1);
      expect(bad.stderr()).toMatch(
        /is not a match log \(game\.history\): expected number at version; expected boolean at full/,
      );
    });

    it("a seat that is taken (--seat counts from 1, as the table shows it)", async () => {
      const created = await api.service.create({ variant: "noris", seats: 3, name: "Jo" });
      const dir = fresh();
      const cli = startCli(
        ["play", "--server", api.url, "--match", created.matchId, "--seat", "1", "--name", "Kim"],
        { env: { XDG_CONFIG_HOME: dir } },
      );
      expect(await ended(cli)).toBe(1);
      expect(cli.stderr().trim()).toMatch(/^maumau: that seat of match \S+ is taken/);
      expect(existsSync(seatsFile(dir))).toBe(false);
    });

    it("a waiting room that closed (everyone left) or a match that is over: told in the CLI's words, nothing stored", async () => {
      const created = await api.service.create({ variant: "noris", seats: 3, name: "Gil" });
      await api.service.leave({ matchId: created.matchId, token: created.ticket!.token });
      expect((await api.service.snapshot({ matchId: created.matchId })).lobby.closed).toBe(true);
      const dir = fresh();
      const cli = startCli(["play", "--server", api.url, "--match", created.matchId], {
        env: { XDG_CONFIG_HOME: dir },
      });
      expect(await ended(cli), `${cli.stdout()}\n${cli.stderr()}`).toBe(1);
      expect(cli.stderr().trim()).toBe(
        `maumau: this waiting room has closed (match ${created.matchId}): everyone left before the match started, or nobody came for a long time; start a new match: maumau play --server ${api.url} --variant …`,
      );
      expect(cli.stderr()).not.toMatch(/NOT_IN_LOBBY|no longer in the lobby/);
      expect(existsSync(seatsFile(dir))).toBe(false);
      // The same in German; and a spectator is told too.
      const de = startCli(
        ["watch", "--server", api.url, "--match", created.matchId, "--lang", "de"],
        { env: { XDG_CONFIG_HOME: dir } },
      );
      expect(await ended(de)).toBe(1);
      expect(de.stderr().trim()).toMatch(
        /^maumau: Dieser Warteraum ist geschlossen \(Partie \S+\)/,
      );

      const over = await finishedMatch();
      const late = startCli(["play", "--server", api.url, "--match", over.matchId], {
        env: { XDG_CONFIG_HOME: dir },
      });
      expect(await ended(late)).toBe(1);
      expect(late.stderr().trim()).toBe(
        `maumau: match ${over.matchId} is over: there is no seat to take any more (its replay: maumau replay --server ${api.url} --match ${over.matchId})`,
      );
      expect(existsSync(seatsFile(dir))).toBe(false);
    });

    it("a kept seat in a waiting room that closed because nobody came: told, forgotten", async () => {
      // Its own server: a lobby nobody is at closes after a second.
      const idle = await startTestApi({ commandRate: 10_000, lobbyIdleMs: 1000 });
      try {
        const created = await idle.service.create({ variant: "noris", seats: 2, name: "Hal" });
        const { matchId } = created;
        await expect
          .poll(async () => (await idle.service.snapshot({ matchId })).lobby.closed, {
            timeout: 30_000,
          })
          .toBe(true);
        const dir = fresh();
        const file = seatsFile(dir);
        const { mkdirSync } = await import("node:fs");
        mkdirSync(join(dir, "maumau"), { recursive: true });
        const seat = { server: idle.url, matchId, seat: 0, token: created.ticket!.token };
        writeFileSync(
          file,
          JSON.stringify({
            version: 1,
            seats: { [`${idle.url} ${matchId}`]: { ...seat, at: "2026-01-01T00:00:00Z" } },
          }),
        );
        const cli = startCli(["play", "--server", idle.url, "--match", matchId], {
          env: { XDG_CONFIG_HOME: dir },
        });
        expect(await ended(cli), `${cli.stdout()}\n${cli.stderr()}`).toBe(1);
        expect(cli.stderr().trim()).toMatch(
          /^maumau: this waiting room has closed \(match \S+\): everyone left before the match started, or nobody came/,
        );
        expect(cli.stderr()).not.toContain(created.ticket!.token);
        expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ version: 1, seats: {} });
      } finally {
        await idle.stop();
      }
    });

    it.each([
      [
        "en",
        /^maumau: this waiting room has closed \(match (\S+)\): everyone left before the match started/,
      ],
      [
        "de",
        /^maumau: Dieser Warteraum ist geschlossen \(Partie (\S+)\): Alle sind vor dem Start gegangen/,
      ],
    ] as const)(
      "a kept seat released and its waiting room closed since: the room is told, not a seat no longer yours (%s)",
      async (lang, told) => {
        const created = await api.service.create({ variant: "noris", seats: 3, name: "Host" });
        const { matchId } = created;
        const dir = fresh();
        const file = seatsFile(dir);
        const args = ["play", "--server", api.url, "--match", matchId, "--lang", lang];
        // Lou takes seat 2 and leaves the table: the seat is kept for her.
        const first = startCli([...args, "--name", "Lou"], { env: { XDG_CONFIG_HOME: dir } });
        first.child.stdin!.end("q\n");
        expect(await ended(first)).toBe(0);
        const kept = () => (JSON.parse(readFileSync(file, "utf8")) as { seats: object }).seats;
        expect(Object.keys(kept())).toHaveLength(1);
        // The host frees the seat of the player who went, then leaves: the room closes.
        const host = created.ticket!.token;
        await api.service.freeSeat({ matchId, token: host, seat: 1 });
        await api.service.leave({ matchId, token: host });
        expect((await api.service.snapshot({ matchId })).lobby.closed).toBe(true);
        const again = startCli(args, { env: { XDG_CONFIG_HOME: dir } });
        expect(await ended(again), `${again.stdout()}\n${again.stderr()}`).toBe(1);
        expect(again.stderr().trim().split("\n")).toHaveLength(1);
        expect(again.stderr().trim()).toMatch(told);
        expect(told.exec(again.stderr().trim())![1]).toBe(matchId);
        expect(again.stderr()).not.toMatch(/no longer yours|gehört dir nicht mehr/);
        expect(kept()).toEqual({});
      },
    );

    it("a bad token: told, forgotten, nothing else stored", async () => {
      const created = await api.service.create({ variant: "noris", seats: 2, name: "Fay" });
      const dir = fresh();
      const file = seatsFile(dir);
      const key = `${api.url} ${created.matchId}`;
      const bogus = "x".repeat(43);
      const { mkdirSync } = await import("node:fs");
      mkdirSync(join(dir, "maumau"), { recursive: true });
      writeFileSync(
        file,
        JSON.stringify({
          version: 1,
          seats: {
            [key]: {
              server: api.url,
              matchId: created.matchId,
              seat: 1,
              token: bogus,
              at: "2026-01-01T00:00:00Z",
            },
          },
        }),
      );
      const cli = startCli(["play", "--server", api.url, "--match", created.matchId], {
        env: { XDG_CONFIG_HOME: dir },
      });
      // The output in the message: this once ended 0 in a loaded run (session 17), cause unknown.
      expect(await ended(cli), `${cli.stdout()}\n${cli.stderr()}`).toBe(1);
      expect(cli.stderr().trim().split("\n")).toHaveLength(1);
      expect(cli.stderr()).toMatch(/is no longer yours/);
      expect(cli.stderr()).not.toContain(bogus);
      expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ version: 1, seats: {} });
    });
  });
});
