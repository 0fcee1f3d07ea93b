import { heulDochDeck } from "../cards/decks.js";
import {
  cardSetsBy,
  firstRefusal,
  guardNameOf,
  inHandCheck,
  isSeatOf,
  notOverCheck,
  onTurnCheck,
  optionalOf,
  overChecks,
  wellFormedCheck,
  type Check,
  type CheckTable,
} from "../core/checks.js";
import type { Command, RuleId } from "../core/types.js";
import { refuse, type Refusal } from "../core/types.js";
import {
  carouselHasDirection,
  givenCardFits,
  givenOntoOpenTop,
  keptCardFits,
  keptCardFitsNoNeighbour,
  onionStaysHome,
  specialGoesToMiddle,
  staysWithNeighbours,
  towelHasTarget,
} from "./predicates.js";
import { isGameOver, type HeulDochPhase, type HeulDochState } from "./state.js";

/** One rule check of heul-doch (core/checks.ts): it cites its rule id itself. */
export interface HeulDochCheck extends Check<HeulDochState> {
  readonly rule?: RuleId;
}

/** The guard name as the machine shows it: the rule id, then what it checks. */
export const heulDochGuardName = (check: HeulDochCheck): string =>
  guardNameOf(check.label, check.rule);

/** The refusal a failed check gives. */
export const refusalOf = (check: HeulDochCheck): Refusal =>
  refuse(check.code, check.message, check.rule);

const optionalSeat = (s: HeulDochState, x: unknown) =>
  x === undefined || x === null || isSeatOf(s, x);

const deckCodes = cardSetsBy(heulDochDeck);

/** INVALID_COMMAND: not a command of this game (unknown card or seat, a field of the wrong type). */
export function isWellFormed(s: HeulDochState, c: Command): boolean {
  const x = c as unknown as Record<string, unknown>;
  switch (c.type) {
    case "playCard":
      return (
        isSeatOf(s, x.seat) &&
        typeof x.card === "string" &&
        deckCodes(s.rules.specials).has(x.card) &&
        optionalSeat(s, x.to) &&
        optionalSeat(s, x.target) &&
        optionalOf(x.faceDown, "boolean") &&
        optionalOf(x.direction, "string")
      );
    case "drawCard":
    case "pass":
    case "chooseColour":
    case "cut":
      return isSeatOf(s, x.seat);
    case "startNextGame":
      return true;
    default:
      return false;
  }
}

const wellFormed: HeulDochCheck = wellFormedCheck(isWellFormed);
const notOver: HeulDochCheck = { ...notOverCheck(isGameOver), rule: "H-6.1" };
const dealt: HeulDochCheck = {
  label: "a game has been dealt",
  code: "ILLEGAL_MOVE",
  rule: "H-2.1",
  passes: (s) => s.phase !== "idle",
  message: { en: "No game has been dealt yet.", de: "Es wurde noch kein Spiel ausgeteilt." },
};
const onTurn: HeulDochCheck = onTurnCheck();
const inHand: HeulDochCheck = inHandCheck();
const specialToMiddle: HeulDochCheck = {
  label: "a special card goes to the middle, never onto a pile",
  code: "ILLEGAL_MOVE",
  rule: "H-3.1",
  passes: (_s, c) => c.type !== "playCard" || specialGoesToMiddle(c),
  message: {
    en: "Special cards are played to the middle pile, never onto a pile.",
    de: "Sonderkarten kommen auf den Abwurfstapel in der Mitte, nie auf einen Ablagestapel.",
  },
};
const onionOnOwnPile: HeulDochCheck = {
  label: "an onion goes only onto your own pile",
  code: "ILLEGAL_MOVE",
  rule: "H-3.1c",
  passes: (_s, c) => c.type !== "playCard" || onionStaysHome(c),
  message: {
    en: "A card face down (an onion) may only go onto your own pile.",
    de: "Eine verdeckte Karte (Zwiebel) darf nur auf deinen eigenen Stapel.",
  },
};
const neighboursOnly: HeulDochCheck = {
  label: "piles of players who are not your neighbours never count",
  code: "ILLEGAL_MOVE",
  rule: "H-3.4",
  passes: (s, c) => c.type !== "playCard" || staysWithNeighbours(s, c),
  message: {
    en: "You may only give a card to your left or right neighbour.",
    de: "Du darfst Karten nur deinem linken oder rechten Nachbarn geben.",
  },
};
const closedNeighbourTop: HeulDochCheck = {
  label: "nothing goes onto another player's onion or empty pile",
  code: "ILLEGAL_MOVE",
  rule: "H-3.3",
  passes: (s, c) => c.type !== "playCard" || givenOntoOpenTop(s, c),
  message: {
    en: "Nothing may be placed on another player's onion or empty pile.",
    de: "Auf eine fremde Zwiebel oder einen leeren fremden Stapel darf nichts gelegt werden.",
  },
};
const fitsNeighbourTop: HeulDochCheck = {
  label: "a card given to a neighbour matches their top card",
  code: "ILLEGAL_MOVE",
  rule: "H-3.1a",
  passes: (s, c) => c.type !== "playCard" || givenCardFits(s, c),
  message: {
    en: "That card matches neither the colour nor the number of your neighbour's top card.",
    de: "Die Karte passt weder in Farbe noch Zahl auf die oberste Karte deines Nachbarn.",
  },
};
const fitsOwn: HeulDochCheck = {
  label: "a card on your own pile matches your top card",
  code: "ILLEGAL_MOVE",
  rule: "H-3.1b",
  passes: (s, c) => c.type !== "playCard" || keptCardFits(s, c),
  message: {
    en: "That card does not match your top card: play it face down or elsewhere.",
    de: "Die Karte passt nicht auf deine oberste Karte: leg sie verdeckt oder woanders ab.",
  },
};
const neighbourFirst: HeulDochCheck = {
  label: "a card fitting a neighbour may not go on your own pile",
  code: "ILLEGAL_MOVE",
  rule: "H-3.2",
  passes: (s, c) => c.type !== "playCard" || keptCardFitsNoNeighbour(s, c),
  message: {
    en: "That card fits a neighbour's pile: give it to them or play it face down.",
    de: "Die Karte passt bei einem Nachbarn: gib sie ihm oder leg sie verdeckt ab.",
  },
};
const towelTarget: HeulDochCheck = {
  label: "the towel names another player's pile",
  code: "CHOICE_REQUIRED",
  rule: "H-4.2",
  passes: (s, c) => c.type !== "playCard" || towelHasTarget(s, c),
  message: {
    en: "Name the player whose top card you swap with (target).",
    de: "Nenne den Mitspieler, mit dem du die oberste Karte tauschst (target).",
  },
};
const carouselDirection: HeulDochCheck = {
  label: "the carousel names left or right",
  code: "CHOICE_REQUIRED",
  rule: "H-4.3",
  passes: (_s, c) => c.type !== "playCard" || carouselHasDirection(c),
  message: {
    en: "Name the direction the top cards move: left or right.",
    de: "Nenne die Richtung, in die die obersten Karten wandern: links oder rechts.",
  },
};

const notHere = (label: string, en: string, de: string, rule?: RuleId): HeulDochCheck => ({
  label,
  code: "ILLEGAL_MOVE",
  ...(rule === undefined ? {} : { rule }),
  passes: () => false,
  message: { en, de },
});
const noDraw = notHere(
  "there is no drawing instead of playing",
  "There is no drawing in this game: play a hand card (face down if nothing fits).",
  "In diesem Spiel wird nicht gezogen: spiel eine Handkarte (verdeckt, wenn nichts passt).",
  "H-3.1",
);
const noPass = notHere(
  "there is no passing",
  "There is no passing in this game: play a hand card (face down if nothing fits).",
  "In diesem Spiel wird nicht gepasst: spiel eine Handkarte (verdeckt, wenn nichts passt).",
  "H-3.1",
);
const noColour = notHere(
  "there is no colour to choose",
  "There is no colour to choose in this game.",
  "In diesem Spiel wird keine Farbe gewählt.",
);
const noCut = notHere(
  "there is no cut",
  "There is no cut in this game.",
  "In diesem Spiel wird nicht abgehoben.",
);
const gameRunning = notHere(
  "the next game waits for this one to end",
  "The game is still running.",
  "Das Spiel läuft noch.",
  "H-6.4",
);
const matchDone: HeulDochCheck = {
  label: "the match has games left",
  code: "GAME_OVER",
  rule: "H-6.4",
  passes: () => false,
  message: { en: "The match is over.", de: "Die Partie ist vorbei." },
};

const seated = [wellFormed, notOver, onTurn];

type Table = CheckTable<HeulDochPhase, HeulDochCheck>;

const over = (next: readonly HeulDochCheck[]) => overChecks(wellFormed, notOver, next);

const running = {
  playCard: [
    ...seated,
    inHand,
    specialToMiddle,
    onionOnOwnPile,
    neighboursOnly,
    closedNeighbourTop,
    fitsNeighbourTop,
    fitsOwn,
    neighbourFirst,
    towelTarget,
    carouselDirection,
  ],
  drawCard: [...seated, noDraw],
  pass: [...seated, noPass],
  chooseColour: [...seated, noColour],
  cut: [...seated, noCut],
  startNextGame: [wellFormed, gameRunning],
};

/**
 * For every phase and command: the checks in order of precedence (INVALID_COMMAND,
 * GAME_OVER, NOT_YOUR_TURN, NOT_IN_HAND, ILLEGAL_MOVE, CHOICE_REQUIRED). `decide`, the
 * machine's guards and `legalMoves` all read this one table.
 */
export const HEUL_DOCH_CHECKS: Table = {
  idle: {
    playCard: [wellFormed, dealt],
    drawCard: [wellFormed, dealt],
    pass: [wellFormed, dealt],
    chooseColour: [wellFormed, dealt],
    cut: [wellFormed, dealt],
    startNextGame: [wellFormed, dealt],
  },
  playing: running,
  gameOver: over([wellFormed]),
  matchOver: over([wellFormed, matchDone]),
};

/** The first check the command fails, as a refusal; null when every check passes. */
export const heulDochRefusal = (s: HeulDochState, c: Command): Refusal | null =>
  firstRefusal(HEUL_DOCH_CHECKS[s.phase], s, c, refusalOf);
