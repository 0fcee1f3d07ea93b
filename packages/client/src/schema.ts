import { z } from "zod";

// A NUL or a lone surrogate cannot be stored by PostgreSQL (text and JSONB) and better-sqlite3
// would silently turn a lone surrogate into U+FFFD: no client string may carry one.
const UNSTORABLE_CHAR =
  // eslint-disable-next-line no-control-regex -- matching NUL is the point
  /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when a string can be stored as it is: no NUL, no unpaired surrogate. */
export const isStorableText = (text: string): boolean => !UNSTORABLE_CHAR.test(text);

/** A client string: NUL and lone surrogates are refused here, before any store sees them. */
export const text = () =>
  z.string().refine(isStorableText, {
    message: "must not contain NUL characters or unpaired surrogates",
  });

const seat = z.number().int().min(0).max(63);
const name = text().min(1).max(32);

/**
 * A player's intent as a client sends it (the server validates with this very schema). The seat comes from the seat token; a client may
 * repeat it (legal moves carry it) but never name another.
 */
export const commandSchema = z.discriminatedUnion("type", [
  z
    .object({
      type: z.literal("playCard"),
      seat: seat.optional(),
      card: name,
      wish: name.optional(),
      mau: z.boolean().optional(),
      mauMau: z.boolean().optional(),
      to: seat.optional(),
      faceDown: z.boolean().optional(),
      target: seat.optional(),
      direction: z.enum(["left", "right"]).optional(),
    })
    .strict(),
  z.object({ type: z.literal("drawCard"), seat: seat.optional() }).strict(),
  z.object({ type: z.literal("pass"), seat: seat.optional() }).strict(),
  z.object({ type: z.literal("chooseColour"), seat: seat.optional(), colour: name }).strict(),
  z
    .object({
      type: z.literal("cut"),
      seat: seat.optional(),
      at: z.number().int().min(0).max(1000),
      keep: z.boolean().optional(),
    })
    .strict(),
  z.object({ type: z.literal("startNextGame") }).strict(),
]);

export type ClientCommand = z.infer<typeof commandSchema>;
