import type { ClientCommand } from "@maumau/client";
import type { Command, Seat } from "@maumau/engine";

export { commandSchema } from "@maumau/client/schema";
export type { ClientCommand };

/** The engine command for the seat that holds the token. */
export function commandFor(command: ClientCommand, seat: Seat): Command {
  return command.type === "startNextGame" ? command : { ...command, seat };
}
