// @vitest-environment happy-dom
import type { Lang } from "@maumau/engine";
import { customOptionsSchema, grownHouseRules, problemText } from "@maumau/variant-custom";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createI18n } from "../i18n";
import HouseRulesPage from "./HouseRulesPage";

/** The server the page talks to: saved sets in memory, every save answered. */
const api = vi.hoisted(() => ({
  ruleSets: {
    list: vi.fn(),
    get: vi.fn(),
    save: vi.fn(),
    delete: vi.fn(),
  },
}));
vi.mock("../net/server", () => ({ server: () => ({ api }) }));
// The state chart (elkjs) is not what these tests look at.
vi.mock("../chart/ChartPanel", () => ({ default: () => null }));

/** C-3.1 … C-3.5 on the French preset, as the server stores it (the schema's whole output). */
const grown = customOptionsSchema.parse({ ...grownHouseRules, name: "Grown" }) as Record<
  string,
  unknown
>;

beforeEach(() => {
  api.ruleSets.list.mockResolvedValue([{ name: "grown", title: "Grown" }]);
  api.ruleSets.get.mockResolvedValue({ name: "grown", version: 1, document: grown });
  api.ruleSets.save.mockImplementation((input: { name: string }) =>
    Promise.resolve({ name: input.name, version: 2, ownerToken: null }),
  );
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  localStorage.clear();
});

const open = (lang: Lang = "en") =>
  render(
    <I18nextProvider i18n={createI18n(lang)}>
      <HouseRulesPage variants={[]} lang={lang} />
    </I18nextProvider>,
  );

/** Starts from the 52-card preset. */
const french = () => {
  open();
  fireEvent.click(screen.getByRole("button", { name: "52 cards" }));
};

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Saves the set and returns the document the server was sent. */
async function saved(): Promise<Record<string, unknown> & { turn: Record<string, unknown> }> {
  type(/^Save as/, "mine");
  const button = screen.getByRole("button", { name: "Save" });
  expect(button).not.toHaveProperty("disabled", true);
  fireEvent.click(button);
  await waitFor(() => expect(api.ruleSets.save).toHaveBeenCalledTimes(1));
  return (api.ruleSets.save.mock.calls[0]![0] as { document: never }).document;
}

const buryGroup = () =>
  screen.getByRole("group", { name: /A starter card of these ranks goes under the draw pile/ });

/**
 * A control's error as assistive technology reads it: the element its `aria-errormessage`
 * names, which is also among its description (`aria-describedby`); the name stays the label.
 */
const errorOf = (control: HTMLElement): string => {
  const id = control.getAttribute("aria-errormessage");
  expect(control.getAttribute("aria-invalid")).toBe("true");
  expect(control.getAttribute("aria-describedby")?.split(" ")).toContain(id);
  return document.getElementById(id!)!.textContent;
};

describe("the house-rules editor sets the options grown from real variants (C-3)", () => {
  // Two tests, one render of the page each: as one test rendering it twice it took up to 2.5 s
  // and once went over vitest's 5 s on a loaded 2-core host.
  it("C-3.1 a hand size at some numbers of players", async () => {
    french();
    type("Hand size with 2 players", "7");
    type("Hand size with 3 players", "6");
    type("Hand size with 3 players", "");
    const doc = await saved();
    expect(doc.handSizeByPlayers).toEqual({ "2": 7 });
  });

  it("C-3.1 hand sizes by players are left out when all are empty", async () => {
    french();
    type("Hand size with 2 players", "7");
    type("Hand size with 2 players", "");
    expect("handSizeByPlayers" in (await saved())).toBe(false);
  });

  it("C-3.1 a table that cannot be dealt shows the schema's error at its hand size", () => {
    french();
    type("Most players", "6");
    type("Hand size with 6 players", "10");
    const field = screen.getByLabelText("Hand size with 6 players");
    expect(errorOf(field)).toMatch(/6 players × 10 cards \+ a starter need more than the 52 cards/);
  });

  it("C-3.2 the draw cap: only with draw-until-playable, else the schema's error", async () => {
    french();
    const cap = () => screen.getByLabelText(/^Draw at most this many cards/);
    expect(cap()).toHaveProperty("disabled", true);
    // Its help is the control's description.
    expect(cap().getAttribute("aria-describedby")).toBe("hr-hint-turn-drawCap");
    fireEvent.click(screen.getByLabelText("Drawing allowed with a playable card"));
    fireEvent.click(screen.getByLabelText("Draw until a card fits"));
    expect(screen.getByLabelText<HTMLInputElement>("Draw until a card fits").checked).toBe(true);
    expect(cap()).toHaveProperty("disabled", false);
    type(/^Draw at most this many cards/, "3");
    const doc = await saved();
    expect(doc.turn).toMatchObject({ drawUntilPlayable: true, voluntaryDraw: false, drawCap: 3 });

    // Without draw-until-playable the cap is refused, named where it is set (and still clearable).
    fireEvent.click(screen.getByLabelText("Draw until a card fits"));
    expect(cap()).toHaveProperty("disabled", false);
    expect(errorOf(cap())).toBe("a draw cap needs “Draw until a card fits”");
    // The help stays its description, beside the error.
    expect(cap().getAttribute("aria-describedby")).toMatch(/^hr-hint-turn-drawCap \S+$/);
    expect(screen.getByRole("button", { name: "Save" })).toHaveProperty("disabled", true);
    type(/^Draw at most this many cards/, "");
    expect(cap()).toHaveProperty("disabled", true);
    expect(screen.getByRole("status").textContent).toBe("The rule set is valid.");
  });

  it("C-3.3 the winner's points", async () => {
    french();
    type(/^Points/, "winner");
    expect((await saved()).scoring).toMatchObject({ points: "winner" });
  });

  it("C-3.3 winner's points with a limit match end: the schema's error next to the points", () => {
    french();
    type(/^Points/, "winner");
    type(/^The match ends/, "limit");
    const points = screen.getByLabelText(/^Points/);
    expect(points.getAttribute("aria-invalid")).toBe("true");
    expect(errorOf(points)).toContain("a match over a limit needs “penalty points”");
    expect(screen.getByRole("alert").textContent).toContain("Points (C-3.3): a match over a limit");
    expect(screen.getByRole("button", { name: "Save" })).toHaveProperty("disabled", true);
    type(/^Points/, "penalty");
    expect(screen.getByRole("status").textContent).toBe("The rule set is valid.");
  });

  it("a choice has a short name in its select, and what the chosen one means below it (both languages)", () => {
    // An option's text cannot wrap: a long one was cut off on a phone's select.
    const meaningOf = (select: HTMLElement) =>
      (select.getAttribute("aria-describedby") ?? "")
        .split(" ")
        .map((id) => document.getElementById(id))
        .find((e) => e?.classList.contains("hr-meaning"))?.textContent;
    for (const [lang, points, stock, names, means] of [
      [
        "en",
        /^Points/,
        /^When the draw pile is empty/,
        ["penalty points", "the winner's points", "reshuffle the discard pile", "no more drawing"],
        [
          "Each scores their own hand, the lowest total wins.",
          "The winner scores the other hands, the highest total wins.",
          "Nothing more is drawn, the turn passes.",
        ],
      ],
      [
        "de",
        /^Punkte/,
        /^Wenn der Nachziehstapel leer ist/,
        ["Strafpunkte", "Siegerpunkte", "Ablagestapel neu mischen", "nicht mehr ziehen"],
        [
          "Jeder zählt die eigene Hand, die niedrigste Summe gewinnt.",
          "Der Sieger zählt die anderen Hände, die höchste Summe gewinnt.",
          "Es wird nichts mehr gezogen, der Zug ist vorbei.",
        ],
      ],
    ] as const) {
      open(lang);
      const options = [points, stock].flatMap((label) =>
        [...screen.getByLabelText<HTMLSelectElement>(label).options].map((o) => o.textContent),
      );
      expect(options).toEqual(names);
      for (const name of options) expect(name.length).toBeLessThanOrEqual(26);
      expect(meaningOf(screen.getByLabelText(points))).toBe(means[0]);
      type(points, "winner");
      expect(meaningOf(screen.getByLabelText(points))).toBe(means[1]);
      // The help stays a description too.
      expect(screen.getByLabelText(points).getAttribute("aria-describedby")).toMatch(
        /^hr-meaning-scoring-points hr-hint-scoring-points$/,
      );
      type(stock, "pass");
      expect(meaningOf(screen.getByLabelText(stock))).toBe(means[2]);
      cleanup();
    }
  });

  it("C-3.4 an empty draw pile is not refilled", async () => {
    french();
    expect(screen.getByLabelText<HTMLSelectElement>(/^When the draw pile is empty/).value).toBe(
      "reshuffle",
    );
    type(/^When the draw pile is empty/, "pass");
    expect((await saved()).turn).toMatchObject({ emptyStock: "pass" });
  });

  it("C-3.5 buried starters: the ranks of the chosen deck, in the order chosen", async () => {
    french();
    const group = within(buryGroup());
    expect(group.getAllByRole("checkbox")).toHaveLength(13);
    fireEvent.click(group.getByLabelText("J"));
    fireEvent.click(group.getByLabelText("8"));
    fireEvent.click(group.getByLabelText("2"));
    fireEvent.click(group.getByLabelText("8"));
    expect((await saved()).turn).toMatchObject({ buryStarter: ["j", "2"] });

    // Another deck offers its own ranks and keeps the buried ranks it has.
    type("Deck", "bavarian-32");
    const bavarian = within(buryGroup());
    expect(bavarian.getAllByRole("checkbox").map((c) => c.closest("label")!.textContent)).toEqual([
      "7",
      "8",
      "9",
      "10",
      "U",
      "O",
      "K",
      "A",
    ]);
    expect(bavarian.getAllByRole("checkbox").some((c) => (c as HTMLInputElement).checked)).toBe(
      false,
    );
    type("Deck", "french-52");
    fireEvent.click(within(buryGroup()).getByLabelText("J"));
    fireEvent.click(within(buryGroup()).getByLabelText("J"));
    vi.clearAllMocks();
    expect("buryStarter" in (await saved()).turn).toBe(false);
  });

  it("round-trips a saved document with every C-3 option: shown as stored, saved unchanged", async () => {
    open();
    const saved0 = await screen.findByLabelText(/or open a saved set/);
    fireEvent.change(saved0, { target: { value: "grown" } });
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>(/^Title/).value).toBe("Grown"),
    );
    const value = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label).value;
    expect(value(/^Hand size with 2 players/)).toBe("7");
    expect(value(/^Hand size with 3 players/)).toBe("");
    expect(value(/^Draw at most this many cards/)).toBe("3");
    expect(value(/^Points/)).toBe("winner");
    expect(value(/^When the draw pile is empty/)).toBe("pass");
    const buried = within(buryGroup())
      .getAllByRole("checkbox")
      .filter((c) => (c as HTMLInputElement).checked)
      .map((c) => c.closest("label")!.textContent);
    expect(buried).toEqual(["J"]);
    expect(screen.getByRole("status").textContent).toBe("The rule set is valid.");

    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.ruleSets.save).toHaveBeenCalledTimes(1));
    const sent = api.ruleSets.save.mock.calls[0]![0] as { name: string; document: unknown };
    expect(sent.name).toBe("grown");
    expect(sent.document).toEqual(grown);
  });

  it("German labels and help", () => {
    open("de");
    expect(screen.getByLabelText("Handkarten bei 2 Spielern")).toBeTruthy();
    expect(screen.getByLabelText(/^Höchstens so viele Karten ziehen/)).toBeTruthy();
    expect(screen.getByLabelText(/^Punkte/)).toBeTruthy();
    expect(screen.getByLabelText(/^Wenn der Nachziehstapel leer ist/)).toBeTruthy();
    expect(
      screen.getByRole("group", { name: /Eine Startkarte dieser Werte kommt unter/ }),
    ).toBeTruthy();
    expect(screen.getByText(/Nur mit „Ziehen, bis eine Karte passt“/)).toBeTruthy();
  });

  it("German errors: the schema's named problems in German, with their values (the page's words where they name its fields)", () => {
    open("de");
    fireEvent.click(screen.getByRole("button", { name: "52 Karten" }));
    type("Höchstens Spieler", "6");
    type("Handkarten bei 6 Spielern", "10");
    // In the variant's words, as the server says it.
    expect(errorOf(screen.getByLabelText("Handkarten bei 6 Spielern"))).toBe(
      problemText({ problem: "cannotDeal", players: 6, size: 10, cards: 52 }).de,
    );
    expect(errorOf(screen.getByLabelText("Handkarten bei 6 Spielern"))).toMatch(
      /^6 Spieler × 10 Karten \+ eine Startkarte brauchen mehr als die \d+ Karten des Blatts$/,
    );
    type(/^Punkte/, "winner");
    type(/^Die Partie endet/, "limit");
    expect(errorOf(screen.getByLabelText(/^Punkte/))).toContain("braucht „Strafpunkte“");
    // The list of problems says them the same way.
    expect(screen.getByRole("alert").textContent).toContain("braucht „Strafpunkte“");
  });

  it("the list of problems names each field by its label in the page's language, not its key", () => {
    for (const [lang, preset, size, hand, most] of [
      ["en", "52 cards", "Hand size", "Hand size with 6 players", "Most players"],
      ["de", "52 Karten", "Handkarten", "Handkarten bei 6 Spielern", "Höchstens Spieler"],
    ] as const) {
      open(lang);
      fireEvent.click(screen.getByRole("button", { name: preset }));
      type(size, "11");
      type(most, "6");
      type(hand, "10");
      const items = [...screen.getByRole("alert").querySelectorAll("li")].map(
        (li) => li.textContent,
      );
      expect(items).toContain(`${size}: ${errorOf(screen.getByLabelText(size))}`);
      expect(items).toContain(`${hand}: ${errorOf(screen.getByLabelText(hand))}`);
      expect(items.join("\n")).not.toMatch(/handSize/);
      cleanup();
    }
  });
});
