import { expect } from "vitest";
import type { CardCode } from "../cards/codes.js";
import type { RefusalCode, RuleId, Seat } from "../core/types.js";
import type { Expectation, Outcome, StepRecord } from "./scenario.js";

const last = (o: Outcome): StepRecord => {
  const step = o.steps[o.steps.length - 1];
  if (step === undefined) throw new Error("no command was sent in the last `when`");
  return step;
};

const sorted = (cards: readonly CardCode[]): CardCode[] => [...cards].sort();

const handsOf = (o: Outcome): readonly (readonly CardCode[])[] => {
  const hands = o.table.hands;
  if (!Array.isArray(hands)) throw new Error("this variant's table has no `hands`");
  return hands as CardCode[][];
};

const handOf = (o: Outcome, seat: Seat): readonly CardCode[] => {
  const hand = handsOf(o)[seat];
  if (hand === undefined) throw new Error(`there is no seat ${seat}`);
  return hand;
};

const shown = (r: StepRecord): string =>
  r.refusal ? `${r.refusal.code} (rule ${r.refusal.rule ?? "-"}): ${r.refusal.message.en}` : "ok";

const unchangedBy = (r: StepRecord, label: string): void => {
  expect(r.versionAfter, `${label}: the state version must not change`).toBe(r.versionBefore);
  expect(r.events, `${label}: no events`).toEqual([]);
  expect(r.snapshotAfter, `${label}: state and views must not change`).toBe(r.snapshotBefore);
};

// ---- results ------------------------------------------------------------------------------

/** Every command of the last `when` was accepted. */
export const ok = (): Expectation => (o) => {
  o.steps.forEach((r, i) =>
    expect(shown(r), `command ${i + 1} ${JSON.stringify(r.command)}`).toBe("ok"),
  );
};

/**
 * The last command was refused with `code` (and, if given, one of the rule ids), and it changed
 * nothing: same version, same state, same views.
 */
export const refused =
  (code: RefusalCode, rule?: RuleId | readonly RuleId[]): Expectation =>
  (o) => {
    const r = last(o);
    const label = JSON.stringify(r.command);
    expect(r.refusal?.code ?? "ok", `${label}: ${shown(r)}`).toBe(code);
    if (rule !== undefined) {
      const allowed = typeof rule === "string" ? [rule] : rule;
      expect(allowed, `${label}: cites rule ${r.refusal?.rule ?? "none"}`).toContain(
        r.refusal?.rule,
      );
    }
    unchangedBy(r, label);
  };

/**
 * The results of the last `when`, one per command: `"ok"` or a refusal code. Every refused
 * command must have changed nothing.
 */
export const results =
  (...expected: ("ok" | RefusalCode)[]): Expectation =>
  (o) => {
    expect(
      o.steps.map((r) => r.refusal?.code ?? "ok"),
      o.steps.map(shown).join("; "),
    ).toEqual(expected);
    for (const r of o.steps) if (r.refusal) unchangedBy(r, JSON.stringify(r.command));
  };

// ---- the table (conformance/FORMAT.md) ----------------------------------------------------

const field =
  (name: string, expected: unknown): Expectation =>
  (o) =>
    expect(o.table[name], name).toEqual(expected);

export const status = (s: "setup" | "playing" | "gameOver" | "matchOver") => field("status", s);
/** The seat expected to act next; `null` once the game is over. */
export const turn = (seat: Seat | null) => field("turn", seat);
export const direction = (d: "cw" | "ccw") => field("direction", d);
export const top = (card: CardCode | null) => field("top", card);
export const wish = (colour: string | null) => field("wish", colour);
export const pendingDraw = (n: number | null) => field("pendingDraw", n);
/** Cards left in the draw pile. */
export const drawPile = (n: number) => field("drawPile", n);

/** A game's draw pile, top card first, read off its state (for checks of its order). */
export const drawPileOf = (state: unknown): readonly CardCode[] => {
  const pile = (state as { drawPile?: unknown }).drawPile;
  if (!Array.isArray(pile)) throw new Error("this variant's state has no `drawPile` list");
  return pile as CardCode[];
};
export const scores = (s: readonly number[] | null) => field("scores", s);
export const totals = (t: readonly number[] | null) => field("totals", t);
export const winners = (seats: readonly Seat[]) => field("winners", seats);

/** The seat's hand, compared as a multiset. */
export const hand =
  (seat: Seat, cards: readonly CardCode[]): Expectation =>
  (o) =>
    expect(sorted(handOf(o, seat)), `hand of seat ${seat}`).toEqual(sorted(cards));

export const handSize =
  (seat: Seat, n: number): Expectation =>
  (o) =>
    expect(handOf(o, seat), `hand of seat ${seat}`).toHaveLength(n);

/** The seat holds (at least) these cards. */
export const holds =
  (seat: Seat, ...cards: CardCode[]): Expectation =>
  (o) => {
    const rest = handOf(o, seat).slice();
    for (const card of cards) {
      const i = rest.indexOf(card);
      expect(i, `seat ${seat} holds ${card} (hand: ${handOf(o, seat).join(", ")})`).toBeGreaterThan(
        -1,
      );
      rest.splice(i, 1);
    }
  };

/** Field-by-field comparison with the table; only the given fields are compared. */
export const tableHas =
  (partial: Readonly<Record<string, unknown>>): Expectation =>
  (o) => {
    for (const [key, value] of Object.entries(partial)) expect(o.table[key], key).toEqual(value);
  };

// ---- views and progress -------------------------------------------------------------------

/** A field of what `viewer` sees (`driver.view`), e.g. `seen("spectator", "dealer", 2)`. */
export const seen =
  (viewer: Seat | "spectator", key: string, expected: unknown): Expectation =>
  (o) => {
    const view: Readonly<Record<string, unknown>> = { ...o.driver.view(viewer) };
    expect(view[key], `${key} as seen by ${viewer}`).toEqual(expected);
  };

/** The dealer of the current game (read from the spectator's view). */
export const dealer = (seat: Seat): Expectation => seen("spectator", "dealer", seat);

/** The number of the current game of the match (1 for the first). */
export const game =
  (n: number): Expectation =>
  (o) =>
    expect(o.driver.progress().game, "game").toBe(n);

// ---- the event log ------------------------------------------------------------------------

export type EventMatcher = string | { readonly type: string; readonly data?: object };

const matches = (e: { type: string }, m: EventMatcher): boolean => {
  const want = typeof m === "string" ? { type: m } : m;
  if (e.type !== want.type) return false;
  if (want.data === undefined) return true;
  try {
    expect((e as { data?: unknown }).data).toMatchObject(want.data);
    return true;
  } catch {
    return false;
  }
};

const listed = (events: readonly { type: string }[]) =>
  events.map((e) => JSON.stringify(e)).join("\n  ");

/** The last `when` logged an event like this (`data` compared partially). */
export const logged =
  (m: EventMatcher): Expectation =>
  (o) => {
    if (!o.events.some((e) => matches(e, m)))
      throw new Error(`no event ${JSON.stringify(m)} among:\n  ${listed(o.events)}`);
  };

/** The last `when` logged no event like this. */
export const notLogged =
  (m: EventMatcher): Expectation =>
  (o) => {
    const hit = o.events.find((e) => matches(e, m));
    if (hit) throw new Error(`unexpected event ${JSON.stringify(hit)}`);
  };

/** The last `when` logged events like these in this order (others may lie between). */
export const loggedInOrder =
  (...ms: EventMatcher[]): Expectation =>
  (o) => {
    let i = 0;
    for (const e of o.events) if (i < ms.length && matches(e, ms[i]!)) i++;
    if (i < ms.length)
      throw new Error(
        `events ${JSON.stringify(ms)} not logged in this order (stopped at ${JSON.stringify(ms[i])}) among:\n  ${listed(o.events)}`,
      );
  };

/** Anything else: `check(({ driver, table }) => expect(…))`. */
export const check = (fn: (o: Outcome) => void): Expectation => fn;
