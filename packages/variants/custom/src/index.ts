import {
  classicEngine,
  defineVariant,
  DECKS,
  type DeckId,
  type RuleText,
  type Theme,
} from "@maumau/engine";
import { bavarianTheme } from "@maumau/variant-bavarian";
import { frenchTheme } from "@maumau/variant-french";
import { norisTheme } from "@maumau/variant-noris";
import { z } from "zod";
import { presets, type PresetId } from "./presets.js";
import { fromDocument, parseDocument, ruleSetSchema, type ParsedRuleSet } from "./schema.js";

const r = (id: string, en: string, de: string): RuleText => ({ id, text: { en, de } });

export const customRuleBook: readonly RuleText[] = [
  r(
    "C-1.1",
    "Deck: noris-110, french-52, french-32 or bavarian-32, once or twice.",
    "Blatt: noris-110, french-52, french-32 oder bavarian-32, einfach oder doppelt.",
  ),
  r("C-1.2", "Hand size 3–10 and the range of players.", "Handkarten 3–10 und die Spielerzahl."),
  r(
    "C-1.3",
    "Per rank at most one effect: wish, draw (1–6, stacking rule), skip, reverse, play again.",
    "Je Wert höchstens eine Wirkung: Wunsch, Ziehen (1–6, Stapelregel), Aussetzen, Richtungswechsel, nochmal.",
  ),
  r(
    "C-1.4",
    "Turn options: voluntary draw, play after draw, draw until playable, starter effects, reverse skips with two.",
    "Zugoptionen: freiwillig ziehen, gezogene Karte legen, ziehen bis passend, Startkarte wirkt, Richtungswechsel zu zweit setzt aus.",
  ),
  r(
    "C-1.5",
    'Calls: "mau" and "Mau-Mau", each with a penalty of 0–4 cards.',
    'Ansagen: "Mau" und "Mau-Mau", je mit 0–4 Strafkarten.',
  ),
  r(
    "C-1.6",
    "Scoring: a value per rank; the match ends after a number of games, at a target score, or over a limit.",
    "Wertung: ein Wert je Karte; die Partie endet nach Spielen, bei einer Zielsumme oder über einer Grenze.",
  ),
  r(
    "C-1.7",
    'Preset needs: the wild starter, the cut with a kept card, 3+2 dealing, take-back without "Mau-Mau", an ace that cannot finish.',
    'Für Presets: Farbwechsel-Start, Abheben mit Behalten, 3+2 geben, Zurücknehmen ohne "Mau-Mau", ein Ass, das nicht beendet.',
  ),
  r(
    "C-1.8",
    "Where options meet: blocks of min(3, hand size) then the rest; a wish starter with starter effects lets the dealer name the colour; a required \"Mau-Mau\" needs take-back or a penalty; a draw card's own stacking decides what answers it; a wish card's own setting decides whether it lies on a wish; left-out card values come from the starting preset.",
    'Wo Optionen sich treffen: Blöcke zu min(3, Handkarten), dann der Rest; eine Wunschkarte als Startkarte mit Startwirkung lässt den Geber die Farbe nennen; ein Pflicht-"Mau-Mau" braucht Zurücknehmen oder Strafkarten; die liegende Ziehkarte bestimmt, was sie abwehrt; die gelegte Wunschkarte bestimmt, ob sie auf einer Wunschkarte liegen darf; fehlende Kartenwerte kommen vom Ausgangs-Preset.',
  ),
  r(
    "C-3.1",
    'Hand size by number of players: `handSizeByPlayers` (`{ "2": 7 }`) overrides the hand size at those tables.',
    'Handkarten nach Spielerzahl: `handSizeByPlayers` (`{ "2": 7 }`) ersetzt die Handkarten an diesen Tischen.',
  ),
  r(
    "C-3.2",
    "Draw cap: with draw until playable, `drawCap` cards at most; if none of them fits, the turn passes.",
    "Ziehgrenze: beim Ziehen bis passend höchstens `drawCap` Karten; passt keine, ist der Zug vorbei.",
  ),
  r(
    "C-3.3",
    "Points: `penalty` (each scores their own hand, lowest total wins) or `winner` (the winner scores the other hands, highest total wins).",
    "Punkte: `penalty` (jeder zählt die eigene Hand, die niedrigste Summe gewinnt) oder `winner` (der Sieger zählt die anderen Hände, die höchste Summe gewinnt).",
  ),
  r(
    "C-3.4",
    "Empty stock: `reshuffle` the discard pile but its top card (default), or `pass`: the draw stops short.",
    "Leerer Stapel: den Ablagestapel außer der obersten Karte mischen (Standard) oder `pass`: es wird nichts mehr gezogen.",
  ),
  r(
    "C-3.5",
    "Buried starter: a starter of a rank in `buryStarter` goes to the bottom of the draw pile and the next card is turned.",
    "Vergrabene Startkarte: eine Startkarte eines Werts aus `buryStarter` kommt unter den Nachziehstapel, die nächste wird aufgedeckt.",
  ),
  r(
    "C-2.1",
    "A rule set is a versioned JSON document checked by a schema; it can be exported, imported and saved.",
    "Ein Regelwerk ist ein versioniertes JSON-Dokument, per Schema geprüft; exportier-, importier- und speicherbar.",
  ),
  r(
    "C-2.2",
    "A game records its full rule set in its first event.",
    "Ein Spiel speichert sein ganzes Regelwerk im ersten Ereignis.",
  ),
];

export const customTheme: Theme = {
  accent: "#6a4c93",
  table: "#2d4739",
  cardBack: "#6a4c93",
  colours: { ...norisTheme.colours, ...frenchTheme.colours, ...bavarianTheme.colours },
  ranks: { ...norisTheme.ranks, ...frenchTheme.ranks, ...bavarianTheme.ranks },
};

const isPlain = (x: unknown): x is Record<string, unknown> =>
  typeof x === "object" && x !== null && !Array.isArray(x);

/** Option groups whose fields an override changes one by one; any other field is replaced whole. */
const GROUPS = ["players", "cut", "turn", "calls", "scoring"] as const;

/**
 * C-1.8i: `{preset: "french", …overrides}` expands to the preset document with the overrides
 * laid over it: a top-level field replaces the preset's, except that the option groups (`turn`,
 * `calls` and its calls, `cut`, `players`, `scoring` and its `values`) keep the preset's fields
 * left out. `effects` is the one table replaced whole. Card values of ranks the (possibly new)
 * deck lacks are dropped; ranks the preset has no value for get the deck's default.
 */
export function expandPreset(input: unknown): unknown {
  const raw = input ?? {};
  if (!isPlain(raw)) return raw;
  if (Object.keys(raw).length === 0) return presets.french;
  if (!("preset" in raw)) return raw;
  const { preset, ...rest } = raw;
  const base =
    typeof preset === "string" && Object.hasOwn(presets, preset)
      ? presets[preset as PresetId]
      : undefined;
  if (base === undefined) return { ...rest, preset };
  const out: Record<string, unknown> = { ...base, ...rest };
  for (const key of GROUPS) {
    const mine = rest[key];
    if (isPlain(mine)) out[key] = { ...(base[key] as Record<string, unknown>), ...mine };
  }
  const calls = rest.calls;
  if (isPlain(calls))
    for (const call of ["mau", "mauMau"] as const)
      if (isPlain(calls[call]))
        (out.calls as Record<string, unknown>)[call] = { ...base.calls[call], ...calls[call] };
  const deck =
    typeof out.deck === "string" && out.deck in DECKS ? DECKS[out.deck as DeckId] : undefined;
  const given = isPlain(rest.scoring) ? rest.scoring.values : undefined;
  if (isPlain(out.scoring) && (given === undefined || isPlain(given))) {
    const kept = Object.entries(base.scoring.values ?? {}).filter(
      ([rank]) => deck === undefined || deck.ranks.includes(rank),
    );
    out.scoring = { ...out.scoring, values: { ...Object.fromEntries(kept), ...given } };
  }
  return out;
}

export const customOptionsSchema = z.preprocess(expandPreset, ruleSetSchema);

/**
 * C-2.1: parses a rule set, a whole document or `{preset, …overrides}` (C-1.8i, returned
 * expanded); errors name the bad option by its path.
 */
export const parseRuleSet = (input: unknown): ParsedRuleSet =>
  parseDocument(isPlain(input) && "preset" in input ? expandPreset(input) : input);

export const custom = defineVariant({
  id: "custom",
  names: { de: "Mau Mau – Hausregeln", en: "Mau Mau – house rules" },
  description: {
    en: "Compose your own rules: deck, effects per rank, calls, scoring. Start from a preset.",
    de: "Stell eigene Regeln zusammen: Blatt, Wirkung je Karte, Ansagen, Wertung. Beginne mit einem Preset.",
  },
  players: { min: 2, max: 10 },
  deck: DECKS["french-52"].cards,
  optionsSchema: customOptionsSchema,
  optionDocs: [
    { key: "preset", label: { en: "Start from a preset", de: "Mit Preset beginnen" }, rule: "C-1" },
    { key: "deck", label: { en: "Deck", de: "Blatt" }, rule: "C-1.1" },
    { key: "effects", label: { en: "Effects per rank", de: "Wirkung je Wert" }, rule: "C-1.3" },
  ],
  engine: classicEngine,
  ruleSetFor: fromDocument,
  deckFor: (doc) => {
    const one = DECKS[doc.deck].cards;
    return doc.decks === 2 ? [...one, ...one] : one;
  },
  ruleBook: customRuleBook,
  theme: customTheme,
});

export { presets, familyHouseRules, grownHouseRules, type PresetId } from "./presets.js";
export {
  ruleSetSchema,
  parseDocument,
  fromDocument,
  toDocument,
  defaultValues,
  type RuleSetDocument,
  type RuleSetInput,
  type ParsedRuleSet,
} from "./schema.js";
export {
  CUSTOM_PROBLEMS,
  problemOf,
  problemText,
  type CustomProblem,
  type Problem,
  type ProblemValues,
} from "./problems.js";
