import { Chalk } from "chalk";
import { describe, expect, it } from "vitest";
import { showable } from "@maumau/client";
import { describeLobbyEvent } from "./lobbyEvents.js";
import { seatName } from "./render.js";
import { ONLINE_TEXTS } from "./texts.js";

const c = new Chalk({ level: 0 });
const chat = (lang: "de" | "en") => ({
  lang,
  seatName: (from: { seat: number; name: string | null }) => from.name ?? `Seat ${from.seat + 1}`,
});
const event = (type: string, data: unknown) => ({ version: 9, type, data, at: "" });

describe("table talk lines (live table and replay)", () => {
  it("names the seat or marks the spectator, and names a reaction in the table's language", () => {
    const said = event("chat.said", { from: { seat: 0, name: "Ann" }, text: "hi" });
    expect(describeLobbyEvent(said, ONLINE_TEXTS.en, c, () => "?", chat("en"))).toBe("💬 Ann: hi");
    const watcher = event("chat.said", { from: { spectator: "Kibitz" }, text: "go" });
    expect(describeLobbyEvent(watcher, ONLINE_TEXTS.de, c, () => "?", chat("de"))).toBe(
      "💬 Kibitz (Zuschauer): go",
    );
    const reacted = event("chat.reacted", { from: { seat: 1, name: null }, reaction: "nice" });
    expect(describeLobbyEvent(reacted, ONLINE_TEXTS.de, c, () => "?", chat("de"))).toBe(
      "💬 Seat 2 reagiert: Schöner Zug",
    );
  });

  it("speaks to the reader about their own reaction (You react / Du reagierst)", () => {
    const mine = (lang: "de" | "en", you: string) => ({
      lang,
      seatName: () => you,
      isMe: (seat: number) => seat === 0,
    });
    const reacted = event("chat.reacted", { from: { seat: 0, name: "Tom" }, reaction: "mau" });
    expect(describeLobbyEvent(reacted, ONLINE_TEXTS.en, c, () => "?", mine("en", "You"))).toBe(
      "💬 You react: Mau!",
    );
    expect(describeLobbyEvent(reacted, ONLINE_TEXTS.de, c, () => "?", mine("de", "Du"))).toBe(
      "💬 Du reagierst: Mau!",
    );
  });

  it("prints a player's control characters as spaces: no escape sequence reaches the terminal", () => {
    expect(showable("a\u001b[31mred\u0007\nnext\u202eevil")).toBe("a [31mred  next evil");
    // Names from a log stored before the server refused them: in every line that names a seat.
    const evil = "\u001b]0;PWNED\u0007\u001b[2JEVIL";
    const o = ONLINE_TEXTS.en;
    const lines = [
      describeLobbyEvent(event("seat.claimed", { seat: 1, name: evil }), o, c, () => "?"),
      describeLobbyEvent(
        event("chat.said", { from: { seat: 1, name: evil }, text: `hi${evil}` }),
        o,
        c,
        () => "?",
        { lang: "en", seatName: (from) => from.name ?? "?" },
      ),
      describeLobbyEvent(
        event("chat.said", { from: { spectator: evil }, text: "hi" }),
        o,
        c,
        () => "?",
        { lang: "en", seatName: () => "?" },
      ),
      seatName({ seats: [{ seat: 0, kind: "human", name: evil, level: null, away: false }] }, 0, o),
    ];
    for (const line of lines) {
      expect(line).toContain("EVIL");
      expect(line).not.toContain("\u001b");
      expect(line).not.toContain("\u0007");
    }
  });
});

const seatEvent = (type: string, seat: number) => ({ version: 9, type, data: { seat }, at: "" });

describe("a waiting room that closes, in the terminal's log", () => {
  it("says why: everyone left, or nobody came", () => {
    const closed = (reason: string, lang: "en" | "de") =>
      describeLobbyEvent(event("lobby.closed", { reason }), ONLINE_TEXTS[lang], c, () => "?");
    expect(closed("left", "en")).toBe("The waiting room closed: everyone left before the start.");
    expect(closed("idle", "en")).toBe("The waiting room closed: nobody came.");
    expect(closed("idle", "de")).toBe("Der Warteraum ist geschlossen: Es kam niemand.");
  });
});

describe("takeovers and returns in the terminal's log", () => {
  it("speaks to the reader about their own seat, and of others by name", () => {
    const en = ONLINE_TEXTS.en;
    const tell = (type: string, you: boolean) =>
      describeLobbyEvent(seatEvent(type, 1), en, c, () => (you ? "you" : "Ben"), undefined, you);
    expect(tell("seat.botTakenOver", true)).toBe("You are away: a bot plays for you.");
    expect(tell("seat.returned", true)).toBe("You are back.");
    expect(tell("seat.botTakenOver", false)).toBe("Ben is away: a bot plays for them.");
    expect(tell("seat.returned", false)).toBe("Ben is back.");
    const de = ONLINE_TEXTS.de;
    expect(
      describeLobbyEvent(seatEvent("seat.returned", 1), de, c, () => "du", undefined, true),
    ).toBe("Du bist zurück.");
  });
});
