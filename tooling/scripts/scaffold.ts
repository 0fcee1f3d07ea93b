/** Pure templates of `create-variant`: the files of a new classic-preset variant package. */

export type DeckChoice = "noris-110" | "french-52" | "french-32" | "bavarian-32";

export interface ScaffoldOptions {
  readonly id: string;
  readonly deck?: DeckChoice;
  readonly nameEn?: string;
  readonly nameDe?: string;
  /** Rule id prefix (`X` → `X-3.1`); default: the id's first letter, upper case. */
  readonly prefix?: string;
}

interface DeckFacts {
  readonly constant: string;
  readonly size: number;
  /** The wish rank, a starter, a card of the starter's colour, one of neither colour nor rank. */
  readonly wish: string;
  readonly wishCard: string;
  readonly starter: string;
  readonly fits: string;
  readonly misfits: string;
  readonly colours: readonly string[];
  readonly values: string;
}

const DECKS: Record<DeckChoice, DeckFacts> = {
  "french-52": {
    constant: "FRENCH_52",
    size: 52,
    wish: "8",
    wishCard: "hearts/8",
    starter: "clubs/5",
    fits: "clubs/9",
    misfits: "diamonds/6",
    colours: ["clubs", "diamonds", "hearts", "spades"],
    values:
      '{ "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 50, "9": 9, "10": 10, j: 10, q: 10, k: 10, a: 1 }',
  },
  "french-32": {
    constant: "FRENCH_32",
    size: 32,
    wish: "j",
    wishCard: "hearts/j",
    starter: "clubs/9",
    fits: "clubs/7",
    misfits: "diamonds/8",
    colours: ["clubs", "diamonds", "hearts", "spades"],
    values: '{ "7": 7, "8": 8, "9": 9, "10": 10, j: 20, q: 10, k: 10, a: 11 }',
  },
  "bavarian-32": {
    constant: "BAVARIAN_32",
    size: 32,
    wish: "u",
    wishCard: "herz/u",
    starter: "eichel/9",
    fits: "eichel/7",
    misfits: "gras/8",
    colours: ["eichel", "gras", "herz", "schellen"],
    values: '{ "7": 7, "8": 8, "9": 9, "10": 10, u: 20, o: 10, k: 10, a: 10 }',
  },
  "noris-110": {
    constant: "NORIS_110",
    size: 110,
    wish: "wild",
    wishCard: "wild",
    starter: "red/5",
    fits: "red/9",
    misfits: "blue/6",
    colours: ["green", "blue", "red", "yellow"],
    values:
      '{ "1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, reverse: 10, draw2: 10, draw4: 10, stop: 10, wild: 20 }',
  },
};

const camel = (id: string) => id.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const pascal = (id: string) => camel(id).replace(/^./, (c) => c.toUpperCase());

/** Words no binding may be named: an id that is one (`switch`) exports `switchGame`. */
const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends " +
    "false finally for function if import in instanceof new null return super switch this throw " +
    "true try typeof var void while with yield let static implements interface package private " +
    "protected public await arguments eval"
  ).split(" "),
);
/** The variant's export (and the stem of its other exports) for a variant id. */
export const exportName = (id: string): string =>
  RESERVED.has(camel(id)) ? `${camel(id)}Game` : camel(id);
const title = (id: string) =>
  id
    .split("-")
    .map((w) => w.replace(/^./, (c) => c.toUpperCase()))
    .join(" ");

/** Returns path → content for packages/variants/<id>/. Throws on a bad id or deck. */
export function scaffoldVariant(options: ScaffoldOptions): Map<string, string> {
  const { id } = options;
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(id))
    throw new Error(`"${id}" is not a variant id (lower case, digits, dashes)`);
  const deckId = options.deck ?? "french-52";
  const deck = DECKS[deckId];
  if (!deck)
    throw new Error(`unknown deck "${deckId}" (noris-110, french-52, french-32, bavarian-32)`);
  const P = (options.prefix ?? id[0]!).toUpperCase();
  if (!/^[A-Z]{1,3}$/.test(P)) throw new Error(`"${P}" is not a rule id prefix (1–3 letters)`);
  const name = exportName(id);
  const Name = pascal(id);
  const en = options.nameEn ?? title(id);
  const de = options.nameDe ?? en;
  const files = new Map<string, string>();

  files.set(
    "package.json",
    JSON.stringify(
      {
        name: `@maumau/variant-${id}`,
        private: true,
        version: "0.0.0",
        type: "module",
        exports: { ".": "./src/index.ts" },
        scripts: {
          typecheck: "tsc --noEmit",
          lint: "eslint .",
          check: "maumau-check",
          test: "vitest run --reporter=default --reporter=json --outputFile.json=.reports/vitest.json",
        },
        dependencies: { "@maumau/engine": "workspace:*", zod: "catalog:" },
        devDependencies: {
          "@maumau/eslint-config": "workspace:*",
          "@maumau/tsconfig": "workspace:*",
          "@types/node": "catalog:",
          eslint: "catalog:",
          "fast-check": "catalog:",
          typescript: "catalog:",
          vitest: "catalog:",
        },
      },
      null,
      2,
    ) + "\n",
  );
  files.set(
    "tsconfig.json",
    JSON.stringify({ extends: "@maumau/tsconfig/base.json", include: ["src", "*.ts"] }, null, 2) +
      "\n",
  );
  files.set(
    "eslint.config.js",
    'import base from "@maumau/eslint-config";\n\nexport default base;\n',
  );

  files.set(
    "src/ruleSet.ts",
    `import { freezeRuleSet, type ClassicRuleSet } from "@maumau/engine";

export interface ${Name}Options {
  /** ${P}-6.2: games in a match. */
  readonly games: number;
}

/** The whole rule set as data (see packages/engine/src/classic/ruleSet.ts for every field). */
export function ${name}RuleSet(options: ${Name}Options): ClassicRuleSet {
  return freezeRuleSet({
    deck: "${deckId}",
    deckCopies: 1,
    handSize: 5,
    players: { min: 2, max: 6 },
    dealing: "single",
    cut: { enabled: false, keepRank: null },
    effects: {
      "${deck.wish}": { kind: "wish", onWish: true, rule: "${P}-4.1" },
    },
    starterEffects: false,
    wildStarterAllowsAnything: false,
    voluntaryDraw: false,
    playAfterDraw: false,
    drawUntilPlayable: false,
    reverseSkipsWithTwo: false,
    calls: {
      mau: { required: false, penalty: 0 },
      mauMau: { required: false, penalty: 0, takeBack: false },
    },
    playAgainCannotFinish: false,
    values: ${deck.values},
    matchEnd: { kind: "games", games: options.games },
    ruleIds: { match: "${P}-3.1", draw: "${P}-3.2", pass: "${P}-3.2", wish: "${P}-4.1", end: "${P}-6.1" },
  });
}
`,
  );

  files.set(
    "src/index.ts",
    `import { classicEngine, defineVariant, ${deck.constant}, type RuleText, type Theme } from "@maumau/engine";
import { z } from "zod";
import { ${name}RuleSet } from "./ruleSet.js";

const r = (id: string, en: string, de: string): RuleText => ({ id, text: { en, de } });

export const ${name}RuleBook: readonly RuleText[] = [
  r("${P}-1", "The ${deck.size}-card ${deckId} deck.", "Das ${deckId}-Blatt mit ${deck.size} Karten."),
  r("${P}-3.1", "Play a card of the top card's colour or rank, or a wish card.", "Leg eine Karte gleicher Farbe oder gleichen Werts oder eine Wunschkarte."),
  r("${P}-3.2", "With no playable card, draw one; your turn ends.", "Ohne passende Karte ziehst du eine; dein Zug endet."),
  r("${P}-4.1", "The wish card lies on anything; name the colour to follow.", "Die Wunschkarte passt auf alles; nenne die Farbe."),
  r("${P}-6.1", "The first player without cards wins the game.", "Wer zuerst keine Karten mehr hat, gewinnt."),
  r("${P}-6.2", "The others score their hands; after the agreed games the lowest total wins.", "Die anderen zählen ihre Hand; nach den Spielen gewinnt die niedrigste Summe."),
];

export const ${name}Theme: Theme = {
  accent: "#355070",
  table: "#2a6041",
  cardBack: "#6d597a",
  colours: {
${deck.colours.map((c, i) => `    ${c}: { label: { en: "${c}", de: "${c}" }, css: "${["#222222", "#d62828", "#c1121f", "#1d3557"][i]}" },`).join("\n")}
  },
};

export const ${name}OptionsSchema = z
  .object({ games: z.number().int().min(1).max(100).default(1) })
  .strict();

export const ${name} = defineVariant({
  id: "${id}",
  names: { en: ${JSON.stringify(en)}, de: ${JSON.stringify(de)} },
  description: { en: ${JSON.stringify(`${en}: a variant of its own.`)}, de: ${JSON.stringify(`${de}: eine eigene Variante.`)} },
  players: { min: 2, max: 6 },
  deck: ${deck.constant}.cards,
  optionsSchema: ${name}OptionsSchema,
  optionDocs: [{ key: "games", label: { en: "Games in the match", de: "Spiele der Partie" }, rule: "${P}-6.2" }],
  engine: classicEngine,
  ruleSetFor: ${name}RuleSet,
  deckFor: () => ${deck.constant}.cards,
  ruleBook: ${name}RuleBook,
  theme: ${name}Theme,
});

export { ${name}RuleSet, type ${Name}Options } from "./ruleSet.js";
`,
  );

  files.set(
    "src/rules.test.ts",
    `import { bots, check, forEachReferee, holds, ok, play, refused, status, table, top, turn, wish } from "@maumau/engine/testing";
import { describe, expect, it } from "vitest";
import { ${name} } from "./index.js";

describe("${P}-1 the deck", () => {
  it("has ${deck.size} cards", () => {
    expect(${name}.deckFor(${name}.optionsSchema.parse({}))).toHaveLength(${deck.size});
  });
});

// Every rule test runs against decide, the machine and the fast path (one row each).
forEachReferee(${name}, ({ given }) => {
  const start = (hands: Record<number, string[]>) =>
    table(${name}, { players: 2, dealer: 0, hands, starter: "${deck.starter}" });

  describe("${P}-3.1 a card must match the top card", () => {
    it("accepts a card of the top card's colour", () => {
      given(start({ 1: ["${deck.fits}"] }))
        .when(play(1, "${deck.fits}"))
        .then(ok(), top("${deck.fits}"), turn(0));
    });
    it("refuses a card of neither colour nor rank", () => {
      given(start({ 1: ["${deck.misfits}"] }))
        .when(play(1, "${deck.misfits}"))
        .then(refused("ILLEGAL_MOVE", "${P}-3.1"), turn(1), holds(1, "${deck.misfits}"));
    });
  });

  describe("${P}-4.1 the wish card", () => {
    it("lies on anything and names the colour to follow", () => {
      given(start({ 1: ["${deck.wishCard}", "${deck.misfits}"] }))
        .when(play(1, "${deck.wishCard}", { wish: "${deck.colours[1]}" }))
        .then(ok(), wish("${deck.colours[1]}"), turn(0));
    });
    it("needs a colour", () => {
      given(start({ 1: ["${deck.wishCard}", "${deck.misfits}"] }))
        .when(play(1, "${deck.wishCard}"))
        .then(refused("CHOICE_REQUIRED", "${P}-4.1"));
    });
  });

  describe("${P}-6.1 the first player without cards wins", () => {
    it("ends the one-game match; the winner scores 0, the others their hands", () => {
      given(table(${name}, { players: 3, seed: 7 }))
        .when(bots({ until: "match" }))
        .then(
          status("matchOver"),
          check(({ table: t }) => {
            const scores = t.scores as number[];
            const [winner] = t.winners as number[];
            expect(winner).toBeDefined();
            expect(scores[winner!]).toBe(0);
            expect((t.hands as string[][])[winner!]).toEqual([]);
          }),
        );
    });
  });
});
`,
  );

  files.set(
    "src/properties.test.ts",
    `import { classicLeaks } from "@maumau/engine/testing/leaks";
import { checkProperties } from "@maumau/engine/testing/properties";
import { describe, expect, it } from "vitest";
import { ${name} } from "./index.js";

describe("${id}: properties over 1,000 random bot games", () => {
  it("faulty commands refused without a change, legal moves accepted, replay = live, machine = decide, cards conserved, views and events hide secrets, every game ends", () => {
    expect(checkProperties(${name}, classicLeaks)).toBe(1000);
  }, 600_000);
});
`,
  );

  files.set(
    "README.md",
    `# ${en} (\`${id}\`)

A classic-family variant: its whole rule set is data in \`src/ruleSet.ts\`, read by the classic
engine (\`@maumau/engine\`). Rule ids use the prefix \`${P}-\`; every rule id has a test named
after it in \`src/rules.test.ts\`.

## Decisions
Write down here every point the printed rules leave open and how this package decides it.
`,
  );
  return files;
}

/** The registry source with one more variant imported and listed. */
export function registryWithVariant(source: string, id: string): string {
  const name = exportName(id);
  if (source.includes(`@maumau/variant-${id}"`)) throw new Error(`${id} is registered already`);
  const importLine = `import { ${name} } from "@maumau/variant-${id}";\n`;
  const lastImport = source.lastIndexOf("\nimport ");
  const endOfImports = source.indexOf("\n", lastImport + 1) + 1;
  const withImport = source.slice(0, endOfImports) + importLine + source.slice(endOfImports);
  const close = withImport.indexOf("]);");
  if (close < 0) throw new Error("registry list not found (expected `Object.freeze([ … ]);`)");
  return withImport.slice(0, close) + `  ${name} as AnyVariant,\n` + withImport.slice(close);
}
