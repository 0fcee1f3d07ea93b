import { GameDriver, isRefusal, type AnyVariant, type Command } from "@maumau/engine";
import { z } from "zod";

/** conformance/FORMAT.md: a stacked deck, a list of moves; prints where the game stands. */
export const scriptSchema = z.object({
  variant: z.string({ error: "variant: a variant id is required" }),
  options: z.record(z.string(), z.unknown()).optional(),
  players: z.number({ error: "players: a number is required" }).int(),
  dealer: z.number().int().optional(),
  seed: z.union([z.number().int(), z.string().min(1).max(256)]).optional(),
  deck: z.array(z.string()).optional(),
  commands: z.array(
    z
      .object({
        seat: z.unknown().refine((x) => x !== undefined, { message: "every command needs a seat" }),
        type: z.string({ error: "every command needs a type" }),
      })
      .passthrough(),
  ),
});

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

/** Runs a script against the registry's variants. Throws ScriptError when the script is malformed. */
export function runScript(
  input: unknown,
  find: (id: string) => AnyVariant | undefined,
): ScriptOutput {
  const parsed = scriptSchema.safeParse(input);
  if (!parsed.success)
    throw new ScriptError(
      `malformed script: ${parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ")}`,
    );
  const script = parsed.data;
  const variant = find(script.variant);
  if (!variant) throw new ScriptError(`unknown variant "${script.variant}"`);
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
  if (isRefusal(driver)) throw new ScriptError(`malformed script: ${driver.message.en}`);
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
