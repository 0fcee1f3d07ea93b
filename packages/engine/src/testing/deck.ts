import type { CardCode } from "../cards/codes.js";
import { handSizeFor } from "../classic/predicates.js";
import type { ClassicRuleSet } from "../classic/ruleSet.js";
import { isRefusal, type Seat } from "../core/types.js";
import { parseOptions, type AnyVariant } from "../core/variant.js";

/** What a test wants on the table right after the deal. */
export interface StackSpec {
  readonly players: number;
  /** Default 0. */
  readonly dealer?: Seat;
  /** The variant's options (validated and defaulted by its schema). */
  readonly options?: unknown;
  /**
   * Cards in each seat's hand after the deal. A hand given short (or not at all) is filled up
   * with the first unused cards in pack order.
   */
  readonly hands?: Readonly<Partial<Record<Seat, readonly CardCode[]>>>;
  /** The card turned up after the deal; default: the first unused card in pack order. */
  readonly starter?: CardCode;
  /** The top of the draw pile after the starter, top card first; the rest follows in pack order. */
  readonly drawPile?: readonly CardCode[];
  /**
   * For variants that cut before the deal (B-2.2): the cut the test will send. The deck is laid
   * out so that the hands above hold after that cut. With `keep`, the cutter's first listed
   * card is the bottom card they keep.
   */
  readonly cut?: { readonly at: number; readonly keep?: boolean };
  /**
   * The seat that receives each dealt card, in order. Needed only for a variant whose rule set
   * is not of the classic family (which is read from `handSize` and `dealing`).
   */
  readonly dealing?: readonly Seat[];
}

interface ClassicShape {
  readonly handSize: number;
  readonly handSizeByPlayers?: ClassicRuleSet["handSizeByPlayers"];
  readonly dealing: ClassicRuleSet["dealing"];
  readonly cut?: { readonly enabled: boolean };
}

const isClassicShape = (rules: unknown): rules is ClassicShape =>
  typeof rules === "object" &&
  rules !== null &&
  typeof (rules as { handSize?: unknown }).handSize === "number" &&
  typeof (rules as { dealing?: unknown }).dealing === "string";

const fail = (message: string): never => {
  throw new Error(`stackDeck: ${message}`);
};

/**
 * The seats in the order the classic family deals to them: from the dealer's left neighbour,
 * clockwise, one card at a time (N-2.3, F-2.2) or three each then two each (B-2.3). `short`
 * holds seats that get one card fewer (a cutter who kept the bottom card).
 */
export function classicDealingSequence(
  rules: Pick<ClassicShape, "handSize" | "dealing">,
  players: number,
  dealer: Seat,
  short: ReadonlySet<Seat> = new Set(),
): Seat[] {
  const order = Array.from({ length: players }, (_, i) => (dealer + 1 + i) % players);
  const quota = (seat: Seat) => rules.handSize - (short.has(seat) ? 1 : 0);
  const given = new Array<number>(players).fill(0);
  const out: Seat[] = [];
  const give = (seat: Seat) => {
    if (given[seat]! >= quota(seat)) return;
    given[seat]!++;
    out.push(seat);
  };
  if (rules.dealing === "blocks-3-2") {
    const first = Math.min(3, rules.handSize);
    for (const seat of order) for (let i = 0; i < first; i++) give(seat);
    for (const seat of order) while (given[seat]! < quota(seat)) give(seat);
  } else {
    for (let round = 0; round < rules.handSize; round++) for (const seat of order) give(seat);
  }
  return out;
}

/** Takes one copy of each card out of `pool` (in place), or says which card is missing. */
function takeOut(pool: CardCode[], cards: readonly CardCode[], what: string): void {
  for (const card of cards) {
    const i = pool.indexOf(card);
    if (i < 0) fail(`${what} asks for "${card}", but the deck has no (further) copy of it`);
    pool.splice(i, 1);
  }
}

/**
 * The full deck order (top card first, as `openMatch({deck})` takes it) that deals the
 * requested hands, turns up the requested starter and leaves the requested draw pile on top;
 * every other card follows in pack order. Throws when the request cannot be met.
 */
export function stackDeck(variant: AnyVariant, spec: StackSpec): CardCode[] {
  const options = parseOptions(variant, spec.options);
  if (isRefusal(options)) return fail(options.message.en);
  const { players } = spec;
  const dealer = spec.dealer ?? 0;
  if (!Number.isInteger(players) || players < 1) fail(`bad number of players ${players}`);
  if (!Number.isInteger(dealer) || dealer < 0 || dealer >= players) fail(`bad dealer ${dealer}`);
  const rules = variant.ruleSetFor(options);
  const deck = [...variant.deckFor(options)];

  const cutter = (dealer - 1 + players) % players;
  const keep = spec.cut?.keep === true;
  let sequence: readonly Seat[];
  if (spec.dealing !== undefined) sequence = spec.dealing;
  else if (isClassicShape(rules))
    sequence = classicDealingSequence(
      { handSize: handSizeFor(rules, players), dealing: rules.dealing },
      players,
      dealer,
      keep ? new Set([cutter]) : new Set(),
    );
  else
    return fail(
      `variant "${variant.id}" does not deal like the classic family: pass \`dealing\` (the seat of each dealt card)`,
    );
  for (const seat of sequence)
    if (!Number.isInteger(seat) || seat < 0 || seat >= players) fail(`dealing names seat ${seat}`);

  const pool = deck.slice();
  const hands = spec.hands ?? {};
  for (const key of Object.keys(hands)) {
    const seat = Number(key);
    if (!Number.isInteger(seat) || seat < 0 || seat >= players)
      fail(`hands names seat ${key}, but there are ${players} players`);
  }
  for (let seat = 0; seat < players; seat++)
    takeOut(pool, hands[seat] ?? [], `seat ${seat}'s hand`);
  if (spec.starter !== undefined) takeOut(pool, [spec.starter], "the starter");
  takeOut(pool, spec.drawPile ?? [], "the draw pile");

  // Each seat's cards in the order it receives them; the kept bottom card comes first.
  const queues: CardCode[][] = [];
  for (let seat = 0; seat < players; seat++) {
    const quota = sequence.filter((s) => s === seat).length + (keep && seat === cutter ? 1 : 0);
    const wanted = hands[seat] ?? [];
    if (wanted.length > quota)
      fail(`seat ${seat} is dealt ${quota} cards, but the test lists ${wanted.length}`);
    queues.push([...wanted, ...pool.splice(0, quota - wanted.length)]);
    if (queues[seat]!.length < quota) fail("the deck is too small for this deal");
  }
  const kept = keep ? queues[cutter]!.shift() : undefined;
  const dealt = sequence.map((seat) => queues[seat]!.shift()!);
  const starter = spec.starter ?? pool.shift() ?? fail("no card left for the starter");
  const after: CardCode[] = [...dealt, starter, ...(spec.drawPile ?? []), ...pool];
  if (kept !== undefined) after.push(kept);

  if (spec.cut === undefined) return after;
  const { at } = spec.cut;
  const n = after.length;
  if (!Number.isInteger(at) || at < 1 || at >= n) fail(`cannot cut at ${at} in ${n} cards`);
  // The cut swaps the packets: lifting `at` cards of `before` gives `after`.
  return [...after.slice(n - at), ...after.slice(0, n - at)];
}
