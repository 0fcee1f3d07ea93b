import { createHash, randomBytes } from "node:crypto";

/** A seat token: 256 random bits, base64url. Only its hash is stored. */
export const newSeatToken = (): string => randomBytes(32).toString("base64url");

/** A saved rule set's owner token: like a seat token, 256 bits, only its hash stored. */
export const newOwnerToken = (): string => randomBytes(32).toString("base64url");

/** How many token → hash pairs `hashToken` keeps (a seat's token arrives with every command). */
export const TOKEN_HASHES_KEPT = 4096;

/** The newest hashes, oldest first (a Map iterates in insertion order). */
const hashes = new Map<string, string>();

/**
 * A token's SHA-256, hex. The last `TOKEN_HASHES_KEPT` tokens hashed are remembered: a seat
 * sends the same token with every command. The memory is bounded whatever the tokens sent (the
 * oldest pair goes first); a forgotten token is hashed again.
 */
export const hashToken = (token: string): string => {
  const known = hashes.get(token);
  if (known !== undefined) return known;
  const hash = createHash("sha256").update(token, "utf8").digest("hex");
  if (hashes.size >= TOKEN_HASHES_KEPT) hashes.delete(hashes.keys().next().value as string);
  hashes.set(token, hash);
  return hash;
};

/** How many token hashes are remembered now (for the tests). */
export const tokenHashesKept = (): number => hashes.size;

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
