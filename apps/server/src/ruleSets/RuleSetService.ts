import { issuePlaces, placesText, type AnyVariant, type IssuePlaces } from "@maumau/engine";
import { findVariant } from "@maumau/registry";
import { ServiceError } from "../errors/ServiceError.js";
import {
  ConcurrencyError,
  type EventStore,
  type NewEvent,
  type StoredEvent,
} from "../store/EventStore.js";
import { hashToken, newOwnerToken } from "../matches/tokens.js";
import type { RuleSetEvent, RuleSetRef } from "./ruleSetEvents.js";

/** C-2.1: the variant whose options a rule set is. */
export const RULE_SET_VARIANT = "custom";

/** A saved rule set's name: lower-case letters, digits and dashes, 1–64 characters. */
export const RULE_SET_NAME = /^[a-z0-9-]{1,64}$/;

const STREAM_PREFIX = "ruleset-";
export const ruleSetStreamOf = (name: string): string => `${STREAM_PREFIX}${name}`;

/** One saved version: the document as it was validated when it was saved. */
export interface SavedRuleSet extends RuleSetRef {
  readonly document: unknown;
  readonly savedAt: string;
}

/** A name in the list: its latest version. */
export interface RuleSetSummary extends RuleSetRef {
  /** The document's own `name` (a free text title), when it has one. */
  readonly title: string | null;
  readonly updatedAt: string;
}

export interface SaveInput {
  readonly name: string;
  readonly document: unknown;
  /** Optimistic concurrency: the version the caller last read (0 = the name must be new). */
  readonly expectedVersion?: number | undefined;
  /** The token the name's first save returned: needed for every later save. */
  readonly ownerToken?: string | undefined;
}

export interface DeleteInput {
  readonly name: string;
  readonly expectedVersion?: number | undefined;
  readonly ownerToken?: string | undefined;
}

/** A save's answer; the first save of a name also hands out its owner token, once. */
export interface SavedRef extends RuleSetRef {
  readonly ownerToken?: string;
}

/** Caps on what saving rule sets may store (each save keeps a document of about 1 KB for ever). */
export interface RuleSetLimits {
  /** Names one client (its address) saved first and has not deleted, in this process. */
  readonly perClient: number;
  /** Names in the store in all, deleted ones too (their versions stay readable). */
  readonly total: number;
  /** Events one name's stream holds at most: its versions (and deletes). */
  readonly versionsPerName: number;
}

export const DEFAULT_RULE_SET_LIMITS: RuleSetLimits = {
  perClient: 50,
  total: 5_000,
  versionsPerName: 100,
};

/** Without an expected version a save goes on top of whatever is there; a race costs a retry. */
const UNCHECKED_ATTEMPTS = 5;

const ruleSetEvent = (event: RuleSetEvent): NewEvent => event;

/**
 * Saved rule sets (C-2.1): one stream per name, one `ruleSet.saved` event per version. Every
 * document is checked by the custom variant's schema before it is stored, and stored as that
 * schema returns it (defaults filled), so loading it never depends on later defaults.
 */
export class RuleSetService {
  private readonly limits: RuleSetLimits;
  /** The names each client saved first in this process and has not deleted (`perClient`). */
  private readonly namesOf = new Map<string, Set<string>>();
  /** Which client saved a name first, in this process. */
  private readonly firstSavedBy = new Map<string, string>();

  constructor(
    private readonly store: EventStore,
    limits: Partial<RuleSetLimits> = {},
  ) {
    this.limits = { ...DEFAULT_RULE_SET_LIMITS, ...limits };
  }

  /** The validated, defaults-filled document, or an INVALID_RULE_SET refusal naming the options. */
  validate(document: unknown): unknown {
    const variant = customVariant();
    if (!isPlainObject(document) || Object.keys(document).length === 0) {
      // The variant reads `{}` as "the french preset"; a saved rule set says what it is.
      throw invalid({
        en: ["expected a document with a version field, or a preset"],
        de: ["erwartet: ein Dokument mit einem Feld version, oder ein Preset"],
      });
    }
    const result = variant.optionsSchema.safeParse(document);
    if (result.success) return result.data;
    // A refusal names the first few problems only (`issuePlaces`), in the project's words: its
    // length does not grow with the input.
    throw invalid(issuePlaces(result.error.issues));
  }

  /**
   * A new version. A new name gets an owner: the answer carries the owner token (only its
   * hash is stored); saving on top of an existing name needs that token, else NOT_OWNER. A new
   * name beyond the client's or the server's cap, or a version beyond the name's, is refused
   * with LIMIT and nothing is stored (`RuleSetLimits`).
   */
  async save(input: SaveInput, client = "local"): Promise<SavedRef> {
    checkName(input.name);
    const document = this.validate(input.document);
    if ((await this.store.version(ruleSetStreamOf(input.name))) === 0)
      await this.assertRoomForName(client);
    let minted: string | undefined;
    const saved = await this.append(input.name, input.expectedVersion, (owner, events) => {
      let ownerHash: string;
      if (owner === NEW_NAME) {
        minted ??= newOwnerToken();
        ownerHash = hashToken(minted);
      } else {
        ownerHash = checkOwner(input.name, owner, input.ownerToken);
      }
      if (events >= this.limits.versionsPerName) throw tooManyVersions(input.name, events);
      return [
        ruleSetEvent({ type: "ruleSet.saved", data: { name: input.name, document, ownerHash } }),
      ];
    });
    if (saved.created) this.savedFirst(input.name, client);
    return saved.created && minted !== undefined
      ? { name: input.name, version: saved.version, ownerToken: minted }
      : { name: input.name, version: saved.version };
  }

  /** Room for one more name: the client's names not deleted, and all names in the store. */
  private async assertRoomForName(client: string): Promise<void> {
    const { perClient, total } = this.limits;
    if ((this.namesOf.get(client)?.size ?? 0) >= perClient) {
      throw ServiceError.of(
        "LIMIT",
        `At most ${perClient} saved rule sets per client: delete one, or save a new version of one.`,
        `Höchstens ${perClient} gespeicherte Regelwerke pro Client: lösche eines oder speichere eine neue Version.`,
      );
    }
    if ((await this.store.listStreams(STREAM_PREFIX, total)).length >= total) {
      throw ServiceError.of(
        "LIMIT",
        "The server holds as many saved rule sets as it can; save a new version of one.",
        "Der Server hat so viele gespeicherte Regelwerke, wie er tragen kann; speichere eine neue Version eines vorhandenen.",
      );
    }
  }

  private savedFirst(name: string, client: string): void {
    this.firstSavedBy.set(name, client);
    const names = this.namesOf.get(client) ?? new Set<string>();
    names.add(name);
    this.namesOf.set(client, names);
  }

  /** A deleted name no longer counts against the client that saved it first. */
  private deletedName(name: string): void {
    const client = this.firstSavedBy.get(name);
    if (client === undefined) return;
    this.firstSavedBy.delete(name);
    const names = this.namesOf.get(client);
    names?.delete(name);
    if (names?.size === 0) this.namesOf.delete(client);
  }

  /** Marks the name deleted (owner only); its versions stay readable by number (matches name them). */
  async delete(input: DeleteInput): Promise<RuleSetRef> {
    checkName(input.name);
    await this.get({ name: input.name });
    const { version } = await this.append(input.name, input.expectedVersion, (owner) => {
      if (owner === NEW_NAME) throw notFound(input.name, undefined);
      checkOwner(input.name, owner, input.ownerToken);
      return [ruleSetEvent({ type: "ruleSet.deleted", data: { name: input.name } })];
    });
    this.deletedName(input.name);
    return { name: input.name, version };
  }

  /** A saved version (export); without `version` the latest, unless the name was deleted. */
  async get(input: { name: string; version?: number | undefined }): Promise<SavedRuleSet> {
    checkName(input.name);
    const streamId = ruleSetStreamOf(input.name);
    let event: StoredEvent | undefined;
    if (input.version === undefined) {
      const latest = await this.store.version(streamId);
      if (latest > 0) event = (await this.store.read(streamId, latest - 1)).at(-1);
    } else if (Number.isInteger(input.version) && input.version >= 1) {
      event = (await this.store.read(streamId, input.version - 1))[0];
    }
    if (event === undefined || event.type !== "ruleSet.saved") {
      throw notFound(input.name, input.version);
    }
    const data = event.data as Extract<RuleSetEvent, { type: "ruleSet.saved" }>["data"];
    return {
      name: input.name,
      version: event.version,
      document: data.document,
      savedAt: event.at,
    };
  }

  /** The names with their latest version, most recently saved first; deleted names are left out. */
  async list(limit = 100): Promise<RuleSetSummary[]> {
    const streams = await this.store.listStreams(STREAM_PREFIX, Math.max(limit * 2, 50));
    const out: RuleSetSummary[] = [];
    for (const info of streams) {
      if (out.length >= limit) break;
      const last = (await this.store.read(info.streamId, info.version - 1)).at(-1);
      if (last?.type !== "ruleSet.saved") continue;
      const data = last.data as Extract<RuleSetEvent, { type: "ruleSet.saved" }>["data"];
      const title = isPlainObject(data.document) ? data.document.name : undefined;
      out.push({
        name: data.name,
        version: last.version,
        // Bounded as a document's name is (80), for sets saved before documents were bounded.
        title: typeof title === "string" ? title.slice(0, 80) : null,
        updatedAt: last.at,
      });
    }
    return out;
  }

  /**
   * Reads the name's owner, lets `eventsFor` check it and make the events, and appends them at
   * the expected version (or on top of what it read). The owner never changes once a name has
   * one, so a check made on the read holds for the append.
   */
  private async append(
    name: string,
    expectedVersion: number | undefined,
    /** Gets the owner and the number of events the stream holds. */
    eventsFor: (owner: Owner, events: number) => readonly NewEvent[],
  ): Promise<{ version: number; created: boolean }> {
    const streamId = ruleSetStreamOf(name);
    for (let attempt = 1; ; attempt++) {
      const read = await this.store.read(streamId);
      if (expectedVersion !== undefined && expectedVersion !== read.length) {
        throw conflict(name, expectedVersion, read.length);
      }
      const owner = ownerOf(read);
      const events = eventsFor(owner, read.length);
      const expected = expectedVersion ?? read.length;
      try {
        const { version } = await this.store.append(streamId, expected, events);
        return { version, created: owner === NEW_NAME };
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
        if (expectedVersion !== undefined || attempt >= UNCHECKED_ATTEMPTS) {
          throw conflict(name, expected, error.actual);
        }
      }
    }
  }
}

/** A name nobody has saved yet; else the owner's token hash, or null for a set from before owners. */
const NEW_NAME = Symbol("new name");
type Owner = typeof NEW_NAME | string | null;

function ownerOf(events: readonly StoredEvent[]): Owner {
  if (events.length === 0) return NEW_NAME;
  for (const event of events) {
    const hash = (event.data as { ownerHash?: unknown } | null)?.ownerHash;
    if (event.type === "ruleSet.saved" && typeof hash === "string") return hash;
  }
  return null;
}

/** The owner's hash when `token` is the owner's, else NOT_OWNER. */
function checkOwner(name: string, owner: string | null, token: string | undefined): string {
  if (owner === null) {
    throw ServiceError.of(
      "NOT_OWNER",
      `Rule set "${name}" was saved before rule sets had owners: it can be used, not changed.`,
      `Regelwerk „${name}“ stammt aus der Zeit vor den Besitzern: nutzbar, nicht änderbar.`,
    );
  }
  if (token === undefined || hashToken(token) !== owner) {
    throw ServiceError.of(
      "NOT_OWNER",
      `Only the owner of rule set "${name}" may change or delete it: send its owner token.`,
      `Nur der Besitzer von Regelwerk „${name}“ darf es ändern oder löschen: schick sein Besitzer-Token.`,
    );
  }
  return owner;
}

function customVariant(): AnyVariant {
  const variant = findVariant(RULE_SET_VARIANT);
  if (variant === undefined) {
    throw ServiceError.of(
      "UNKNOWN_VARIANT",
      `There is no variant "${RULE_SET_VARIANT}".`,
      `Es gibt keine Variante „${RULE_SET_VARIANT}“.`,
    );
  }
  return variant;
}

function checkName(name: string): void {
  if (!RULE_SET_NAME.test(name)) {
    throw ServiceError.of(
      "INVALID_INPUT",
      `"${name}" is not a rule set name (lower-case letters, digits and dashes, 1–64).`,
      `„${name}“ ist kein Regelwerk-Name (Kleinbuchstaben, Ziffern und Bindestriche, 1–64).`,
    );
  }
}

const isPlainObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === "object" && x !== null && !Array.isArray(x);

const invalid = (places: IssuePlaces): ServiceError =>
  new ServiceError({
    code: "INVALID_RULE_SET",
    rule: "C-2.1",
    message: {
      en: `Invalid rule set${placesText(places.en)}.`,
      de: `Ungültiges Regelwerk${placesText(places.de)}.`,
    },
  });

const notFound = (name: string, version: number | undefined): ServiceError =>
  version === undefined
    ? ServiceError.of(
        "RULE_SET_NOT_FOUND",
        `There is no rule set "${name}".`,
        `Es gibt kein Regelwerk „${name}“.`,
      )
    : ServiceError.of(
        "RULE_SET_NOT_FOUND",
        `Rule set "${name}" has no version ${version}.`,
        `Regelwerk „${name}“ hat keine Version ${version}.`,
      );

const tooManyVersions = (name: string, events: number): ServiceError =>
  ServiceError.of(
    "LIMIT",
    `Rule set "${name}" holds ${events} versions, the most one may: save it under a new name.`,
    `Regelwerk „${name}“ hat ${events} Versionen, mehr geht nicht: speichere es unter neuem Namen.`,
  );

const conflict = (name: string, expected: number, actual: number): ServiceError =>
  ServiceError.of(
    "CONFLICT",
    `Rule set "${name}" is at version ${actual}, not ${expected}: load it again and save on top.`,
    `Regelwerk „${name}“ ist bei Version ${actual}, nicht ${expected}: neu laden und darauf speichern.`,
  );
