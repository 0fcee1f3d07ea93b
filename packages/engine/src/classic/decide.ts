import { rankOf, type CardCode } from "../cards/codes.js";
import { commitmentOf, seededShuffle } from "../cards/rng.js";
import { ruleBranch } from "../core/branches.js";
import { Tx as CoreTx } from "../core/fold.js";
import type { MatchSetup } from "../core/engine.js";
import { setupRefusal } from "../core/setup.js";
import type { Command, CommandOf, Refusal, Seat } from "../core/types.js";
import { evolveClassic } from "./evolve.js";
import { PLAYED_EFFECT, STARTER_EFFECT } from "./branches.js";
import type { ClassicRuleSet } from "./ruleSet.js";
import {
  buriesStarter,
  deal,
  deckColours,
  drawLimit,
  drawnCardFits,
  effectOf,
  fullDeck,
  gameScores,
  handSizeFor,
  matchResult,
  reshufflesStock,
} from "./predicates.js";
import {
  handOf,
  leftOf,
  rightOf,
  seatAfter,
  type ClassicEvent,
  type ClassicState,
  type DrawReason,
} from "./state.js";

type Tx = CoreTx<ClassicState, ClassicEvent>;

/** Carries out a command that passed every check: its events and the state after them. */
export function carryOutClassic(
  s: ClassicState,
  c: Command,
): { events: ClassicEvent[]; state: ClassicState } {
  const tx = carryOut(s, c);
  return { events: tx.events, state: tx.state };
}

function carryOut(s: ClassicState, c: Command): Tx {
  const tx = new CoreTx(s, evolveClassic);
  switch (c.type) {
    case "playCard":
      play(tx, c);
      break;
    case "drawCard":
      draw(tx, c.seat);
      break;
    case "pass":
      endTurn(tx, c.seat, false);
      break;
    case "chooseColour":
      tx.emit({ type: "colour.chosen", data: { seat: c.seat, colour: c.colour } });
      tx.emit({ type: "turn.started", data: { seat: leftOf(s.players, s.dealer) } });
      break;
    case "cut":
      cut(tx, c);
      break;
    case "startNextGame":
      startGame(tx, s.game + 1, leftOf(s.players, s.dealer), null);
      break;
  }
  return tx;
}

/** How to open a classic match (the engine's `MatchSetup`). */
export type ClassicMatchConfig = MatchSetup<ClassicRuleSet>;

/** The events that open a match and deal its first game, or why the set-up is invalid. */
export function startClassicMatch(config: ClassicMatchConfig): ClassicEvent[] | Refusal {
  const { rules, players, seed } = config;
  const dealer = config.dealer ?? 0;
  const refusal = setupRefusal(config, rules, () => fullDeck(rules), {
    afterDeck: () => [
      {
        ok: players * handSizeFor(rules, players) + 1 <= fullDeck(rules).length,
        en: "too many cards to deal for this deck",
        de: "Zu viele Karten für dieses Blatt",
      },
    ],
  });
  if (refusal) return refusal;
  const tx = CoreTx.open<ClassicState, ClassicEvent>(
    { type: "match.started", data: { variant: config.variant, rules, players, dealer, seed } },
    evolveClassic,
  );
  startGame(tx, 1, dealer, config.deck ?? null);
  return tx.events;
}

function startGame(tx: Tx, game: number, dealer: Seat, deck: readonly CardCode[] | null): void {
  const s = tx.state;
  const order = deck ? deck.slice() : seededShuffle(fullDeck(s.rules), s.seed, game, 0);
  const commitment = commitmentOf(s.seed, game);
  tx.emit({ type: "game.started", data: { game, dealer, deck: order, commitment } });
  if (!s.rules.cut.enabled) dealAndOpen(tx);
}

/**
 * B-2.2: lift `at` cards, swap the packets; `keep` keeps the bottom card if it is of the kept
 * rank, and on any other card the cut simply stands (a refusal would reveal the card).
 */
function cut(tx: Tx, c: CommandOf<"cut">): void {
  const bottom = tx.state.drawPile[c.at - 1]!;
  const { keepRank } = tx.state.rules.cut;
  const kept =
    c.keep === true &&
    keepRank !== null &&
    rankOf(bottom) === keepRank &&
    ruleBranch("decide", "B-2.5");
  tx.emit({ type: "deck.cut", data: { seat: c.seat, at: c.at, bottom, kept } });
  dealAndOpen(tx);
}

/** Deal, turn up the starter, and carry out its effect where the rules say so (F-2.3). */
function dealAndOpen(tx: Tx): void {
  const s = tx.state;
  const { hands } = deal(s.rules, s.players, s.dealer, s.drawPile, s.hands);
  tx.emit({ type: "cards.dealt", data: { hands } });
  // C-3.5: a starter of a buried rank goes to the bottom of the draw pile (at most once round).
  for (let n = 0; n < tx.state.drawPile.length; n++) {
    const card = tx.state.drawPile[0]!;
    if (!buriesStarter(s.rules, card) || !ruleBranch("decide", "C-3.5")) break;
    tx.emit({ type: "starter.buried", data: { card } });
  }
  const starter = tx.state.drawPile[0];
  if (starter === undefined) throw new Error("no card left for the starter");
  const effect = effectOf(s.rules, starter);
  // C-1.8b: with starter effects on, the dealer names the colour and it binds; "anything may
  // follow" is the starter option of a set that ignores starter effects (N-2.4).
  const anyCard =
    s.rules.wildStarterAllowsAnything &&
    !s.rules.starterEffects &&
    effect?.kind === "wish" &&
    ruleBranch("decide", "N-2.4");
  tx.emit({ type: "starter.turned", data: { card: starter, anyCard } });
  let first = leftOf(s.players, s.dealer);
  if (s.rules.starterEffects && effect && ruleBranch("decide", STARTER_EFFECT[effect.kind])) {
    switch (effect.kind) {
      case "wish":
        tx.emit({ type: "colour.requested", data: { seat: s.dealer } });
        return;
      case "draw":
        tx.emit({ type: "penalty.raised", data: { total: effect.count, rank: rankOf(starter) } });
        break;
      case "skip":
        tx.emit({ type: "player.skipped", data: { seat: first } });
        first = leftOf(s.players, first);
        break;
      case "reverse":
        tx.emit({ type: "direction.reversed", data: { direction: -1 } });
        first =
          s.players === 2 && s.rules.reverseSkipsWithTwo ? s.dealer : rightOf(s.players, s.dealer);
        break;
      case "playAgain":
        tx.emit({ type: "playAgain.required", data: { seat: s.dealer } });
        return;
    }
  }
  tx.emit({ type: "turn.started", data: { seat: first } });
}

function play(tx: Tx, c: CommandOf<"playCard">): void {
  const s = tx.state;
  const { rules } = s;
  const seat = c.seat;
  const effect = effectOf(rules, c.card);
  const left = handOf(s, seat).length - 1;
  const cannotFinish = effect?.kind === "playAgain" && rules.playAgainCannotFinish;
  const forgotMauMau = left === 0 && !cannotFinish && rules.calls.mauMau.required && !c.mauMau;

  if (forgotMauMau && rules.calls.mauMau.takeBack && ruleBranch("decide", "B-5.3")) {
    // B-5.3: the card goes back into the hand; the pending draw and the penalty are drawn.
    tx.emit({ type: "call.missed", data: { seat, call: "mauMau", card: c.card } });
    if (s.pendingDraw > 0 && ruleBranch("decide", "B-5.3 pending"))
      drawCards(tx, seat, s.pendingDraw, "penalty", false);
    drawCards(tx, seat, rules.calls.mauMau.penalty, "call", false);
    endTurn(tx, seat, false);
    return;
  }

  // N-6.1/F-6.1: a last card that ends the game has no effect, so it names no wish.
  const ends = left === 0 && !cannotFinish && !forgotMauMau;
  // C-1.8c: a last wish card that forgot "Mau-Mau" keeps its effect: the colour named, if any.
  const named = typeof c.wish === "string" && deckColours(rules).includes(c.wish);
  const wish = effect?.kind === "wish" && !ends && named ? c.wish : null;
  tx.emit({
    type: "card.played",
    data: { seat, card: c.card, wish, mau: c.mau === true, mauMau: c.mauMau === true },
  });

  if (left === 0 && cannotFinish && ruleBranch("decide", "B-4.4 last")) {
    // B-4.4: an ace as the last card does not win; draw one, play it if it fits.
    drawCards(tx, seat, 1, "playAgain", true);
    if (tx.state.phase !== "drawnCard") endTurn(tx, seat, false);
    return;
  }
  if (left === 0 && !forgotMauMau && ruleBranch("decide", "N-6.1")) {
    endGame(tx, seat); // N-6.1: the last card's effect is not carried out
    return;
  }

  let skip = false;
  let again = false;
  const carried = effect && ruleBranch("decide", PLAYED_EFFECT[effect.kind]) ? effect : undefined;
  switch (carried?.kind) {
    case "draw":
      tx.emit({
        type: "penalty.raised",
        data: { total: tx.state.pendingDraw + carried.count, rank: rankOf(c.card) },
      });
      break;
    case "skip":
      skip = true;
      break;
    case "reverse":
      tx.emit({
        type: "direction.reversed",
        data: { direction: tx.state.direction === 1 ? -1 : 1 },
      });
      skip = s.players === 2 && rules.reverseSkipsWithTwo;
      break;
    case "playAgain":
      again = true;
      break;
    default:
      break;
  }

  const forgotMau =
    left === 1 && rules.calls.mau.required && c.mau !== true && ruleBranch("decide", "N-5.1");
  if (forgotMau) {
    tx.emit({ type: "call.missed", data: { seat, call: "mau", card: c.card } });
    drawCards(tx, seat, rules.calls.mau.penalty, "call", false);
  }
  if (forgotMauMau && ruleBranch("decide", "C-1.8c")) {
    tx.emit({ type: "call.missed", data: { seat, call: "mauMau", card: c.card } });
    drawCards(tx, seat, rules.calls.mauMau.penalty, "call", false);
  }
  if (again && !forgotMau && !forgotMauMau && ruleBranch("decide", "B-4.4")) {
    tx.emit({ type: "playAgain.required", data: { seat } });
    return;
  }
  endTurn(tx, seat, skip);
}

function draw(tx: Tx, seat: Seat): void {
  const s = tx.state;
  if (s.pendingDraw > 0 && ruleBranch("decide", "N-4.2")) {
    drawCards(tx, seat, s.pendingDraw, "penalty", false);
  } else if (
    s.rules.drawUntilPlayable &&
    s.phase !== "playAgain" &&
    ruleBranch("decide", "C-1.8d")
  ) {
    const limit = drawLimit(s.rules);
    for (let drawnSoFar = 0; ;) {
      const drawn = drawCards(tx, seat, 1, "turn", true);
      if (drawn.length === 0 || tx.state.phase === "drawnCard") break;
      // C-3.2: the cap is reached and no card drawn fits: the turn passes.
      if (++drawnSoFar >= limit && ruleBranch("decide", "C-3.2")) break;
    }
  } else {
    const offer = s.rules.playAfterDraw || s.phase === "playAgain";
    drawCards(tx, seat, 1, "turn", offer);
  }
  if (tx.state.phase !== "drawnCard") endTurn(tx, seat, false);
}

/**
 * Draws `n` cards one by one; when the draw pile runs out, the discard pile but its top
 * card is shuffled into a new one (N-3.5) — the order is recorded — unless the rules say an
 * empty stock passes (C-3.4). With nothing left, the draw stops short. `offer`: the last card
 * may be played at once if it fits.
 */
function drawCards(tx: Tx, seat: Seat, n: number, reason: DrawReason, offer: boolean): CardCode[] {
  const all: CardCode[] = [];
  let batch: CardCode[] = [];
  const flush = (last: boolean) => {
    if (batch.length === 0 && !(last && all.length === 0)) return;
    const lastCard = batch[batch.length - 1];
    const playable =
      last &&
      offer &&
      lastCard !== undefined &&
      drawnCardFits(tx.state, lastCard) &&
      ruleBranch("decide", "N-3.2");
    tx.emit({ type: "cards.drawn", data: { seat, cards: batch, reason, playable } });
    batch = [];
  };
  let taken = 0;
  while (all.length < n) {
    const pile = tx.state.drawPile;
    if (taken >= pile.length) {
      flush(false);
      taken = 0;
      const under = tx.state.discard.slice(0, -1);
      if (
        under.length === 0 ||
        (!reshufflesStock(tx.state.rules) && ruleBranch("decide", "C-3.4")) ||
        !ruleBranch("decide", "N-3.5")
      )
        break;
      const s = tx.state;
      const order = seededShuffle(under, s.seed, s.game, s.shuffles + 1);
      tx.emit({ type: "pile.reshuffled", data: { order } });
      continue;
    }
    const card = pile[taken++]!;
    batch.push(card);
    all.push(card);
  }
  flush(true);
  return all;
}

/** Passes the turn on (skipping one seat if asked); ends a stalled game (N-6.4). */
function endTurn(tx: Tx, seat: Seat, skip: boolean): void {
  let next = seatAfter(tx.state, seat);
  if (skip) {
    tx.emit({ type: "player.skipped", data: { seat: next } });
    next = seatAfter(tx.state, next);
  }
  tx.emit({ type: "turn.started", data: { seat: next } });
  if (tx.state.idleTurns >= tx.state.players && ruleBranch("decide", "N-6.4")) endGame(tx, null);
}

function endGame(tx: Tx, winner: Seat | null): void {
  const scores = gameScores(tx.state.rules, tx.state.hands, winner);
  tx.emit({
    type: "game.ended",
    data: { winner, scores, reason: winner === null ? "stalled" : "won" },
  });
  const s = tx.state;
  const result = matchResult(s.rules, s.history.length, s.totals);
  if (result.over && ruleBranch("decide", "C-1.6"))
    tx.emit({
      type: "match.ended",
      data: { winners: result.winners, losers: result.losers, totals: s.totals.slice() },
    });
}
