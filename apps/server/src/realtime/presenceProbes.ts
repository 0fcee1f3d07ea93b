import type { Seat } from "@maumau/engine";
import type { Server } from "socket.io";
import { z } from "zod";
import type { MatchService } from "../matches/MatchService.js";
import type { OwnerElsewhere } from "../matches/Presence.js";
import type { RedisFanout } from "./redisFanout.js";
import { roomOf } from "./roomOf.js";

/** The inter-process question "what do you know of this seat's owner?" (`serverSideEmit`). */
const PRESENCE_QUESTION = "maumau:owner";

const ownerAnswer = z.object({
  connected: z.boolean(),
  seenMsAgo: z.number().nonnegative().nullable(),
});

/** The other processes' answers in one: connected anywhere, and the latest HTTP sighting. */
export function combineAnswers(answers: unknown): OwnerElsewhere {
  let connected = false;
  let seenMsAgo: number | null = null;
  for (const answer of Array.isArray(answers) ? answers : []) {
    const parsed = ownerAnswer.safeParse(answer);
    if (!parsed.success) continue;
    connected ||= parsed.data.connected;
    const ago = parsed.data.seenMsAgo;
    if (ago !== null && (seenMsAgo === null || ago < seenMsAgo)) seenMsAgo = ago;
  }
  return { connected, seenMsAgo };
}

/**
 * Several processes (an adapter between them): the service's questions about the other
 * processes, asked through the adapter, and this process's answers to theirs.
 * - Before a bot takes a seat over, every other process is asked what it knows of the owner: a
 *   socket there, or an HTTP request it served lately. A process that does not answer in time
 *   counts as knowing nothing (its own clock still runs).
 * - Whether anybody watches a match (the audience rule): any socket in its rooms, anywhere.
 * Without Redis nobody can be asked (a question would wait for its time-out): the owner counts
 * as connected, so no bot takes over, and the match as watched, until Redis is back.
 */
export function presenceProbes(
  io: Server,
  service: MatchService,
  fanout: Pick<RedisFanout, "up"> | undefined,
): void {
  io.on(PRESENCE_QUESTION, (matchId: unknown, seat: unknown, answer: unknown) => {
    if (typeof answer !== "function") return;
    const known =
      typeof matchId === "string" && Number.isInteger(seat)
        ? service.ownerHere(matchId, seat as Seat)
        : { connected: false, seenMsAgo: null };
    (answer as (known: OwnerElsewhere) => void)(known);
  });
  service.setPresenceProbe((matchId, seat) =>
    fanout?.up === false
      ? Promise.resolve({ connected: true, seenMsAgo: null })
      : new Promise<OwnerElsewhere>((done) => {
          io.serverSideEmit(PRESENCE_QUESTION, matchId, seat, (_err: unknown, answers: unknown) =>
            done(combineAnswers(answers)),
          );
        }),
  );
  service.setWatchProbe(
    async (matchId, viewers) =>
      fanout?.up === false ||
      (await io.in(viewers.map((v) => roomOf(matchId, v))).fetchSockets()).length > 0,
  );
}
