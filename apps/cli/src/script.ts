import { GameDriver, isRefusal, type AnyVariant, type Command, type Lang } from "@maumau/engine";
import { z } from "zod";
import de from "zod/v4/locales/de.js";
import en from "zod/v4/locales/en.js";

/**
 * What `maumau script` says on stderr, in each language (each field's name is put before its
 * problem: "players: a number is required"). Its JSON on stdout stays as conformance/FORMAT.md
 * has it, in English.
 */
export const SCRIPT_TEXTS = {
  en: {
    malformed: (why: string) => `malformed script: ${why}`,
    unknownVariant: (id: string) => `unknown variant "${id}"`,
    root: "(root)",
    variantId: "a variant id is required",
    number: "a number is required",
    seat: "every command needs a seat",
    type: "every command needs a type",
  },
  de: {
    malformed: (why: string) => `fehlerhaftes Skript: ${why}`,
    unknownVariant: (id: string) => `unbekannte Variante „${id}“`,
    root: "(ganzes Skript)",
    variantId: "hier gehört die ID einer Variante hin",
    number: "hier gehört eine Zahl hin",
    seat: "jeder Befehl braucht einen Platz (seat)",
    type: "jeder Befehl braucht einen Typ (type)",
  },
} as const satisfies Record<Lang, unknown>;

/** conformance/FORMAT.md: a stacked deck, a list of moves; prints where the game stands. */
const schemaIn = (t: (typeof SCRIPT_TEXTS)[Lang]) =>
  z.object({
    variant: z.string({ error: t.variantId }),
    options: z.record(z.string(), z.unknown()).optional(),
    players: z.number({ error: t.number }).int(),
    dealer: z.number().int().optional(),
    seed: z.union([z.number().int(), z.string().min(1).max(256)]).optional(),
    deck: z.array(z.string()).optional(),
    commands: z.array(
      z
        .object({
          seat: z.unknown().refine((x) => x !== undefined, { message: t.seat }),
          type: z.string({ error: t.type }),
        })
        .passthrough(),
    ),
  });

/** The script's schema with its own messages in each language, and zod's for the rest. */
const SCHEMAS = {
  en: { schema: schemaIn(SCRIPT_TEXTS.en), zod: en().localeError },
  de: { schema: schemaIn(SCRIPT_TEXTS.de), zod: de().localeError },
};

export type ScriptResult =
  { ok: true } | { ok: false; error: string; rule?: string; message: string };

export interface ScriptOutput {
  results: ScriptResult[];
  state: Record<string, unknown>;
}

export class ScriptError extends Error {}

const TYPES: Record<string, Command["type"]> = {
  play: "playCard",
  draw: "drawCard",
  pass: "pass",
  choose: "chooseColour",
  cut: "cut",
};

/** A script command in the engine's terms; fields the command does not need pass through for validation. */
export function toCommand(raw: Record<string, unknown>): Command | null {
  const type = TYPES[String(raw.type)];
  if (type === undefined) return null;
  const { type: _t, color, ...rest } = raw;
  const fields: Record<string, unknown> = { ...rest, type };
  if (type === "playCard" && color !== undefined) fields.wish = color;
  if (type === "chooseColour") fields.colour = color;
  return fields as unknown as Command;
}

/**
 * Runs a script against the registry's variants. Throws ScriptError, its message in `lang`,
 * when the script is malformed or names no known variant.
 */
export function runScript(
  input: unknown,
  find: (id: string) => AnyVariant | undefined,
  lang: Lang = "en",
): ScriptOutput {
  const t = SCRIPT_TEXTS[lang];
  const parsed = SCHEMAS[lang].schema.safeParse(input, { error: SCHEMAS[lang].zod });
  if (!parsed.success)
    throw new ScriptError(
      t.malformed(
        parsed.error.issues.map((i) => `${i.path.join(".") || t.root}: ${i.message}`).join("; "),
      ),
    );
  const script = parsed.data;
  const variant = find(script.variant);
  if (!variant) throw new ScriptError(t.unknownVariant(script.variant));
  // The rule script is judged by the statechart, as the server judges a match.
  const driver = GameDriver.open(
    variant,
    {
      players: script.players,
      options: script.options ?? {},
      seed: script.seed ?? 0,
      ...(script.dealer === undefined ? {} : { dealer: script.dealer }),
      ...(script.deck === undefined ? {} : { deck: script.deck }),
    },
    "machine",
  );
  if (isRefusal(driver)) throw new ScriptError(t.malformed(driver.message[lang]));
  const results: ScriptResult[] = script.commands.map((raw) => {
    const command = toCommand(raw);
    if (command === null)
      return {
        ok: false,
        error: "INVALID_COMMAND",
        message: `unknown command type "${String(raw.type)}"`,
      };
    const result = driver.dispatch(command);
    if (result.ok) return { ok: true };
    const { code, rule, message } = result.refusal;
    return rule
      ? { ok: false, error: code, rule, message: message.en }
      : { ok: false, error: code, message: message.en };
  });
  return { results, state: driver.scriptState() };
}
