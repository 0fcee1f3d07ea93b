import type { Command } from "@maumau/engine";
import { describe, expect, it } from "vitest";
import { heulDochChoice, playableCards, toClientCommand } from "./moves";

const legal: Command[] = [
  { type: "playCard", seat: 1, card: "red/7", mau: true, mauMau: false },
  { type: "playCard", seat: 1, card: "wild", wish: "red", mau: true, mauMau: false },
  { type: "playCard", seat: 1, card: "wild", wish: "blue", mau: true, mauMau: false },
  { type: "drawCard", seat: 1 },
];

describe("moves from the server's legal moves", () => {
  it("groups the playable cards with their choices (one per wish colour)", () => {
    const cards = playableCards(legal);
    expect([...cards.keys()]).toEqual(["red/7", "wild"]);
    expect(cards.get("wild")!.map((c) => c.what)).toEqual([
      { kind: "wish", colour: "red" },
      { kind: "wish", colour: "blue" },
    ]);
  });

  it("N-5.1: never says mau for the player; only a pressed call is sent", () => {
    const move = playableCards(legal).get("red/7")![0]!.command;
    expect(toClientCommand(move, null)).toEqual({ type: "playCard", card: "red/7" });
    expect(toClientCommand(move, { mau: false, mauMau: false })).toEqual({
      type: "playCard",
      card: "red/7",
    });
    expect(toClientCommand(move, { mau: true, mauMau: false })).toEqual({
      type: "playCard",
      card: "red/7",
      mau: true,
    });
  });

  it("leaves the seat to the token", () => {
    expect(toClientCommand({ type: "drawCard", seat: 1 }, null)).toEqual({ type: "drawCard" });
    expect(toClientCommand({ type: "startNextGame" }, null)).toEqual({ type: "startNextGame" });
  });

  it("H-3.1: a heul-doch card's ways: own pile, onion, a neighbour's pile; specials' pickers", () => {
    const hd: Command[] = [
      { type: "playCard", seat: 0, card: "red/3", to: 1 },
      { type: "playCard", seat: 0, card: "red/3" },
      { type: "playCard", seat: 0, card: "red/3", faceDown: true },
      { type: "playCard", seat: 0, card: "towel", target: 2 },
      { type: "playCard", seat: 0, card: "carousel", direction: "left" },
      { type: "playCard", seat: 0, card: "werewolf" },
    ];
    const cards = playableCards(hd);
    expect(cards.get("red/3")!.map((c) => heulDochChoice(c).what)).toEqual([
      { kind: "neighbour", seat: 1 },
      { kind: "own" },
      { kind: "onion" },
    ]);
    expect(cards.get("towel")![0]!.what).toEqual({ kind: "target", seat: 2 });
    expect(cards.get("carousel")![0]!.what).toEqual({ kind: "direction", direction: "left" });
    expect(heulDochChoice(cards.get("werewolf")![0]!).what).toEqual({ kind: "play" });
  });
});
