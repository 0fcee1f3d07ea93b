import type { CardCode } from "../cards/codes.js";
import { commitmentOf, createRng, seededShuffle } from "../cards/rng.js";
import type { MatchSetup } from "../core/engine.js";
import { Tx as CoreTx } from "../core/fold.js";
import { setupRefusal } from "../core/setup.js";
import type { Command, CommandOf, Refusal, Seat } from "../core/types.js";
import { evolveHeulDoch } from "./evolve.js";
import type { HeulDochRuleSet } from "./ruleSet.js";
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
} from "./predicates.js";
import type { CarouselDirection, HeulDochEvent, HeulDochState } from "./state.js";

type Tx = CoreTx<HeulDochState, HeulDochEvent>;

/** Carries out a command that passed every check: its events and the state after them. */
export function carryOutHeulDoch(
  s: HeulDochState,
  c: Command,
): { events: HeulDochEvent[]; state: HeulDochState } {
  const tx = new CoreTx(s, evolveHeulDoch);
  if (c.type === "playCard") play(tx, c);
  else if (c.type === "startNextGame") startGame(tx, s.game + 1, null);
  return { events: tx.events, state: tx.state };
}

/** The events that open a match and deal its first game, or why the set-up is invalid. */
export function startHeulDochMatch(setup: MatchSetup<HeulDochRuleSet>): HeulDochEvent[] | Refusal {
  const { rules, players, seed } = setup;
  const dealer = setup.dealer ?? 0;
  const refusal = setupRefusal(setup, rules, () => fullDeck(rules), {
    afterSeats: () => [
      {
        ok: Number.isInteger(rules.first) && rules.first >= 0 && rules.first < players,
        en: `option first (the seat that starts) must be one of the table's ${players} seats`,
        de: `Option first (der Startplatz) muss einer der ${players} Plätze des Tisches sein`,
      },
      {
        ok: Number.isInteger(rules.games) && rules.games >= 1,
        en: "option games must be at least 1",
        de: "Option games muss mindestens 1 sein",
      },
    ],
  });
  if (refusal) return refusal;
  const tx = CoreTx.open<HeulDochState, HeulDochEvent>(
    { type: "match.started", data: { variant: setup.variant, rules, players, dealer, seed } },
    evolveHeulDoch,
  );
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
