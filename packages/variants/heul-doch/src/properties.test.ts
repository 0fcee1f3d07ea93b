import { heulDochEventLeak, heulDochViewLeak } from "@maumau/engine/testing/leaks";
import {
  GameDriver,
  countCards,
  createRng,
  isRefusal,
  pileTop,
  type BotLevel,
  type CardCode,
  type Command,
  type HeulDochEvent,
  type HeulDochState,
  type Viewer,
} from "@maumau/engine";
import { playAndCheck } from "@maumau/engine/testing/properties";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { heulDoch } from "./index.js";

const levels = fc.constantFrom<BotLevel[]>(["random"], ["heuristic"], ["random", "heuristic"]);

const CODE =
  /^(red|orange|yellow|green|blue|purple|black)\/[1-7]$|^(catapult|towel|carousel|werewolf)$/;
const codesIn = (x: unknown, out: CardCode[] = []): CardCode[] => {
  if (typeof x === "string") {
    if (CODE.test(x)) out.push(x);
  } else if (Array.isArray(x)) for (const y of x) codesIn(y, out);
  else if (x && typeof x === "object")
    for (const [k, v] of Object.entries(x)) if (k !== "rules") codesIn(v, out);
  return out;
};

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
  return [...countCards(codesIn(shown))].flatMap(([c, n]) => (n > (may.get(c) ?? 0) ? [c] : []));
};

/** Any command at all, legal or not: for comparing how actor and decider refuse. */
const junk = (random: () => number, deck: readonly CardCode[], players: number): Command => {
  const r = (n: number) => Math.floor(random() * n);
  const kinds: Command[] = [
    {
      type: "playCard",
      seat: r(players),
      card: deck[r(deck.length)]!,
      ...(random() < 0.5 ? { to: r(players + 1) } : {}),
      ...(random() < 0.3 ? { faceDown: random() < 0.5 } : {}),
      ...(random() < 0.3 ? { target: r(players + 1) } : {}),
      ...(random() < 0.3 ? { direction: random() < 0.5 ? "left" : "right" } : {}),
    },
    { type: "drawCard", seat: r(players) },
    { type: "pass", seat: r(players) },
    { type: "startNextGame" },
  ];
  return kinds[r(kinds.length)]!;
};

describe("heul-doch: properties over random bot games", () => {
  it("1,000 first games: replay = live, actor = decider, cards conserved, views and events hide secrets, every game ends", () => {
    let games = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 3, max: 6 }),
        levels,
        fc.boolean(),
        fc.boolean(),
        (seed, players, lv, specials, memory) => {
          const stats = playAndCheck({
            variant: heulDoch,
            players,
            seed,
            options: { specials, memory },
            levels: lv,
            // Every turn plays one hand card: the game lasts the deck less the first pile cards.
            maxMoves: specials ? 110 : 98,
            leaks: heulDochViewLeak,
            eventLeaks: heulDochEventLeak,
            compareActor: seed % 10 === 0,
          });
          expect(stats.moves).toBe((specials ? 110 : 98) - players);
          games++;
        },
      ),
      { numRuns: 1000 },
    );
    expect(games).toBe(1000);
  }, 600_000);

  it("multi-game matches: every event as each viewer sees it hides what it must; actor and decider agree on every command, legal or not; replay deep-equals the live state", () => {
    let games = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 3, max: 6 }),
        fc.integer({ min: 2, max: 3 }),
        fc.boolean(),
        fc.boolean(),
        (seed, players, matchGames, specials, memory) => {
          const options = { specials, memory, games: matchGames, first: seed % players };
          const open = { players, options, seed };
          const live = GameDriver.open(heulDoch, open);
          const actor = GameDriver.open(heulDoch, open, "machine");
          if (isRefusal(live) || isRefusal(actor)) throw new Error("cannot open");
          const deck = heulDoch.deckFor({ specials, memory, first: 0, games: 1 });
          const viewers: Viewer[] = [...Array.from({ length: players }, (_, i) => i), "spectator"];
          const random = createRng(seed, 11);
          const engine = live.engine;
          const fail = (what: string): never => {
            throw new Error(`seed ${seed}, ${players} players, ${live.version} events: ${what}`);
          };
          const send = (c: Command) => {
            const before = live.state as HeulDochState;
            const a = live.dispatch(c);
            const b = actor.dispatch(c);
            if (JSON.stringify(a) !== JSON.stringify(b))
              fail(`actor and decider disagree on ${JSON.stringify(c)}`);
            if (!a.ok) return;
            const after = live.state as HeulDochState;
            for (const e of a.events as HeulDochEvent[]) {
              if (e.type === "game.ended" || e.type === "match.ended") continue;
              for (const v of viewers) {
                const seen = engine.eventFor(e, v);
                const allowed =
                  e.type === "special.returned" ? [e.data.card] : publicCards(before, after, v);
                const leak = leakIn(seen, allowed);
                if (leak.length) fail(`${e.type} shows ${String(v)} ${leak.join(", ")}`);
                const hidden = heulDochEventLeak(seen, v);
                if (hidden) fail(`${e.type} for ${String(v)}: ${hidden}`);
              }
            }
            if (
              leakIn(engine.cardsInPlay(after), deck).length ||
              engine.cardsInPlay(after).length !== deck.length
            )
              fail("cards not conserved");
          };
          for (let moves = 0; ; moves++) {
            expect(moves).toBeLessThan(matchGames * deck.length + 50);
            const { status, toAct } = live.progress();
            if (status === "matchOver") break;
            if (random() < 0.2) send(junk(random, deck, players));
            if (live.progress().status === "gameOver") {
              games++;
              expect(engine.replay(live.events)).toEqual(live.state);
              send({ type: "startNextGame" });
              continue;
            }
            const seat = live.progress().toAct ?? toAct;
            if (seat === null) continue;
            const level = (seat + seed) % 2 === 0 ? "heuristic" : "random";
            send(live.botMove(seat, level, random));
          }
          games++;
          expect(live.progress().game).toBe(matchGames);
          expect(engine.replay(live.events)).toEqual(live.state);
          expect(actor.events).toEqual(live.events);
          actor.stop();
        },
      ),
      { numRuns: 40 },
    );
    expect(games).toBeGreaterThanOrEqual(2 * 40);
  }, 600_000);
});
