import { countCards, type CardCode } from "../cards/codes.js";
import { shuffle } from "../cards/rng.js";
import type { Engine, Unseen } from "../core/engine.js";
import { isRefusal, type Seat } from "../core/types.js";
import { classOf, isPlaceholder, placeholder } from "./placeholder.js";

/** The seat's log or hand cannot be made to fit the deck: a bug in a family's determinizer. */
export class SamplerError extends Error {
  override readonly name = "SamplerError";
}

/** Random worlds consistent with what one seat has seen. */
export interface Sampler<S> {
  /** Cards the seat has not seen where they are (other hands, the draw pile, onions). */
  readonly unseen: number;
  /** A full state: the seat's knowledge exactly, every unseen card dealt at random. */
  sample(random: () => number): S;
}

/**
 * Soft facts a family may read from one event (optional on a `Determinizer`): before `event`
 * (as the seat saw it), with the fold `state` so far, some unseen cards of some hand could
 * not have been certain cards — a seat that drew because it held no playable card held none
 * of the cards that fitted then. `cards` are those hand places (placeholders), `allows` says
 * which cards they may be. A sample keeps to these facts where it can (`prepareSampler`).
 */
export interface Evidence<S, EV> {
  evidence(
    state: S | null,
    event: EV,
    seat: Seat,
    unseen: Unseen,
  ): { cards: readonly CardCode[]; allows: (card: CardCode) => boolean } | null;
}

const hasEvidence = <S, EV>(det: unknown): det is Evidence<S, EV> =>
  typeof (det as Partial<Evidence<S, EV>>).evidence === "function";

/** Swaps tried per unseen card that breaks a fact before the sample keeps it as it is. */
const REPAIR_TRIES = 24;

// The engine's own type parameters are erased here: the sampler works for any family.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyFamily<S, E, EV> = Engine<any, S, E & { type: string }, any, EV>;

interface MatchStarted {
  readonly type: "match.started";
  readonly data: { variant: string; rules: unknown; players: number; dealer?: Seat };
}

/** The full deck of the match's games, from the rules in `match.started` (seen by everyone). */
function deckOf<S, E, EV>(engine: AnyFamily<S, E, EV>, first: unknown): CardCode[] {
  const started = first as MatchStarted;
  if (started?.type !== "match.started")
    throw new SamplerError("the log must open with match.started");
  const { variant, rules, players, dealer } = started.data;
  const events = engine.start({ variant, rules, players, dealer: dealer ?? 0, seed: "deck" });
  if (isRefusal(events)) throw new SamplerError(`cannot rebuild the deck: ${events.message.en}`);
  for (const e of events) {
    const data = (e as { data?: { deck?: CardCode[] } }).data;
    if (e.type === "game.started" && data?.deck) return data.deck;
  }
  throw new SamplerError("the match's start deals no deck");
}

/**
 * The cards of each class: the known sets as they are left, class 0 the rest of the deck.
 * `null` when they do not add up, which can happen with duplicate cards (two decks): an
 * opponent's card was bound to a known set's placeholder while it came from the deck's rest.
 */
function classPools(
  rest: ReadonlyMap<CardCode, number>,
  sets: readonly (readonly CardCode[])[],
  slots: readonly number[],
): CardCode[][] | null {
  const left = new Map(rest);
  for (const set of sets.slice(1))
    for (const c of set) {
      const n = left.get(c) ?? 0;
      if (n <= 0) return null;
      left.set(c, n - 1);
    }
  const pools: CardCode[][] = sets.map((set) => set.slice());
  pools[0] = [];
  for (const [c, k] of left) for (let i = 0; i < k; i++) pools[0].push(c);
  return pools.every((pool, k) => pool.length === slots[k]) ? pools : null;
}

/**
 * The fallback: every placeholder may be any card the seat has not seen where it lies (the
 * known sets' order constraint dropped; hand sizes, seen cards and places still hold).
 */
function mergedPools(rest: ReadonlyMap<CardCode, number>, classes: number): CardCode[][] {
  const all: CardCode[] = [];
  for (const [c, k] of rest) for (let i = 0; i < k; i++) all.push(c);
  return [all, ...Array.from({ length: classes - 1 }, () => [])];
}

/** Placeholders of a fold: class 0 the deck's rest, each class k ≥ 1 a known set of cards. */
class Placeholders implements Unseen {
  private n = 0;
  /** A reveal did not fit its set: sample without the sets' constraint. */
  broken = false;
  /** Known sets, by class (index 0 unused): the cards not yet revealed. */
  readonly sets: CardCode[][] = [[]];

  card(): CardCode {
    return placeholder(0, this.n++);
  }
  among(cards: readonly CardCode[]): CardCode[] {
    const k = this.sets.length;
    this.sets.push(cards.slice());
    return cards.map(() => placeholder(k, this.n++));
  }
  is(code: CardCode): boolean {
    return isPlaceholder(code);
  }
  ofSet(code: CardCode): boolean {
    return classOf(code) > 0;
  }
  mayBe(code: CardCode, card: CardCode): boolean {
    const k = classOf(code);
    return k === 0 || (this.sets[k]?.includes(card) ?? false);
  }
  reveal(code: CardCode, card: CardCode): void {
    const k = classOf(code);
    if (k === 0) return;
    const set = this.sets[k]!;
    const i = set.indexOf(card);
    // Only after an earlier guess went wrong (duplicate cards): the sets are then dropped.
    if (i < 0) this.broken = true;
    else set.splice(i, 1);
  }
}

/**
 * What one seat may know, as a sampler of full states. Reads only `log` (every event as
 * `engine.eventFor(event, seat)` gave it) and `view` (`engine.view(state, seat)`): the seat's filtered
 * log is filled back into a full log by the family's determinizer, each unseen card a
 * placeholder, and folded. Placeholders come in classes: the cards of a reshuffled discard
 * pile (seen, order unknown) are one class each; class 0 holds the deck minus every card the
 * fold shows and every card of the other classes. `sample` deals each class's cards at
 * random onto its placeholders: every hand size, pile size, seen card and seen position stays
 * as the seat saw it.
 */
export function prepareSampler<S, E, EV>(
  engine: AnyFamily<S, E, EV>,
  log: readonly EV[],
  seat: Seat,
  view: unknown,
  random: () => number,
): Sampler<S> {
  const det = engine.determinizer;
  const unseen = new Placeholders();
  let state: S | null = null;
  const facts = new Map<CardCode, ((card: CardCode) => boolean)[]>();
  const evidence = hasEvidence<S, EV>(det) ? det : null;
  for (const visible of log) {
    const found = evidence?.evidence(state, visible, seat, unseen) ?? null;
    if (found)
      for (const c of found.cards) {
        const list = facts.get(c);
        if (list) list.push(found.allows);
        else facts.set(c, [found.allows]);
      }
    const filled = det.fill(visible, state, seat, unseen, random);
    state = engine.evolve(filled.state, filled.event);
  }
  if (state === null) throw new SamplerError("empty log");
  const base = det.settle(state, seat, view, "determinized");

  const seen: CardCode[] = [];
  const slots = unseen.sets.map(() => 0);
  // Every placeholder once, by class, in the order `mapCards` meets them.
  const places: CardCode[][] = unseen.sets.map(() => []);
  const placed = new Set<CardCode>();
  det.mapCards(base, (c) => {
    if (isPlaceholder(c)) {
      slots[classOf(c)]!++;
      if (!placed.has(c)) {
        placed.add(c);
        places[classOf(c)]!.push(c);
      }
    } else seen.push(c);
    return c;
  });
  const deck = countCards(deckOf(engine, log[0]));
  const rest = new Map(deck);
  for (const c of seen) {
    const left = rest.get(c) ?? 0;
    if (left <= 0) throw new SamplerError(`the seat saw ${c} more often than the deck holds it`);
    rest.set(c, left - 1);
  }
  const exact = unseen.broken ? null : classPools(rest, unseen.sets, slots);
  const merged = exact === null;
  const pools = exact ?? mergedPools(rest, unseen.sets.length);
  if (pools[0]!.length !== (merged ? slots.reduce((a, b) => a + b, 0) : slots[0]))
    throw new SamplerError(`${pools[0]!.length} unseen cards for ${slots[0]} hidden places`);
  const total = slots.reduce((a, b) => a + b, 0);
  // A place appears once in `places` but may stand twice in the state (a drawn card): the
  // deal is by place, so both show the same card.
  const groups = merged ? [places.flat()] : places;
  if (groups.some((g, k) => g.length !== pools[k]!.length))
    throw new SamplerError("unseen places and unseen cards do not pair up");
  const constrained = groups.map((g) => g.flatMap((c, i) => (facts.has(c) ? [i] : [])));
  const fits = (place: CardCode, card: CardCode): boolean =>
    (facts.get(place) ?? []).every((allows) => allows(card));

  return {
    unseen: total,
    sample(rnd) {
      const assigned = new Map<CardCode, CardCode>();
      groups.forEach((group, k) => {
        const deal = shuffle(pools[k]!, rnd);
        // Repair by swaps: a place whose card breaks a fact trades with a random place of
        // its class when both then keep their facts (a few tries, then the deal stands).
        for (const i of constrained[k]!) {
          if (fits(group[i]!, deal[i]!)) continue;
          for (let t = 0; t < REPAIR_TRIES; t++) {
            const j = Math.floor(rnd() * deal.length);
            if (j === i || !fits(group[i]!, deal[j]!) || !fits(group[j]!, deal[i]!)) continue;
            [deal[i], deal[j]] = [deal[j]!, deal[i]!];
            break;
          }
        }
        group.forEach((place, i) => assigned.set(place, deal[i]!));
      });
      const world = det.mapCards(base, (c) => (isPlaceholder(c) ? assigned.get(c)! : c));
      // A fresh secret seed: later reshuffles in a playout are unknown too.
      return det.settle(world, seat, view, Math.floor(rnd() * 0x7fffffff));
    },
  };
}
