// @vitest-environment happy-dom
import type { LobbyView, MatchSnapshot, VariantSummary } from "@maumau/client";
import { isRefusal, openMatch, type AnyEngine, type Viewer } from "@maumau/engine";
import { findVariant } from "@maumau/registry";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { createI18n } from "../i18n";
import { EagerTable } from "../families/EagerTable";

afterEach(cleanup);

const variant = findVariant("bavarian")!;
const engine = variant.engine as AnyEngine;
const summary: VariantSummary = {
  id: variant.id,
  names: variant.names,
  description: variant.description,
  players: variant.players,
  optionDocs: variant.optionDocs,
  optionSchema: null,
  ruleBook: variant.ruleBook,
  theme: variant.theme,
};

/** A bavarian match of three at the cut (seat 2 cuts, B-2.2), and after a cut at `at`. */
function bavarian(cutAt: number | null) {
  const events = openMatch(variant, { players: 3, options: {}, seed: 7 }) as { type: string }[];
  let state = engine.replay(events);
  const cutter = engine.progress(state).toAct!;
  let log = events;
  if (cutAt !== null) {
    const applied = engine.apply(state, { type: "cut", seat: cutter, at: cutAt, keep: true });
    if (isRefusal(applied)) throw new Error("cut refused");
    state = applied.state;
    log = [...events, ...(applied.events as { type: string }[])];
  }
  return { state, log, cutter };
}

function snapshotFor(state: unknown, version: number, viewer: Viewer): MatchSnapshot {
  const lobby: LobbyView = {
    matchId: "TestMatch01",
    variant: "bavarian",
    options: {},
    ruleSet: null,
    status: "running",
    seats: [0, 1, 2].map((i) => ({
      seat: i,
      kind: i === viewer ? "human" : "bot",
      name: i === viewer ? "Anna" : null,
      level: i === viewer ? null : "heuristic",
      away: false,
    })),
    turnTimerMs: null,
    rematchOf: null,
    continuedFrom: null,
    rematchBy: null,
    rematch: null,
    spectatorsReadOnly: false,
    version,
    createdAt: "",
    updatedAt: "",
  };
  return {
    matchId: "TestMatch01",
    version,
    viewer,
    lobby,
    view: engine.view(state, viewer),
    progress: engine.progress(state),
    legal: viewer === "spectator" ? [] : engine.legalMoves(state, viewer),
    machine: { state: engine.chartPosition(state).state, taken: [] },
  };
}

function show(snapshot: MatchSnapshot, lang: "en" | "de" = "en") {
  const { view } = snapshot;
  if (view === null) throw new Error("no view before the start");
  return render(
    <I18nextProvider i18n={createI18n(lang)}>
      <EagerTable
        snapshot={snapshot}
        view={view}
        log={[]}
        ticket={
          typeof snapshot.viewer === "number"
            ? { matchId: "TestMatch01", seat: snapshot.viewer, token: "t".repeat(43) }
            : null
        }
        variant={summary}
        lang={lang}
        onRematch={() => undefined}
      />
    </I18nextProvider>,
  );
}

describe("B-2.2 the cut at the table", () => {
  it("B-2.2 the cutter picks where with a slider over the deck; keep an Unter is checked and explained", () => {
    const { state, log, cutter } = bavarian(null);
    show(snapshotFor(state, log.length, cutter));
    const slider = screen.getByRole("slider");
    expect(slider.getAttribute("max")).toBe("31");
    fireEvent.change(slider, { target: { value: "17" } });
    expect(screen.getByRole("button", { name: "Cut after 17 cards" })).toBeTruthy();
    expect(document.querySelectorAll(".cut-sliver.lifted")).toHaveLength(17);
    const keep = screen.getByRole("checkbox", { name: /Keep the bottom card if it is an Unter/ });
    expect((keep as HTMLInputElement).checked).toBe(true);
    expect(document.querySelector(".cut-keep")?.textContent).toContain("nobody else learns");
  });

  it("B-2.2 during the cut Draw, Pass and Mau are disabled and say why", () => {
    const { state, log, cutter } = bavarian(null);
    show(snapshotFor(state, log.length, cutter));
    for (const name of [/^Draw D$/, /^Pass P$/, /^Mau M$/]) {
      const button = screen.getByRole<HTMLButtonElement>("button", { name });
      expect(button.disabled, String(name)).toBe(true);
      expect(button.getAttribute("data-why")).toBe("Cut the deck first (B-2.2)");
    }
    cleanup();
    const other = (cutter + 1) % 3;
    show(snapshotFor(state, log.length, other));
    const draw = screen.getByRole<HTMLButtonElement>("button", { name: /^Draw D$/ });
    expect(draw.disabled).toBe(true);
    expect(draw.getAttribute("data-why")).toBe("Bot 3 is cutting the deck (B-2.2)");
    expect(screen.queryByRole("slider")).toBeNull();
  });

  it("B-2.2 the cutter alone sees the cut card after the cut", () => {
    const { state, log, cutter } = bavarian(12);
    const cut = (engine.view(state, cutter) as { cut: { card: string; kept: boolean } }).cut;
    show(snapshotFor(state, log.length, cutter));
    const result = document.querySelector(".cut-result")!;
    expect(result.textContent).toContain("You cut after 12 cards: the bottom card was");
    expect(result.querySelector("[data-card]")?.getAttribute("data-card")).toBe(cut.card);
    cleanup();
    for (const viewer of [(cutter + 1) % 3, "spectator"] as const) {
      show(snapshotFor(state, log.length, viewer));
      const text = document.querySelector(".cut-result")!.textContent ?? "";
      expect(text).toContain("Bot 3 cut after 12 cards.");
      expect(text).not.toContain("bottom card");
      expect(document.querySelector(".cut-result [data-card]")).toBeNull();
      cleanup();
    }
  });
});
