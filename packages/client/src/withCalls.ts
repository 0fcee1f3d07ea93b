import type { Command } from "@maumau/engine";

/** A card played: the legal moves the server lists, and what a player sends. */
export type PlayCommand = Extract<Command, { type: "playCard" }>;

/** The calls a player makes themselves (N-5, B-5): pressed or typed, never suggested. */
export interface Calls {
  readonly mau: boolean;
  readonly mauMau: boolean;
}

/**
 * A legal play without its calls: a legal move carries the calls its play needs, but saying
 * them (or forgetting to) is the player's part.
 */
export function withoutCalls(play: PlayCommand): PlayCommand {
  const { mau: _mau, mauMau: _mauMau, ...rest } = play;
  return rest;
}

/** A play with the calls the player made, and only those. */
export const withCalls = (play: PlayCommand, calls: Calls | null): PlayCommand => ({
  ...withoutCalls(play),
  ...(calls?.mau ? { mau: true } : {}),
  ...(calls?.mauMau ? { mauMau: true } : {}),
});
