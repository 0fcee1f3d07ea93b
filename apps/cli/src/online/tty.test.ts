import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRng } from "@maumau/engine";
// Tests only: the CLI's own code never imports the server's runtime.
import { startTestApi, type TestApi } from "@maumau/server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALT_OFF, ALT_ON, CLEAR, escape, hasScript, inPty, rowsWritten } from "../testing/pty.js";
import { viewOf } from "../families/index.js";
import { finishedNorisHistory } from "../testing/tableFixtures.js";
import { SeatStore } from "./seatStore.js";

describe.skipIf(!hasScript)("full screen in a real terminal (pty, 80×24)", () => {
  let api: TestApi;
  let config: string;
  beforeAll(async () => {
    api = await startTestApi({ commandRate: 10_000, botDelayMs: 300 });
    config = mkdtempSync(join(tmpdir(), "maumau-tty-"));
  });
  afterAll(async () => {
    await api?.stop();
    rmSync(config, { recursive: true, force: true });
  });

  it("play: the table is drawn in place on the alternate screen, input is read at its foot, q leaves", async () => {
    const pty = inPty(
      ["play", "--server", api.url, "--variant", "noris", "--bots", "1", "--name", "Tia"],
      {
        XDG_CONFIG_HOME: config,
      },
    );
    await pty.waitFor(new RegExp(escape(ALT_ON)));
    await pty.waitFor(/Your hand/);
    await pty.waitFor(/Last moves/);
    pty.type("zz\r");
    await pty.waitFor(/Not understood: "zz"/);
    pty.type("q\r");
    expect(await pty.exited).toBe(0);
    const out = pty.output();
    expect(out.slice(out.lastIndexOf(ALT_OFF))).toMatch(/You left the table/);
    expect(Math.max(...rowsWritten(out))).toBeLessThanOrEqual(24);
    // Redrawn in place: the screen is never cleared between frames (no flicker).
    expect(out.split(CLEAR).length - 1).toBe(1);
  }, 60_000);

  it.each([
    ["noris", ["--bots", "1", "--option", "games=1"]],
    ["heul-doch", ["--bots", "2"]],
  ])(
    "play: a whole %s match at the full screen, read off the screen and typed like a person (noris: then a rematch)",
    async (variant, extra) => {
      const pty = inPty(
        ["play", "--server", api.url, "--variant", variant, ...extra, "--name", "Vic"],
        { XDG_CONFIG_HOME: config },
      );
      const random = createRng(9, 1);
      let actedOn = "";
      let unchanged = 0;
      let rematched = false;
      let exited = false;
      void pty.exited.then(() => (exited = true));
      // Bounded: a match of two players ends long before this many looks at the screen.
      for (let look = 0; look < 3000 && !exited; look++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const lines = pty.screen.lines();
        const text = lines.join("\n");
        if (/(wins|share) the match/.test(text) && /Enter = leave/.test(text)) {
          if (variant === "noris") {
            // The web's rematch: the same seats in a new match, played at once; then leave.
            const first = /match (\S+)/.exec(text)![1]!;
            const since = pty.output().length;
            pty.type("r\r");
            await pty.waitFor(/Your hand|'s turn/, 30_000, since);
            const second = /match (\S+)/.exec(pty.screen.text())?.[1];
            expect(second).toBeDefined();
            expect(second).not.toBe(first);
            pty.type("q\r");
            rematched = true;
          } else pty.type("\r");
          break;
        }
        // Rows 0–19 the table, 20–21 the message, 22 the prompt.
        const table = lines.slice(0, 20).join("\n");
        const message = lines.slice(20, 22).join(" ");
        const status = lines.find((l) => /^ ?Your turn/.test(l));
        const moves = lines.find((l) => l.startsWith("Moves: "));
        if (status === undefined || moves === undefined) continue;
        // A person types again when the screen did not change for two seconds: an input that
        // was refused with the same message as before, or typed while the screen was being
        // redrawn, leaves the screen as it was (waiting for a change then waited forever).
        if (table + message === actedOn && ++unchanged < 40) continue;
        actedOn = table + message;
        unchanged = 0;
        const wish =
          /Wish a colour with it: ([^·]+)/.exec(message) ?? /several ways: (m \d+)/.exec(message);
        const inputs = moves.slice(7).split("  (")[0]!.split(", ");
        const cards = inputs.filter((i) => /^\d+$/.test(i));
        const pick = wish
          ? wish[1]!.trim()
          : (cards[Math.floor(random() * cards.length)] ?? inputs[0] ?? "d");
        pty.type(`${pick}\r`);
      }
      expect(await pty.exited).toBe(0);
      const out = pty.output();
      expect(rematched).toBe(variant === "noris");
      expect(out.slice(out.lastIndexOf(ALT_OFF))).toMatch(
        variant === "noris" ? /You left the table/ : /(wins|share) the match/,
      );
      expect(Math.max(...rowsWritten(out))).toBeLessThanOrEqual(24);
    },
    180_000,
  );

  it("the final screen names the match winner; r seats a second human in the rematch another started", async () => {
    const created = await api.service.create({
      variant: "noris",
      seats: 2,
      name: "Ann",
      options: { games: 1 },
    });
    const { matchId } = created;
    const ann = created.ticket!.token;
    const pty = inPty(["play", "--server", api.url, "--match", matchId, "--name", "Vic"], {
      XDG_CONFIG_HOME: config,
    });
    await expect
      // Under CI's load the CLI's start alone once took over 30 s (through tsx, then).
      .poll(async () => (await api.service.snapshot({ matchId })).lobby.seats[1]?.name, {
        timeout: 120_000,
      })
      .toBe("Vic");
    await api.service.start({ matchId, token: ann });
    // The CLI keeps the seat's token once the server has answered the join.
    const store = new SeatStore(join(config, "maumau"));
    await expect.poll(() => store.get(api.url, matchId)?.token, { timeout: 30_000 }).toBeTruthy();
    const vic = store.get(api.url, matchId)!.token;
    // Both humans' moves go to the server directly: the end is what is tested here.
    for (
      let round = 0;
      (await api.service.snapshot({ matchId })).lobby.status !== "over";
      round++
    ) {
      expect(round, "the match ends").toBeLessThan(3000);
      for (const token of [ann, vic]) {
        const snap = await api.service.snapshot({ matchId, token });
        const move = snap.legal.find((m) => m.type === "playCard") ?? snap.legal[0];
        if (move)
          await api.service
            .command({ matchId, token, commandId: randomUUID(), command: move })
            .catch(() => undefined);
      }
    }
    const final = await api.service.snapshot({ matchId });
    const view = viewOf(final.view, "classic")!;
    const winners = view.winners.map((s) => ["Ann", "Vic"][s]);
    await pty.waitFor(
      winners.length === 1 ? new RegExp(`${winners[0]} wins the match`) : /Ann and Vic share/,
    );
    await pty.waitFor(/r = rematch \(same seats\) · Enter = leave/);
    // Every hand is counted in the open: each seat's cards and points under the table.
    const hands = view.revealedHands ?? [];
    for (const [seat, who] of ["Ann", "Vic"].entries())
      expect(pty.screen.text()).toMatch(
        new RegExp(`${who}: ${hands[seat]!.length === 0 ? "—" : ".+"} = ${view.scores?.[seat]}`),
      );

    // Ann asks for the rematch elsewhere: Vic is told, and r takes his seat in it.
    const { matchId: next } = await api.service.rematch({ matchId, token: ann });
    await pty.waitFor(/Ann started a rematch — r takes your seat/);
    const since = pty.output().length;
    pty.type("r\r");
    await pty.waitFor(new RegExp(`match ${next}`), 30_000, since);
    await pty.waitFor(/Your hand/, 30_000, since);
    const rematch = await api.service.snapshot({ matchId: next, token: vic });
    expect(rematch.viewer).toBe(1);
    expect(rematch.lobby.status).toBe("running");
    pty.type("q\r");
    expect(await pty.exited).toBe(0);
  }, 300_000);

  it("watch: a spectator's screen has the table and no hand", async () => {
    const created = await api.service.create({ variant: "noris", seats: 3, name: "Uli" });
    await api.service.addBots({
      matchId: created.matchId,
      token: created.ticket!.token,
      level: "heuristic",
      count: 2,
    });
    await api.service.start({ matchId: created.matchId, token: created.ticket!.token });
    const pty = inPty(["watch", "--server", api.url, "--match", created.matchId], {
      XDG_CONFIG_HOME: config,
    });
    await pty.waitFor(/watching/);
    await pty.waitFor(/Top card/);
    pty.type("q\r");
    expect(await pty.exited).toBe(0);
    expect(pty.output()).not.toMatch(/Your hand/);
  }, 60_000);

  it("watch: table talk shows in the full screen's log; say TEXT and react N are typed at its foot", async () => {
    const created = await api.service.create({ variant: "noris", seats: 2, name: "Vera" });
    const pty = inPty(["watch", "--server", api.url, "--match", created.matchId, "--lang", "en"], {
      XDG_CONFIG_HOME: config,
    });
    await pty.waitFor(new RegExp(escape(ALT_ON)));
    await pty.waitFor(/Waiting for players/);
    await api.service.say({
      matchId: created.matchId,
      token: created.ticket!.token,
      text: "hi all",
    });
    await pty.waitFor(/💬 .*Vera.*: hi all/);
    pty.type("say hello from the pty\r");
    await pty.waitFor(/\(spectator\).*: hello from the pty/);
    pty.type("react 3\r");
    await pty.waitFor(/\(spectator\).* reacts: Oops/);
    pty.type("q\r");
    expect(await pty.exited).toBe(0);
    const { events } = await api.service.history({ matchId: created.matchId });
    expect(events.filter((e) => e.type.startsWith("chat.")).length).toBe(3);
  }, 60_000);

  it("replay: arrow keys step forwards and back through a saved log, q quits", async () => {
    const history = finishedNorisHistory("local");
    const events = history.events;
    const file = join(config, "log.json");
    writeFileSync(file, JSON.stringify(history));
    const pty = inPty(["replay", "--file", file], { XDG_CONFIG_HOME: config });
    const n = events.length;
    await pty.waitFor(new RegExp(`replay .*0/${n}`));
    pty.type("\u001b[C\u001b[C\u001b[C");
    await pty.waitFor(new RegExp(`replay .*3/${n}`));
    pty.type("\u001b[D");
    await pty.waitFor(new RegExp(`replay .*2/${n}[\\s\\S]*$`));
    pty.type("\u001b[F");
    await pty.waitFor(new RegExp(`replay .*${n}/${n}`));
    pty.type("q");
    expect(await pty.exited).toBe(0);
    expect(Math.max(...rowsWritten(pty.output()))).toBeLessThanOrEqual(24);
  }, 60_000);
});
