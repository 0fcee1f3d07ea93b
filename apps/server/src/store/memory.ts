import {
  checkAfterVersion,
  checkCommandId,
  checkLimit,
  checkPrefix,
  checkStreamId,
  prepareAppend,
  StoreClosedError,
} from "./common.js";
import {
  ConcurrencyError,
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type NewEvent,
  type StoredEvent,
  type StreamInfo,
} from "./EventStore.js";

interface Row {
  readonly type: string;
  /** Kept as JSON text so every read hands out a fresh copy, as the database stores do. */
  readonly json: string;
  readonly at: string;
  readonly commandId: string | null;
}

interface Stream {
  readonly rows: Row[];
  /** commandId → [first version, last version] of the events it produced. */
  readonly commands: Map<string, readonly [number, number]>;
  readonly createdAt: string;
  updatedAt: string;
  /** Global commit order: breaks ties between streams updated in the same millisecond. */
  position: number;
}

/**
 * An in-process event store with the same semantics as the SQLite and PostgreSQL ones
 * (ConcurrencyError, command-id idempotency, JSON round-trips), for tests of other parts.
 * Nothing survives the process.
 */
export class MemoryEventStore implements EventStore {
  readonly #streams = new Map<string, Stream>();
  #position = 0;
  #closed = false;

  async append(
    streamId: string,
    expectedVersion: number,
    events: readonly NewEvent[],
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    this.#open();
    const { commandId } = options;
    const encoded = prepareAppend(streamId, expectedVersion, events, commandId);
    const stream = this.#streams.get(streamId);
    if (stream !== undefined && commandId !== undefined) {
      const earlier = this.#command(streamId, stream, commandId);
      if (earlier !== null) {
        return { version: earlier.at(-1)?.version ?? 0, events: earlier, duplicate: true };
      }
    }
    const actual = stream?.rows.length ?? 0;
    if (actual !== expectedVersion) throw new ConcurrencyError(streamId, expectedVersion, actual);

    const at = new Date().toISOString();
    const target = stream ?? {
      rows: [],
      commands: new Map<string, readonly [number, number]>(),
      createdAt: at,
      updatedAt: at,
      position: 0,
    };
    for (const { type, json } of encoded) {
      target.rows.push({ type, json, at, commandId: commandId ?? null });
    }
    const version = target.rows.length;
    if (commandId !== undefined) target.commands.set(commandId, [actual + 1, version]);
    target.updatedAt = at;
    target.position = ++this.#position;
    this.#streams.set(streamId, target);
    return { version, events: toEvents(streamId, target, actual, version), duplicate: false };
  }

  async read(streamId: string, afterVersion = 0): Promise<StoredEvent[]> {
    this.#open();
    checkStreamId(streamId);
    checkAfterVersion(afterVersion);
    const stream = this.#streams.get(streamId);
    if (stream === undefined) return [];
    return toEvents(streamId, stream, afterVersion, stream.rows.length);
  }

  async version(streamId: string): Promise<number> {
    this.#open();
    checkStreamId(streamId);
    return this.#streams.get(streamId)?.rows.length ?? 0;
  }

  async listStreams(prefix = "", limit?: number): Promise<StreamInfo[]> {
    this.#open();
    checkPrefix(prefix);
    checkLimit(limit);
    return [...this.#streams]
      .filter(([id]) => id.startsWith(prefix))
      .sort(([, a], [, b]) => b.position - a.position)
      .slice(0, limit)
      .map(([id, s]) => ({
        streamId: id,
        version: s.rows.length,
        createdAt: s.createdAt,
        updatedAt: s.updatedAt,
      }));
  }

  async findCommand(streamId: string, commandId: string): Promise<StoredEvent[] | null> {
    this.#open();
    checkStreamId(streamId);
    checkCommandId(commandId);
    const stream = this.#streams.get(streamId);
    return stream === undefined ? null : this.#command(streamId, stream, commandId);
  }

  async close(): Promise<void> {
    this.#closed = true;
  }

  #command(streamId: string, stream: Stream, commandId: string): StoredEvent[] | null {
    const range = stream.commands.get(commandId);
    return range === undefined ? null : toEvents(streamId, stream, range[0] - 1, range[1]);
  }

  #open(): void {
    if (this.#closed) throw new StoreClosedError();
  }
}

/** Events with versions in (after, upTo]. */
function toEvents(streamId: string, stream: Stream, after: number, upTo: number): StoredEvent[] {
  return stream.rows.slice(after, upTo).map((row, index) => ({
    streamId,
    version: after + index + 1,
    type: row.type,
    data: JSON.parse(row.json) as unknown,
    at: row.at,
    commandId: row.commandId,
  }));
}
