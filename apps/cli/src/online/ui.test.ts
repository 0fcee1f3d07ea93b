import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { FullScreenUi, LineUi } from "./ui.js";

/** A LineUi on pipes: what it wrote, and a way to type lines. */
function lineUi() {
  const input = new PassThrough();
  const output = new PassThrough();
  let written = "";
  output.setEncoding("utf8").on("data", (chunk: string) => (written += chunk));
  const ui = new LineUi(input as unknown as NodeJS.ReadStream, output);
  const lines: (string | null)[] = [];
  ui.onLine((line) => lines.push(line));
  return { ui, input, lines, written: () => written };
}

const nextTurn = () => new Promise<void>((done) => setImmediate(done));

describe("LineUi (issue #18.8: a terminal player is never left without a prompt)", () => {
  it("shows a waiting prompt again below what was printed meanwhile, and echoes the answer after it", async () => {
    const { ui, input, lines, written } = lineUi();
    ui.print(["Your turn"]);
    ui.prompt();
    ui.message("Connection lost: reconnecting…");
    ui.message("Connected again.");
    await nextTurn();
    expect(written()).toBe("Your turn\n> \nConnection lost: reconnecting…\nConnected again.\n> ");
    input.write("3\n");
    await nextTurn();
    await nextTurn();
    expect(lines).toEqual(["3"]);
    expect(written()).toMatch(/Connected again\.\n> 3\n$/);
    // Nothing is waiting: printing does not prompt.
    ui.print(["Bot plays."]);
    await nextTurn();
    expect(written()).toMatch(/> 3\nBot plays\.\n$/);
    ui.close();
  });
});

/** A FullScreenUi on a fake terminal of 24 rows: what it wrote, and a way to type. */
function fullScreen(compose: (rows: number, typed: string) => string[]) {
  const input = new PassThrough() as unknown as NodeJS.ReadStream & PassThrough;
  Object.assign(input, { isTTY: true, setRawMode: () => input });
  const output = new PassThrough() as unknown as NodeJS.WriteStream & PassThrough;
  Object.assign(output, { isTTY: true, rows: 24, columns: 80 });
  let written = "";
  output.setEncoding("utf8").on("data", (chunk: string) => (written += chunk));
  const ui = new FullScreenUi((rows, _width, typed) => compose(rows, typed), input, output);
  return {
    ui,
    input,
    written: () => written,
    clear: () => {
      written = "";
    },
  };
}

describe("FullScreenUi (#20.10: the frame never scrolls)", () => {
  const table = () => ["Mau Mau – title row", "Your hand: 1 red 5  2 blue 7"];

  it("an unknown input typed six times puts the prompt back on its row every time", async () => {
    const { ui, input, written, clear } = fullScreen(table);
    ui.onLine((line) => {
      if (line !== null) ui.message(`Not understood: "${line}". Type ? for help.`);
    });
    ui.redraw();
    await nextTurn();
    for (let i = 0; i < 6; i++) {
      clear();
      input.write("foo\r");
      await nextTurn();
      // The cursor goes back to the prompt row (23 of 24) after every line, same message or not.
      expect(written(), `input ${i + 1}`).toContain("\u001b[23;1H");
    }
    ui.close();
  });

  it("a key that changes what the prompt holds redraws the table with it (the card typed)", async () => {
    const { ui, input, written, clear } = fullScreen((_rows, typed) => ["title", `on: ${typed}`]);
    ui.onLine(() => undefined);
    ui.redraw();
    await nextTurn();
    clear();
    input.write("3");
    await nextTurn();
    expect(written()).toContain("\u001b[2;1Hon: 3\u001b[K");
    // Back to the prompt row, the typed key kept.
    const prompt = written().indexOf("\u001b[23;1H");
    expect(prompt).toBeGreaterThan(-1);
    expect(written().slice(prompt)).toContain("> 3");
    clear();
    input.write("\u007f");
    await nextTurn();
    expect(written()).toContain("\u001b[2;1Hon: \u001b[K");
    ui.close();
  });

  it("Ctrl-L redraws every row, the title and the hand included", async () => {
    const { ui, input, written, clear } = fullScreen(table);
    ui.onLine(() => undefined);
    ui.redraw();
    await nextTurn();
    clear();
    input.write("\u000c");
    await nextTurn();
    expect(written()).toContain("\u001b[1;1HMau Mau – title row");
    expect(written()).toContain("\u001b[2;1HYour hand: 1 red 5  2 blue 7");
    ui.close();
  });
});
