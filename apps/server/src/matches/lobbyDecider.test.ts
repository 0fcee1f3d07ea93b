import { describe, expect, it } from "vitest";
import type { ServerCode } from "../errors/ServiceError.js";
import type { NewEvent, StoredEvent } from "../store/EventStore.js";
import { decideLobby, type LobbyCommand } from "./lobbyDecider.js";
import { Match } from "./Match.js";
import { hashToken } from "./tokens.js";

const SEED = "A".repeat(43);

/** given(events).when(command).then(events) | .thenRefused(code): the lobby's rules. */
function given(...events: NewEvent[]) {
  const stored: StoredEvent[] = events.map((e, i) => ({
    ...e,
    streamId: "match-m",
    version: i + 1,
    commandId: null,
    at: "2026-01-01T00:00:00.000Z",
  }));
  const match = stored.length === 0 ? null : Match.fromEvents("m", stored);
  return {
    when: (command: LobbyCommand) => ({
      then: (...expected: NewEvent[]) => expect(decideLobby(match, command)).toEqual(expected),
      thenRefused: (code: ServerCode) =>
        expect(() => decideLobby(match, command)).toThrow(
          expect.objectContaining({ refusal: expect.objectContaining({ code }) }),
        ),
      thenEvents: () => decideLobby(match, command),
    }),
  };
}

const created = (seats = 2, options: unknown = { games: 1 }): NewEvent => ({
  type: "lobby.created",
  data: { variant: "noris", options, seats, turnTimerMs: null, rematchOf: null, ruleSet: null },
});
const claimed = (seat: number, token: string, name = `P${seat}`): NewEvent => ({
  type: "seat.claimed",
  data: { seat, name, tokenHash: hashToken(token) },
});
const bot = (seat: number): NewEvent => ({
  type: "bot.seated",
  data: { seat, level: "heuristic" },
});

/** The events of a started two-seat noris match (seat 0 "t0", seat 1 a bot). */
const startedMatch = (): NewEvent[] => {
  const lobby = [created(), claimed(0, "t0"), bot(1)];
  return [
    ...lobby,
    ...given(...lobby)
      .when({ type: "start", token: "t0", seed: SEED })
      .thenEvents(),
  ];
};

describe("create", () => {
  it("opens the stream with lobby.created, options filled by the variant's schema", () => {
    const [first, ...rest] = given()
      .when({
        type: "create",
        variant: "noris",
        options: { games: 1 },
        ruleSet: null,
        seats: 3,
        turnTimerMs: null,
      })
      .thenEvents();
    expect(first).toMatchObject({
      type: "lobby.created",
      data: { variant: "noris", seats: 3, turnTimerMs: null, rematchOf: null, ruleSet: null },
    });
    expect((first!.data as { options: { games: number } }).options.games).toBe(1);
    expect(rest).toEqual([]);
  });

  it("seats the creator at seat 0 with the hash of the token, never the token", () => {
    const events = given()
      .when({
        type: "create",
        variant: "noris",
        options: {},
        ruleSet: null,
        seats: 2,
        turnTimerMs: 5000,
        owner: { name: "Ada", token: "secret" },
      })
      .thenEvents();
    expect(events[1]).toEqual(claimed(0, "secret", "Ada"));
    expect(JSON.stringify(events)).not.toContain('"secret"');
  });

  it("refuses an unknown variant", () => {
    given()
      .when({
        type: "create",
        variant: "x",
        options: {},
        ruleSet: null,
        seats: 2,
        turnTimerMs: null,
      })
      .thenRefused("UNKNOWN_VARIANT");
  });

  it("refuses options the variant's schema refuses", () => {
    given()
      .when({
        type: "create",
        variant: "noris",
        options: { games: "many" },
        ruleSet: null,
        seats: 2,
        turnTimerMs: null,
      })
      .thenRefused("INVALID_OPTIONS");
  });

  it("H-2.2 refuses a table the engine could not set up (a starting seat beyond its seats), before a waiting room is made", () => {
    const heulDoch = (first: number, seats: number) =>
      given().when({
        type: "create",
        variant: "heul-doch",
        options: { first },
        ruleSet: null,
        seats,
        turnTimerMs: null,
      });
    heulDoch(3, 3).thenRefused("INVALID_OPTIONS");
    heulDoch(4, 4).thenRefused("INVALID_OPTIONS");
    expect(heulDoch(3, 4).thenEvents()[0]).toMatchObject({
      type: "lobby.created",
      data: { options: { first: 3 } },
    });
    // The checks are kept: asked again, in any order, each answers as the first time.
    heulDoch(3, 3).thenRefused("INVALID_OPTIONS");
    expect(heulDoch(3, 4).thenEvents()[0]).toMatchObject({ type: "lobby.created" });
    heulDoch(4, 4).thenRefused("INVALID_OPTIONS");
    expect(heulDoch(0, 3).thenEvents()[0]).toMatchObject({ type: "lobby.created" });
  });

  it("refuses a number of seats outside the variant's range", () => {
    given()
      .when({
        type: "create",
        variant: "noris",
        options: {},
        ruleSet: null,
        seats: 1,
        turnTimerMs: null,
      })
      .thenRefused("INVALID_OPTIONS");
  });
});

describe("create: the turn timer", () => {
  const withTimer = (turnTimerMs: number | null): LobbyCommand => ({
    type: "create",
    variant: "noris",
    options: {},
    ruleSet: null,
    seats: 2,
    turnTimerMs,
  });

  it("refuses a turn timer under 5 s with INVALID_INPUT (100 ms made a stream of stored events)", () => {
    given().when(withTimer(100)).thenRefused("INVALID_INPUT");
    given().when(withTimer(4_999)).thenRefused("INVALID_INPUT");
  });

  it("refuses a turn timer over 10 minutes or not whole milliseconds", () => {
    given().when(withTimer(600_001)).thenRefused("INVALID_INPUT");
    given().when(withTimer(5_000.5)).thenRefused("INVALID_INPUT");
  });

  it("keeps a turn timer from 5 s to 10 minutes, or none", () => {
    for (const ms of [5_000, 600_000, null]) {
      expect(given().when(withTimer(ms)).thenEvents()[0]).toMatchObject({
        data: { turnTimerMs: ms },
      });
    }
  });
});

describe("join", () => {
  it("takes the first free seat", () => {
    given(created(3), claimed(0, "t0"))
      .when({ type: "join", name: "Bo", token: "t1" })
      .then(claimed(1, "t1", "Bo"));
  });

  it("takes the seat asked for when it is free", () => {
    given(created(3), claimed(0, "t0"))
      .when({ type: "join", name: "Bo", token: "t2", seat: 2 })
      .then(claimed(2, "t2", "Bo"));
  });

  it("refuses a seat that is taken", () => {
    given(created(3), claimed(0, "t0"))
      .when({ type: "join", name: "Bo", token: "t1", seat: 0 })
      .thenRefused("SEAT_TAKEN");
  });

  it("refuses a seat the match does not have", () => {
    given(created(2))
      .when({ type: "join", name: "Bo", token: "t1", seat: 2 })
      .thenRefused("INVALID_INPUT");
  });

  it("refuses when no seat is free", () => {
    given(created(2), claimed(0, "t0"), bot(1))
      .when({ type: "join", name: "Bo", token: "t1" })
      .thenRefused("NO_FREE_SEAT");
  });

  it("lets a player take a seat released in a running match", () => {
    given(...startedMatch(), { type: "seat.released", data: { seat: 0 } })
      .when({ type: "join", name: "Bo", token: "t9" })
      .then(claimed(0, "t9", "Bo"));
  });
});

describe("leave", () => {
  it("releases the token's seat", () => {
    given(created(2), claimed(0, "t0"), claimed(1, "t1"))
      .when({ type: "leave", token: "t1" })
      .then({ type: "seat.released", data: { seat: 1 } });
  });

  it("refuses a token that holds no seat", () => {
    given(created(2), claimed(0, "t0"))
      .when({ type: "leave", token: "nope" })
      .thenRefused("BAD_TOKEN");
  });

  it("closes the lobby when the last human leaves it before the start", () => {
    given(created(2), claimed(0, "t0"))
      .when({ type: "leave", token: "t0" })
      .then(
        { type: "seat.released", data: { seat: 0 } },
        { type: "lobby.closed", data: { reason: "left" } },
      );
  });

  it("closes the lobby when the last human leaves it to bots alone", () => {
    given(created(3), claimed(0, "t0"), bot(1))
      .when({ type: "leave", token: "t0" })
      .then(
        { type: "seat.released", data: { seat: 0 } },
        { type: "lobby.closed", data: { reason: "left" } },
      );
  });

  it("keeps a running match going when the last human leaves it (a bot plays the seat)", () => {
    given(...startedMatch())
      .when({ type: "leave", token: "t0" })
      .then({ type: "seat.released", data: { seat: 0 } });
  });
});

describe("a closed lobby", () => {
  const closed = (reason: "left" | "idle"): NewEvent => ({
    type: "lobby.closed",
    data: { reason },
  });

  it("refuses a join with NOT_IN_LOBBY, seat or no seat", () => {
    const log = [created(2), claimed(0, "t0"), { type: "seat.released", data: { seat: 0 } }];
    given(...log, closed("left"))
      .when({ type: "join", name: "Bo", token: "t1" })
      .thenRefused("NOT_IN_LOBBY");
    given(...log, closed("left"))
      .when({ type: "join", name: "Bo", token: "t1", seat: 1 })
      .thenRefused("NOT_IN_LOBBY");
  });

  it("refuses bots and the start to a player still seated when it closed idle", () => {
    given(created(2), claimed(0, "t0"), closed("idle"))
      .when({ type: "addBots", token: "t0", level: "heuristic" })
      .thenRefused("NOT_IN_LOBBY");
    given(created(2), claimed(0, "t0"), closed("idle"))
      .when({ type: "seatBot", token: "t0", seat: 1, level: "heuristic" })
      .thenRefused("NOT_IN_LOBBY");
    given(created(2), claimed(0, "t0"), bot(1), closed("idle"))
      .when({ type: "start", token: "t0", seed: SEED })
      .thenRefused("NOT_IN_LOBBY");
  });

  it("lets a player still seated leave it, without closing it twice", () => {
    given(created(2), claimed(0, "t0"), closed("idle"))
      .when({ type: "leave", token: "t0" })
      .then({ type: "seat.released", data: { seat: 0 } });
  });
});

describe("closeIdle: nobody was at or watched the lobby for LOBBY_IDLE_MS", () => {
  it("closes a lobby waiting for players", () => {
    given(created(2), claimed(0, "t0"))
      .when({ type: "closeIdle" })
      .then({ type: "lobby.closed", data: { reason: "idle" } });
  });

  it("has nothing to do for a started match or a lobby closed already", () => {
    given(...startedMatch())
      .when({ type: "closeIdle" })
      .then();
    given(created(2), { type: "lobby.closed", data: { reason: "left" } })
      .when({ type: "closeIdle" })
      .then();
  });
});

describe("addBots", () => {
  it("seats bots in the free seats, as many as asked for", () => {
    given(created(4), claimed(0, "t0"))
      .when({ type: "addBots", token: "t0", level: "random", count: 2 })
      .then(
        { type: "bot.seated", data: { seat: 1, level: "random" } },
        { type: "bot.seated", data: { seat: 2, level: "random" } },
      );
  });

  it("fills every free seat without a count", () => {
    given(created(3), claimed(0, "t0"))
      .when({ type: "addBots", token: "t0", level: "heuristic" })
      .then(bot(1), bot(2));
  });

  it("refuses a token that holds no seat", () => {
    given(created(3), claimed(0, "t0"))
      .when({ type: "addBots", token: "nope", level: "heuristic" })
      .thenRefused("BAD_TOKEN");
  });

  it("refuses when no seat is free", () => {
    given(created(2), claimed(0, "t0"), bot(1))
      .when({ type: "addBots", token: "t0", level: "heuristic" })
      .thenRefused("NO_FREE_SEAT");
  });

  it("refuses once the match has started", () => {
    given(...startedMatch())
      .when({ type: "addBots", token: "t0", level: "heuristic" })
      .thenRefused("NOT_IN_LOBBY");
  });
});

describe("seatBot: the host seats a bot on a chosen free seat", () => {
  it("seats the bot on that seat", () => {
    given(created(3), claimed(0, "t0"), claimed(1, "t1"))
      .when({ type: "seatBot", token: "t0", seat: 2, level: "random" })
      .then({ type: "bot.seated", data: { seat: 2, level: "random" } });
  });

  it("is the host's alone: another player is refused NOT_HOST, a stranger BAD_TOKEN", () => {
    const match = given(created(3), claimed(0, "t0"), claimed(1, "t1"));
    match.when({ type: "seatBot", token: "t1", seat: 2, level: "random" }).thenRefused("NOT_HOST");
    match
      .when({ type: "seatBot", token: "nope", seat: 2, level: "random" })
      .thenRefused("BAD_TOKEN");
  });

  it("passes to the next player when the host left", () => {
    given(created(3), claimed(0, "t0"), claimed(1, "t1"), {
      type: "seat.released",
      data: { seat: 0 },
    })
      .when({ type: "seatBot", token: "t1", seat: 2, level: "random" })
      .then({ type: "bot.seated", data: { seat: 2, level: "random" } });
  });

  it("refuses a taken seat, a seat that does not exist, and a started match", () => {
    const match = given(created(3), claimed(0, "t0"), claimed(1, "t1"));
    match
      .when({ type: "seatBot", token: "t0", seat: 1, level: "random" })
      .thenRefused("SEAT_TAKEN");
    match
      .when({ type: "seatBot", token: "t0", seat: 3, level: "random" })
      .thenRefused("INVALID_INPUT");
    given(...startedMatch())
      .when({ type: "seatBot", token: "t0", seat: 1, level: "random" })
      .thenRefused("NOT_IN_LOBBY");
  });
});

describe("freeSeat: the host frees a bot's seat or one whose player left", () => {
  const lobby = () => given(created(3), claimed(0, "t0"), claimed(1, "t1"), bot(2));

  it("frees a seat whose player has no socket anywhere, and a bot's seat", () => {
    lobby()
      .when({ type: "freeSeat", token: "t0", seat: 1, present: false })
      .then({ type: "seat.released", data: { seat: 1 } });
    lobby()
      .when({ type: "freeSeat", token: "t0", seat: 2, present: false })
      .then({ type: "seat.released", data: { seat: 2 } });
  });

  it("refuses a player who is still there (PLAYER_PRESENT) and anyone but the host", () => {
    lobby()
      .when({ type: "freeSeat", token: "t0", seat: 1, present: true })
      .thenRefused("PLAYER_PRESENT");
    lobby()
      .when({ type: "freeSeat", token: "t1", seat: 2, present: false })
      .thenRefused("NOT_HOST");
  });

  it("refuses a free seat, the host's own seat and a started match", () => {
    given(created(3), claimed(0, "t0"))
      .when({ type: "freeSeat", token: "t0", seat: 1, present: false })
      .thenRefused("SEAT_EMPTY");
    lobby()
      .when({ type: "freeSeat", token: "t0", seat: 0, present: false })
      .thenRefused("INVALID_INPUT");
    given(...startedMatch())
      .when({ type: "freeSeat", token: "t0", seat: 1, present: false })
      .thenRefused("NOT_IN_LOBBY");
  });
});

describe("start", () => {
  it("hands over to the engine: its opening events, with the seed of the command", () => {
    const events = given(created(), claimed(0, "t0"), bot(1))
      .when({ type: "start", token: "t0", seed: SEED })
      .thenEvents();
    expect(events[0]).toMatchObject({ type: "match.started", data: { seed: SEED } });
  });

  it("B-2.2 a player alone with bots cuts game 1 (the dealer is their left neighbour)", () => {
    const bavarian = (): NewEvent => ({
      type: "lobby.created",
      data: {
        variant: "bavarian",
        options: {},
        seats: 3,
        turnTimerMs: null,
        rematchOf: null,
        ruleSet: null,
      },
    });
    const alone = given(bavarian(), claimed(0, "t0"), bot(1), bot(2))
      .when({ type: "start", token: "t0", seed: SEED })
      .thenEvents();
    expect(alone[0]).toMatchObject({ type: "match.started", data: { dealer: 1 } });
    // With another person at the table, or in a variant without a cut, seat 0 deals (B-2.1).
    const two = given(bavarian(), claimed(0, "t0"), claimed(1, "t1"), bot(2))
      .when({ type: "start", token: "t0", seed: SEED })
      .thenEvents();
    expect(two[0]).toMatchObject({ type: "match.started", data: { dealer: 0 } });
    const noris = given(created(), claimed(0, "t0"), bot(1))
      .when({ type: "start", token: "t0", seed: SEED })
      .thenEvents();
    expect(noris[0]).toMatchObject({ type: "match.started", data: { dealer: 0 } });
  });

  it("refuses while a seat is empty", () => {
    given(created(), claimed(0, "t0"))
      .when({ type: "start", token: "t0", seed: SEED })
      .thenRefused("SEATS_NOT_FILLED");
  });

  it("refuses a token that holds no seat", () => {
    given(created(), claimed(0, "t0"), bot(1))
      .when({ type: "start", token: "nope", seed: SEED })
      .thenRefused("BAD_TOKEN");
  });

  it("is the host's: another player is refused NOT_HOST (nor fills the seats with bots)", () => {
    const table = given(created(3), claimed(0, "t0"), claimed(1, "t1"), bot(2));
    table.when({ type: "start", token: "t1", seed: SEED }).thenRefused("NOT_HOST");
    given(created(3), claimed(0, "t0"), claimed(1, "t1"))
      .when({ type: "addBots", token: "t1", level: "random" })
      .thenRefused("NOT_HOST");
    expect(table.when({ type: "start", token: "t0", seed: SEED }).thenEvents()[0]).toMatchObject({
      type: "match.started",
    });
    // The host left: the next player seated hosts, and starts.
    given(created(3), claimed(0, "t0"), claimed(1, "t1"), bot(2), {
      type: "seat.released",
      data: { seat: 0 },
    })
      .when({ type: "addBots", token: "t1", level: "random" })
      .then({ type: "bot.seated", data: { seat: 0, level: "random" } });
  });

  it("a rematch (the same table again) is started by whoever of its players comes first", () => {
    const rematch: NewEvent = {
      type: "lobby.created",
      data: {
        variant: "noris",
        options: { games: 1 },
        seats: 2,
        turnTimerMs: null,
        rematchOf: "old",
        ruleSet: null,
      },
    };
    const events = given(rematch, claimed(0, "t0"), claimed(1, "t1"))
      .when({ type: "start", token: "t1", seed: SEED })
      .thenEvents();
    expect(events[0]).toMatchObject({ type: "match.started" });
  });

  it("refuses a match that has started", () => {
    given(...startedMatch())
      .when({ type: "start", token: "t0", seed: SEED })
      .thenRefused("NOT_IN_LOBBY");
  });
});

describe("rematch", () => {
  it("refuses while the match is not over", () => {
    given(...startedMatch())
      .when({ type: "rematch", token: "t0" })
      .thenRefused("NOT_OVER");
  });

  it("refuses a token that holds no seat", () => {
    given(...startedMatch())
      .when({ type: "rematch", token: "nope" })
      .thenRefused("BAD_TOKEN");
  });

  it("has nothing to do when the rematch exists", () => {
    given(...startedMatch(), { type: "lobby.rematched", data: { matchId: "r" } })
      .when({ type: "rematch", token: "t0" })
      .then();
  });

  it("records the rematch once", () => {
    given(...startedMatch())
      .when({ type: "rematched", matchId: "r", by: 1 })
      .then({ type: "lobby.rematched", data: { matchId: "r", by: 1 } });
    given(...startedMatch(), { type: "lobby.rematched", data: { matchId: "r" } })
      .when({ type: "rematched", matchId: "r", by: 0 })
      .then();
  });
});
