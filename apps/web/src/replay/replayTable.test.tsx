// @vitest-environment happy-dom
import type { VariantSummary, ViewEvent } from "@maumau/client";
import type { PileCard } from "@maumau/engine";
import { botMatchLog } from "@maumau/engine/testing";
import { findVariant } from "@maumau/registry";
import { cleanup, render } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { createI18n } from "../i18n";
import { effectRuleIdOf, ruleIdOf } from "../families";
import { EagerTable } from "../families/EagerTable";
import { eventText, penaltyRanks } from "../table/eventText";
import {
  buildReplay,
  moveSoFar,
  nextStop,
  previousStop,
  seatsAt,
  snapshotAt,
  stopIndexOf,
} from "./replayLog";

afterEach(cleanup);

/** A finished match as `game.history` answers it: the lobby's events, then a bots' match. */
function finished(variantId: string, options: unknown): readonly ViewEvent[] {
  const variant = findVariant(variantId)!;
  const lobby = [
    { type: "lobby.created", data: { variant: variantId, seats: 3, options } },
    { type: "seat.claimed", data: { seat: 0, name: "Anna", tokenHash: "x" } },
    { type: "bot.seated", data: { seat: 1, level: "heuristic" } },
    { type: "bot.seated", data: { seat: 2, level: "search" } },
  ];
  const log = [...lobby, ...botMatchLog(variant, { players: 3, seed: "replay-table", options })];
  return log.map((e, i) => ({
    version: i + 1,
    type: e.type,
    data: e.data ?? null,
    at: new Date(Date.UTC(2026, 0, 1, 12, 0, i)).toISOString(),
  }));
}

function summary(variantId: string): VariantSummary {
  const v = findVariant(variantId)!;
  return {
    id: v.id,
    names: v.names,
    description: v.description,
    players: v.players,
    optionDocs: v.optionDocs,
    optionSchema: null,
    ruleBook: v.ruleBook,
    theme: v.theme,
  };
}

function showAt(variantId: string, events: readonly ViewEvent[], step: number, lang = "en") {
  const replay = buildReplay(variantId, events);
  const table = snapshotAt(replay, "Finished01", step);
  if (table === null) throw new Error(`no table at step ${step}`);
  render(
    <I18nextProvider i18n={createI18n(lang as "en" | "de")}>
      <EagerTable
        snapshot={table.snapshot}
        view={table.view}
        log={table.log}
        ticket={null}
        variant={summary(variantId)}
        lang={lang as "en" | "de"}
        onRematch={() => undefined}
        open={table.open}
      />
    </I18nextProvider>,
  );
  return { replay, state: replay.states[step] as { hands: string[][]; piles?: PileCard[][] } };
}

/** Every button of the table a person could press: none but the colour-symbols setting. */
const pressable = () =>
  [...document.querySelectorAll<HTMLButtonElement>(".table button")].filter(
    (b) => !b.disabled && !b.classList.contains("symbols-toggle"),
  );

describe("a replay on the live table (#20.8)", () => {
  it("classic: every hand open in seat order, no move enabled, the log beside it", () => {
    const events = finished("noris", { games: 1 });
    const step = Math.floor(events.length / 2);
    const { state } = showAt("noris", events, step);
    const shown = [...document.querySelectorAll("[data-hand]")].map((ul) => ({
      seat: Number(ul.getAttribute("data-hand")),
      cards: [...ul.querySelectorAll(":scope > li")].map((li) => li.getAttribute("data-card")),
    }));
    // The live spectator's order: seat 0, 1, 2.
    expect(shown).toEqual(state.hands.map((cards, seat) => ({ seat, cards })));
    expect(document.querySelector(".hand")).toBeNull();
    expect(document.querySelector(".spectator-note")).toBeNull();
    expect(pressable()).toEqual([]);
    expect(document.querySelector(".draw-pile")?.tagName).toBe("DIV");
    expect(document.querySelector(".table .log li")).not.toBeNull();
    // The seats named as the log seated them.
    expect(document.querySelector('.seat[data-seat="0"] .seat-name')?.textContent).toContain(
      "Anna",
    );
  });

  it("classic: the match's end shows the counted hands, without a rematch or next game", () => {
    const events = finished("noris", { games: 1 });
    showAt("noris", events, events.length);
    expect(document.querySelector('.game-end[data-end="match"]')).not.toBeNull();
    expect(document.querySelector(".end-actions")).toBeNull();
    expect(pressable()).toEqual([]);
  });

  it("heul-doch: every pile in full and every hand open, in the live table's pile order", () => {
    const events = finished("heul-doch", { specials: true });
    const step = Math.floor(events.length / 2);
    const { state } = showAt("heul-doch", events, step, "de");
    const order = [...document.querySelectorAll(".piles > .seat")].map((s) =>
      Number(s.getAttribute("data-seat")),
    );
    expect(order).toEqual([0, 1, 2]);
    for (const [seat, pile] of state.piles!.entries()) {
      const shown = [
        ...document.querySelectorAll(`.seat[data-seat="${seat}"] .open-pile > li`),
      ].map((li) => [li.getAttribute("data-card"), li.getAttribute("data-onion")]);
      expect(shown).toEqual(pile.map((c) => [c.card, String(c.faceDown)]));
      const hand = [...document.querySelectorAll(`[data-hand="${seat}"] > li`)].map((li) =>
        li.getAttribute("data-card"),
      );
      expect(hand).toEqual(state.hands[seat]);
    }
    expect(pressable()).toEqual([]);
  });

  it("captions a step as its move so far, with the rule each part follows", () => {
    const events = finished("noris", { games: 2 });
    const replay = buildReplay("noris", events);
    const names = seatsAt(events, events.length).map((s) => s.name ?? `Bot ${s.seat + 1}`);
    const t = createI18n("en").t;
    const ctx = {
      t,
      lang: "en" as const,
      style: "noris" as const,
      nameOf: (s: number) => names[s] ?? "?",
      rule: (key: string) => (replay.board === null ? null : ruleIdOf(replay.board, key)),
    };
    // A draw card's penalty: the caption tells the card and the penalty it raised, N-4.2.
    const penalty = events.findIndex((e) => e.type === "penalty.raised") + 1;
    expect(penalty).toBeGreaterThan(0);
    const told = moveSoFar(replay, penalty).map((e) => eventText(e, ctx));
    expect(told[0]).toMatch(/ played /);
    expect(told.at(-1)).toMatch(/^Draw penalty now \d+ \(N-4\.2\)$/);
    // Every move's first step begins its own caption; a lobby event is a step of its own.
    for (let step = 1; step <= events.length; step++) {
      const first = replay.moveOf[step]!;
      expect(first).toBeLessThanOrEqual(step);
      if (events[step - 1]!.type.startsWith("seat.")) expect(first).toBe(step);
      if (events[step - 1]!.type === "game.started") expect(first).toBe(step);
    }
  });

  it("steps move by move: each stop one player's move, complete, or a game's deal", () => {
    const events = finished("noris", { games: 2 });
    const replay = buildReplay("noris", events);
    const { stops, moveAt, dealOf } = replay;
    expect(stops.at(-1)).toBe(events.length);
    expect(moveAt[events.length]).toBe(replay.moves);
    // Every play is one move; a draw at the start of a turn is one too (a penalty's, too).
    const plays = events.filter((e) => e.type === "card.played").length;
    const draws = events.filter(
      (e, i) => e.type === "cards.drawn" && events[i - 1]?.type === "turn.started",
    ).length;
    expect(replay.moves).toBe(plays + draws);
    let before = 0;
    const deals: number[] = [];
    for (const stop of stops) {
      const game = dealOf[stop];
      if (game !== null && game !== undefined) {
        // A game's deal: no move made since the stop before, the first player's turn.
        deals.push(game);
        expect(moveAt[stop]).toBe(before);
        expect(events[stop - 1]!.type).toBe("turn.started");
      } else {
        // One move further, told whole: the move's last event hands the turn on (or ends).
        expect(moveAt[stop]).toBe(before + 1);
        expect(["turn.started", "game.ended", "match.ended"]).toContain(events[stop - 1]!.type);
        expect(moveSoFar(replay, stop)[0]!.type).toMatch(/^(card\.played|cards\.drawn)$/);
      }
      before = moveAt[stop]!;
    }
    expect(deals).toEqual([1, 2]);
    // From a linked event in mid-move, the step buttons go to that move's end and the one before.
    const played = events.findIndex((e) => e.type === "penalty.raised") + 1;
    const end = nextStop(replay, played - 1);
    expect(end).toBeGreaterThan(played);
    expect(stops).toContain(end);
    expect(nextStop(replay, played)).toBe(end);
    expect(previousStop(replay, end)).toBe(stops[stops.indexOf(end) - 1]);
    expect(stopIndexOf(replay, played)).toBe(stops.indexOf(end));
    expect(nextStop(replay, events.length)).toBe(events.length);
    expect(previousStop(replay, stops[0]!)).toBe(stops[0]);
  });

  it("N-4.2, N-4.3: a penalty names the rule of the card that raised it, a +2's or a +4's", () => {
    // Enough games of bots for both draw cards to raise penalties that are drawn.
    const events = finished("noris", { games: 6 });
    const replay = buildReplay("noris", events);
    const board = replay.board!;
    const ctx = {
      t: createI18n("en").t,
      lang: "en" as const,
      style: "noris" as const,
      nameOf: (s: number) => `Seat ${s}`,
      rule: (key: string) => ruleIdOf(board, key),
      effectRule: (rank: string) => effectRuleIdOf(board, rank),
      penaltyRankAt: penaltyRanks(events),
    };
    const RULE: Readonly<Record<string, string>> = { draw2: "N-4.2", draw4: "N-4.3" };
    const told = new Set<string>();
    let raised: string | null = null;
    for (const e of events) {
      const d = e.data as { rank?: string; reason?: string };
      if (e.type === "penalty.raised") {
        raised = d.rank!;
        expect(eventText(e, ctx)).toMatch(
          new RegExp(`^Draw penalty now \\d+ \\(${RULE[raised]}\\)$`),
        );
      } else if (e.type === "cards.drawn" && d.reason === "penalty") {
        expect(raised).not.toBeNull();
        expect(eventText(e, ctx)).toMatch(new RegExp(` \\(${RULE[raised!]}\\)$`));
        told.add(raised!);
        raised = null;
      }
    }
    expect([...told].sort()).toEqual(["draw2", "draw4"]);
  });
});
