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
