import { describe, expect, it } from "vitest";
import { RemoteRefusal, refusalOf } from "./errors.js";

describe("refusalOf", () => {
  it("is the server's refusal, or any other failure as INTERNAL with its text", () => {
    const refusal = {
      code: "NOT_YOUR_TURN",
      message: { en: "Not yet", de: "Noch nicht" },
    } as const;
    expect(refusalOf(new RemoteRefusal("game.command", refusal, 409))).toBe(refusal);
    expect(refusalOf(new Error("socket closed"))).toEqual({
      code: "INTERNAL",
      message: { en: "Error: socket closed", de: "Error: socket closed" },
    });
  });
});
