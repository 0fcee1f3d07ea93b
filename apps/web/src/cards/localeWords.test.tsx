// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { createI18n } from "../i18n";
import { TableSettings } from "../motion/TableSettings";
import { Card } from "./Card";

afterEach(cleanup);

describe("words on the cards and the table's settings come from the locales", () => {
  it("a Heul doch! special card's face reads in the card's language", () => {
    const word = (code: string, lang: "de" | "en") => {
      const { container, unmount } = render(<Card code={code} style="heul-doch" lang={lang} />);
      const text = container.querySelector("text")?.textContent;
      unmount();
      return text;
    };
    expect(word("towel", "en")).toBe("TOWEL");
    expect(word("towel", "de")).toBe("STRANDTUCH");
    expect(word("werewolf", "de")).toBe("WERWOLF");
    expect(word("catapult", "de")).toBe("KATAPULT");
  });

  it("the table's settings are labelled in German, and a replay's show only the symbols", () => {
    const { unmount } = render(
      <I18nextProvider i18n={createI18n("de")}>
        <TableSettings />
      </I18nextProvider>,
    );
    expect(screen.getByRole("combobox", { name: "Kartentempo" })).toBeTruthy();
    expect(screen.getByRole("option", { name: "Langsam" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Ton an" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Farbsymbole" })).toBeTruthy();
    unmount();
    render(
      <I18nextProvider i18n={createI18n("en")}>
        <TableSettings motion={false} />
      </I18nextProvider>,
    );
    expect(screen.queryByRole("combobox")).toBeNull();
    expect(screen.getAllByRole("button").map((b) => b.getAttribute("aria-label"))).toEqual([
      "Colour symbols",
    ]);
  });
});
