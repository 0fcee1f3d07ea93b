import type { Command, CommandType } from "../core/types.js";
import {
  accept,
  createTableMachine,
  type NamedCheck,
  type TableContext,
} from "../machine/table.js";
import { HEUL_DOCH_CHECKS, heulDochGuardName, heulDochRefusal } from "./checks.js";
import { carryOutHeulDoch } from "./decide.js";
import { destinationOf, isSpecial } from "./predicates.js";
import type { HeulDochRuleSet } from "./ruleSet.js";
import type { HeulDochEvent, HeulDochPhase, HeulDochState } from "./state.js";

export type HeulDochMachineContext = TableContext<HeulDochState>;

/**
 * Where a heul-doch game stands on its chart, as a dotted state path. Public facts only: the
 * phase and whether the draw pile (whose size everyone sees) is empty.
 */
export function heulDochChartPosition(s: HeulDochState): string {
  switch (s.phase) {
    case "idle":
      return "idle";
    case "playing":
      return s.drawPile.length > 0 ? "turn.awaitingCard" : "turn.handsRunningDown";
    case "gameOver":
      return "gameOver";
    case "matchOver":
      return "matchOver";
  }
}

const SPECIAL_EFFECTS: Readonly<Record<string, { rule: string; description: string }>> = {
  catapult: { rule: "H-4.1", description: "the neighbours' top cards fly to the middle pile" },
  towel: { rule: "H-4.2", description: "the player's top card and the named player's swap piles" },
  carousel: { rule: "H-4.3", description: "every top card moves one pile on, left or right" },
  werewolf: { rule: "H-4.4", description: "every top card is turned over" },
};

/** The machine events a carried-out heul-doch command raises, in order. */
export function heulDochRaised(
  before: HeulDochState,
  events: readonly HeulDochEvent[],
  after: HeulDochState,
): string[] {
  const emptied =
    after.phase === "playing" &&
    after.drawPile.length === 0 &&
    (before.phase !== "playing" || before.drawPile.length > 0);
  // The special card's effect, the draw that empties the pile, then who is passed over.
  return [
    ...events.flatMap((e) => (e.type === "special.played" ? [`effect.${e.data.card}`] : [])),
    ...(emptied ? ["drawPile.emptied"] : []),
    ...events.flatMap((e) =>
      e.type === "turn.passedOver" || e.type === "game.ended" || e.type === "match.ended"
        ? [e.type]
        : [],
    ),
  ];
}

/**
 * The machine events one command's events stand for: the command, then what it raised (as the
 * machine's `taken`); empty for the opening of a match.
 */
export function heulDochMachineEvents(
  before: HeulDochState,
  events: readonly HeulDochEvent[],
  after: HeulDochState,
): string[] {
  const first = events[0]?.type;
  const command =
    first === "card.played" || first === "special.played"
      ? "playCard"
      : first === "game.started" && before.phase !== "idle"
        ? "startNextGame"
        : undefined;
  return command === undefined ? [] : [command, ...heulDochRaised(before, events, after)];
}

type Play = Extract<Command, { type: "playCard" }>;
const asPlay = (c: Command): Play | null => (c.type === "playCard" ? c : null);

/**
 * Where a play goes (the four ways of H-3): each is its own transition on the chart, guarded by
 * the way and the checks that can fail for it (`checks`: rule ids of `HEUL_DOCH_CHECKS`; the
 * others pass for every play of that way, e.g. H-3.2 only concerns a card kept face up).
 */
const WAYS: readonly (NamedCheck<HeulDochState> & { checks: readonly string[] })[] = [
  {
    checks: ["H-3.4", "H-3.3", "H-3.1a"],
    name: "H-3.1a a number card given face up to a neighbour's pile",
    passes: (_s, c) => {
      const p = asPlay(c);
      return p !== null && !isSpecial(p.card) && p.faceDown !== true && destinationOf(p) !== p.seat;
    },
  },
  {
    checks: ["H-3.1b", "H-3.2"],
    name: "H-3.1b a number card kept face up on the own pile",
    passes: (_s, c) => {
      const p = asPlay(c);
      return p !== null && !isSpecial(p.card) && p.faceDown !== true && destinationOf(p) === p.seat;
    },
  },
  {
    checks: ["H-3.1c"],
    name: "H-3.1c a number card laid face down on the own pile as an onion",
    passes: (_s, c) => {
      const p = asPlay(c);
      return p !== null && !isSpecial(p.card) && p.faceDown === true;
    },
  },
  {
    checks: ["H-3.1", "H-4.2", "H-4.3"],
    name: "H-4 a special card played to the middle",
    passes: (_s, c) => {
      const p = asPlay(c);
      return p !== null && isSpecial(p.card);
    },
  },
];

/**
 * heul-doch's statechart: a turn while the draw pile lasts (play one card, then draw one),
 * then while the hands run down (players without cards are passed over), game over, match
 * over. A play is one of the four ways of H-3 (to a neighbour, kept, an onion, a special card
 * to the middle), each a transition guarded by the H- rule checks; a special card raises its
 * effect (`effect.catapult`, `effect.towel`, `effect.carousel`, `effect.werewolf`). A rule set
 * without special cards has no special transition and no effects.
 */
export function createHeulDochMachine(rules?: HeulDochRuleSet) {
  const specials = rules?.specials ?? true;
  const checks = new Map<string, NamedCheck<HeulDochState>>();
  const named = (phase: HeulDochPhase, type: CommandType, only?: readonly string[]): string[] =>
    HEUL_DOCH_CHECKS[phase][type]
      .filter(
        (check) =>
          only === undefined ||
          (check.code !== "ILLEGAL_MOVE" && check.code !== "CHOICE_REQUIRED") ||
          only.includes(check.rule ?? ""),
      )
      .map((check) => {
        const name = heulDochGuardName(check);
        checks.set(name, { name, passes: check.passes });
        return name;
      });
  for (const way of WAYS) checks.set(way.name, way);
  const ways = specials ? WAYS : WAYS.slice(0, 3);

  const T = (path: string) => `#heulDoch.${path}`;
  const plays = (target: string) =>
    ways.map((way) =>
      accept(
        [...named("playing", "playCard", way.checks), way.name],
        target,
        "the card is placed, a card drawn (H-3.6), the turn passes",
      ),
    );
  const effects = (target: string) =>
    specials
      ? Object.fromEntries(
          Object.entries(SPECIAL_EFFECTS).map(([card, { rule, description }]) => [
            `effect.${card}`,
            { target, description: `${rule}: ${description}` },
          ]),
        )
      : {};

  const states: Record<string, unknown> = {
    idle: { description: "No game dealt yet" },
    turn: {
      description: "H-3: the game runs; the seat on turn plays one hand card",
      initial: "awaitingCard",
      on: {
        "game.ended": {
          target: T("gameOver"),
          description: "H-6.1: every hand is empty; the piles are scored (H-6.2)",
        },
      },
      states: {
        awaitingCard: {
          description:
            "Play one hand card: onto a neighbour's pile, your own pile, face down as an onion, or a special card to the middle; then draw one",
          on: {
            playCard: plays(T("turn.awaitingCard")),
            ...effects(T("turn.awaitingCard")),
            "drawPile.emptied": {
              target: T("turn.handsRunningDown"),
              description: "H-3.6: the last card was drawn",
            },
          },
        },
        handsRunningDown: {
          description:
            "H-3.6: the draw pile is empty; play on without drawing, players without cards are passed over",
          on: {
            playCard: plays(T("turn.handsRunningDown")),
            ...effects(T("turn.handsRunningDown")),
            "turn.passedOver": {
              target: T("turn.handsRunningDown"),
              description: "H-3.6: a player without cards is passed over",
            },
          },
        },
      },
    },
    gameOver: {
      description: "H-6.2: the piles are scored; the match goes on (H-6.4)",
      on: {
        startNextGame: accept(
          named("gameOver", "startNextGame"),
          T("turn.awaitingCard"),
          "H-2.1: the next game is dealt",
        ),
        "match.ended": {
          target: T("matchOver"),
          description: "H-6.4: the last game of the match was played",
        },
      },
    },
    matchOver: { description: "H-6.3/H-6.4: the match is over" },
  };
  return createTableMachine<HeulDochState, HeulDochEvent>({
    id: "heulDoch",
    description: "Heul doch! Mau Mau: personal piles, the neighbour rule, onions, special cards",
    checks: [...checks.values()],
    stateGuards: {},
    refusalFor: (s, c) => heulDochRefusal(s, c),
    carryOut: carryOutHeulDoch,
    raised: heulDochRaised,
    states,
    initial: "turn",
  });
}

export type HeulDochMachine = ReturnType<typeof createHeulDochMachine>;
