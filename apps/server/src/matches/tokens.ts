import { createHash, randomBytes } from "node:crypto";

/** A seat token: 256 random bits, base64url. Only its hash is stored. */
export const newSeatToken = (): string => randomBytes(32).toString("base64url");

/** A saved rule set's owner token: like a seat token, 256 bits, only its hash stored. */
export const newOwnerToken = (): string => randomBytes(32).toString("base64url");

export const hashToken = (token: string): string =>
  createHash("sha256").update(token, "utf8").digest("hex");

/**
 * A match's shuffle seed: 256 random bits, base64url (43 characters). It stays on the server
 * until the match is over (the engine keys a SHA-256 stream with it; views never carry it).
 */
export const newMatchSeed = (): string => randomBytes(32).toString("base64url");

export const newMatchId = (): string => randomBytes(12).toString("base64url");

/** The rematch of a match has a fixed id, so that two concurrent rematch requests meet. */
export const rematchIdOf = (matchId: string): string =>
  createHash("sha256").update(`${matchId}/rematch`, "utf8").digest("base64url").slice(0, 16);

export const MATCH_ID = /^[A-Za-z0-9_-]{1,64}$/;
