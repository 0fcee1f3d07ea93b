import { createRng } from "@maumau/engine";
import { describe, expect, it } from "vitest";
import { ALT_OFF, ALT_ON, CLEAR, escape, hasScript, inPty, rowsWritten } from "../testing/pty.js";

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

/** The row a line matching `pattern` is on, or -1. */
const rowOf = (lines: readonly string[], pattern: RegExp) =>
  lines.findIndex((l) => pattern.test(l));

describe.skipIf(!hasScript)("local play at the full screen (pty, 80×24)", () => {
  it("refused inputs, typed again and again, show in the message row and never move the frame", async () => {
    const pty = inPty(
      ["play", "--variant", "noris", "--bots", "2", "--seed", "3", "--option", "games=1"],
      {},
    );
    await pty.waitFor(new RegExp(escape(ALT_ON)));
    await pty.waitFor(/Your turn/);
    await settle();
    const before = pty.screen.lines();
    const title = rowOf(before, /^Mau Mau – The Original · seed 3/);
    const hand = rowOf(before, /^Your hand/);
    expect(title).toBe(0);
    expect(hand).toBeGreaterThan(title);
    // Ten refusals: unknown words, cards the hand does not have, a card the rules refuse.
    const refused = [
      ["foo", /Not understood: "foo"/],
      ["99", /You have no card 99/],
      ["1", /Refused: [^]*\(N-3\.1\)/],
    ] as const;
    for (let i = 0; i < 10; i++) {
      const [input, shows] = refused[i % refused.length]!;
      const since = pty.output().length;
      pty.type(`${input}\r`);
      await pty.waitFor(shows, 30_000, since);
      await settle();
      const lines = pty.screen.lines();
      expect(rowOf(lines, /^Mau Mau – The Original · seed 3/), `after ${input}`).toBe(title);
      expect(rowOf(lines, /^Your hand/), `after ${input}`).toBe(hand);
      // The table itself is unchanged: only the message row (and the prompt) differ.
      expect(lines.slice(0, 20)).toEqual(before.slice(0, 20));
      // The message rows (20 and 21) hold the message, however long it is.
      expect(lines.slice(20, 22).join(" ")).toMatch(shows);
    }
    pty.type("q\r");
    expect(await pty.exited).toBe(0);
    const out = pty.output();
    expect(Math.max(...rowsWritten(out))).toBeLessThanOrEqual(24);
    expect(out.slice(out.lastIndexOf(ALT_OFF))).toMatch(/You left the match/);
  }, 90_000);

  it("Ctrl-L redraws every row, the hand and the moves included", async () => {
    const pty = inPty(["play", "--variant", "noris", "--bots", "1", "--seed", "4"], {});
    await pty.waitFor(/Your turn/);
    await settle();
    const before = pty.screen.lines();
    const since = pty.output().length;
    pty.type("\f");
    await pty.waitFor(/Your turn/, 30_000, since);
    await settle();
    const after = pty.output().slice(since);
    // The screen was cleared and every row of the table written again.
    expect(after).toContain(CLEAR);
    const redrawn = after.slice(after.lastIndexOf(CLEAR));
    for (const row of [/Your hand/, /Moves:/, /Last moves/, /Top card/])
      expect(redrawn).toMatch(row);
    expect(pty.screen.lines().slice(0, 22)).toEqual(before.slice(0, 22));
    pty.type("q\r");
    expect(await pty.exited).toBe(0);
  }, 60_000);

  it("a whole noris match against bots, read off the screen and typed like a person", async () => {
    const pty = inPty(
      ["play", "--variant", "noris", "--bots", "2", "--seed", "11", "--option", "games=2"],
      {},
    );
    const random = createRng(11, 1);
    let actedOn = "";
    let unchanged = 0;
    let exited = false;
    void pty.exited.then(() => (exited = true));
    // The games whose end screen was seen, by the title's number: under load the screen can
    // change again (the typed Enter echoed) before the next game is drawn, and one game's end
    // must count once.
    const ended = new Set<string>();
    for (let look = 0; look < 3000 && !exited; look++) {
      await new Promise((resolve) => setTimeout(resolve, 40));
      const lines = pty.screen.lines();
      const text = lines.join("\n");
      // Typed again when the screen did not change for two seconds (an input refused with
      // the same message, or lost in a redraw, leaves the screen as it was).
      if (text === actedOn && ++unchanged < 50) continue;
      unchanged = 0;
      const message = lines.slice(20, 22).join(" ");
      const pick = /Colour\? 1/.test(message)
        ? "1"
        : /Say "(mau|Mau-Mau)"\?/.test(message)
          ? "y"
          : /Press Enter to leave/.test(text)
            ? ""
            : /Enter or n = next game/.test(text)
              ? (ended.add(/Game (\d+)/.exec(lines[0] ?? "")?.[1] ?? "?"), "")
              : null;
      const status = lines.find((l) => /^ ?Your turn/.test(l));
      const moves = lines.find((l) => l.startsWith("Moves: "));
      let input = pick;
      if (input === null && status !== undefined && moves !== undefined) {
        const inputs = moves.slice(7).split("  (")[0]!.split(", ");
        const cards = inputs.filter((i) => /^\d+$/.test(i));
        input = cards[Math.floor(random() * cards.length)] ?? inputs[0] ?? "d";
      }
      if (input === null) continue;
      actedOn = text;
      pty.type(`${input}\r`);
    }
    expect(await pty.exited).toBe(0);
    expect([...ended]).toEqual(["1"]);
    const out = pty.output();
    expect(Math.max(...rowsWritten(out))).toBeLessThanOrEqual(24);
    // After the full screen: the scores and who won, printed on the terminal.
    const after = out.slice(out.lastIndexOf(ALT_OFF));
    expect(after).toMatch(/Scores/);
    expect(after).toMatch(/Match over/);
  }, 180_000);
});
