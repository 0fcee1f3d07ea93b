// @vitest-environment happy-dom
import type { Lang } from "@maumau/engine";
import type { MatchSummary, SeatView } from "@maumau/client";
import { cleanup, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createI18n } from "../i18n";
import LobbyPage from "./LobbyPage";

/** The lobby's list as the server answers it (`lobby.list`). */
const api = vi.hoisted(() => ({
  lobby: { list: vi.fn(), watch: vi.fn(), unwatch: vi.fn() },
  ruleSets: { list: vi.fn(() => Promise.resolve([])) },
}));
vi.mock("../net/server", () => ({
  server: () => ({ api, onLobbyChange: () => () => undefined, connected: false }),
  useConnection: () => "offline",
}));

afterEach(cleanup);

const seat = (n: number, kind: SeatView["kind"], away = false): SeatView => ({
  seat: n,
  kind,
  name: kind === "human" ? `Player ${n + 1}` : null,
  level: kind === "bot" ? "heuristic" : null,
  away,
});

const summary = (matchId: string, seats: readonly SeatView[]): MatchSummary => ({
  matchId,
  variant: "noris",
  title: null,
  ruleSet: null,
  status: "running",
  seats,
  turnTimerMs: null,
  rematchOf: null,
  continuedFrom: null,
  rematch: null,
  rematchBy: null,
  spectatorsReadOnly: false,
  version: 9,
  createdAt: "2026-01-01T12:00:00.000Z",
  updatedAt: "2026-01-01T12:00:00.000Z",
});

const open = (lang: Lang) =>
  render(
    <I18nextProvider i18n={createI18n(lang)}>
      <LobbyPage variants={[]} lang={lang} />
    </I18nextProvider>,
  );

describe("the lobby's list of matches", () => {
  it("marks a running match where no person sits (bots, free seats, owners away) as bots only", async () => {
    api.lobby.list.mockResolvedValue([
      summary("People01", [seat(0, "human"), seat(1, "bot")]),
      summary("Bots0001", [seat(0, "bot"), seat(1, "bot")]),
      summary("Absent01", [seat(0, "human", true), seat(1, "bot")]),
      summary("LeftSeat", [seat(0, "empty"), seat(1, "bot")]),
    ]);
    for (const [lang, running, bots, note] of [
      ["en", "Running", "Bots only", "its bots play while someone watches"],
      ["de", "Läuft", "Nur Bots", "die Bots spielen, solange jemand zusieht"],
    ] as const) {
      open(lang);
      const row = async (id: string) => {
        await screen.findAllByText(/noris/);
        return document.querySelector<HTMLElement>(`.match-row[data-match="${id}"]`)!;
      };
      const people = await row("People01");
      expect(people.querySelector(".badge")?.textContent).toBe(running);
      expect(people.textContent).not.toContain(note);
      for (const id of ["Bots0001", "Absent01", "LeftSeat"]) {
        const r = await row(id);
        expect(r.getAttribute("data-bots-only")).toBe("true");
        expect(r.querySelector(".badge")?.textContent).toBe(bots);
        expect(r.textContent).toContain(note);
        // Still there to watch: watching wakes its bots up.
        expect(r.querySelector(`a[href="/m/${id}"]`)).not.toBeNull();
      }
      cleanup();
    }
  });
});
