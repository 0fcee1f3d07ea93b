import { z } from "zod";

/**
 * The fields Heul doch!'s `playCard` adds to the shared command: where the card goes and what
 * a special card does. `seat` is the caller's schema of a seat number.
 */
export const heulDochPlayFields = <S extends z.ZodType<number>>(seat: S) => ({
  /** The seat whose pile gets the card (default: own pile). */
  to: seat.optional(),
  /** True = placed face down as an onion. */
  faceDown: z.boolean().optional(),
  /** The towel: the seat to swap with. */
  target: seat.optional(),
  /** The carousel. */
  direction: z.enum(["left", "right"]).optional(),
});
