import { createRng } from "@maumau/engine";
/**
 * Answers `maumau play` prompts from the printed text alone, the way a person reads the
 * screen: the tests drive whole matches through the real text interface with it.
 */
export interface AutoplayerOptions {
  readonly random: () => number;
  /** Chance of answering a call prompt with "no" (the engine then applies the penalty). */
  readonly forget?: number;
  /** Chance of first trying a card that is not marked playable (to see a refusal). */
  readonly misplay?: number;
}

const MOVES = /^(?:Moves|Züge): (.*?)(?: {2}\(.*)?$/;
const HAND = /^ {2}([* ]) +(\d+) {2}/;

const pick = <T>(xs: readonly T[], random: () => number): T | undefined =>
  xs[Math.floor(random() * xs.length)];

/** The inputs the last "Moves:" line offers. */
export function legalInputs(transcript: string): string[] {
  const lines = transcript.split("\n");
  for (let i = lines.length - 1; i >= 0; i--) {
    const m = MOVES.exec(lines[i]!);
    if (m) return m[1]!.split(", ").filter(Boolean);
  }
  return [];
}

/** Hand numbers of the last printed hand that are not marked playable. */
export function unplayable(transcript: string): string[] {
  const lines = transcript.split("\n");
  const end = lines.findLastIndex((l) => MOVES.test(l));
  const out: string[] = [];
  for (let i = end - 1; i >= 0; i--) {
    const m = HAND.exec(lines[i]!);
    if (!m) break;
    if (m[1] === " ") out.push(m[2]!);
  }
  return out;
}

/** The line to type at the prompt the transcript ends with. */
export function answer(transcript: string, options: AutoplayerOptions): string {
  const { random } = options;
  const prompt = transcript.slice(transcript.lastIndexOf("\n") + 1);
  if (/\((y\/n|j\/n)\)/.test(prompt)) return random() < (options.forget ?? 0) ? "n" : "y";
  if (/^(Colour|Farbe)\?/.test(prompt))
    return String(1 + Math.floor(random() * countChoices(prompt)));
  if (/^(Which one|Welcher)\?/.test(prompt)) return "1";
  if (/^(Press Enter|Enter für)/.test(prompt)) return "";
  const inputs = legalInputs(transcript);
  const wrong = unplayable(transcript);
  if (wrong.length && random() < (options.misplay ?? 0)) return pick(wrong, random)!;
  const cards = inputs.filter((i) => /^\d+$/.test(i));
  return pick(cards.length && random() < 0.9 ? cards : inputs, random) ?? "?";
}

const countChoices = (prompt: string): number => Math.max(1, (prompt.match(/\d+ /g) ?? []).length);

/** The hand size of the last printed hand. */
function handSize(transcript: string): number {
  const lines = transcript.split("\n");
  const start = lines.findLastIndex((l) => /^(Your hand|Deine Hand)/.test(l));
  if (start < 0) return 0;
  let n = 0;
  for (let i = start + 1; i < lines.length && HAND.test(lines[i]!); i++) n++;
  return n;
}

/**
 * A player who reads the screen: picks a listed move, says "mau" itself when a play leaves
 * one card (nothing prompts for it), follows the table's hints for cards that go several
 * ways, starts the next game. Once, it tries to draw while holding a playable card.
 */
export function screenPlayer(seed: number): (transcript: string) => string {
  const random = createRng(seed, 1);
  let misdrawn = false;
  return (transcript: string): string => {
    const before = transcript.slice(0, -2);
    const segment = before.slice(before.lastIndexOf("> ") + 1);
    const several = /several ways: (m \d+)/.exec(segment);
    if (several) return several[1]!;
    const wish = /Wish a colour with it: ([^·\n]+)/.exec(segment);
    if (wish) return wish[1]!.trim();
    if (/Game over/.test(segment)) return "n";
    const inputs = legalInputs(transcript);
    const cards = inputs.filter((i) => /^\d+$/.test(i));
    if (!misdrawn && cards.length > 0 && !inputs.includes("d")) {
      misdrawn = true;
      return "d";
    }
    const pool = cards.length && random() < 0.9 ? cards : inputs;
    const pick = pool[Math.floor(random() * pool.length)] ?? "d";
    return /^\d+$/.test(pick) && handSize(transcript) === 2 ? `${pick} mau` : pick;
  };
}
