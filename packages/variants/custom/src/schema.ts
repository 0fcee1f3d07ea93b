import {
  DECKS,
  freezeRuleSet,
  type ClassicRuleSet,
  type DeckId,
  type RuleKey,
} from "@maumau/engine";
import { bavarianValues } from "@maumau/variant-bavarian";
import { frenchValues } from "@maumau/variant-french";
import { norisValues } from "@maumau/variant-noris";
import { z } from "zod";
import { problemIssue } from "./problems.js";

/**
 * Issue #18: a document holds known keys only, every string and table bounded, so that the
 * largest valid document is a few KiB (`MAX_DOCUMENT_BYTES`). An unknown key is named in a
 * message of bounded length, however many there are.
 */
const unknownKeys = (issue: { code?: string; keys?: string[] }): string | undefined => {
  if (issue.code !== "unrecognized_keys" || issue.keys === undefined) return undefined;
  const [first = ""] = issue.keys;
  const more = issue.keys.length > 1 ? ` (and ${issue.keys.length - 1} more)` : "";
  return `unknown option "${first.slice(0, 32)}${first.length > 32 ? "…" : ""}"${more}`;
};

/** An object with exactly these keys (each may be optional): unknown keys are refused. */
const strict = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape, { error: unknownKeys });

/** The rule keys a rule set may label with its own rule ids (the engine's `RuleKey`). */
export const RULE_KEYS = Object.keys({
  match: true,
  pending: true,
  draw: true,
  pass: true,
  drawnCard: true,
  wish: true,
  playAgain: true,
  starter: true,
  cut: true,
  keep: true,
  mau: true,
  mauMau: true,
  end: true,
} satisfies Record<RuleKey, true>) as readonly RuleKey[];

const RULE_ID = /^[A-Za-z0-9][A-Za-z0-9.-]*$/;

/**
 * A rule id as refusals cite it: `N-4.2`, `C-1.8c`, a house rule's own `H-2`. Its form is a
 * check of ours (a `ruleIdForm` problem, said in both languages), not a regex issue, which
 * refusals would name by its path alone; the JSON Schema still shows the pattern. The form
 * needs a first character, so an empty id is refused for its form alone (no length check of
 * its own to give it a second reason).
 */
const ruleId = z
  .string()
  .max(16)
  .superRefine((id, ctx) => {
    if (!RULE_ID.test(id)) ctx.addIssue(problemIssue([], { problem: "ruleIdForm" }));
  })
  .meta({ pattern: RULE_ID.source });

/**
 * C-3.1: a key of `handSizeByPlayers`, a number of players. Checked on the table (a
 * `playersKey` problem, said in both languages): a record's key schema that fails is named by
 * its path alone (zod's `invalid_key`); the JSON Schema still shows the pattern.
 */
const PLAYERS_KEY = /^([2-9]|10)$/;

/** A rank of some deck (which deck's is checked against the document's `deck`). */
const rank = z.string().min(1).max(16);

/** Ranks a table (effects, values) may name: the most any deck has. */
const MAX_RANKS = Math.max(...Object.values(DECKS).map((d) => d.ranks.length));

/** Every field of a document bounded: `name` ≤ 80, rule ids ≤ 16, tables ≤ one entry per rank. */
export const MAX_DOCUMENT_BYTES = 8192;

/** C-1.3: what a rank does. Every field has a default, so a host writes only what differs. */
const effectSchema = z.discriminatedUnion("kind", [
  strict({ kind: z.literal("wish"), onWish: z.boolean().default(true), rule: ruleId.optional() }),
  strict({
    kind: z.literal("draw"),
    count: z.number().int().min(1).max(6),
    stack: z.enum(["same-rank", "any-draw", "none"]).default("same-rank"),
    rule: ruleId.optional(),
  }),
  strict({ kind: z.literal("skip"), rule: ruleId.optional() }),
  strict({ kind: z.literal("reverse"), rule: ruleId.optional() }),
  strict({ kind: z.literal("playAgain"), rule: ruleId.optional() }),
]);

/** A table by rank: at most one entry per rank of the largest deck (the deck is checked later). */
const byRank = <T extends z.ZodType>(value: T) =>
  z.record(rank, value).superRefine((table, ctx) => {
    if (Object.keys(table).length > MAX_RANKS)
      ctx.addIssue(problemIssue([], { problem: "tooManyRanks", max: MAX_RANKS }));
  });

const call = (max: number) =>
  strict({
    required: z.boolean().default(false),
    penalty: z.number().int().min(0).max(max).default(0),
  });

const matchEndSchema = z.discriminatedUnion("kind", [
  strict({ kind: z.literal("games"), games: z.number().int().min(1).max(100) }),
  strict({ kind: z.literal("target"), target: z.number().int().min(1).max(10000) }),
  strict({ kind: z.literal("limit"), limit: z.number().int().min(1).max(10000) }),
]);

export const DECK_IDS = ["noris-110", "french-52", "french-32", "bavarian-32"] as const;

/** C-2.1: a rule set as a plain, versioned JSON document. */
export const ruleSetSchema = strict({
  version: z.literal(1, { error: "version: must be 1" }),
  name: z.string().min(1).max(80).default("House rules"),
  deck: z.enum(DECK_IDS),
  decks: z.union([z.literal(1), z.literal(2)]).default(1),
  handSize: z.number().int().min(3).max(10).default(5),
  /** C-3.1: the hand size for some numbers of players (`{ "2": 7 }`), overriding `handSize`. */
  handSizeByPlayers: z
    .record(z.string().meta({ pattern: PLAYERS_KEY.source }), z.number().int().min(3).max(10))
    .superRefine((table, ctx) => {
      const strange = Object.keys(table).find((key) => !PLAYERS_KEY.test(key));
      if (strange !== undefined) ctx.addIssue(problemIssue([strange], { problem: "playersKey" }));
    })
    .optional(),
  players: strict({
    min: z.number().int().min(2).max(10),
    max: z.number().int().min(2).max(10),
  }).default({
    min: 2,
    max: 6,
  }),
  dealing: z.enum(["single", "blocks-3-2"]).default("single"),
  cut: strict({
    enabled: z.boolean().default(false),
    keepRank: rank.nullable().default(null),
  }).default({
    enabled: false,
    keepRank: null,
  }),
  effects: byRank(effectSchema).default({}),
  turn: strict({
    voluntaryDraw: z.boolean().default(false),
    playAfterDraw: z.boolean().default(false),
    drawUntilPlayable: z.boolean().default(false),
    starterEffects: z.boolean().default(false),
    wildStarterAllowsAnything: z.boolean().default(false),
    reverseSkipsWithTwo: z.boolean().default(false),
    /** C-3.2: with `drawUntilPlayable`, draw at most this many cards, then the turn passes. */
    drawCap: z.number().int().min(1).max(10).optional(),
    /** C-3.4: an empty draw pile is refilled from the discard pile, or the draw stops short. */
    emptyStock: z.enum(["reshuffle", "pass"]).optional(),
    /** C-3.5: ranks that, turned up as the starter, go to the bottom of the draw pile. */
    buryStarter: z.array(rank).max(MAX_RANKS).optional(),
  }).default({
    voluntaryDraw: false,
    playAfterDraw: false,
    drawUntilPlayable: false,
    starterEffects: false,
    wildStarterAllowsAnything: false,
    reverseSkipsWithTwo: false,
  }),
  calls: strict({
    mau: call(4).default({ required: false, penalty: 0 }),
    mauMau: call(4)
      .extend({ takeBack: z.boolean().default(false) })
      .default({ required: false, penalty: 0, takeBack: false }),
  }).default({
    mau: { required: false, penalty: 0 },
    mauMau: { required: false, penalty: 0, takeBack: false },
  }),
  playAgainCannotFinish: z.boolean().default(false),
  scoring: strict({
    values: byRank(z.number().int().min(0).max(1000)).optional(),
    /** C-3.3: `penalty`: each scores their own hand, lowest wins; `winner`: the winner collects. */
    points: z.enum(["penalty", "winner"]).optional(),
    matchEnd: matchEndSchema.default({ kind: "games", games: 1 }),
  }).default({ matchEnd: { kind: "games", games: 1 } }),
  /** Issue #18: only the engine's rule keys, each a bounded rule id. */
  ruleIds: strict(
    Object.fromEntries(RULE_KEYS.map((key) => [key, ruleId.optional()])) as Record<
      RuleKey,
      z.ZodOptional<typeof ruleId>
    >,
  ).optional(),
})
  // Each problem across fields is a `Problem` with its values; its words, English and German,
  // are `problemText`'s (problems.ts).
  .superRefine((doc, ctx) => {
    const deck = DECKS[doc.deck];
    const ranks = new Set(deck.ranks);
    // The first rank the deck lacks in each table: a refusal's length does not grow with the input.
    const strange = Object.keys(doc.effects).find((r) => !ranks.has(r));
    if (strange !== undefined)
      ctx.addIssue(
        problemIssue(["effects", strange], { problem: "noRank", deck: doc.deck, rank: strange }),
      );
    const unvalued = Object.keys(doc.scoring.values ?? {}).find((r) => !ranks.has(r));
    if (unvalued !== undefined)
      ctx.addIssue(
        problemIssue(["scoring", "values", unvalued], {
          problem: "noRank",
          deck: doc.deck,
          rank: unvalued,
        }),
      );
    if (doc.players.min > doc.players.max)
      ctx.addIssue(problemIssue(["players"], { problem: "playersMinOverMax" }));
    const cards = deck.cards.length * doc.decks;
    // C-3.1: every table of the range must be dealt, each with its own hand size; the
    // largest failing table is named (without overrides: `players.max`, as before C-3.1).
    for (let n = doc.players.max; n >= doc.players.min; n--) {
      const own = doc.handSizeByPlayers?.[String(n)];
      const size = own ?? doc.handSize;
      if (n * size + 1 <= cards) continue;
      ctx.addIssue(
        problemIssue(own === undefined ? ["handSize"] : ["handSizeByPlayers", String(n)], {
          problem: "cannotDeal",
          players: n,
          size,
          cards,
        }),
      );
      break;
    }
    const unburied = doc.turn.buryStarter?.find((r) => !ranks.has(r));
    if (unburied !== undefined)
      ctx.addIssue(
        problemIssue(["turn", "buryStarter"], {
          problem: "noRank",
          deck: doc.deck,
          rank: unburied,
        }),
      );
    if (doc.turn.drawCap !== undefined && !doc.turn.drawUntilPlayable)
      ctx.addIssue(
        problemIssue(["turn", "drawCap"], { problem: "drawCapWithoutDrawUntilPlayable" }),
      );
    if (doc.scoring.points === "winner" && doc.scoring.matchEnd.kind === "limit")
      ctx.addIssue(problemIssue(["scoring", "points"], { problem: "limitNeedsPenaltyPoints" }));
    if (doc.cut.keepRank !== null && !ranks.has(doc.cut.keepRank))
      ctx.addIssue(
        problemIssue(["cut", "keepRank"], {
          problem: "noRank",
          deck: doc.deck,
          rank: doc.cut.keepRank,
        }),
      );
    if (doc.turn.drawUntilPlayable && doc.turn.voluntaryDraw)
      ctx.addIssue(
        problemIssue(["turn", "drawUntilPlayable"], {
          problem: "drawUntilPlayableWithVoluntaryDraw",
        }),
      );
    // C-1.8c: a required "Mau-Mau" must cost something, or a player could go on with no cards.
    const { mauMau } = doc.calls;
    if (mauMau.required && !mauMau.takeBack && mauMau.penalty < 1)
      ctx.addIssue(problemIssue(["calls", "mauMau", "penalty"], { problem: "mauMauCostsNothing" }));
  })
  // C-1.8i: values left out take the starting preset's values; the document is stored whole.
  .transform((doc) => ({
    ...doc,
    scoring: {
      ...doc.scoring,
      values: { ...defaultValues(doc.deck), ...(doc.scoring.values ?? {}) },
    },
  }));

export type RuleSetDocument = z.output<typeof ruleSetSchema>;
export type RuleSetInput = z.input<typeof ruleSetSchema>;

/** The preset a deck starts from (C-1.8i): its card values are the defaults for that deck. */
const PRESET_VALUES: Readonly<Record<DeckId, Readonly<Record<string, number>>>> = {
  "noris-110": norisValues,
  "french-52": frenchValues,
  "french-32": frenchValues,
  "bavarian-32": bavarianValues,
};

/**
 * C-1.8i: the value of every rank of the deck when a set names none: the deck's preset's value
 * (noris N-6.2, french F-6.2 for both French packs, bavarian B-6.2), else face value for number
 * ranks and 10 for the rest.
 */
export function defaultValues(deck: DeckId): Record<string, number> {
  const preset = PRESET_VALUES[deck];
  return Object.fromEntries(
    DECKS[deck].ranks.map((r) => [r, preset[r] ?? (/^\d+$/.test(r) ? Number(r) : 10)]),
  );
}

const CUSTOM_RULE_IDS = {
  match: "C-1.3",
  pending: "C-1.3",
  wish: "C-1.3",
  draw: "C-1.4",
  pass: "C-1.4",
  drawnCard: "C-1.4",
  starter: "C-1.4",
  mau: "C-1.5",
  mauMau: "C-1.5",
  end: "C-1.6",
  cut: "C-1.7",
  keep: "C-1.7",
  playAgain: "C-1.7",
} as const;

/** The engine's rule set from a validated document (C-2.2: the game records it whole). */
export function fromDocument(doc: RuleSetDocument): ClassicRuleSet {
  const effects = Object.fromEntries(
    Object.entries(doc.effects).map(([rank, e]) => [rank, { ...e, rule: e.rule ?? "C-1.3" }]),
  );
  return freezeRuleSet({
    deck: doc.deck,
    deckCopies: doc.decks,
    handSize: doc.handSize,
    ...(doc.handSizeByPlayers === undefined
      ? {}
      : { handSizeByPlayers: { ...doc.handSizeByPlayers } }),
    players: { ...doc.players },
    dealing: doc.dealing,
    cut: { ...doc.cut },
    effects,
    starterEffects: doc.turn.starterEffects,
    wildStarterAllowsAnything: doc.turn.wildStarterAllowsAnything,
    voluntaryDraw: doc.turn.voluntaryDraw,
    playAfterDraw: doc.turn.playAfterDraw,
    drawUntilPlayable: doc.turn.drawUntilPlayable,
    ...(doc.turn.drawCap === undefined ? {} : { drawCap: doc.turn.drawCap }),
    ...(doc.turn.emptyStock === undefined ? {} : { emptyStock: doc.turn.emptyStock }),
    ...(doc.turn.buryStarter === undefined ? {} : { buryStarter: [...doc.turn.buryStarter] }),
    reverseSkipsWithTwo: doc.turn.reverseSkipsWithTwo,
    calls: { mau: { ...doc.calls.mau }, mauMau: { ...doc.calls.mauMau } },
    playAgainCannotFinish: doc.playAgainCannotFinish,
    values: { ...defaultValues(doc.deck), ...(doc.scoring.values ?? {}) },
    ...(doc.scoring.points === undefined ? {} : { points: doc.scoring.points }),
    matchEnd: { ...doc.scoring.matchEnd },
    ruleIds: doc.ruleIds ?? CUSTOM_RULE_IDS,
  });
}

/** A variant's rule set as a document a host can export, edit and share. */
export function toDocument(rules: ClassicRuleSet, name: string): RuleSetDocument {
  return {
    version: 1,
    name,
    deck: rules.deck,
    decks: rules.deckCopies,
    handSize: rules.handSize,
    ...(rules.handSizeByPlayers === undefined
      ? {}
      : { handSizeByPlayers: { ...rules.handSizeByPlayers } }),
    players: { ...rules.players },
    dealing: rules.dealing,
    cut: { ...rules.cut },
    effects: JSON.parse(JSON.stringify(rules.effects)) as RuleSetDocument["effects"],
    turn: {
      voluntaryDraw: rules.voluntaryDraw,
      playAfterDraw: rules.playAfterDraw,
      drawUntilPlayable: rules.drawUntilPlayable,
      starterEffects: rules.starterEffects,
      wildStarterAllowsAnything: rules.wildStarterAllowsAnything,
      reverseSkipsWithTwo: rules.reverseSkipsWithTwo,
      ...(rules.drawCap === undefined ? {} : { drawCap: rules.drawCap }),
      ...(rules.emptyStock === undefined ? {} : { emptyStock: rules.emptyStock }),
      ...(rules.buryStarter === undefined ? {} : { buryStarter: [...rules.buryStarter] }),
    },
    calls: { mau: { ...rules.calls.mau }, mauMau: { ...rules.calls.mauMau } },
    playAgainCannotFinish: rules.playAgainCannotFinish,
    scoring: {
      values: { ...rules.values },
      ...(rules.points === undefined ? {} : { points: rules.points }),
      matchEnd: { ...rules.matchEnd },
    },
    ruleIds: { ...rules.ruleIds },
  };
}

export type ParsedRuleSet = { ok: true; doc: RuleSetDocument } | { ok: false; errors: string[] };

/** Parses a whole document (no preset shorthand); errors name the bad option by its path. */
export function parseDocument(input: unknown): ParsedRuleSet {
  const r = ruleSetSchema.safeParse(input);
  if (r.success) return { ok: true, doc: r.data };
  const errors = r.error.issues
    .slice(0, MAX_ERRORS)
    .map((i) => `${i.path.join(".") || "(rule set)"}: ${i.message}`);
  const more = r.error.issues.length - errors.length;
  return { ok: false, errors: more > 0 ? [...errors, `(and ${more} more)`] : errors };
}

/** Errors a refusal lists at most. */
const MAX_ERRORS = 8;
