/**
 * A hostile client in a process of its own (issue #18; the worst-input soak `fork`s it): from
 * each of `addresses` client addresses (sent as X-Forwarded-For to a server that trusts its
 * proxy) it sends the worst payloads (`worstPayloads`: deep and wide JSON, ~60 KB each) in
 * turn, over HTTP at `httpRate` a second and over one socket at `socketRate` a second, each
 * under the server's per-client limits. On the parent's "stop" it answers with what it sent and
 * how each was answered, and exits.
 *
 *   node --import tsx src/testing/worstFlooder.ts <url> <addresses> <httpRate> <socketRate>
 */
import { Agent, request } from "node:http";
import type { Socket } from "socket.io-client";
import { JS_ERROR, rawSocket, sendOverSocket, worstPayloads } from "./hostile.js";

export interface WorstFloodReport {
  readonly sent: number;
  /** Answers by transport, HTTP status and refusal code (`http 400 INVALID_INPUT`, …). */
  readonly answers: Record<string, number>;
  /** Answers whose text holds a JavaScript error's words. */
  readonly jsErrors: number;
  /** Requests that got no answer (connection errors, timeouts). */
  readonly failed: number;
  /** Why, by transport and error (`http ECONNRESET`, …). */
  readonly failures: Record<string, number>;
  /** Bytes of hostile JSON sent. */
  readonly bytes: number;
}

const [url, addressesArg, httpRateArg, socketRateArg] = process.argv.slice(2);
if (url === undefined || process.send === undefined) {
  process.stderr.write("usage: fork worstFlooder.ts <url> <addresses> <httpRate> <socketRate>\n");
  process.exit(2);
}
const addresses = Array.from(
  { length: Number(addressesArg ?? 4) },
  (_, i) => `203.0.113.${10 + i}`,
);
const httpRate = Number(httpRateArg ?? 40);
const socketRate = Number(socketRateArg ?? 15);
const payloads = worstPayloads();
const agent = new Agent({ keepAlive: true, maxSockets: 8 * addresses.length });
const answers: Record<string, number> = {};
let sent = 0;
let jsErrors = 0;
let failed = 0;
const failures: Record<string, number> = {};
const failure = (how: string, error: unknown) => {
  failed++;
  const code = (error as { code?: unknown } | null)?.code;
  const key = `${how} ${typeof code === "string" ? code : error instanceof Error ? error.message.slice(0, 60) : String(error)}`;
  failures[key] = (failures[key] ?? 0) + 1;
};
let bytes = 0;
let stopping = false;
/** Requests sent and not answered, per lane: an open loop, bounded. */
const MAX_OUTSTANDING = 8;

const count = (key: string, text: string) => {
  answers[key] = (answers[key] ?? 0) + 1;
  if (JS_ERROR.test(text)) jsErrors++;
};

function postOnce(address: string, i: number): Promise<void> {
  const payload = payloads[i % payloads.length]!;
  sent++;
  bytes += payload.input.length;
  return new Promise((done) => {
    const req = request(
      `${url}/trpc/${payload.path}`,
      {
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "x-forwarded-for": address },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => {
          let code = "untyped";
          try {
            const body = JSON.parse(text) as {
              error?: { data?: { refusal?: { code?: string } } };
            };
            code = body.error?.data?.refusal?.code ?? (res.statusCode === 200 ? "" : "untyped");
          } catch {
            // counted as untyped
          }
          count(`http ${res.statusCode} ${code}`.trim(), text);
          done();
        });
      },
    );
    req.on("error", (error) => {
      failure("http", error);
      done();
    });
    req.end(payload.input);
  });
}

async function emitOnce(socket: Socket, i: number): Promise<void> {
  const payload = payloads[i % payloads.length]!;
  sent++;
  bytes += payload.input.length;
  try {
    const answer = await sendOverSocket(socket, payload, i);
    count(`socket ${answer.status} ${answer.code ?? "untyped"}`, answer.text);
  } catch (error) {
    failure("socket", error);
  }
}

/** Calls `once` at `rate` a second (at most MAX_OUTSTANDING unanswered) until stopped. */
async function paced(rate: number, once: (i: number) => Promise<void>): Promise<void> {
  const outstanding = new Set<Promise<void>>();
  const started = performance.now();
  for (let i = 0; !stopping; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    while (outstanding.size >= MAX_OUTSTANDING) await Promise.race(outstanding);
    const call = once(i).finally(() => outstanding.delete(call));
    outstanding.add(call);
  }
  await Promise.all(outstanding);
}

const sockets = await Promise.all(
  addresses.map((address) => rawSocket(url, { "x-forwarded-for": address })),
);
const lanes = [
  ...addresses.map((address, a) => paced(httpRate, (i) => postOnce(address, i + a))),
  ...sockets.map((socket, a) => paced(socketRate, (i) => emitOnce(socket, i + a))),
];
process.on("message", (message) => {
  if (message !== "stop") return;
  stopping = true;
  void Promise.all(lanes).then(() => {
    for (const socket of sockets) socket.close();
    const report: WorstFloodReport = { sent, answers, jsErrors, failed, failures, bytes };
    process.send!(report, () => {
      agent.destroy();
      process.exit(0);
    });
  });
});
process.send({ ready: true });
