import type Database from "better-sqlite3";

/** Types of `sqliteWrite.mjs` (plain JavaScript, so that the writer thread needs no loader). */

/** An event ready to be written: its data already serialised as JSON text. */
export interface EncodedEvent {
  readonly type: string;
  readonly json: string;
}

/** One append as the writer gets it: checked and encoded by the store already. */
export interface WriteRequest {
  readonly streamId: string;
  readonly expected: number;
  readonly events: readonly EncodedEvent[];
  readonly commandId: string | undefined;
}

/** A row of `events` as it is read back (the store turns it into a `StoredEvent`). */
export interface EventRow {
  readonly version: number;
  readonly type: string;
  readonly data: string;
  readonly at: string;
  readonly command_id: string | null;
}

export interface ErrorData {
  readonly kind: "error";
  readonly name: string;
  readonly message: string;
  readonly code?: string;
}

/** An error that failed one append, as data (it crosses the thread boundary). */
export type WriteError =
  | {
      readonly kind: "concurrency";
      readonly streamId: string;
      readonly expected: number;
      readonly actual: number;
    }
  | ErrorData;

/**
 * What became of one append of a committed batch: written (`version` after it, the commit's
 * time), a duplicate command id (the events the earlier append wrote), or refused.
 */
export type WriteResult =
  | { readonly kind: "written"; readonly version: number; readonly at: string }
  | { readonly kind: "duplicate"; readonly rows: readonly EventRow[] }
  | { readonly kind: "failed"; readonly error: WriteError };

export interface WriterOptions {
  readonly synchronous: "FULL" | "NORMAL";
  readonly busyTimeoutMs: number;
}

/** Messages to the writer thread (`sqliteWriter.mjs`) and its answers. */
export type WriterMessage =
  { readonly type: "batch"; readonly batch: FlatBatch } | { readonly type: "close" };

export type WriterReply =
  | { readonly type: "committed"; readonly results: readonly WriteResult[] }
  | { readonly type: "failed"; readonly error: ErrorData }
  | { readonly type: "closed" };

/**
 * A batch as it crosses to the writer thread: per append its stream id, expected version,
 * command id (or null) and event count, then each event's type and JSON.
 */
export type FlatBatch = readonly (string | number | null)[];

export declare const EVENT_COLUMNS: string;
export declare function flatBatch(batch: readonly WriteRequest[]): FlatBatch;
export declare function unflatBatch(flat: FlatBatch): WriteRequest[];
export declare function errorData(error: unknown): ErrorData;
export declare function configure(db: Database.Database, options: WriterOptions): string;
export declare function batchWriter(
  db: Database.Database,
): (batch: readonly WriteRequest[]) => WriteResult[];
