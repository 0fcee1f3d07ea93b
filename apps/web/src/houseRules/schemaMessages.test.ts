import { custom } from "@maumau/variant-custom";
import { describe, expect, it } from "vitest";
import { schemaMessages } from "./schemaMessages";

describe("the house-rules editor explains a problem in the page's language (#20.9)", () => {
  const tooMany = { preset: "french", handSize: 11 };

  it("German: a number out of bounds says its bound in words, no English", () => {
    const parsed = custom.optionsSchema.safeParse(tooMany, { error: schemaMessages.de });
    expect(parsed.success).toBe(false);
    const messages = parsed.error!.issues.map((i) => i.message);
    expect(messages).toContain("höchstens 10");
    expect(messages.join(" ")).not.toMatch(/Too big|expected|<=/);
    const few = custom.optionsSchema.safeParse(
      { preset: "french", handSize: 0 },
      {
        error: schemaMessages.de,
      },
    );
    expect(few.error!.issues.map((i) => i.message)).toContain("mindestens 3");
  });

  it("English: the same in English; other issues in zod's English words", () => {
    const parsed = custom.optionsSchema.safeParse(tooMany, { error: schemaMessages.en });
    expect(parsed.error!.issues.map((i) => i.message)).toContain("at most 10");
    const wrong = custom.optionsSchema.safeParse(
      { preset: "french", handSize: "six" },
      {
        error: schemaMessages.en,
      },
    );
    expect(wrong.error!.issues.map((i) => i.message).join(" ")).toMatch(/expected number/);
  });
});
