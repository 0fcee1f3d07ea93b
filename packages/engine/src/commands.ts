import { z } from "zod";
import { classicPlayFields } from "./classic/commands.js";
import { heulDochPlayFields } from "./heul-doch/commands.js";

/** The schemas a command is built of: each caller brings its own bounds. */
export interface CommandParts<
  Seat extends z.ZodType<number>,
  OwnSeat extends z.ZodType<number | undefined>,
  Text extends z.ZodType<string>,
  At extends z.ZodType<number>,
> {
  /** A seat a command names (heul-doch's `to` and `target`). */
  readonly seat: Seat;
  /** The seat a command is sent for: the engine needs it, a client may leave it out. */
  readonly ownSeat: OwnSeat;
  /** A card code, a wish, a colour. */
  readonly text: Text;
  /** Where a cut is made. */
  readonly at: At;
}

/**
 * Player intents, the one definition: the engine's `Command` type and the client's schema
 * (`@maumau/client/schema`, which the server validates every command with) are both made by
 * this function. Each family adds the fields its `playCard` carries (`classic/commands.ts`,
 * `heul-doch/commands.ts`); fields a family does not read are ignored by its rules.
 */
export const commandSchemaOf = <
  Seat extends z.ZodType<number>,
  OwnSeat extends z.ZodType<number | undefined>,
  Text extends z.ZodType<string>,
  At extends z.ZodType<number>,
>(
  parts: CommandParts<Seat, OwnSeat, Text, At>,
) =>
  z.discriminatedUnion("type", [
    z.strictObject({
      type: z.literal("playCard"),
      seat: parts.ownSeat,
      card: parts.text,
      ...classicPlayFields(parts.text),
      ...heulDochPlayFields(parts.seat),
    }),
    z.strictObject({ type: z.literal("drawCard"), seat: parts.ownSeat }),
    z.strictObject({ type: z.literal("pass"), seat: parts.ownSeat }),
    z.strictObject({ type: z.literal("chooseColour"), seat: parts.ownSeat, colour: parts.text }),
    z.strictObject({
      type: z.literal("cut"),
      seat: parts.ownSeat,
      at: parts.at,
      keep: z.boolean().optional(),
    }),
    z.strictObject({ type: z.literal("startNextGame") }),
  ]);

const seatNumber = z.number().int().min(0);

/** The engine's command schema: a seat on every command a seat sends, no bounds on text. */
export const engineCommandSchema = commandSchemaOf({
  seat: seatNumber,
  ownSeat: seatNumber,
  text: z.string(),
  at: z.number().int(),
});

/** A player's intent as the engine takes it: the type of `engineCommandSchema`. */
export type Command = Readonly<z.infer<typeof engineCommandSchema>>;
