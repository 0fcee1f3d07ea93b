import type { Command, Seat } from "@maumau/engine";
import { z } from "zod";
import { text } from "../trpc/text.js";

const seat = z.number().int().min(0).max(63);
const name = text().min(1).max(32);

/**
 * A player's intent as a client sends it. The seat comes from the seat token; a client may
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

/** The engine command for the seat that holds the token. */
export function commandFor(command: ClientCommand, seat: Seat): Command {
  return command.type === "startNextGame" ? command : { ...command, seat };
}
