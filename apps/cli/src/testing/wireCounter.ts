/**
 * Counts requests in a client-to-server byte stream, for the cluster test's figures (PostgreSQL
 * and Redis operations per move). Fed chunk by chunk; never changes the bytes.
 */
export interface WireCounter {
  feed(chunk: Buffer): void;
  /** Requests seen so far. */
  readonly count: number;
}

/**
 * PostgreSQL's frontend protocol: an untyped start-up message (length first), then typed
 * messages (type byte, length). A query is a simple `Q` or an extended-protocol `S` (Sync ends
 * each Parse/Bind/Execute round, one per query node-postgres sends).
 */
export function postgresCounter(): WireCounter {
  let buffered: Buffer = Buffer.alloc(0);
  let started = false;
  let count = 0;
  return {
    feed(chunk) {
      buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
      for (;;) {
        if (!started) {
          if (buffered.length < 4) return;
          const length = buffered.readInt32BE(0);
          if (buffered.length < length) return;
          buffered = buffered.subarray(length);
          started = true;
          continue;
        }
        if (buffered.length < 5) return;
        const length = buffered.readInt32BE(1);
        if (buffered.length < 1 + length) return;
        const type = String.fromCharCode(buffered[0]!);
        if (type === "Q" || type === "S") count++;
        buffered = buffered.subarray(1 + length);
      }
    },
    get count() {
      return count;
    },
  };
}

/** RESP: each command is an array (`*N`) of bulk strings (`$len`). */
export function redisCounter(): WireCounter {
  let buffered: Buffer = Buffer.alloc(0);
  let count = 0;
  const line = (from: number): { text: string; next: number } | null => {
    const end = buffered.indexOf("\r\n", from);
    return end < 0 ? null : { text: buffered.toString("latin1", from, end), next: end + 2 };
  };
  return {
    feed(chunk) {
      buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
      for (;;) {
        const head = line(0);
        if (head === null) return;
        if (!head.text.startsWith("*")) {
          // An inline command (one line): still a command.
          count++;
          buffered = buffered.subarray(head.next);
          continue;
        }
        let at = head.next;
        const items = Number(head.text.slice(1));
        let complete = true;
        for (let i = 0; i < items; i++) {
          const bulk = line(at);
          if (bulk === null) {
            complete = false;
            break;
          }
          const size = Number(bulk.text.slice(1));
          if (buffered.length < bulk.next + size + 2) {
            complete = false;
            break;
          }
          at = bulk.next + size + 2;
        }
        if (!complete) return;
        count++;
        buffered = buffered.subarray(at);
      }
    },
    get count() {
      return count;
    },
  };
}
