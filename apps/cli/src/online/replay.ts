import { readFileSync, writeFileSync } from "node:fs";
import { isLobbyEventType, showable, type HistoryResult, type ViewEvent } from "@maumau/client";
import { type AnyVariant, type Lang, type Seat } from "@maumau/engine";
import { findVariant } from "@maumau/registry";
import { z } from "zod";
import { describeEvent } from "../play/events.js";
import { isRecord } from "../play/view.js";
import {
  badEvent,
  badLogFile,
  notOver,
  OnlineError,
  unknownLogVariant,
  unreadable,
} from "./errors.js";
import { describeLobbyEvent } from "./lobbyEvents.js";
import { fit, type Look } from "./render.js";
import { REPLAY_TEXTS, type OnlineTexts } from "./texts.js";

/** What `game.history` returns, as `--file` accepts it and `--save` writes it. */
export const historySchema = z.object({
  matchId: z.string().min(1),
  version: z.number().int().min(0),
  full: z.boolean(),
  events: z.array(
    z.object({
      version: z.number().int().min(1),
      type: z.string().min(1),
      data: z.unknown(),
      at: z.string(),
    }),
  ),
});

/**
 * Reads a saved log; a file that is not one is a clear error in `lang`, and nothing else
 * happens.
 */
export function readHistory(file: string, lang: Lang): HistoryResult {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new OnlineError(unreadable(file, error)[lang], "BAD_FILE");
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new OnlineError(badLogFile(file, { notJson: true })[lang], "BAD_FILE");
  }
  const parsed = historySchema.safeParse(json);
  if (!parsed.success)
    throw new OnlineError(badLogFile(file, { issues: parsed.error.issues })[lang], "BAD_FILE");
  return parsed.data;
}

/** Writes the log as `--file` reads it; returns the line that says so, in `lang`. */
export function saveHistory(file: string, history: HistoryResult, lang: Lang): string {
  writeFileSync(file, JSON.stringify(history, null, 2) + "\n");
  return REPLAY_TEXTS[lang].saved(file, history.events.length);
}

/**
 * A finished match, step by step: after each event of the full log, the engine's state as
 * `evolve` folds it (lobby events change nothing), every hand open.
 */
export class Replay {
  readonly variant: AnyVariant;
  readonly events: readonly ViewEvent[];
  /** `states[k]` = the engine's state after the first k events (null before the start). */
  readonly states: readonly unknown[];
  readonly names: readonly (string | null)[];

  /** A log this CLI cannot step through is an `OnlineError` in `lang`. */
  constructor(
    readonly history: HistoryResult,
    lang: Lang,
  ) {
    if (!history.full) throw notOver(lang, history.matchId);
    this.events = history.events;
    const created = this.events.find((e) => e.type === "lobby.created");
    const data = created && isRecord(created.data) ? created.data : {};
    const variant = typeof data.variant === "string" ? findVariant(data.variant) : undefined;
    if (variant === undefined) throw unknownLogVariant(lang, String(data.variant));
    this.variant = variant;
    const seats = typeof data.seats === "number" ? data.seats : 0;
    const names: (string | null)[] = Array.from({ length: seats }, () => null);
    const states: unknown[] = [null];
    let state: unknown = null;
    for (const e of this.events) {
      const d = isRecord(e.data) ? e.data : {};
      if (e.type === "seat.claimed" && typeof d.seat === "number" && typeof d.name === "string")
        names[d.seat] = showable(d.name);
      if (e.type === "bot.seated" && typeof d.seat === "number")
        names[d.seat] = `Bot ${d.seat + 1}`;
      if (!isLobbyEventType(e.type)) {
        try {
          state = variant.engine.evolve(state, e);
        } catch (error) {
          const why = error instanceof Error ? error.message : String(error);
          throw badEvent(lang, e.version, e.type, why);
        }
      }
      states.push(state);
    }
    this.names = names;
    this.states = states;
  }

  get steps(): number {
    return this.events.length;
  }

  /** A seat's name: its player's, a bot's, else the seat's own ("Seat 2", in `o`'s language). */
  name(seat: number, o: OnlineTexts): string {
    return this.names[seat] ?? o.seatName(seat);
  }

  /** The engine's table after `step` events, as conformance/FORMAT.md prints it. */
  table(step: number): Record<string, unknown> | null {
    const state = this.states[step];
    return state === null || state === undefined ? null : this.variant.engine.scriptState(state);
  }

  /** The screen for one step: the event, the table with every hand, the scores. */
  lines(step: number, look: Look): string[] {
    const { c, style, t } = look;
    const r = REPLAY_TEXTS[look.o.lang];
    const name = (seat: number) => this.name(seat, look.o);
    const at = Math.max(0, Math.min(step, this.steps));
    const e = at > 0 ? this.events[at - 1]! : null;
    const table = this.table(at);
    const out = [
      `${c.bold(look.variantName)} · ${look.o.match(this.history.matchId)} · ${r.replay} ${c.bold(`${at}/${this.steps}`)}`,
    ];
    const seatOf = e && isRecord(e.data) && typeof e.data.seat === "number" ? e.data.seat : -1;
    const lobbyLine =
      e === null
        ? null
        : describeLobbyEvent(e, look.o, c, () => name(seatOf), {
            lang: look.o.lang,
            seatName: (from) => from.name ?? name(from.seat),
          });
    const said =
      e === null
        ? "—"
        : lobbyLine !== undefined
          ? (lobbyLine ?? "")
          : (describeEvent(e, {
              t,
              style,
              c,
              who: (seat: Seat) => ({ name: name(seat), you: false }),
              game: () =>
                isRecord(this.states[at])
                  ? Number((this.states[at] as { game?: number }).game ?? 1)
                  : 1,
              show: (value) => JSON.stringify(value) ?? String(value),
            }) ?? "");
    out.push(
      e === null
        ? c.dim(r.beforeFirst)
        : `${c.dim(`#${e.version} ${e.type}`)} ${said.replace(/\n/g, " ")}`,
    );
    if (table !== null) {
      const parts = [r.status(String(table.status))];
      if (typeof table.turn === "number") parts.push(`▶ ${name(table.turn)}`);
      if (table.direction === "cw" || table.direction === "ccw")
        parts.push(
          `${table.direction === "cw" ? "↻" : "↺"} ${t.direction(table.direction === "cw")}`,
        );
      if (typeof table.top === "string") parts.push(`${t.top}: ${style.card(table.top)}`);
      if (typeof table.wish === "string") parts.push(look.o.wish(style.colour(table.wish)));
      if (typeof table.pendingDraw === "number" && table.pendingDraw > 0)
        parts.push(look.o.pending(table.pendingDraw));
      if (typeof table.drawPile === "number") parts.push(look.o.drawPile(table.drawPile));
      out.push(parts.join(" · "));
      const hands = Array.isArray(table.hands) ? table.hands : [];
      const width = Math.max(...hands.map((_, s) => name(s).length), 4);
      hands.forEach((hand: unknown, s) => {
        const cards = Array.isArray(hand) ? (hand as string[]) : [];
        out.push(
          `${name(s).padEnd(width)} ${String(cards.length).padStart(2)}: ${cards
            .slice()
            .sort(style.compare)
            .map((x) => style.card(x))
            .join(" ")}`,
        );
      });
      if (Array.isArray(table.piles)) {
        out.push(c.bold(t.piles));
        table.piles.forEach((pile: unknown, s) => {
          const cards = Array.isArray(pile) ? pile : [];
          const shown = cards.map((p: unknown) =>
            isRecord(p) && typeof p.card === "string"
              ? p.faceDown === true
                ? c.dim(`(${t.onion}: ${style.plain(p.card)})`)
                : style.card(p.card)
              : "?",
          );
          out.push(`${name(s).padEnd(width)}    ${shown.join(" ") || c.dim(t.empty)}`);
        });
      }
      if (Array.isArray(table.middle) && table.middle.length)
        out.push(`${t.middle}: ${(table.middle as string[]).map((x) => style.card(x)).join(" ")}`);
      if (Array.isArray(table.totals))
        out.push(
          `${t.total}: ${(table.totals as number[]).map((n, s) => `${name(s)} ${n}`).join(" · ")}`,
        );
      if (Array.isArray(table.winners) && table.winners.length)
        out.push(
          c.bold(
            `${look.o.matchOver}: ${(table.winners as number[]).map((s) => name(s)).join(", ")}`,
          ),
        );
    }
    return out.map((l) => fit(l, look.width));
  }
}
