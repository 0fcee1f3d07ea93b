/** What a line typed at the table asks for, before it is checked against the game. */
export type Intent =
  | {
      readonly kind: "card";
      /** 1-based position in the hand as printed. */
      readonly index: number;
      /** A colour as typed (name or number), for wish cards. */
      readonly colour: string | null;
      readonly mau: boolean;
      readonly mauMau: boolean;
    }
  | { readonly kind: "draw" }
  | { readonly kind: "pass" }
  | { readonly kind: "choose"; readonly colour: string }
  | { readonly kind: "cut"; readonly at: number | null; readonly keep: boolean }
  | {
      readonly kind: "move";
      readonly index: number;
      readonly mau: boolean;
      readonly mauMau: boolean;
    }
  | { readonly kind: "moves" }
  | { readonly kind: "help" }
  | { readonly kind: "quit" }
  | { readonly kind: "empty" }
  /** A word that is no command; a colour name, say, while a colour is asked for. */
  | { readonly kind: "word"; readonly text: string }
  | { readonly kind: "unknown"; readonly text: string };

const DRAW = ["d", "draw", "z", "ziehen"];
const PASS = ["p", "pass", "passen"];
const CHOOSE = ["c", "choose", "colour", "color", "farbe", "wähle", "waehle"];
const CUT = ["cut", "abheben"];
const KEEP = ["keep", "k", "behalten"];
const MOVE = ["m", "move", "zug"];
const MOVES = ["moves", "züge", "zuege", "l", "list", "liste"];
const HELP = ["?", "h", "help", "hilfe"];
const QUIT = ["q", "quit", "exit", "ende", "beenden"];
const MAU = ["mau"];
const MAU_MAU = ["maumau", "mau-mau", "mm"];

const isInt = (s: string | undefined): s is string => s !== undefined && /^\d+$/.test(s);

/** Parses one line of the input grammar (see `maumau play --help`). */
export function parseInput(line: string): Intent {
  const text = line.trim();
  const words = text
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean);
  const [head, ...rest] = words;
  if (head === undefined) return { kind: "empty" };
  const unknown: Intent = { kind: "unknown", text };
  if (isInt(head)) {
    let mau = false;
    let mauMau = false;
    const colour: string[] = [];
    for (const w of rest) {
      if (MAU.includes(w)) mau = true;
      else if (MAU_MAU.includes(w)) mauMau = true;
      else colour.push(w);
    }
    return {
      kind: "card",
      index: Number(head),
      colour: colour.length ? colour.join(" ") : null,
      mau,
      mauMau,
    };
  }
  const only = (intent: Intent): Intent => (rest.length === 0 ? intent : unknown);
  if (DRAW.includes(head)) return only({ kind: "draw" });
  if (PASS.includes(head)) return only({ kind: "pass" });
  if (HELP.includes(head)) return only({ kind: "help" });
  if (QUIT.includes(head)) return only({ kind: "quit" });
  if (MOVES.includes(head)) return only({ kind: "moves" });
  if (CHOOSE.includes(head))
    return rest.length ? { kind: "choose", colour: rest.join(" ") } : unknown;
  if (MOVE.includes(head)) {
    const [index, ...calls] = rest;
    if (!isInt(index) || calls.some((w) => !MAU.includes(w) && !MAU_MAU.includes(w)))
      return unknown;
    return {
      kind: "move",
      index: Number(index),
      mau: calls.some((w) => MAU.includes(w)),
      mauMau: calls.some((w) => MAU_MAU.includes(w)),
    };
  }
  if (CUT.includes(head)) {
    const [at, keep, ...more] = rest;
    if (more.length || (keep !== undefined && !KEEP.includes(keep))) return unknown;
    if (at === undefined) return { kind: "cut", at: null, keep: false };
    if (!isInt(at)) return unknown;
    return { kind: "cut", at: Number(at), keep: keep !== undefined };
  }
  return { kind: "word", text };
}
