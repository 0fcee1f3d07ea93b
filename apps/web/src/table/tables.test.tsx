// @vitest-environment happy-dom
import type { LobbyView, MatchSnapshot, VariantSummary } from "@maumau/client";
import { openMatch, type AnyEngine, type Command, type Seat, type Viewer } from "@maumau/engine";
import { findVariant } from "@maumau/registry";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { createI18n } from "../i18n";
import ClassicTable from "./ClassicTable";
import HeulDochTable from "./HeulDochTable";

afterEach(cleanup);

/**
 * A real game state from the engine, shown as the server would show it to the seat to act
 * (or a spectator), the first deal that has what a test needs.
 */
function snapshotOf(
  variantId: string,
  players: number,
  who: "toAct" | "spectator",
  want: (hand: readonly string[], legal: readonly Command[]) => boolean,
): { snapshot: MatchSnapshot; variant: VariantSummary } {
  const variant = findVariant(variantId)!;
  const engine = variant.engine as AnyEngine;
  for (let seed = 1; seed < 500; seed++) {
    const events = openMatch(variant, { players, options: {}, seed }) as { type: string }[];
    const state = engine.replay(events);
    const toAct = engine.progress(state).toAct;
    if (toAct === null) continue;
    const seat: Seat = toAct;
    const viewer: Viewer = who === "spectator" ? "spectator" : seat;
    const view = engine.view(state, viewer) as { hand: string[] | null };
    const legal = viewer === "spectator" ? [] : engine.legalMoves(state, seat);
    if (viewer !== "spectator" && !want(view.hand ?? [], legal)) continue;
    const lobby: LobbyView = {
      matchId: "TestMatch01",
      variant: variantId,
      options: {},
      ruleSet: null,
      status: "running",
      seats: Array.from({ length: players }, (_, i) => ({
        seat: i,
        kind: i === seat ? "human" : "bot",
        name: i === seat ? "Anna" : null,
        level: i === seat ? null : "heuristic",
        away: false,
      })),
      turnTimerMs: null,
      rematchOf: null,
      continuedFrom: null,
      rematch: null,
      version: events.length,
      createdAt: "",
      updatedAt: "",
    };
    return {
      variant: {
        id: variant.id,
        names: variant.names,
        description: variant.description,
        players: variant.players,
        optionDocs: variant.optionDocs,
        optionSchema: null,
        ruleBook: variant.ruleBook,
        theme: variant.theme,
      },
      snapshot: {
        matchId: "TestMatch01",
        version: events.length,
        viewer,
        lobby,
        view,
        progress: engine.progress(state),
        legal,
        machine: { state: engine.chartPosition(state).state, taken: [] },
      },
    };
  }
  throw new Error("no such deal in 500 seeds");
}

function show(
  Table: typeof ClassicTable,
  data: ReturnType<typeof snapshotOf>,
  lang: "de" | "en" = "en",
) {
  return render(
    <I18nextProvider i18n={createI18n(lang)}>
      <Table
        snapshot={data.snapshot}
        log={[]}
        ticket={{
          matchId: "TestMatch01",
          seat: data.snapshot.viewer as number,
          token: "t".repeat(43),
        }}
        variant={data.variant}
        lang={lang}
        onRematch={() => undefined}
      />
    </I18nextProvider>,
  );
}

describe("the classic table", () => {
  it("fans the hand with a name on every card; playable cards raised, the others dimmed", () => {
    const data = snapshotOf("noris", 3, "toAct", (_h, legal) =>
      legal.some((c) => c.type === "playCard"),
    );
    show(ClassicTable, data);
    const hand = screen.getByRole("list", { name: "Your hand" });
    const cards = within(hand).getAllByRole("button");
    const view = data.snapshot.view as { hand: string[] };
    expect(cards).toHaveLength(view.hand.length);
    const playable = new Set(
      data.snapshot.legal.flatMap((c) => (c.type === "playCard" ? [c.card] : [])),
    );
    for (const [i, button] of cards.entries()) {
      const code = view.hand[i]!;
      expect(button.getAttribute("data-playable")).toBe(String(playable.has(code)));
      expect(button.className).toContain(playable.has(code) ? "playable" : "dimmed");
      expect(button.getAttribute("aria-label")).not.toContain("/");
    }
    expect(screen.getByRole("status").textContent).toContain("Your turn");
  });

  it("N-5.1: Mau is the player's own call: off until pressed (button or M), never prompted", () => {
    show(
      ClassicTable,
      snapshotOf("noris", 3, "toAct", () => true),
    );
    const mau = screen.getByRole("button", { name: /^Mau/ });
    expect(mau.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(mau);
    expect(mau.getAttribute("aria-pressed")).toBe("true");
    act(() => void window.dispatchEvent(new KeyboardEvent("keydown", { key: "m" })));
    expect(mau.getAttribute("aria-pressed")).toBe("false");
  });

  it("N-4.5: a wild card opens the colour picker, in German too, and 1–4 pick", () => {
    const data = snapshotOf("noris", 3, "toAct", (_h, legal) =>
      legal.some((c) => c.type === "playCard" && c.card === "wild"),
    );
    show(ClassicTable, data, "de");
    const wild = screen.getAllByRole("button", { name: /Farbwahlkarte/ })[0]!;
    fireEvent.click(wild);
    const dialog = screen.getByRole("dialog", { name: "Farbe wünschen" });
    const names = within(dialog)
      .getAllByRole("button")
      .map((b) => b.textContent);
    expect(names.join(" ")).toMatch(/Grün.*Blau.*Rot.*Gelb|Rot/);
    act(() => void window.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" })));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows a spectator no hand, only counts", () => {
    const data = snapshotOf("french", 4, "spectator", () => true);
    render(
      <I18nextProvider i18n={createI18n("en")}>
        <ClassicTable
          snapshot={data.snapshot}
          log={[]}
          ticket={null}
          variant={data.variant}
          lang="en"
          onRematch={() => undefined}
        />
      </I18nextProvider>,
    );
    expect(screen.queryByRole("list", { name: "Your hand" })).toBeNull();
    expect(screen.getByText("You are watching: no hand is shown.")).toBeTruthy();
  });
});

describe("the heul-doch table", () => {
  it("H-3.1: a card with several ways opens a picker and lights the piles it may go to", () => {
    const data = snapshotOf("heul-doch", 3, "toAct", (hand, legal) =>
      hand.some((card) => legal.filter((c) => c.type === "playCard" && c.card === card).length > 1),
    );
    show(HeulDochTable, data);
    const legal = data.snapshot.legal as Extract<Command, { type: "playCard" }>[];
    const card = legal.find((c) => legal.filter((d) => d.card === c.card).length > 1)!.card;
    const button = document.querySelector<HTMLButtonElement>(`.hand-card[data-card="${card}"]`)!;
    fireEvent.click(button);
    const dialog = screen.getByRole("dialog");
    const ways = within(dialog).getAllByRole("button");
    expect(ways.length).toBe(legal.filter((c) => c.card === card).length + 1);
    expect(ways.map((w) => w.textContent).join(" ")).toContain("Face down as an onion");
    const lit = document.querySelectorAll(".pile.personal.target");
    const me = data.snapshot.viewer as number;
    const piles = new Set(
      legal.filter((c) => c.card === card && !c.faceDown).map((c) => c.to ?? me),
    );
    expect(lit.length).toBe(piles.size);
  });
});
