import { describe, expect, it } from "vitest";
import { isShowableText, showable } from "./shownText.js";

describe("text that shows as text (names, chat lines)", () => {
  it("refuses a terminal's escapes, line breaks and bidi overrides; keeps every script and emoji", () => {
    for (const bad of [
      "\u001b]0;PWNED\u0007",
      "\u001b[2J",
      "a\nb",
      "a\rb",
      "tab\there",
      "del\u007f",
      "c1\u009b31m",
      "\u202eevil",
      "iso\u2066late\u2069",
      "line\u2028sep",
      // Shows as nothing, or spills over the lines around it.
      "\u3164",
      "A\u200bnna",
      "\ufeffBen",
      "Z\u0301\u0302\u0303\u0304algo",
    ])
      expect(isShowableText(bad), JSON.stringify(bad)).toBe(false);
    for (const good of [
      "Anna",
      "Jürgen Groß",
      "שלום",
      "مرحبا",
      "李雷",
      "👩‍👩‍👧 Familie",
      "ok!?",
      // Decomposed accents (two marks on a letter: Vietnamese) and a Persian non-joiner.
      "Nguye\u0302\u0303n",
      "می\u200cخواهم",
    ])
      expect(isShowableText(good), good).toBe(true);
  });

  it("shows what it refuses as spaces, so that nothing reaches a terminal as a command", () => {
    expect(showable("\u001b]0;PWNED\u0007EVIL")).toBe(" ]0;PWNED EVIL");
    expect(showable("\u202eevil\u2069")).toBe(" evil ");
    expect(showable("Anna")).toBe("Anna");
  });
});
