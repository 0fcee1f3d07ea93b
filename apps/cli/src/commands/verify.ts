import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { verifyFairness, type FairnessReport, type FamilyName, type Lang } from "@maumau/engine";
import { findVariant } from "@maumau/registry";
import { exitOnUsageError, langOption, runCommand, UsageError } from "../args.js";
import { RemoteRefusal, TransportError } from "@maumau/client";
import { badLogFile, reachProblem, transportProblem, unreadable } from "../online/errors.js";
import { langOf, VERIFY_TEXTS } from "../online/texts.js";
import { connect } from "../remote/connect.js";
import { userPath } from "./script.js";

type Logged = { readonly type: string; readonly data?: unknown };

/** A match log as `game.history` answers it (`{ full, events }`), or a bare list of events. */
export interface MatchLog {
  readonly full: boolean;
  readonly events: readonly Logged[];
}

export function logFrom(input: unknown): MatchLog {
  const isEvents = (x: unknown): x is Logged[] =>
    Array.isArray(x) && x.every((e) => typeof (e as Logged | null)?.type === "string");
  if (isEvents(input)) return { full: true, events: input };
  const o = input as { full?: unknown; events?: unknown } | null;
  if (typeof o === "object" && o !== null && isEvents(o.events))
    return { full: o.full !== false, events: o.events };
  throw new UsageError({
    en: "not a match log: expected game.history's { full, events } or a list of events",
    de: "kein Partieprotokoll: erwartet wird { full, events } wie von game.history oder eine Liste von Ereignissen",
  });
}

/** The variant's family, from the log's own `match.started` (or `lobby.created`). */
function familyOf(log: MatchLog): { variant: string; family: FamilyName } {
  const named = log.events.find((e) => e.type === "match.started" || e.type === "lobby.created");
  const id = (named?.data as { variant?: unknown } | undefined)?.variant;
  if (typeof id !== "string")
    throw new UsageError({
      en: "the log names no variant (no match.started)",
      de: "das Protokoll nennt keine Variante (kein match.started)",
    });
  const variant = findVariant(id);
  if (variant === undefined)
    throw new UsageError({
      en: `the log's variant "${id}" is unknown here`,
      de: `die Variante „${id}“ des Protokolls ist hier unbekannt`,
    });
  return { variant: id, family: variant.engine.family };
}

/** The lines to print, in `lang`, and whether every check held. */
export function verifyLog(
  log: MatchLog,
  lang: Lang,
): {
  ok: boolean;
  lines: string[];
  report: FairnessReport | null;
} {
  const v = VERIFY_TEXTS[lang];
  if (!log.full) return { ok: false, report: null, lines: [v.notOver] };
  const { variant, family } = familyOf(log);
  const report = verifyFairness(family, log.events);
  const lines = [v.head(variant, family, report.seed !== null)];
  for (const g of report.games) lines.push(v.game(g.game, g.commitment, g.deal, g.shuffles));
  for (const problem of report.problems) lines.push(v.problem(problem));
  lines.push(report.ok ? v.fair(report.checks) : v.notVerified(report.problems.length));
  return { ok: report.ok, lines, report };
}

/** The match's log from a server, over the socket (`game.history` as a spectator). */
export async function fetchLog(
  server: string,
  matchId: string,
  timeoutMs = 10_000,
): Promise<MatchLog> {
  const connection = connect(server, { reconnect: false, timeoutMs, rate: 20 });
  try {
    await connection.whenConnected();
    const history = await connection.api.game.history({ matchId });
    return { full: history.full, events: history.events };
  } finally {
    connection.close();
  }
}

interface VerifyFlags {
  server?: string;
  match?: string;
  file?: string;
  lang?: Lang;
}

export function registerVerifyCommand(program: Command): void {
  const cmd = program
    .command("verify")
    .description(
      "Check a finished match: each game's published commitment and every shuffle against the revealed seed",
    )
    .option("--server <url>", "the server that ran the match")
    .option("--match <id>", "the match id (with --server)")
    .option(
      "--file <path>",
      "a saved log: game.history's JSON ({ full, events }) or a list of events",
    )
    .addOption(langOption())
    .addHelpText(
      "after",
      `
Exit code 0 when every check holds, 1 when one does not (or the match is not over yet),
2 for a bad call or an unreadable log.

Examples:
  maumau verify --server http://localhost:3000 --match 3fX9aQ2pLk0mZt1c
  maumau verify --file match.json`,
    );
  exitOnUsageError(cmd).action((flags: VerifyFlags) =>
    runCommand("verify", langOf(flags.lang), async () => {
      const remote = flags.server !== undefined || flags.match !== undefined;
      if (remote === (flags.file !== undefined))
        throw new UsageError({
          en: "give either --server and --match, or --file",
          de: "gib entweder --server und --match oder --file an",
        });
      let log: MatchLog;
      if (flags.file !== undefined) {
        let text: string;
        try {
          text = readFileSync(userPath(flags.file), "utf8");
        } catch (e) {
          throw new UsageError(unreadable(flags.file, e));
        }
        let input: unknown;
        try {
          input = JSON.parse(text);
        } catch {
          throw new UsageError(badLogFile(flags.file, { notJson: true }));
        }
        log = logFrom(input);
      } else {
        if (flags.server === undefined || flags.match === undefined)
          throw new UsageError({
            en: "--server and --match go together",
            de: "--server und --match gehören zusammen",
          });
        // As every online command: a server that is down is told before any socket.
        const down = await reachProblem(flags.server);
        if (down !== null) throw new UsageError(down.text);
        try {
          log = await fetchLog(flags.server, flags.match);
        } catch (e) {
          if (e instanceof RemoteRefusal) {
            const { path, refusal } = e;
            const head = `${path}: ${refusal.code}${refusal.rule ? ` (${refusal.rule})` : ""}`;
            throw new UsageError({
              en: `${head}: ${refusal.message.en}`,
              de: `${head}: ${refusal.message.de}`,
            });
          }
          if (e instanceof TransportError) throw new UsageError(transportProblem(e, flags.server));
          throw e;
        }
      }
      const { ok, lines } = verifyLog(log, langOf(flags.lang));
      process.stdout.write(lines.join("\n") + "\n");
      return ok ? 0 : 1;
    }),
  );
}
