import { z } from "zod";
import type { CardCode } from "../cards/codes.js";
import type { Seed } from "../cards/rng.js";
import type { AnyEngine, Decision, Engine, MatchSetup, RuleText } from "./engine.js";
import type { FamilyView } from "../families.js";
import { issuePlaces, placesText } from "./issuePlaces.js";
import { isRefusal, refuse, type Localized, type Refusal, type Seat } from "./types.js";

/**
 * A variant's own words where they differ from Mau Mau's, for the clients (issue #21). In a
 * text `{colour}` stands for the colour's name (its label in `Theme.colours`).
 */
export interface Words {
  /** The colour a wild card named, as the table shows it ("Suit named: {colour}"). */
  readonly wish?: Localized;
  /** A wild card's choice in a line of play, after the card (", naming {colour}"). */
  readonly wished?: Localized;
  /** The names of the calls the variant has ("Knock" for the French deck's "mau", F-5.1). */
  readonly calls?: { readonly mau?: Localized; readonly mauMau?: Localized };
}

/**
 * How a variant looks and speaks in the clients: colours of its suits (their names), the names
 * of its ranks, its accent, its card back, and its own words.
 */
export interface Theme {
  readonly accent: string;
  readonly table: string;
  readonly cardBack: string;
  readonly colours: Readonly<Record<string, { readonly label: Localized; readonly css: string }>>;
  /** Display names of ranks that are not plain numbers (`draw2` → "+2"). */
  readonly ranks?: Readonly<Record<string, Localized>>;
  readonly words?: Words;
}

export interface OptionDoc {
  readonly key: string;
  readonly label: Localized;
  readonly rule?: string;
  /**
   * The option names a seat: the engine counts seats from 0, as rule scripts do; a client
   * shows and reads it counted from 1, as every table numbers its seats.
   */
  readonly seat?: true;
}

/** A variant: frozen data the engine reads. Adding one is adding a package. */
export interface Variant<O = Record<string, unknown>, R = unknown> {
  readonly id: string;
  readonly names: Localized;
  readonly description: Localized;
  readonly players: { readonly min: number; readonly max: number };
  /** The full deck of a game with default options, pack order. */
  readonly deck: readonly CardCode[];
  /** Validates options and fills defaults; a bad option is refused by name. */
  readonly optionsSchema: z.ZodType<O>;
  readonly optionDocs: readonly OptionDoc[];
  readonly engine: Engine<R, unknown, { type: string }, FamilyView, unknown>;
  /** The rule set the engine plays, from validated options. */
  ruleSetFor(options: O): R;
  /** The deck of a game under these options (heul-doch adds special cards). */
  deckFor(options: O): readonly CardCode[];
  readonly ruleBook: readonly RuleText[];
  readonly theme: Theme;
}

/** A type-erased registry entry; options are validated at run time by its schema. */
export type AnyVariant = Variant<unknown, unknown>;

/** Freezes a variant definition deeply so nothing downstream can write into it. */
export function defineVariant<O, R, S, E extends { type: string }, V extends FamilyView, EV>(
  def: Omit<Variant<O, R>, "engine"> & { engine: Engine<R, S, E, V, EV> },
): Variant<O, R> {
  const deepFreeze = (x: unknown): void => {
    if (x && typeof x === "object" && !Object.isFrozen(x) && !(x instanceof z.ZodType)) {
      Object.freeze(x);
      for (const v of Object.values(x)) deepFreeze(v);
    }
  };
  const variant = { ...def } as unknown as Variant<O, R>;
  deepFreeze(variant.ruleBook);
  deepFreeze(variant.theme);
  deepFreeze(variant.deck);
  deepFreeze(variant.optionDocs);
  return Object.freeze(variant);
}

/**
 * Parses options with the variant's schema; a refusal names the bad options and why, in the
 * project's words (`issuePlaces`: "Invalid options for noris: at most 100 at games.").
 */
export function parseOptions<O>(variant: Variant<O, unknown>, options: unknown): O | Refusal {
  const result = variant.optionsSchema.safeParse(options ?? {});
  if (result.success) return result.data;
  const places = issuePlaces(result.error.issues);
  return refuse("INVALID_COMMAND", {
    en: `Invalid options for ${variant.id}${placesText(places.en)}.`,
    de: `Ungültige Optionen für ${variant.id}${placesText(places.de)}.`,
  });
}

export interface OpenMatch {
  readonly players: number;
  readonly options?: unknown;
  readonly seed: Seed;
  readonly dealer?: Seat;
  readonly deck?: readonly CardCode[];
}

/** The first events of a match of this variant, or why it cannot start. */
export function openMatch(variant: AnyVariant, open: OpenMatch): Decision<{ type: string }> {
  const options = parseOptions(variant, open.options);
  if (isRefusal(options)) return options;
  const setup: MatchSetup<unknown> = {
    variant: variant.id,
    rules: variant.ruleSetFor(options),
    players: open.players,
    seed: open.seed,
    ...(open.dealer === undefined ? {} : { dealer: open.dealer }),
    ...(open.deck === undefined ? {} : { deck: open.deck }),
  };
  return (variant.engine as AnyEngine).start(setup);
}
