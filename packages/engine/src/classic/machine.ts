import { ruleBranch } from "../core/branches.js";
import type { CommandType } from "../core/types.js";
import {
  accept,
  createTableMachine,
  type NamedCheck,
  type TableContext,
} from "../machine/table.js";
import { CHECKS, guardName, refusalFor, type Check } from "./checks.js";
import { carryOutClassic } from "./decide.js";
import type { ClassicRuleSet, EffectKind } from "./ruleSet.js";
import { effectOf } from "./predicates.js";
import { handOf, type ClassicEvent, type ClassicState, type Phase } from "./state.js";

export type ClassicMachineContext = TableContext<ClassicState>;

/**
 * Where a classic game stands on its chart, as a dotted state path. A function of public
 * facts only (phase, whose turn it is, the pending draw, the wished colour): it never tells
 * more than the table shows. `turn.drawnCard` means the player who drew still acts, which
 * everyone sees (the turn did not pass).
 */
export function classicChartPosition(s: ClassicState): string {
  switch (s.phase) {
    case "idle":
      return "idle";
    case "cutting":
      return "dealing.cutting";
    case "choosingColour":
      return "dealing.choosingColour";
    case "drawnCard":
      return "turn.drawnCard";
    case "playAgain":
      return "turn.playAgain";
    case "playing":
      if (s.pendingDraw > 0) return "turn.underPenalty";
      return s.wish !== null ? "turn.wishInForce" : "turn.awaitingPlay";
    case "gameOver":
      return "gameOver";
    case "matchOver":
      return "matchOver";
  }
}

/** The machine events a carried-out classic command raises: its effects, in order, then the end. */
export function classicRaised(events: readonly ClassicEvent[]): string[] {
  const out: string[] = [];
  for (const e of events)
    switch (e.type) {
      case "card.played":
        if (e.data.wish !== null) out.push("effect.wish");
        break;
      case "colour.requested":
        out.push("effect.wish");
        break;
      case "penalty.raised":
        out.push("effect.draw");
        break;
      case "direction.reversed":
        out.push("effect.reverse");
        break;
      case "player.skipped":
        out.push("effect.skip");
        break;
      case "playAgain.required":
        out.push("effect.playAgain");
        break;
      case "cards.drawn":
        if (e.data.playable) out.push("drawnCard.offered");
        break;
      case "game.ended":
      case "match.ended":
        out.push(e.type);
        break;
      default:
        break;
    }
  return out;
}

/** The command whose events open with this event (each command's first event is its own). */
const OPENERS: Readonly<Partial<Record<ClassicEvent["type"], CommandType>>> = {
  "card.played": "playCard",
  "call.missed": "playCard",
  "cards.drawn": "drawCard",
  "pile.reshuffled": "drawCard",
  "turn.started": "pass",
  "colour.chosen": "chooseColour",
  "deck.cut": "cut",
  "game.started": "startNextGame",
};

/**
 * The machine events one command's events stand for: the command, then what it raised (as the
 * machine's `taken`); empty for the opening of a match. Lets a log read back from a store
 * tell what its last command took without running it again.
 */
export function classicMachineEvents(events: readonly ClassicEvent[]): string[] {
  const command = events[0] === undefined ? undefined : OPENERS[events[0].type];
  return command === undefined ? [] : [command, ...classicRaised(events)];
}

const STATE_GUARDS = {
  "a wish is in force": (s: ClassicState) => s.wish !== null,
  "the dealer names the colour of the wish starter": (s: ClassicState) =>
    s.phase === "choosingColour",
} as const;

/**
 * The classic family's statechart for one rule set. Its states are the ones a player names
 * (dealing: cutting, the dealer choosing the starter's colour; a turn: awaiting a play,
 * under a pending draw, a wish in force, the card just drawn, playing again; game over,
 * match over), built from the rules: a rule set without a draw card has no `underPenalty`
 * and no `effect.draw`, one without a cut no `cutting`. Playing a card raises its effects as
 * events (`effect.draw`, `effect.skip`, `effect.reverse`, `effect.wish`,
 * `effect.playAgain`), and the chart says where each leads. Guards are the rule checks of
 * `CHECKS`, named after the variant's rule ids; a command no transition accepts is refused
 * at the root with the first failed check (FORMAT precedence) and changes nothing.
 */
export function createClassicMachine(rules: ClassicRuleSet) {
  const ids = rules.ruleIds;
  const kinds = new Set<EffectKind>(Object.values(rules.effects).map((e) => e.kind));
  const has = (k: EffectKind) => kinds.has(k);
  const starterWish = rules.starterEffects && has("wish");
  const cut = rules.cut.enabled;
  const dealing = cut || starterWish;
  const drawnCard = rules.playAfterDraw || rules.drawUntilPlayable || has("playAgain");
  const takeBack =
    rules.calls.mauMau.required && rules.calls.mauMau.takeBack && ruleBranch("machine", "B-5.3");

  const checks = new Map<string, NamedCheck<ClassicState>>();
  // A check that always passes in a chart state is left out of its guard (the state says so):
  // with a draw pending the top card does not matter, without one nothing answers it. The
  // differential test holds the machine to `decide` on every command.
  const named = (phase: Phase, type: CommandType, omit: readonly string[] = []): string[] =>
    CHECKS[phase][type]
      .filter((check) => !omit.includes(check.label))
      .map((check: Check) => {
        const name = guardName(check, ids);
        const known = checks.get(name);
        if (known !== undefined && known.passes !== check.passes)
          throw new Error(`two checks share the guard name "${name}"`);
        checks.set(name, { name, passes: check.passes });
        return name;
      });
  const takeBackName = `${ids.mauMau ?? "B-5.3"} a last card without "Mau-Mau" goes back into the hand`;
  if (takeBack)
    checks.set(takeBackName, {
      name: takeBackName,
      passes: (s, c) =>
        c.type === "playCard" &&
        handOf(s, c.seat).length === 1 &&
        !(effectOf(rules, c.card)?.kind === "playAgain" && rules.playAgainCannotFinish) &&
        c.mauMau !== true,
    });

  const T = (path: string) => `#classic.${path}`;
  const next = T("turn.awaitingPlay");
  const NO_PENDING = ["only a draw card answers a pending draw"];
  const PENDING = ["matches the top card"];
  const play = (phase: Phase, omit: readonly string[] = NO_PENDING) =>
    accept(named(phase, "playCard", omit), next, "the card is played; the next seat's turn");
  // C-1.8d/C-3.2/C-3.4: what a draw does under these rules, as the chart tells it.
  const drawText = [
    rules.drawUntilPlayable
      ? `draws until a card fits${rules.drawCap === undefined ? "" : ` (at most ${rules.drawCap})`}`
      : "draws",
    rules.emptyStock === "pass" ? "an empty draw pile is not refilled" : null,
    "the turn passes unless the drawn card is offered",
  ]
    .filter((part) => part !== null)
    .join("; ");
  const draw = (phase: Phase, target = next) => accept(named(phase, "drawCard"), target, drawText);
  const offered = drawnCard
    ? {
        "drawnCard.offered": {
          target: T("turn.drawnCard"),
          description: "the card just drawn fits and may be played at once",
        },
      }
    : {};

  const effects: Record<string, unknown> = {};
  if (has("draw"))
    effects["effect.draw"] = {
      target: T("turn.underPenalty"),
      description: "the next seat must draw or answer with a draw card",
    };
  if (has("skip"))
    effects["effect.skip"] = { target: next, description: "the next seat is skipped" };
  if (has("reverse"))
    effects["effect.reverse"] = { target: next, description: "the direction of play turns" };
  if (has("playAgain"))
    effects["effect.playAgain"] = {
      target: T("turn.playAgain"),
      description: "the same player plays again",
    };
  if (has("wish"))
    effects["effect.wish"] = [
      ...(starterWish
        ? [
            {
              guard: "the dealer names the colour of the wish starter",
              target: T("dealing.choosingColour"),
              description: "a wish card turned up as the starter: the dealer names the colour",
            },
          ]
        : []),
      { target: T("turn.wishInForce"), description: "the named colour must follow" },
    ];

  const turn: Record<string, unknown> = {
    awaitingPlay: {
      description: "A turn: play a card that matches the top card, or draw",
      on: { playCard: play("playing"), drawCard: draw("playing"), ...effects, ...offered },
    },
  };
  if (has("draw"))
    turn.underPenalty = {
      description: "A draw is pending: answer it with a draw card or draw the cards",
      on: { playCard: play("playing", PENDING), drawCard: draw("playing") },
    };
  if (has("wish"))
    turn.wishInForce = {
      description: "A colour was wished: play that colour (or a wish card), or draw",
      on: {
        playCard: [
          ...(takeBack
            ? [
                accept(
                  [...named("playing", "playCard", NO_PENDING), takeBackName],
                  T("turn.wishInForce"),
                  "the last card goes back into the hand; the wish stays",
                ),
              ]
            : []),
          play("playing"),
        ],
        drawCard: draw("playing", T("turn.wishInForce")),
        ...offered,
      },
    };
  if (drawnCard)
    turn.drawnCard = {
      description: "The card just drawn fits: play it or pass",
      on: {
        playCard: play("drawnCard", []),
        pass: [
          ...(has("wish")
            ? [
                accept(
                  [...named("drawnCard", "pass"), "a wish is in force"],
                  T("turn.wishInForce"),
                  "passes; the wish stays",
                ),
              ]
            : []),
          accept(named("drawnCard", "pass"), next, "passes; the next seat's turn"),
        ],
      },
    };
  if (has("playAgain"))
    turn.playAgain = {
      description: "The same player must play again (or draw)",
      on: { playCard: play("playAgain"), drawCard: draw("playAgain") },
    };

  const opening = cut ? T("dealing.cutting") : next;
  const states: Record<string, unknown> = {
    idle: {
      description: "No game dealt yet",
      on: {
        startNextGame: accept(named("idle", "startNextGame"), opening, "the first game is dealt"),
      },
    },
  };
  if (dealing)
    states.dealing = {
      description: "The game is being set up",
      initial: cut ? "cutting" : "choosingColour",
      states: {
        ...(cut
          ? {
              cutting: {
                description: "The dealer's right neighbour cuts the deck",
                on: {
                  cut: accept(
                    named("cutting", "cut"),
                    next,
                    "the cards are dealt and the starter turned up",
                  ),
                },
              },
            }
          : {}),
        ...(starterWish
          ? {
              choosingColour: {
                description: "The dealer names the colour for a wish-card starter",
                on: {
                  chooseColour: accept(
                    named("choosingColour", "chooseColour"),
                    T("turn.wishInForce"),
                    "the named colour must follow",
                  ),
                },
              },
            }
          : {}),
      },
    };
  states.turn = {
    description: "The game runs: one seat acts",
    initial: "awaitingPlay",
    on: {
      "game.ended": {
        target: T("gameOver"),
        description: "the last card was played, or nobody could move",
      },
    },
    states: turn,
  };
  states.gameOver = {
    description: "The game is over and scored; the match goes on",
    on: {
      startNextGame: accept(named("gameOver", "startNextGame"), opening, "the next game is dealt"),
      "match.ended": { target: T("matchOver"), description: "the match end is reached" },
    },
  };
  states.matchOver = { description: "The match is over" };

  return createTableMachine<ClassicState, ClassicEvent>({
    id: "classic",
    description: "A classic shedding game (noris, Tabaluga, French, Bavarian, house rules)",
    checks: [...checks.values()],
    stateGuards: STATE_GUARDS,
    refusalFor,
    carryOut: carryOutClassic,
    raised: (_before, events) => classicRaised(events),
    states,
    initial: cut ? "dealing" : "turn",
  });
}

export type ClassicMachine = ReturnType<typeof createClassicMachine>;
