import { describe, expect, it } from "vitest";
import { seatName } from "./seatName.js";

const words = { bot: (n: number) => `Bot ${n}`, seat: (n: number) => `Seat ${n}` };

describe("seatName", () => {
  it("is the player's name, else the bot's or the seat's label, numbered from 1", () => {
    const anna = { seat: 0, kind: "human", name: "Anna", level: null, away: true } as const;
    expect(seatName(anna, 0, words)).toBe("Anna");
    expect(seatName({ ...anna, name: null }, 0, words)).toBe("Seat 1");
    expect(seatName({ ...anna, kind: "bot", name: null, level: "random" }, 1, words)).toBe("Bot 2");
    expect(seatName({ ...anna, kind: "empty", name: null }, 2, words)).toBe("Seat 3");
    expect(seatName(undefined, 3, words)).toBe("Seat 4");
  });
});
