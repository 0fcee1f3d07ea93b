import type { HistoryResult, LobbyView, MatchSnapshot, SeatView } from "@maumau/client";
import { createRng, GameDriver, isRefusal, type AnyVariant, type Lang } from "@maumau/engine";
import { findVariant } from "@maumau/registry";
import { Chalk } from "chalk";
import { CardStyle } from "../play/cards.js";
import { TEXTS } from "../play/texts.js";
import type { Look } from "../online/render.js";
import { ONLINE_TEXTS } from "../online/texts.js";

const AT = "2026-01-01T00:00:00.000Z";

/** A seat of a waiting room: a person's (named), or free. */
export const humanSeat = (seat: number, name: string): SeatView => ({
  seat,
  kind: "human",
  name,
  level: null,
  away: false,
});
export const emptySeat = (seat: number): SeatView => ({
  seat,
  kind: "empty",
  name: null,
  level: null,
  away: false,
});

/** Seat 0's snapshot of an open waiting room of `variant` at `version` (match id `m1`). */
export function waitingRoomSnapshot(
  variant: string,
  version: number,
  seats: SeatView[],
): MatchSnapshot {
  const lobby: LobbyView = {
    matchId: "m1",
    variant,
    options: {},
    ruleSet: null,
    status: "open",
    seats,
    turnTimerMs: null,
    rematchOf: null,
    continuedFrom: null,
    spectatorsReadOnly: false,
    rematchBy: null,
    rematch: null,
    version,
    createdAt: AT,
    updatedAt: AT,
  };
  return {
    matchId: "m1",
    version,
    viewer: 0,
    lobby,
    view: null,
    progress: null,
    legal: [],
    machine: null,
  };
}

/** The online table's look for `variant`, `width` columns wide (colour level 0: none). */
export function tableLook(
  variant: AnyVariant,
  width: number,
  lang: Lang = "en",
  level: 0 | 1 = 0,
): Look {
  const c = new Chalk({ level });
  return {
    t: TEXTS[lang],
    o: ONLINE_TEXTS[lang],
    c,
    style: new CardStyle(variant.theme, lang, c, true),
    variantName: variant.names[lang],
    width,
  };
}

/**
 * A two-seat noris match of one game that heuristic bots played to its end (seed 5), as
 * `game.history` returns it: the log a replay steps through.
 */
export function finishedNorisHistory(matchId = "m1"): HistoryResult {
  const driver = GameDriver.open(
    findVariant("noris")!,
    { players: 2, options: { games: 1 }, seed: 5 },
    "decider",
  );
  if (isRefusal(driver)) throw new Error(driver.message.en);
  const random = createRng(5, 1);
  for (let p = driver.progress(); p.toAct !== null; p = driver.progress())
    driver.dispatch(driver.botMove(p.toAct, "heuristic", random));
  const events = [
    { type: "lobby.created", data: { variant: "noris", options: { games: 1 }, seats: 2 } },
    ...driver.events,
  ].map((e: { type: string; data?: unknown }, i) => ({
    version: i + 1,
    type: e.type,
    data: e.data ?? null,
    at: AT,
  }));
  return { matchId, version: events.length, full: true, events };
}
