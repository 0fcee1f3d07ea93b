import { emitKeypressEvents } from "node:readline";
import { createInterface } from "node:readline";
import type { Lang } from "@maumau/engine";
import type { Look } from "./render.js";
import type { Replay } from "./replay.js";
import { REPLAY_TEXTS } from "./texts.js";

const ESC = "\u001b[";

/** Where a step command leads from `step`, or null for quit; `undefined` = not understood. */
export function stepFor(word: string, step: number, last: number): number | null | undefined {
  const w = word.trim().toLowerCase();
  if (w === "" || w === "n" || w === "next" || w === "weiter") return Math.min(last, step + 1);
  if (w === "b" || w === "back" || w === "zurück" || w === "p") return Math.max(0, step - 1);
  if (w === "end" || w === "ende" || w === "$") return last;
  if (w === "start" || w === "anfang") return 0;
  if (w === "q" || w === "quit" || w === "ende!" || w === "exit") return null;
  if (/^\d+$/.test(w)) return Math.max(0, Math.min(last, Number(w)));
  return undefined;
}

/** Full screen: every key moves through the log; the screen is redrawn in place. */
export function replayFullScreen(
  replay: Replay,
  look: Omit<Look, "width">,
  lang: Lang,
): Promise<void> {
  const out = process.stdout;
  const input = process.stdin;
  let step = 0;
  let shown: string[] = [];
  const draw = () => {
    const rows = Math.max(6, out.rows || Number(process.env.LINES) || 24);
    const width = Math.max(20, out.columns || Number(process.env.COLUMNS) || 80);
    const lines = replay.lines(step, { ...look, width }).slice(0, rows - 1);
    while (lines.length < rows - 1) lines.push("");
    lines.push(look.c.dim(REPLAY_TEXTS[lang].keys).slice(0, width * 3));
    let text = "";
    lines.forEach((line, row) => {
      if (shown[row] !== line) text += `${ESC}${row + 1};1H${line}${ESC}K`;
    });
    shown = lines;
    out.write(text);
  };
  return new Promise((done) => {
    out.write(`${ESC}?1049h${ESC}?25l${ESC}2J`);
    emitKeypressEvents(input);
    input.setRawMode(true);
    input.resume();
    const onResize = () => {
      shown = [];
      out.write(`${ESC}2J`);
      draw();
    };
    const finish = () => {
      input.off("keypress", onKey);
      out.off("resize", onResize);
      input.setRawMode(false);
      input.pause();
      out.write(`${ESC}?25h${ESC}?1049l`);
      done();
    };
    const onKey = (
      text: string | undefined,
      key: { name?: string; ctrl?: boolean } | undefined,
    ) => {
      const name = key?.name ?? text ?? "";
      const last = replay.steps;
      if ((key?.ctrl && name === "c") || name === "q" || name === "escape") return finish();
      if (["right", "n", "return", "space", "down"].includes(name)) step = Math.min(last, step + 1);
      else if (["left", "b", "p", "backspace", "up"].includes(name)) step = Math.max(0, step - 1);
      else if (name === "pagedown") step = Math.min(last, step + 10);
      else if (name === "pageup") step = Math.max(0, step - 10);
      else if (name === "home" || text === "0") step = 0;
      else if (name === "end" || text === "$") step = last;
      draw();
    };
    input.on("keypress", onKey);
    out.on("resize", onResize);
    draw();
  });
}

/** Line mode: the first step, then one line of input per move (n, b, a step number, end, q). */
export async function replayLines(replay: Replay, look: Look, lang: Lang): Promise<void> {
  const out = process.stdout;
  const rl = createInterface({ input: process.stdin, terminal: false });
  const echo = process.stdin.isTTY !== true;
  let step = 0;
  out.write(
    [...replay.lines(step, look), look.c.dim(REPLAY_TEXTS[lang].lines)].join("\n") + "\n> ",
  );
  for await (const line of rl) {
    if (echo) out.write(line + "\n");
    const next = stepFor(line, step, replay.steps);
    if (next === null) break;
    if (next === undefined) out.write(REPLAY_TEXTS[lang].unknown(line.trim()) + "\n> ");
    else {
      step = next;
      out.write(replay.lines(step, look).join("\n") + "\n> ");
    }
  }
  out.write("\n");
  rl.close();
}
