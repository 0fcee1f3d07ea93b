import type { Seat, Viewer } from "@maumau/engine";

/** The room of a match's viewer: every socket that watches the match as this seat or spectator. */
export const roomOf = (matchId: string, viewer: Viewer): string => `m:${matchId}:${viewer}`;

/**
 * The room a seat's frames go to: the seat's sockets that watch with the token of this hash.
 * Frames follow ownership, not only the seat number: a socket that watched with a token the
 * seat no longer has sits in a room nobody sends to (a token never claims a seat twice).
 */
export const claimRoomOf = (matchId: string, seat: Seat, tokenHash: string): string =>
  `m:${matchId}:${seat}:${tokenHash}`;
