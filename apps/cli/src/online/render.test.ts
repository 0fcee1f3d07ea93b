import type { MatchSnapshot } from "@maumau/client";
import {
  createRng,
  GameDriver,
  isRefusal,
  pileHints,
  type HeulDochView,
  type Lang,
} from "@maumau/engine";
import { findVariant } from "@maumau/registry";
import { Chalk } from "chalk";
import { describe, expect, it } from "vitest";
import { localSnapshot } from "../play/screen.js";
import {
  cutAtWord,
  fit,
  lobbyLines,
  screenLines,
  shareRows,
  sortedHand,
  visibleLength,
  wrapLine,
  type Look,
} from "./render.js";
import { emptySeat, humanSeat, tableLook, waitingRoomSnapshot } from "../testing/tableFixtures.js";
import { ONLINE_TEXTS } from "./texts.js";

const variant = findVariant("noris")!;

const look = (width: number, lang: Lang = "en", level: 0 | 1 = 0): Look =>
  tableLook(variant, width, lang, level);

// eslint-disable-next-line no-control-regex
const plain = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, "");
/** The words of some rows, wherever the rows broke. */
const words = (rows: readonly string[]) => plain(rows.join(" ")).split(/\s+/).filter(Boolean);

/** A creator's waiting room with two free seats. */
const waitingRoom = (): MatchSnapshot =>
  waitingRoomSnapshot("noris", 2, [humanSeat(0, "Ann"), emptySeat(1), emptySeat(2)]);

/** Seat 0's turn at a local noris table (seed 11): the screen's snapshot of it. */
function myTurn(): { snapshot: MatchSnapshot; me: number } {
  const driver = GameDriver.open(variant, { players: 2, options: {}, seed: "11" }, "machine");
  if (isRefusal(driver)) throw new Error(driver.message.en);
  try {
    const progress = driver.progress();
    const me = progress.toAct!;
    const snapshot = localSnapshot({
      variant: "noris",
      options: {},
      players: 2,
      me,
      bots: "random",
      view: driver.view(me),
      progress,
      legal: driver.legalMoves(me),
      version: driver.events.length,
    });
    return { snapshot, me };
  } finally {
    driver.stop();
  }
}

describe("the full screen's hints (keys and moves) are never cut from 80 columns on", () => {
  it("the host's waiting-room keys take a second row at 80 and 90 columns, in both languages", () => {
    for (const lang of ["en", "de"] as const) {
      for (const width of [80, 90]) {
        const lines = lobbyLines(waitingRoom(), 0, look(width, lang), "http://h/m/m1?join", true);
        // The rows after the share link: the keys.
        const hint = lines.slice(lines.findIndex((l) => l.includes("http://h/m/m1?join")) + 1);
        for (const line of lines) expect(visibleLength(line)).toBeLessThanOrEqual(width);
        expect(lines.join("\n")).not.toContain("…");
        // Every key of the hint is on the screen, whole.
        expect(words(hint)).toEqual(
          expect.arrayContaining(words([ONLINE_TEXTS[lang].lobbyHint(true)])),
        );
        expect(lines.join("\n")).toContain(lang === "en" ? "q = leave" : "q = verlassen");
      }
    }
  });

  it("a moves line breaks between the moves and the keys, then between moves; each row fits", () => {
    const { snapshot, me } = myTurn();
    for (const width of [30, 40, 80]) {
      const rows = screenLines(
        { snapshot, me, log: [], now: 0, share: "", creator: false },
        look(width),
        24,
      );
      for (const row of rows) expect(visibleLength(row)).toBeLessThanOrEqual(width);
      const from = rows.findIndex((r) => r.startsWith("Moves: "));
      const status = rows.findIndex((r) => /Your turn/.test(r));
      expect(from).toBeGreaterThan(0);
      // The moves and every key between "Moves:" and the status line, none cut.
      const moves = rows.slice(from, status);
      expect(moves.join("\n")).not.toContain("…");
      expect(moves.join(" ")).toMatch(/\? = help/);
      expect(moves.join(" ")).toMatch(/q = quit\)/);
    }
  });

  it("the keys after a game's result go to a row of their own when the result is long", () => {
    const c = new Chalk({ level: 1 });
    const line = `${c.inverse(" Spiel vorbei · Fritz-Alexander gewinnt Spiel 1 ")}  ${c.dim(ONLINE_TEXTS.de.nextGameHint)}`;
    const rows = wrapLine(line, 80, ["  ", " · "]);
    expect(rows.map(plain)).toEqual([
      " Spiel vorbei · Fritz-Alexander gewinnt Spiel 1 ",
      "  Enter oder n = nächstes Spiel · q = verlassen",
    ]);
  });

  it("a colour broken over rows is closed at each row's end and opened again on the next", () => {
    const dim = new Chalk({ level: 1 }).dim;
    const rows = wrapLine(dim("aaa · bbb · ccc"), 9);
    expect(rows.map(plain)).toEqual(["aaa ·", "  bbb ·", "  ccc"]);
    expect(rows).toEqual([
      "\u001b[2maaa ·\u001b[0m",
      "  \u001b[2mbbb ·\u001b[0m",
      "  \u001b[2mccc\u001b[22m",
    ]);
  });

  it("a rule reference is never split nor alone at a row's start: it goes with the word before it", () => {
    // Heul doch!'s hints for a card, as the screen shows them under the hand (8 = their indent).
    const hints = (lang: Lang) => {
      const t = tableLook(findVariant("heul-doch")!, 80, lang).t;
      return t.hintsFor(
        "orange 1",
        [
          `✗ ${t.pileHint("givesAway", "", null, false)} (H-3.2)`,
          `✓ ${t.pileHint("onion", "", null, false)} (H-3.1)`,
          `✓ ${t.pileHint("fitsNeighbour", "Bot 3", "orange 1", true)} (H-3.1)`,
        ].join(" · "),
      );
    };
    // At 66 columns the first hint's rule and its mark were a row of their own.
    expect(wrapLine(hints("en"), 66, [" · "], 8)).toEqual([
      "    orange 1 → ✗ not face up on your pile: it fits a",
      "        neighbour (H-3.2) ·",
      "        ✓ face down as an onion (H-3.1) ·",
      "        ✓ Bot 3 (fits orange 1: it must go there or face",
      "        down) (H-3.1)",
    ]);
    for (const lang of ["en", "de"] as const)
      for (let width = 30; width <= 120; width++) {
        const rows = wrapLine(hints(lang), width, [" · "], 8).map(plain);
        for (const row of rows) {
          expect(visibleLength(row)).toBeLessThanOrEqual(width);
          // Never at a row's start, never cut: "(H-3.2)" whole after a word of its row.
          expect(row.trimStart(), `${lang} ${width}: ${rows.join(" | ")}`).not.toMatch(/^\(H-|^·/);
        }
        expect(rows.join(" ").match(/\(H-\d\.\d\)/g)).toHaveLength(3);
        expect(words(rows)).toEqual(words([hints(lang)]));
      }
  });

  it("a line cut to the width gets a colour reset only when a colour is open (none with --no-color)", () => {
    // A piped `maumau replay` row ended "…\u001b[0m" though nothing was coloured.
    expect(fit("Bot 1 played red 7 · Bot 2 drew", 12)).toBe("Bot 1 playe…");
    expect(cutAtWord("Bot 1 played red 7 · Bot 2 drew", 16)).toBe("Bot 1 played …");
    const c = new Chalk({ level: 1 });
    expect(fit(c.red("Bot 1 played red 7"), 12)).toBe("\u001b[31mBot 1 playe…\u001b[0m");
    expect(cutAtWord(`${c.red("Bot 1 played red 7")} · Bot 2 drew`, 16)).toBe(
      "\u001b[31mBot 1 played …\u001b[0m",
    );
    // A colour closed before the cut leaves nothing open.
    expect(fit("\u001b[31mBot\u001b[0m 1 played red 7", 8)).toBe("\u001b[31mBot\u001b[0m 1 p…");
  });

  it("at a width narrower than a word, only that word is cut", () => {
    const rows = wrapLine("a · abcdefghijklmnop · b", 8);
    for (const row of rows) expect(visibleLength(row)).toBeLessThanOrEqual(8);
    expect(rows.join("\n")).toContain("…");
    expect(plain(rows.join(" "))).toMatch(/\ba\b[\s\S]*\bb$/);
  });
});

/**
 * Heul doch! (3 seats, seed 1, random bots) at the first turn of seat 0 where a card of its hand
 * fits a neighbour (H-3.2): that card's hints are the longest line under the hand.
 */
function heulDochTurn(): { snapshot: MatchSnapshot; me: number } {
  const heulDoch = findVariant("heul-doch")!;
  const driver = GameDriver.open(heulDoch, { players: 3, options: {}, seed: "1" }, "machine");
  if (isRefusal(driver)) throw new Error(driver.message.en);
  const random = createRng(1);
  try {
    for (let move = 0; move < 200; move++) {
      const seat = driver.progress().toAct!;
      const view = driver.view(seat) as HeulDochView;
      const tops = view.piles.map((p) => p.top);
      const fits = (view.hand ?? []).some((card) =>
        pileHints(tops.length, tops, seat, card).some((h) => h.reason === "givesAway"),
      );
      if (seat === 0 && fits) {
        const snapshot = localSnapshot({
          variant: "heul-doch",
          options: {},
          players: 3,
          me: seat,
          bots: "random",
          view: driver.view(seat),
          progress: driver.progress(),
          legal: driver.legalMoves(seat),
          version: driver.events.length,
        });
        return { snapshot, me: seat };
      }
      driver.dispatch(driver.botMove(seat, "random", random));
    }
    throw new Error("no turn with a card that fits a neighbour");
  } finally {
    driver.stop();
  }
}

/** The number the hand shows for the card a hint line is about (its label before the arrow). */
function cardNumber(snapshot: MatchSnapshot, lang: Lang, hint: string): number {
  const style = tableLook(findVariant("heul-doch")!, 80, lang).style;
  const hand = sortedHand(snapshot, style);
  const label = plain(hint).trim().split(" → ")[0];
  return hand.findIndex((card) => plain(style.card(card)) === label) + 1;
}

/** Each card's hint rows on a screen: its first row (the label and arrow) and the rows under it. */
function hintRows(rows: readonly string[]): string[][] {
  const cards: string[][] = [];
  let last: string[] | null = null;
  for (const row of rows.map(plain)) {
    if (/^ {4}\S.* → /.test(row)) cards.push((last = [row]));
    else if (last !== null && row.startsWith(" ".repeat(8))) last.push(row);
    else last = null;
  }
  return cards;
}

describe("the rows for the hints under the hand are shared fairly", () => {
  it("shareRows: every line one row, the card the player is on all its rows if they are there, then the rest in turn", () => {
    expect(shareRows([3, 3, 3, 1], 4, null)).toEqual([3, 2, 2, 1]);
    expect(shareRows([3, 3, 3, 1], 1, null)).toEqual([2, 1, 1, 1]);
    // The card the player is on (index 2) first, whole; the row left goes to the first.
    expect(shareRows([3, 3, 4, 1], 4, 2)).toEqual([2, 1, 4, 1]);
    // Not enough rows for it whole: shared in turn like the others.
    expect(shareRows([3, 3, 6, 1], 4, 2)).toEqual([3, 2, 2, 1]);
    expect(shareRows([2, 5], 0, 1)).toEqual([1, 1]);
    expect(shareRows([2, 2], 10, null)).toEqual([2, 2]);
  });

  it.each(["en", "de"] as const)(
    "a later card's hints are not cut to one row while an earlier card's take every row; the card typed shows whole (%s)",
    (lang) => {
      const { snapshot, me } = heulDochTurn();
      const heulDoch = findVariant("heul-doch")!;
      const log = ["move 1", "move 2", "move 3", "move 4"];
      const screen = (width: number, height: number, typed = "") =>
        screenLines(
          { snapshot, me, log, now: 0, share: "", creator: false, typed },
          tableLook(heulDoch, width, lang),
          height,
        );
      // Each card's hints whole, one row each, on a screen wide enough for them.
      const whole = hintRows(screen(400, 40)).map((card) => card[0]!);
      for (const width of [60, 80, 100])
        for (let height = 16; height <= 30; height++) {
          const cards = hintRows(screen(width, height));
          expect(cards.map((card) => card[0]!.split(" → ")[0])).toEqual(
            whole.map((line) => line.split(" → ")[0]),
          );
          const where = `${width}×${height}: ${cards.map((c) => c.length).join(",")}`;
          // A hint cut short is cut between words: never inside a rule ("(H…", "(H-3…"), nor
          // after a mark that leads to what is cut ("· ✓ …").
          for (const card of cards)
            expect(card.join("\n"), where).not.toMatch(/\(H[-\d.]*…|[·✓✗] …/);
          // A card cut short has at least as many rows as any other card but one.
          for (const card of cards)
            if (card.join("\n").includes("…"))
              for (const other of cards)
                expect(card.length, where).toBeGreaterThanOrEqual(other.length - 1);
          // Rows given beyond one a card: the last moves keep a heading and three lines.
          const rows = screen(width, height);
          const heading = rows.findIndex((r) => r.includes(ONLINE_TEXTS[lang].lastMoves));
          if (cards.every((card) => card.length === 1)) continue;
          const shown = rows.slice(heading + 1, rows.indexOf("", heading));
          expect(shown.slice(-3), where).toEqual(["move 2", "move 3", "move 4"]);

          // Typed: the card the player is on shows whole whenever its rows are there, that is
          // when the rows the hints take in all, beyond one each, are as many as it needs.
          const extra = cards.reduce((n, card) => n + card.length - 1, 0);
          const allWhole = cards.every((card) => !card.join("\n").includes("…"));
          whole.forEach((line, i) => {
            const number = cardNumber(snapshot, lang, line);
            const on = hintRows(screen(width, height, `${number} `))[i]!;
            const needs = wrapLine(line, width, [" · "], 8).length;
            if (needs - 1 > extra && !allWhole) return;
            expect(on.join("\n"), `${where}, typed ${number}`).not.toContain("…");
            expect(words(on)).toEqual(words([line]));
          });
        }
    },
  );
});

describe("Heul doch!'s pile hints on a short, narrow screen", () => {
  it.each(["de", "en"] as const)(
    "a card's hints wider than the screen take the rows they need while the last moves keep theirs (%s, 60×22)",
    (lang) => {
      const { snapshot, me } = heulDochTurn();
      const heulDoch = findVariant("heul-doch")!;
      const log = ["move 1", "move 2", "move 3", "move 4"];
      let typed = "";
      const screen = (width: number, rows: number) =>
        screenLines(
          { snapshot, me, log, now: 0, share: "", creator: false, typed },
          tableLook(heulDoch, width, lang),
          rows,
        );
      // The hint lines as a screen wide enough for every one shows them.
      const wide = screen(400, 40);
      const first = wide.findIndex((r) => r.includes(" → "));
      const hints = wide.slice(
        first,
        wide.findIndex((r, i) => i > first && !r.includes(" → ")),
      );
      const neighbour = hints.find((r) =>
        r.includes(lang === "de" ? "sie passt bei einem Nachbarn" : "it fits a neighbour"),
      )!;
      expect(neighbour).toBeDefined();
      expect(visibleLength(neighbour)).toBeGreaterThan(60);

      // The player is on that card: its number typed at the prompt.
      typed = String(cardNumber(snapshot, lang, neighbour));
      const rows = screen(60, 22);
      expect(rows).toHaveLength(22);
      for (const row of rows) expect(visibleLength(row)).toBeLessThanOrEqual(60);
      // The card that fits a neighbour: every hint whole, over the rows it takes.
      const from = rows.findIndex((r) => r.startsWith(neighbour.slice(0, neighbour.indexOf("→"))));
      const card = [rows[from]!];
      while (rows[from + card.length]!.startsWith("        ")) card.push(rows[from + card.length]!);
      expect(card.length).toBeGreaterThan(1);
      expect(card.join("\n")).not.toContain("…");
      expect(words(card)).toEqual(words([neighbour]));
      // The last moves keep a heading and three lines.
      const heading = rows.findIndex((r) => r.includes(ONLINE_TEXTS[lang].lastMoves));
      expect(rows.slice(heading + 1, heading + 4)).toEqual(["move 2", "move 3", "move 4"]);
      // What the player may type is there, whole.
      expect(rows.join("\n")).toContain(lang === "de" ? "q = beenden" : "q = quit");
    },
  );
});
