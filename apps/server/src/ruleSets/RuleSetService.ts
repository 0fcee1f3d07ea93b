import type { AnyVariant } from "@maumau/engine";
import { findVariant } from "@maumau/registry";
import {
  ConcurrencyError,
  type EventStore,
  type NewEvent,
  type StoredEvent,
} from "../store/EventStore.js";
import { ServiceError } from "../matches/ServiceError.js";
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
}

/** Without an expected version a save goes on top of whatever is there; a race costs a retry. */
const UNCHECKED_ATTEMPTS = 5;

const ruleSetEvent = (event: RuleSetEvent): NewEvent => event;

/**
 * Saved rule sets (C-2.1): one stream per name, one `ruleSet.saved` event per version. Every
 * document is checked by the custom variant's schema before it is stored, and stored as that
 * schema returns it (defaults filled), so loading it never depends on later defaults.
 */
export class RuleSetService {
  constructor(private readonly store: EventStore) {}

  /** The validated, defaults-filled document, or an INVALID_RULE_SET refusal naming the options. */
  validate(document: unknown): unknown {
    const variant = customVariant();
    if (!isPlainObject(document) || Object.keys(document).length === 0) {
      // The variant reads `{}` as "the french preset"; a saved rule set says what it is.
      throw invalid(["(rule set): expected a document with a version field, or a preset"]);
    }
    const result = variant.optionsSchema.safeParse(document);
    if (result.success) return result.data;
    throw invalid(
      result.error.issues.map(
        (i) => `${i.path.length ? i.path.join(".") : "(rule set)"}: ${i.message}`,
      ),
    );
  }

  async save(input: SaveInput): Promise<RuleSetRef> {
    checkName(input.name);
    const document = this.validate(input.document);
    const streamId = ruleSetStreamOf(input.name);
    const events = [ruleSetEvent({ type: "ruleSet.saved", data: { name: input.name, document } })];
    const version = await this.append(streamId, input.name, input.expectedVersion, events);
    return { name: input.name, version };
  }

  /** Marks the name deleted; its versions stay readable by number (matches name them). */
  async delete(input: { name: string; expectedVersion?: number | undefined }): Promise<RuleSetRef> {
    checkName(input.name);
    await this.get({ name: input.name });
    const events = [ruleSetEvent({ type: "ruleSet.deleted", data: { name: input.name } })];
    const version = await this.append(
      ruleSetStreamOf(input.name),
      input.name,
      input.expectedVersion,
      events,
    );
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
        title: typeof title === "string" ? title : null,
        updatedAt: last.at,
      });
    }
    return out;
  }

  private async append(
    streamId: string,
    name: string,
    expectedVersion: number | undefined,
    events: readonly NewEvent[],
  ): Promise<number> {
    for (let attempt = 1; ; attempt++) {
      const expected = expectedVersion ?? (await this.store.version(streamId));
      try {
        return (await this.store.append(streamId, expected, events)).version;
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
        if (expectedVersion !== undefined || attempt >= UNCHECKED_ATTEMPTS) {
          throw conflict(name, expected, error.actual);
        }
      }
    }
  }
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

const invalid = (issues: readonly string[]): ServiceError => {
  const text = issues.join("; ");
  return new ServiceError({
    code: "INVALID_RULE_SET",
    rule: "C-2.1",
    message: { en: `Invalid rule set: ${text}`, de: `Ungültiges Regelwerk: ${text}` },
  });
};

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

const conflict = (name: string, expected: number, actual: number): ServiceError =>
  ServiceError.of(
    "CONFLICT",
    `Rule set "${name}" is at version ${actual}, not ${expected}: load it again and save on top.`,
    `Regelwerk „${name}“ ist bei Version ${actual}, nicht ${expected}: neu laden und darauf speichern.`,
  );
