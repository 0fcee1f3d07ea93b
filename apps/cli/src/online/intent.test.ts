import type { MatchSnapshot } from "@maumau/client";
import type { ClassicView } from "@maumau/engine";
import type { Command } from "@maumau/engine";
import { findVariant } from "@maumau/registry";
import { Chalk } from "chalk";
import { describe, expect, it } from "vitest";
import { CardStyle } from "../play/cards.js";
import { parseInput } from "../play/input.js";
import { TEXTS } from "../play/texts.js";
import { actionFor, type IntentContext } from "./intent.js";
import { ONLINE_TEXTS } from "./texts.js";

const noris = findVariant("noris")!;
const colours = ["green", "blue", "red", "yellow"];
// As the server lists them: every play with and without the call.
const legal: Command[] = [
  { type: "playCard", seat: 0, card: "red/5" },
  { type: "playCard", seat: 0, card: "red/5", mau: true },
  ...colours.flatMap((wish): Command[] => [
    { type: "playCard", seat: 0, card: "wild", wish },
    { type: "playCard", seat: 0, card: "wild", wish, mau: true },
  ]),
];

const ctx: IntentContext = {
  snapshot: {
    matchId: "m",
    version: 9,
    viewer: 0,
    lobby: { status: "running", seats: [] } as unknown as MatchSnapshot["lobby"],
    // A classic view cut down to what the intents read.
    view: { family: "classic", hand: ["wild", "red/5"] } as unknown as ClassicView,
    machine: { state: "turn.awaitingPlay", taken: ["playCard"] },
    progress: { status: "playing", toAct: 0, game: 1, winners: [] },
    legal,
  },
  me: 0,
  t: TEXTS.en,
  o: ONLINE_TEXTS.en,
  style: new CardStyle(noris.theme, "en", new Chalk({ level: 0 }), true),
  theme: noris.theme,
};
const act = (line: string) => actionFor(parseInput(line), ctx);

describe("N-5.1 online, the player says mau: nothing adds or asks for it", () => {
  it("a play without the word carries no call, even where the server lists one", () => {
    expect(act("1")).toEqual({
      kind: "send",
      command: { type: "playCard", seat: 0, card: "red/5" },
    });
  });

  it("3 mau / m k mau say it with the play", () => {
    expect(act("1 mau")).toEqual({
      kind: "send",
      command: { type: "playCard", seat: 0, card: "red/5", mau: true },
    });
    expect(act("m 1 mau")).toEqual(act("1 mau"));
  });

  it("moves lists each play once, without calls", () => {
    const listed = act("moves");
    expect(listed.kind).toBe("say");
    expect(listed.kind === "say" && listed.text).not.toMatch(/mau/i);
    expect(listed.kind === "say" && listed.text.split("\n")).toHaveLength(1 + 1 + colours.length);
  });
});

describe("N-4.5 a wish card names its colour", () => {
  it("without a colour the inputs for each wish are listed, nothing is sent", () => {
    expect(act("2 mau")).toEqual({
      kind: "say",
      text: "Wish a colour with it: 2 green mau · 2 blue mau · 2 red mau · 2 yellow mau",
    });
  });

  it("with one, in either language, it is sent", () => {
    const wish = { type: "playCard", seat: 0, card: "wild", wish: "red" };
    expect(act("2 red")).toEqual({ kind: "send", command: wish });
    expect(act("2 rot")).toEqual({ kind: "send", command: wish });
  });
});

describe("other input", () => {
  it("an unknown card number is told, not sent", () => {
    expect(act("7")).toEqual({ kind: "say", text: TEXTS.en.noSuchCard(7, 2) });
  });

  it("a word after a card that takes no wish is told, not dropped (the card is not sent)", () => {
    expect(act("1 purple")).toEqual({ kind: "say", text: TEXTS.en.noWish(1, "purple") });
    expect(act("1 red")).toEqual({ kind: "say", text: TEXTS.en.noWish(1, "red") });
    expect(act("1 mau")).toMatchObject({ kind: "send" });
  });

  it("a card with several plays lists each under its number in `moves`, nothing is sent", () => {
    const ways: Command[] = [
      { type: "drawCard", seat: 0 },
      { type: "playCard", seat: 0, card: "red/5" },
      { type: "playCard", seat: 0, card: "red/5", faceDown: true },
    ];
    const several: IntentContext = {
      ...ctx,
      snapshot: {
        ...ctx.snapshot,
        view: { family: "classic", hand: ["red/5"] } as unknown as ClassicView,
        legal: ways,
      },
    };
    const said = actionFor(parseInput("1"), several);
    expect(said.kind).toBe("say");
    const text = said.kind === "say" ? said.text : "";
    expect(text).toMatch(/^This card can be played several ways: m 2: .+ · m 3: .+$/);
  });

  it("an illegal draw still goes to the server, which names the rule", () => {
    expect(act("d")).toEqual({ kind: "send", command: { type: "drawCard", seat: 0 } });
  });
});
