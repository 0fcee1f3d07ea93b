import { custom, problemText } from "@maumau/variant-custom";
import { describe, expect, it } from "vitest";
import { createI18n } from "../i18n";
import { issueText, schemaMessages } from "./schemaMessages";

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

describe("issueText: a problem the schema names, in the page's language", () => {
  /** The editor's text of each issue of `input`, in `lang`. */
  const texts = (input: unknown, lang: "en" | "de") => {
    const parsed = custom.optionsSchema.safeParse(input, { error: schemaMessages[lang] });
    expect(parsed.success).toBe(false);
    return parsed.error!.issues.map((i) => issueText(i, createI18n(lang).t, lang));
  };

  it("a problem that names no other option: the variant's words (the server's), in either language", () => {
    const unDealt = { preset: "french", handSize: 10, players: { max: 6 } };
    const problem = { problem: "cannotDeal", players: 6, size: 10, cards: 52 } as const;
    expect(texts(unDealt, "en")).toEqual([problemText(problem).en]);
    expect(texts(unDealt, "de")).toEqual([problemText(problem).de]);
    expect(texts(unDealt, "de")[0]).toMatch(/^6 Spieler × 10 Karten/);
  });

  it("a problem that names another option: the page's words, naming the field by its label", () => {
    const capped = { preset: "french", turn: { drawCap: 3 } };
    expect(texts(capped, "en")).toEqual(["a draw cap needs “Draw until a card fits”"]);
    expect(texts(capped, "de")).toEqual(["eine Ziehgrenze braucht „Ziehen, bis eine Karte passt“"]);
  });

  it("any other issue as zod wrote it in the page's language", () => {
    expect(texts({ preset: "french", handSize: 2 }, "de")).toEqual(["mindestens 3"]);
  });
});
