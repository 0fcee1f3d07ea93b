// @vitest-environment happy-dom
import type { LobbyView, MatchSnapshot, VariantSummary } from "@maumau/client";
import {
  openMatch,
  type AnyEngine,
  type Command,
  type FamilyName,
  type FamilyView,
  type Seat,
  type Viewer,
  type ViewOf,
} from "@maumau/engine";
import { findVariant } from "@maumau/registry";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { createI18n } from "../i18n";
import { EagerTable } from "../families/EagerTable";
import { WithRuleRefs } from "../rules/WithRuleRefs";

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
    const view = engine.view(state, viewer);
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
      rematchBy: null,
      spectatorsReadOnly: false,
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

/** The snapshot's view as its family's view, or the test fails. */
function viewOf<F extends FamilyName>(data: { snapshot: MatchSnapshot }, family: F): ViewOf<F> {
  const { view } = data.snapshot;
  const isOf = (v: FamilyView | null): v is ViewOf<F> => v?.family === family;
  if (!isOf(view)) throw new Error(`not a ${family} view`);
  return view;
}

function show(data: ReturnType<typeof snapshotOf>, lang: "de" | "en" = "en") {
  const { view } = data.snapshot;
  if (view === null) throw new Error("no view before the start");
  return render(
    <I18nextProvider i18n={createI18n(lang)}>
      <EagerTable
        snapshot={data.snapshot}
        view={view}
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
    show(data);
    const hand = screen.getByRole("list", { name: "Your hand" });
    const cards = within(hand).getAllByRole("button");
    const held = viewOf(data, "classic").hand ?? [];
    expect(cards).toHaveLength(held.length);
    const playable = new Set(
      data.snapshot.legal.flatMap((c) => (c.type === "playCard" ? [c.card] : [])),
    );
    for (const [i, button] of cards.entries()) {
      const code = held[i]!;
      expect(button.getAttribute("data-playable")).toBe(String(playable.has(code)));
      expect(button.className).toContain(playable.has(code) ? "playable" : "dimmed");
      expect(button.getAttribute("aria-label")).not.toContain("/");
    }
    expect(document.querySelector(".table .status")?.textContent).toContain("Your turn");
  });

  it("N-5.1: Mau is the player's own call: off until pressed (button or M), never prompted", () => {
    show(snapshotOf("noris", 3, "toAct", () => true));
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
    show(data, "de");
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
        <EagerTable
          snapshot={data.snapshot}
          view={viewOf(data, "classic")}
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
    show(data);
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

  it("H-3.1–H-3.4: every pile says why the selected card may or may not go there; ? explains the game", () => {
    const data = snapshotOf("heul-doch", 3, "toAct", (hand, legal) =>
      hand.some((card) => legal.filter((c) => c.type === "playCard" && c.card === card).length > 1),
    );
    show(data);
    const legal = data.snapshot.legal as Extract<Command, { type: "playCard" }>[];
    const card = legal.find((c) => legal.filter((d) => d.card === c.card).length > 1)!.card;
    fireEvent.click(document.querySelector<HTMLButtonElement>(`.hand-card[data-card="${card}"]`)!);
    const hints = [...document.querySelectorAll<HTMLElement>(".pile-hints li")];
    expect(hints.length).toBe(4); // two neighbours, own pile face up and face down
    const allowed = hints.filter((h) => h.dataset.allowed === "true");
    expect(allowed.length).toBe(legal.filter((c) => c.card === card).length);
    expect(hints.find((h) => h.dataset.reason === "onion")?.textContent).toBe(
      "✓ face down as an onion (H-3.1)",
    );
    for (const h of hints) expect(h.textContent).toMatch(/\(H-3\.\d\)$/);
    const fits = hints.find((h) => h.dataset.reason === "fitsNeighbour");
    if (fits) expect(fits.textContent).toMatch(/fits Bot \d's .+: it must go there/);
    act(() => void window.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" })));
    act(() => void window.dispatchEvent(new KeyboardEvent("keydown", { key: "?" })));
    expect(screen.getByRole("note").textContent).toContain("Onions");
  });
});

/**
 * A match played out by random bots to its end (or, `until` "gameOver", to its first game's):
 * the state and the snapshot of `viewer`.
 */
function finishedSnapshot(
  variantId: string,
  players: number,
  options: Record<string, unknown>,
  viewer: Viewer,
  rematch: { id: string; by: Seat } | null = null,
  until: "matchOver" | "gameOver" = "matchOver",
): { snapshot: MatchSnapshot; variant: VariantSummary; state: unknown } {
  const base = snapshotOf(variantId, players, "spectator", () => true);
  const variant = findVariant(variantId)!;
  const engine = variant.engine as AnyEngine;
  let state = engine.replay(
    openMatch(variant, { players, options, seed: 3 }) as { type: string }[],
  );
  let seed = 1;
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  for (let moves = 0; engine.progress(state).status !== until; moves++) {
    if (moves > 5000) throw new Error("no end");
    const { status, toAct } = engine.progress(state);
    const command: Command =
      status === "gameOver"
        ? { type: "startNextGame" }
        : engine.botMove(state, toAct!, "random", random);
    const applied = engine.apply(state, command);
    if ("code" in applied) throw new Error(applied.code);
    state = applied.state;
  }
  const lobby: LobbyView = {
    ...base.snapshot.lobby,
    status: until === "matchOver" ? "over" : "running",
    seats: base.snapshot.lobby.seats.map((s, i) => ({
      ...s,
      kind: "human",
      name: ["Ann", "Ben", "Cy", "Di"][i]!,
      level: null,
    })),
    rematch: rematch?.id ?? null,
    rematchBy: rematch?.by ?? null,
  };
  return {
    variant: base.variant,
    state,
    snapshot: {
      ...base.snapshot,
      viewer,
      lobby,
      view: engine.view(state, viewer),
      progress: engine.progress(state),
      legal: [],
    },
  };
}

describe("the end of a game and of a match", () => {
  it("N-6.2: names the match winner once, shows every hand face up with its points, and the scores", () => {
    const data = finishedSnapshot("noris", 3, { games: 1 }, 1);
    show(data);
    const view = viewOf(data, "classic");
    const names = ["Ann", "Ben", "Cy"];
    const winner = names[view.winners[0]!]!;
    expect(screen.getAllByText(`${winner} wins the match`)).toHaveLength(1);
    expect(screen.queryByText("The match is over")).toBeNull();
    expect(screen.getByRole("heading", { level: 2 }).textContent).toContain(
      `${winner} wins the match`,
    );
    const news = document.querySelector("[data-end-news]")!;
    expect(news.getAttribute("role")).toBe("status");
    expect(news.textContent).toContain(`${winner} wins the match`);
    for (const [seat, hand] of (view.revealedHands ?? []).entries()) {
      const row = document.querySelector(`.end-seat[data-seat="${seat}"]`)!;
      const shown = [...row.querySelectorAll(".card")].map((c) => c.getAttribute("data-card"));
      expect(shown).toEqual(hand);
      expect(row.querySelector(".end-points")!.getAttribute("data-points")).toBe(
        String(view.scores?.[seat]),
      );
    }
    const table = screen.getByRole("table", { name: "Points per game" });
    expect(within(table).getByRole("columnheader", { name: /Game 1/ }).className).toContain(
      "current",
    );
    expect(within(table).getByRole("columnheader", { name: "Total" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Rematch" })).toBeTruthy();
  });

  it("the status bar at a game's end and the match's: nobody is to play, and no empty slot leaves a gap before the game", () => {
    for (const [variant, until] of [
      ["noris", "gameOver"],
      ["noris", "matchOver"],
      ["heul-doch", "gameOver"],
      ["heul-doch", "matchOver"],
    ] as const) {
      const data = finishedSnapshot(variant, 3, { games: 3 }, 1, null, until);
      expect(data.snapshot.progress?.status).toBe(until);
      show(data);
      const bar = document.querySelector(".table > .status")!;
      const items = [...bar.children];
      expect(items[0]!.textContent, `${variant} ${until}`).toMatch(/^Game \d+$/);
      for (const item of items) expect(item.textContent, `${variant} ${until}`).not.toBe("");
      cleanup();
    }
    // At play, whose turn it is comes first.
    show(snapshotOf("noris", 3, "toAct", () => true));
    expect(document.querySelector(".table > .status")!.firstElementChild!.textContent).toBe(
      "Your turn",
    );
  });

  it("invites every other human to the rematch one of them started, in German too", () => {
    const data = finishedSnapshot("noris", 3, { games: 1 }, 1, { id: "Rematch0001", by: 0 });
    show(data, "de");
    expect(
      screen.getByText("Ann hat eine Revanche gestartet – nimm deinen Platz ein"),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Platz einnehmen" })).toBeTruthy();
  });

  it("H-6.2: shows every pile with its onions, the ranks they spoil and the points", () => {
    const data = finishedSnapshot("heul-doch", 3, {}, 0);
    show(data);
    const view = viewOf(data, "heul-doch");
    const winners = view.winners.map((s) => ["Ann", "Ben", "Cy"][s]!);
    expect(screen.getByRole("heading", { level: 2 }).textContent).toMatch(
      winners.length === 1 ? `${winners[0]} wins the match` : /share the match/,
    );
    for (const [seat, pile] of (view.revealedPiles ?? []).entries()) {
      const row = document.querySelector(`.end-seat[data-seat="${seat}"]`)!;
      const onions = pile.filter((c) => c.faceDown).length;
      expect(row.querySelectorAll(".card")).toHaveLength(
        pile.length - onions + (onions > 0 ? 1 : 0),
      );
      expect(row.querySelector(".counted.onion .counted-points")?.textContent ?? "×0").toBe(
        `×${onions}`,
      );
      expect(row.querySelector(".end-note")!.textContent).toMatch(/onion/);
    }
  });
});

describe("the variant's own words (Theme.words, issue #21)", () => {
  it("E-4.1 crazy-eights shows the suit an eight named in its words; noris keeps its wish", () => {
    const named = (id: string, lang: "en" | "de") => {
      const data = snapshotOf(id, 2, "toAct", () => true);
      const view = {
        ...viewOf(data, "classic"),
        wish: data.snapshot.lobby.variant === "noris" ? "red" : "clubs",
      };
      show({ ...data, snapshot: { ...data.snapshot, view } }, lang);
      const text = document.querySelector(".wish")?.textContent ?? "";
      cleanup();
      return text;
    };
    expect(named("crazy-eights", "en")).toMatch(/^Suit named: /);
    expect(named("crazy-eights", "de")).toMatch(/^Genannte Farbe: /);
    expect(named("noris", "en")).toMatch(/^Wished: /);
  });
});

describe("the log's lines", () => {
  it("keep each rule id whole, so that a narrow log never ends a line at its hyphen", () => {
    const text = "Clara draws 4 cards (N-4.3) · Bot 2 plays again (B-4.4)";
    const { container } = render(<WithRuleRefs text={text} />);
    expect([...container.querySelectorAll(".rule-ref")].map((s) => s.textContent)).toEqual([
      "(N-4.3)",
      "(B-4.4)",
    ]);
    expect(container.textContent).toBe(text);
    cleanup();
    expect(render(<WithRuleRefs text="Draw penalty now 4" />).container.innerHTML).toBe(
      "Draw penalty now 4",
    );
    cleanup();
    // A list of ids in one pair of brackets (a house-rules heading): each id whole.
    const heading = "Turn (C-1.4, C-3.2, C-3.5)";
    const list = render(<WithRuleRefs text={heading} />).container;
    expect([...list.querySelectorAll(".rule-ref")].map((s) => s.textContent)).toEqual([
      "C-1.4",
      "C-3.2",
      "C-3.5",
    ]);
    expect(list.textContent).toBe(heading);
  });
});
