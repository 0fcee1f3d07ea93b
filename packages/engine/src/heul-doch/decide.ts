import { isPermutationOf, type CardCode } from "../cards/codes.js";
import { commitmentOf, createRng, isSeed, seededShuffle } from "../cards/rng.js";
import type { MatchSetup } from "../core/engine.js";
import { refuse, type Command, type CommandOf, type Refusal, type Seat } from "../core/types.js";
import { heulDochRefusal, unknownCommand } from "./checks.js";
import { evolveHeulDoch } from "./evolve.js";
import type { HeulDochRules } from "./ruleset.js";
import {
  bestSeats,
  carouselMoves,
  catapultVictims,
  destinationOf,
  firstOfGame,
  fullDeck,
  isSpecial,
  nextToAct,
  returnIndex,
  scorePile,
  towelMoves,
  werewolfTops,
} from "./rules.js";
import type { CarouselDirection, HeulDochEvent, HeulDochState } from "./state.js";

/** Collects events while folding them, so each step decides on the state so far. */
class Tx {
  readonly events: HeulDochEvent[] = [];
  constructor(public state: HeulDochState) {}
  emit(event: HeulDochEvent): void {
    this.events.push(event);
    this.state = evolveHeulDoch(this.state, event);
  }
}

/** decide(state, command) → the events it causes, or why it is refused. Pure. */
export function decideHeulDoch(s: HeulDochState, c: Command): HeulDochEvent[] | Refusal {
  if (typeof c !== "object" || c === null || typeof (c as { type?: unknown }).type !== "string")
    return unknownCommand;
  return heulDochRefusal(s, c) ?? outcomeHeulDoch(s, c);
}

/** The events of a command that passed every check. */
export const outcomeHeulDoch = (s: HeulDochState, c: Command): HeulDochEvent[] =>
  carryOutHeulDoch(s, c).events;

/** Carries out a command that passed every check: its events and the state after them. */
export function carryOutHeulDoch(
  s: HeulDochState,
  c: Command,
): { events: HeulDochEvent[]; state: HeulDochState } {
  const tx = new Tx(s);
  if (c.type === "playCard") play(tx, c);
  else if (c.type === "startNextGame") startGame(tx, s.game + 1, null);
  return { events: tx.events, state: tx.state };
}

/** The events that open a match and deal its first game, or why the set-up is invalid. */
export function startHeulDochMatch(setup: MatchSetup<HeulDochRules>): HeulDochEvent[] | Refusal {
  const { rules, players, seed } = setup;
  const dealer = setup.dealer ?? 0;
  const bad = (en: string, de: string) => refuse("INVALID_COMMAND", { en, de });
  if (!Number.isInteger(players) || players < rules.players.min || players > rules.players.max)
    return bad(
      `players must be ${rules.players.min}–${rules.players.max}`,
      `Spielerzahl muss ${rules.players.min}–${rules.players.max} sein`,
    );
  if (!Number.isInteger(dealer) || dealer < 0 || dealer >= players)
    return bad("the dealer must be a seat", "Der Geber muss ein Platz sein");
  if (!Number.isInteger(rules.first) || rules.first < 0 || rules.first >= players)
    return bad("option first must be a seat", "Option first muss ein Platz sein");
  if (!Number.isInteger(rules.games) || rules.games < 1)
    return bad("option games must be at least 1", "Option games muss mindestens 1 sein");
  if (!isSeed(seed))
    return bad(
      "the seed must be a string of 1–256 characters or an integer",
      "Der Seed muss eine Zeichenkette (1–256 Zeichen) oder ganzzahlig sein",
    );
  if (setup.deck && !isPermutationOf(setup.deck, fullDeck(rules)))
    return bad(
      "the deck is not a permutation of the variant's deck",
      "Das Blatt passt nicht zur Variante",
    );
  const started: HeulDochEvent = {
    type: "match.started",
    data: { variant: setup.variant, rules, players, dealer, seed },
  };
  const tx = new Tx(evolveHeulDoch(null, started));
  tx.events.push(started);
  startGame(tx, 1, setup.deck ?? null);
  return tx.events;
}

/** H-2.1: shuffle (or take the given order), start the piles, deal the hands. */
function startGame(tx: Tx, game: number, deck: readonly CardCode[] | null): void {
  const s = tx.state;
  const order = deck ? deck.slice() : seededShuffle(fullDeck(s.rules), s.seed, game, 0);
  const first = firstOfGame(s.rules, s.players, game);
  const commitment = commitmentOf(s.seed, game);
  tx.emit({ type: "game.started", data: { game, first, deck: order, commitment } });
  for (let seat = 0; seat < s.players; seat++) {
    for (;;) {
      const t = tx.state;
      const card = t.drawPile[0];
      if (card === undefined) throw new Error("no card left to start a pile");
      if (!isSpecial(card)) {
        tx.emit({ type: "pile.dealt", data: { seat, card } });
        break;
      }
      const random = createRng(t.seed, t.game * 1000 + t.randomDraws);
      const at = returnIndex(random, t.drawPile.length - 1);
      tx.emit({ type: "special.returned", data: { seat, card, at } });
    }
  }
  const pile = tx.state.drawPile;
  const hands: CardCode[][] = Array.from({ length: s.players }, () => []);
  let used = 0;
  for (let round = 0; round < s.rules.handSize; round++)
    for (let seat = 0; seat < s.players; seat++) {
      const card = pile[used];
      if (card === undefined) break;
      hands[seat]!.push(card);
      used++;
    }
  tx.emit({ type: "cards.dealt", data: { hands } });
  tx.emit({ type: "turn.started", data: { seat: first } });
}

function play(tx: Tx, c: CommandOf<"playCard">): void {
  const seat = c.seat;
  if (isSpecial(c.card)) playSpecial(tx, c);
  else
    tx.emit({
      type: "card.played",
      data: { seat, card: c.card, to: destinationOf(c), faceDown: c.faceDown === true },
    });
  const card = tx.state.drawPile[0];
  if (card !== undefined) tx.emit({ type: "card.drawn", data: { seat, card } });
  passTurn(tx, seat);
}

/** H-4: the special card goes to the middle and its effect is carried out at once. */
function playSpecial(tx: Tx, c: CommandOf<"playCard">): void {
  const { seat, card } = c;
  const target = card === "towel" ? (c.target ?? null) : null;
  const direction: CarouselDirection | null =
    card === "carousel" ? (c.direction === "right" ? "right" : "left") : null;
  tx.emit({ type: "special.played", data: { seat, card, target, direction } });
  const piles = tx.state.piles;
  switch (card) {
    case "catapult":
      tx.emit({ type: "tops.catapulted", data: { cards: catapultVictims(piles, seat) } });
      break;
    case "towel":
      tx.emit({
        type: "tops.moved",
        data: { cause: "towel", moves: towelMoves(piles, seat, target ?? seat) },
      });
      break;
    case "carousel":
      tx.emit({
        type: "tops.moved",
        data: { cause: "carousel", moves: carouselMoves(piles, direction ?? "left") },
      });
      break;
    case "werewolf":
      tx.emit({ type: "tops.turned", data: { tops: werewolfTops(piles) } });
      break;
  }
}

/** H-3.6: the next player holding cards; H-6.1: when every hand is empty, the game ends. */
function passTurn(tx: Tx, seat: Seat): void {
  const { passedOver, next } = nextToAct(tx.state.hands, seat);
  if (next === null) {
    endGame(tx);
    return;
  }
  for (const p of passedOver) tx.emit({ type: "turn.passedOver", data: { seat: p } });
  tx.emit({ type: "turn.started", data: { seat: next } });
}

function endGame(tx: Tx): void {
  const s = tx.state;
  const results = s.piles.map(scorePile);
  const scores = results.map((r) => r.points);
  const spoiled = results.map((r) => r.spoiled);
  tx.emit({
    type: "game.ended",
    data: {
      scores,
      spoiled,
      onions: results.map((r) => r.onions),
      winners: bestSeats(scores, spoiled),
      piles: s.piles.map((p) => p.slice()),
    },
  });
  const after = tx.state;
  if (after.history.length >= after.rules.games)
    tx.emit({
      type: "match.ended",
      data: {
        winners: bestSeats(after.totals, after.spoiledTotals),
        totals: after.totals.slice(),
      },
    });
}
