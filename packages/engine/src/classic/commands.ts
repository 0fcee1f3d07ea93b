import { z } from "zod";

/**
 * The fields a classic family's `playCard` adds to the shared command: what the player names
 * or says with the card. `text` is the string schema of the caller (the engine's plain one, the
 * client's storable and bounded one).
 */
export const classicPlayFields = <T extends z.ZodType<string>>(text: T) => ({
  /** The colour/suit named with a wish card. */
  wish: text.optional(),
  /** Said "mau" (noris), knocked (french), said "Mau" (bavarian). */
  mau: z.boolean().optional(),
  /** Said "Mau-Mau" (bavarian). */
  mauMau: z.boolean().optional(),
});
