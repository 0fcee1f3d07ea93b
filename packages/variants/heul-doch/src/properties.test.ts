import { codesIn, heulDochLeaks } from "@maumau/engine/testing/leaks";
import {
  countCards,
  pileTop,
  type AnyEngine,
  type CardCode,
  type HeulDochEvent,
  type HeulDochState,
  type Viewer,
} from "@maumau/engine";
import { checkProperties } from "@maumau/engine/testing/properties";
import { describe, expect, it } from "vitest";
import { heulDoch } from "./index.js";

const CODE =
  /^(red|orange|yellow|green|blue|purple|black)\/[1-7]$|^(catapult|towel|carousel|werewolf)$/;

/** What `viewer` may know around an event: own hand, face-up tops and the middle, before and after. */
function publicCards(before: HeulDochState, after: HeulDochState, viewer: Viewer): CardCode[] {
  const of = (s: HeulDochState) => [
    ...(viewer === "spectator" ? [] : (s.hands[viewer] ?? [])),
    ...s.piles.flatMap((p) => {
      const top = pileTop(p);
      return top && !top.faceDown ? [top.card] : [];
    }),
    ...s.middle,
  ];
  return [...of(before), ...of(after)];
}

/** No card code in `shown` more often than in `allowed`. */
const leakIn = (shown: unknown, allowed: readonly CardCode[]): CardCode[] => {
  const may = countCards(allowed);
  return [...countCards(codesIn(shown, CODE))].flatMap(([c, n]) =>
    n > (may.get(c) ?? 0) ? [c] : [],
  );
};

/** What each event shows each viewer, against the public cards before and after it. */
const eventShowsOnlyPublicCards = ({
  engine,
  before,
  after,
  events,
  viewers,
}: {
  readonly engine: AnyEngine;
  readonly before: unknown;
  readonly after: unknown;
  readonly events: readonly { type: string }[];
  readonly viewers: readonly Viewer[];
}): string | null => {
  for (const e of events as HeulDochEvent[]) {
    if (e.type === "game.ended" || e.type === "match.ended") continue;
    for (const v of viewers) {
      const allowed =
        e.type === "special.returned"
          ? [e.data.card]
          : publicCards(before as HeulDochState, after as HeulDochState, v);
      const leak = leakIn(engine.eventFor(e, v), allowed);
      if (leak.length) return `${e.type} shows ${String(v)} ${leak.join(", ")}`;
    }
  }
  return null;
};

/** Every turn plays one hand card: a game lasts the deck less the first pile cards. */
const turnsPerGame = (specials: boolean, players: number) => (specials ? 110 : 98) - players;

const optionSets = [false, true].flatMap((specials) =>
  [false, true].map((memory) => ({ specials, memory })),
);

describe("heul-doch: properties over random bot games (the engine's harness)", () => {
  it("1,000 first games: faulty commands refused without a change, legal moves accepted, replay = live, machine = decide, cards conserved, views and events hide secrets, every game ends", () => {
    const played = checkProperties(heulDoch, heulDochLeaks, {
      options: optionSets,
      afterCommand: eventShowsOnlyPublicCards,
      afterRun: (stats, run) => {
        const specials = (run.options as { specials: boolean }).specials;
        expect(stats.accepted).toBe(turnsPerGame(specials, run.players));
      },
    });
    expect(played).toBe(1000);
  }, 600_000);

  it("multi-game matches: the same after every command, the machine beside every command; every game of the match ends", () => {
    const matches = optionSets.flatMap((o) =>
      [2, 3].flatMap((games) => [0, 1, 2].map((first) => ({ ...o, games, first }))),
    );
    const played = checkProperties(heulDoch, heulDochLeaks, {
      runs: 40,
      options: matches,
      until: "match",
      machineEvery: 1,
      afterCommand: eventShowsOnlyPublicCards,
      afterRun: (stats, run) => {
        const { specials, games } = run.options as { specials: boolean; games: number };
        expect(stats.games).toBe(games);
        expect(stats.ended).toBe("matchOver");
        expect(stats.accepted).toBe(games * turnsPerGame(specials, run.players));
      },
    });
    expect(played).toBe(40);
  }, 600_000);
});
