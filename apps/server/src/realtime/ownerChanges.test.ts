import { describe, expect, it } from "vitest";
import type { SeatHolder } from "../matches/Match.js";
import type { StoredEvent } from "../store/EventStore.js";
import { ownerChanges, seatLost } from "./seatTurnover.js";

const event = (version: number, type: string, data: unknown): StoredEvent => ({
  streamId: "match-m1",
  version,
  type,
  data,
  at: "2026-01-01T00:00:00.000Z",
  commandId: null,
});

const human = (tokenHash: string): SeatHolder => ({
  kind: "human",
  name: "A",
  tokenHash,
  away: false,
  claimedAt: 1,
});

describe("ownerChanges (the seats a commit gave another owner, or none)", () => {
  const match = {
    id: "m1",
    seats: [human("h0"), { kind: "bot", level: "heuristic" }, { kind: "empty" }, human("h3")],
  } satisfies { id: string; seats: SeatHolder[] };

  it("names each seat claimed, released or given to a bot, with its owner after the commit", () => {
    const changes = ownerChanges(match, [
      event(7, "seat.released", { seat: 2 }),
      event(8, "bot.seated", { seat: 1, level: "heuristic" }),
      event(9, "seat.claimed", { seat: 3, name: "A", tokenHash: "h3" }),
    ]);
    expect(changes).toEqual([
      { matchId: "m1", seat: 2, owner: null, version: 7 },
      { matchId: "m1", seat: 1, owner: null, version: 8 },
      { matchId: "m1", seat: 3, owner: "h3", version: 9 },
    ]);
  });

  it("names a seat once, at its last change in the commit", () => {
    const changes = ownerChanges(match, [
      event(4, "seat.released", { seat: 0 }),
      event(5, "seat.claimed", { seat: 0, name: "A", tokenHash: "h0" }),
    ]);
    expect(changes).toEqual([{ matchId: "m1", seat: 0, owner: "h0", version: 5 }]);
  });

  it("names none for a bot standing in, a return, moves or talk", () => {
    expect(
      ownerChanges(match, [
        event(10, "seat.botTakenOver", { seat: 0 }),
        event(11, "seat.returned", { seat: 0 }),
        event(12, "card.played", { seat: 0 }),
        event(13, "chat.said", { from: { seat: 0, name: "A" }, text: "hi" }),
      ]),
    ).toEqual([]);
  });
});

describe("seatLost (what a socket that lost its seat is told)", () => {
  it("is a typed SEAT_LOST notice with the seat and the version of the change", () => {
    expect(seatLost({ matchId: "m1", seat: 2, owner: "h9", version: 12 })).toEqual({
      type: "SEAT_LOST",
      matchId: "m1",
      seat: 2,
      version: 12,
      refusal: {
        code: "SEAT_LOST",
        message: {
          en: "This seat token no longer holds seat 2: the seat was left.",
          de: "Dieses Platz-Token gehört nicht mehr zu Platz 2: der Platz wurde verlassen.",
        },
      },
    });
  });
});
