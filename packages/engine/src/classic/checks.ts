import { DECKS, type DeckId } from "../cards/decks.js";
import {
  cardOf,
  cardSetsBy,
  firstRefusal,
  guardNameOf,
  inHandCheck,
  isSeatOf,
  notOverCheck,
  onTurnCheck,
  optionalOf,
  overChecks,
  seatOf,
  wellFormedCheck,
  type Check as CoreCheck,
  type CheckTable,
} from "../core/checks.js";
import { refuse, type Command, type Localized, type Refusal, type RuleId } from "../core/types.js";
import type { RuleKey } from "./ruleSet.js";
import { answersPending, deckColours, isWishCard, matchesTop, mayDraw } from "./predicates.js";
import { handOf, isOver, type ClassicState, type Phase } from "./state.js";

/**
 * One rule check of the classic family (core/checks.ts): it cites its rule by a key into the
 * variant's rule ids, so one table serves every classic variant.
 */
export interface Check extends CoreCheck<ClassicState> {
  readonly ruleKey?: RuleKey;
  /** The rule id when it depends on the situation (the draw effect that is pending). */
  readonly ruleFor?: (s: ClassicState) => RuleId | undefined;
  /** The message when it depends on the situation. */
  readonly messageFor?: (s: ClassicState) => Localized | undefined;
}

/** The refusal a failed check gives in this state: its code, the variant's rule id, the message. */
export function refusalOf(check: Check, s: ClassicState): Refusal {
  const id =
    check.ruleFor?.(s) ??
    (check.ruleKey === undefined ? undefined : s.rules.ruleIds[check.ruleKey]);
  return refuse(check.code, check.messageFor?.(s) ?? check.message, id);
}

/** The guard name as the machine shows it: the variant's rule id, then what it checks. */
export const guardName = (check: Check, ids: Readonly<Partial<Record<RuleKey, RuleId>>>): string =>
  guardNameOf(check.label, check.ruleKey === undefined ? undefined : ids[check.ruleKey]);

const deckCodes = cardSetsBy((deck: DeckId) => DECKS[deck].cards);

/** INVALID_COMMAND: not a command of this game at all (unknown card, seat, wrong field type). */
export function isWellFormed(s: ClassicState, c: Command): boolean {
  const x = c as unknown as Record<string, unknown>;
  switch (c.type) {
    case "playCard":
      // Fields a play does not need are ignored; those it needs must have the right type.
      return (
        isSeatOf(s, x.seat) &&
        typeof x.card === "string" &&
        deckCodes(s.rules.deck).has(x.card) &&
        (!isWishCard(s.rules, x.card) || optionalOf(x.wish, "string")) &&
        (!s.rules.calls.mau.required || optionalOf(x.mau, "boolean")) &&
        (!s.rules.calls.mauMau.required || optionalOf(x.mauMau, "boolean"))
      );
    case "drawCard":
    case "pass":
      return isSeatOf(s, x.seat);
    case "chooseColour":
      return isSeatOf(s, x.seat) && optionalOf(x.colour, "string");
    case "cut":
      return (
        isSeatOf(s, x.seat) &&
        (x.at === undefined || (typeof x.at === "number" && Number.isInteger(x.at))) &&
        optionalOf(x.keep, "boolean")
      );
    case "startNextGame":
      return true;
    default:
      return false;
  }
}

const wellFormed: Check = wellFormedCheck(isWellFormed);
const notOver: Check = { ...notOverCheck(isOver), ruleKey: "end" };
const onTurn: Check = onTurnCheck();
const inHand: Check = inHandCheck();
const answersPendingDraw: Check = {
  label: "only a draw card answers a pending draw",
  code: "ILLEGAL_MOVE",
  ruleKey: "pending",
  ruleFor: (s) => (s.pendingRank === null ? undefined : s.rules.effects[s.pendingRank]?.rule),
  messageFor: (s) => {
    const pending = s.pendingRank === null ? undefined : s.rules.effects[s.pendingRank];
    return pending?.kind === "draw" && pending.stack === "none"
      ? {
          en: `A draw of ${s.pendingDraw} is pending against you and cannot be answered: draw the cards.`,
          de: `Gegen dich läuft eine Ziehstrafe von ${s.pendingDraw}, die nicht abwehrbar ist: zieh die Karten.`,
        }
      : undefined;
  },
  passes: (s, c) => s.pendingDraw === 0 || answersPending(s, cardOf(c)),
  message: {
    en: "A draw is pending against you: answer it with a matching draw card or draw the cards.",
    de: "Gegen dich läuft eine Ziehstrafe: leg eine passende Ziehkarte oder zieh die Karten.",
  },
};
const fitsTop: Check = {
  label: "matches the top card",
  code: "ILLEGAL_MOVE",
  ruleKey: "match",
  passes: (s, c) => s.pendingDraw > 0 || matchesTop(s, cardOf(c)),
  message: {
    en: "That card does not match the top card (colour, rank or the wished colour).",
    de: "Diese Karte passt nicht auf die oberste Karte (Farbe, Wert oder Wunschfarbe).",
  },
};
const onlyDrawnCard: Check = {
  label: "only the card just drawn may be played",
  code: "ILLEGAL_MOVE",
  ruleKey: "drawnCard",
  passes: (s, c) => cardOf(c) === s.drawnCard,
  message: {
    en: "After drawing you may only play the card you drew, or pass.",
    de: "Nach dem Ziehen darfst du nur die gezogene Karte legen oder passen.",
  },
};
const namesColour: Check = {
  label: "a wish card names a colour",
  code: "CHOICE_REQUIRED",
  ruleKey: "wish",
  passes: (s, c) =>
    c.type !== "playCard" ||
    !isWishCard(s.rules, c.card) ||
    handOf(s, c.seat).length === 1 ||
    (typeof c.wish === "string" && deckColours(s.rules).includes(c.wish)),
  message: {
    en: "Name the colour you wish for with this card.",
    de: "Nenne mit dieser Karte die Farbe, die du dir wünschst.",
  },
};
const mayDrawNow: Check = {
  label: "may draw only without a playable card",
  code: "ILLEGAL_MOVE",
  ruleKey: "draw",
  passes: (s, c) => mayDraw(s, seatOf(c)),
  message: {
    en: "You may not draw now: you hold a card you can play.",
    de: "Du darfst jetzt nicht ziehen: du hast eine Karte, die du legen kannst.",
  },
};
const noDrawAfterDraw: Check = {
  label: "play the drawn card or pass",
  code: "ILLEGAL_MOVE",
  ruleKey: "drawnCard",
  passes: () => false,
  message: {
    en: "You have drawn already: play the drawn card or pass.",
    de: "Du hast schon gezogen: leg die gezogene Karte oder passe.",
  },
};
const validColour: Check = {
  label: "names a colour of the deck",
  code: "CHOICE_REQUIRED",
  ruleKey: "starter",
  passes: (s, c) => c.type === "chooseColour" && deckColours(s.rules).includes(c.colour),
  message: { en: "Name a colour of this deck.", de: "Nenne eine Farbe dieses Blatts." },
};
const validAt = (s: ClassicState, at: unknown): at is number =>
  typeof at === "number" && Number.isInteger(at) && at >= 1 && at < s.drawPile.length;
const cutPosition: Check = {
  label: "cuts between 1 and all but one card",
  code: "CHOICE_REQUIRED",
  ruleKey: "cut",
  passes: (s, c) => c.type === "cut" && validAt(s, c.at),
  message: {
    en: "Lift at least one card and leave at least one.",
    de: "Heb mindestens eine Karte ab und lass mindestens eine liegen.",
  },
};

const notNow = (what: string, en: string, de: string, ruleKey?: RuleKey): Check => ({
  label: `no ${what} now`,
  code: "ILLEGAL_MOVE",
  ...(ruleKey ? { ruleKey } : {}),
  passes: () => false,
  message: { en, de },
});
const noPass = notNow("pass", "There is nothing to pass now.", "Passen geht jetzt nicht.", "pass");
const noChoice = notNow(
  "colour choice",
  "No colour is to be chosen now.",
  "Jetzt ist keine Farbe zu wählen.",
  "starter",
);
const noCut = notNow("cut", "There is nothing to cut now.", "Jetzt wird nicht abgehoben.", "cut");
const noPlayYet = notNow(
  "play before the game is set up",
  "The game is being set up: wait for the cut or the colour.",
  "Das Spiel wird noch vorbereitet: warte auf das Abheben oder die Farbwahl.",
);
const noDrawYet = notNow(
  "draw before the game is set up",
  "The game is being set up: you cannot draw yet.",
  "Das Spiel wird noch vorbereitet: du kannst noch nicht ziehen.",
);
const gameRunning = notNow(
  "next game while one runs",
  "The game is still running.",
  "Das Spiel läuft noch.",
);
const matchDone: Check = {
  ...notOver,
  label: "the match is still running",
  passes: () => false,
  message: { en: "The match is over.", de: "Die Partie ist vorbei." },
};

const head = [wellFormed, notOver];
const seated = [wellFormed, notOver, onTurn];

type Table = CheckTable<Phase, Check>;

const inPlay = (
  playChecks: readonly Check[],
  drawChecks: readonly Check[],
  passChecks: readonly Check[],
) => ({
  playCard: [...seated, inHand, ...playChecks, namesColour],
  drawCard: [...seated, ...drawChecks],
  pass: [...seated, ...passChecks],
  chooseColour: [...seated, noChoice],
  cut: [...seated, noCut],
  startNextGame: [...head, gameRunning],
});

const over = (next: readonly Check[]) => overChecks(wellFormed, notOver, next);

/**
 * For every phase and command: the checks in order of precedence (INVALID_COMMAND,
 * GAME_OVER, NOT_YOUR_TURN, NOT_IN_HAND, ILLEGAL_MOVE, CHOICE_REQUIRED). `decide`, the
 * machine's guards and `legalMoves` all read this one table.
 */
export const CHECKS: Table = {
  idle: over([wellFormed]),
  cutting: {
    playCard: [...seated, inHand, noPlayYet],
    drawCard: [...seated, noDrawYet],
    pass: [...seated, noPass],
    chooseColour: [...seated, noChoice],
    cut: [...seated, cutPosition],
    startNextGame: [...head, gameRunning],
  },
  choosingColour: {
    playCard: [...seated, inHand, noPlayYet],
    drawCard: [...seated, noDrawYet],
    pass: [...seated, noPass],
    chooseColour: [...seated, validColour],
    cut: [...seated, noCut],
    startNextGame: [...head, gameRunning],
  },
  playing: inPlay([answersPendingDraw, fitsTop], [mayDrawNow], [noPass]),
  playAgain: inPlay([answersPendingDraw, fitsTop], [mayDrawNow], [noPass]),
  drawnCard: inPlay([onlyDrawnCard], [noDrawAfterDraw], []),
  gameOver: over([wellFormed]),
  matchOver: over([wellFormed, matchDone]),
};

/** The first check the command fails, as a refusal naming the variant's rule id. */
export const refusalFor = (s: ClassicState, c: Command): Refusal | null =>
  firstRefusal(CHECKS[s.phase], s, c, refusalOf);
