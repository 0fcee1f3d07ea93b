import { custom } from "@maumau/variant-custom";
import { describe, expect, it } from "vitest";
import { schemaMessages } from "./schemaMessages";

describe("the house-rules editor explains a problem in the page's language (#20.9)", () => {
  const tooMany = { preset: "french", handSize: 11 };

  it("German: zod's German words, no English", () => {
    const parsed = custom.optionsSchema.safeParse(tooMany, { error: schemaMessages.de });
    expect(parsed.success).toBe(false);
    const messages = parsed.error!.issues.map((i) => i.message);
    expect(messages.join(" ")).toMatch(/groß/);
    expect(messages.join(" ")).not.toMatch(/Too big|expected/);
  });

  it("English: zod's English words", () => {
    const parsed = custom.optionsSchema.safeParse(tooMany, { error: schemaMessages.en });
    expect(parsed.error!.issues.map((i) => i.message).join(" ")).toMatch(/Too big/);
  });
});
