/**
 * A flooding client in a process of its own (the soak's `fork`s it): keeps `inFlight` HTTP
 * requests to `lobby.list` open all the time, all from one client address (sent as
 * X-Forwarded-For to a server that trusts its proxy). On the parent's "stop" it answers with
 * what it sent and how each request was answered, and exits.
 *
 *   node --import tsx src/testing/flooder.ts <server url> <in flight> <client address>
 */
import { Agent, request } from "node:http";

export interface FloodReport {
  readonly sent: number;
  /** Answers by HTTP status and refusal code (`429 RATE_LIMITED`, `200`, …). */
  readonly answers: Record<string, number>;
  /** Requests that got no answer (connection errors). */
  readonly failed: number;
}

const [url, inFlightArg, address] = process.argv.slice(2);
if (url === undefined || process.send === undefined) {
  process.stderr.write("usage: fork flooder.ts <server url> <in flight> <client address>\n");
  process.exit(2);
}
const inFlight = Number(inFlightArg ?? 20);
const target = `${url}/trpc/lobby.list?input=${encodeURIComponent("{}")}`;
const agent = new Agent({ keepAlive: true, maxSockets: inFlight });
const answers: Record<string, number> = {};
let sent = 0;
let failed = 0;
let stopping = false;

function once(): Promise<void> {
  sent++;
  return new Promise((done) => {
    const req = request(
      target,
      { agent, headers: { "x-forwarded-for": address ?? "203.0.113.66" } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => {
          let code = "";
          if ((res.statusCode ?? 0) >= 400) {
            try {
              const body = JSON.parse(text) as {
                error?: { data?: { refusal?: { code?: string } } };
              };
              code = ` ${body.error?.data?.refusal?.code ?? "untyped"}`;
            } catch {
              code = " untyped";
            }
          }
          const key = `${res.statusCode}${code}`;
          answers[key] = (answers[key] ?? 0) + 1;
          done();
        });
      },
    );
    req.on("error", () => {
      failed++;
      done();
    });
    req.end();
  });
}

async function lane(): Promise<void> {
  while (!stopping) await once();
}

const lanes = Array.from({ length: inFlight }, () => lane());
process.on("message", (message) => {
  if (message !== "stop") return;
  stopping = true;
  void Promise.all(lanes).then(() => {
    const report: FloodReport = { sent, answers, failed };
    process.send!(report, () => {
      agent.destroy();
      process.exit(0);
    });
  });
});
process.send({ ready: true });
