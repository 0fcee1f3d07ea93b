// @vitest-environment happy-dom
import type { ViewEvent } from "@maumau/client";
import type { Lang } from "@maumau/engine";
import { botMatchLog } from "@maumau/engine/testing";
import { findVariant } from "@maumau/registry";
import { cleanup, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { createI18n } from "../i18n";
import { Fairness } from "./Fairness";
import { buildReplay } from "./replayLog";

afterEach(cleanup);

/** A finished noris match as `game.history` answers it, its first game's commitment forged. */
function forged(): readonly ViewEvent[] {
  const lobby = [
    { type: "lobby.created", data: { variant: "noris", seats: 2, options: {} } },
    { type: "seat.claimed", data: { seat: 0, name: "Anna", tokenHash: "x" } },
    { type: "bot.seated", data: { seat: 1, level: "heuristic" } },
  ];
  const match = botMatchLog(findVariant("noris")!, { players: 2, seed: "forged", options: {} });
  let first = true;
  return [...lobby, ...match].map((e, i) => {
    let data = e.data ?? null;
    if (e.type === "game.started" && first) {
      first = false;
      data = { ...(data as object), commitment: "0".repeat(64) };
    }
    return { version: i + 1, type: e.type, data, at: new Date(Date.UTC(2026, 0, 1)).toISOString() };
  });
}

function shown(lang: Lang): string {
  render(
    <I18nextProvider i18n={createI18n(lang)}>
      <Fairness replay={buildReplay("noris", forged())} lang={lang} />
    </I18nextProvider>,
  );
  return screen.getByRole("status").textContent ?? "";
}

describe("the replay page's fairness check", () => {
  it("names a problem in German on the German page, in the engine's German words", () => {
    expect(shown("de")).toBe(
      "Das Protokoll belegt sein Mischen nicht: Spiel 1: die Festlegung passt nicht zum Startwert",
    );
  });

  it("names it in English on the English page", () => {
    expect(shown("en")).toBe(
      "The log does not prove its shuffles: game 1: the commitment is wrong",
    );
  });
});
