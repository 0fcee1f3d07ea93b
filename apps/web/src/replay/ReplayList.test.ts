import { describe, expect, it } from "vitest";
import { finishedAt } from "./ReplayList";

describe("finishedAt: when a finished match ended, as the replays list shows it", () => {
  const iso = "2026-11-29T21:01:52.000Z";

  it("English names the month (no day/month order to guess) and stops at the minute", () => {
    const text = finishedAt(iso, "en");
    expect(text).toMatch(/^(Nov 29|Nov 30), 2026, \d{1,2}:\d{2}\s?[AP]M$/);
    expect(text).not.toMatch(/:52/);
  });

  it("German writes day.month.year and the 24-hour time, to the minute", () => {
    expect(finishedAt(iso, "de")).toMatch(/^(29|30)\.11\.2026, \d{2}:\d{2}$/);
  });
});
