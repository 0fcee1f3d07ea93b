import { randomInt } from "node:crypto";
import type { MatchSnapshot } from "@maumau/client";
import type { Command, Seat, Theme } from "@maumau/engine";
import type { CardStyle } from "../play/cards.js";
import type { Intent } from "../play/input.js";
import type { Texts } from "../play/texts.js";
import { withCalls } from "@maumau/client";
import { distinct, isPlay } from "../play/view.js";
import { resolveCard, resolveColour } from "../play/resolveCard.js";
import { offeredMoves, seatName, sortedHand } from "./render.js";
import type { OnlineTexts } from "./texts.js";

/** What a typed line comes to at an online table. */
export type Action =
  | { readonly kind: "send"; readonly command: Command }
  | { readonly kind: "say"; readonly text: string }
  | { readonly kind: "lobby"; readonly what: "start" | "bot" }
  | { readonly kind: "help" }
  | { readonly kind: "quit" };

export interface IntentContext {
  readonly snapshot: MatchSnapshot;
  readonly me: Seat;
  readonly t: Texts;
  readonly o: OnlineTexts;
  readonly style: CardStyle;
  readonly theme: Theme;
}

const NEXT = ["n", "next", "weiter", "nächstes", "naechstes"];

/**
 * The command a line asks for at the table, with the calls exactly as the player said them
 * (nothing asks for a missing "mau"). Several plays of one card are listed, not guessed; an
 * illegal play goes to the server anyway so that its refusal names the rule.
 */
export function actionFor(intent: Intent, ctx: IntentContext): Action {
  const { snapshot, me, t, o, style, theme } = ctx;
  const legal = offeredMoves(snapshot.legal);
  const hand = sortedHand(snapshot, style);
  const status = snapshot.lobby.status;
  const gameOver = snapshot.progress?.status === "gameOver";
  const chooses = legal.flatMap((c) => (c.type === "chooseColour" ? [c.colour] : []));
  const say = (text: string): Action => ({ kind: "say", text });
  switch (intent.kind) {
    case "help":
      return { kind: "help" };
    case "quit":
      return { kind: "quit" };
    case "empty":
      if (gameOver) return { kind: "send", command: { type: "startNextGame" } };
      return say(status === "open" ? o.lobbyHint(true) : t.emptyHint);
    case "unknown":
      return say(t.unknownInput(intent.text));
    case "moves":
      return legal.length
        ? say(
            [t.legalMoves, ...legal.map((m, i) => `  m ${i + 1}  ${describe(m, ctx)}`)].join("\n"),
          )
        : say(o.notYourTurn);
    case "move": {
      const move = legal[intent.index - 1];
      if (move === undefined) return say(t.noSuchMove(intent.index, legal.length));
      return { kind: "send", command: isPlay(move) ? withCalls(move, intent) : move };
    }
    case "draw":
      return {
        kind: "send",
        command: legal.find((c) => c.type === "drawCard") ?? { type: "drawCard", seat: me },
      };
    case "pass":
      return {
        kind: "send",
        command: legal.find((c) => c.type === "pass") ?? { type: "pass", seat: me },
      };
    case "cut": {
      if (intent.at !== null)
        return {
          kind: "send",
          command: { type: "cut", seat: me, at: intent.at, keep: intent.keep },
        };
      const cuts = legal.filter((c) => c.type === "cut" && !c.keep);
      const cut = (cuts.length > 0 ? cuts[randomInt(cuts.length)] : undefined) ?? {
        type: "cut",
        seat: me,
        at: 0,
      };
      return { kind: "send", command: cut };
    }
    case "choose":
    case "word": {
      const text = intent.kind === "choose" ? intent.colour : intent.text;
      const word = text.toLowerCase();
      if (intent.kind === "word") {
        if (status === "open" && word === "start") return { kind: "lobby", what: "start" };
        if (status === "open" && word === "bot") return { kind: "lobby", what: "bot" };
        if (NEXT.includes(word) && gameOver)
          return { kind: "send", command: { type: "startNextGame" } };
        if (chooses.length === 0) return say(t.unknownInput(text));
      }
      const answer = resolveColour(text, { legal, seat: me, t, style, theme });
      return answer.kind === "hint" ? say(answer.text) : { kind: "send", command: answer.command };
    }
    case "card": {
      const answer = resolveCard(intent, { hand, legal, seat: me, t, style, theme });
      if (answer.kind === "hint") return say(answer.text);
      if (answer.kind === "command") return { kind: "send", command: answer.command };
      const candidates = answer.plays;
      if (candidates.length === 1)
        return { kind: "send", command: withCalls(candidates[0]!, intent) };
      const calls = `${intent.mau ? " mau" : ""}${intent.mauMau ? " maumau" : ""}`;
      const onlyWish =
        candidates.every((c) => c.wish) &&
        distinct(candidates.map(({ wish: _w, ...rest }) => rest)).length === 1;
      if (onlyWish)
        return say(
          o.chooseWish(
            candidates
              .map((c) => `${intent.index} ${style.colourName(c.wish!).toLowerCase()}${calls}`)
              .join(" · "),
          ),
        );
      return say(
        o.choosePlay(
          candidates
            .map((c) => `m ${moveNumber(legal, c)}${calls}: ${describe(c, ctx)}`)
            .join(" · "),
        ),
      );
    }
  }
}

/** The number `moves` lists a move under (`m k`): the same command, not the same object. */
const moveNumber = (legal: readonly Command[], move: Command): number => {
  const key = JSON.stringify(move);
  return legal.findIndex((m) => JSON.stringify(m) === key) + 1;
};

/** A legal move in words, as `moves` lists it. */
export function describe(m: Command, ctx: IntentContext): string {
  const d = ctx.t.describeMove;
  const { style } = ctx;
  const name = (seat: number) => seatName(ctx.snapshot.lobby, seat, ctx.o);
  switch (m.type) {
    case "playCard": {
      const parts = [d.play(style.card(m.card))];
      if (m.wish) parts.push(d.wish(style.colour(m.wish)));
      if (m.to !== undefined) parts.push(m.to === ctx.me ? d.ownPile : d.to(name(m.to)));
      if (m.faceDown) parts.push(d.faceDown);
      if (m.target !== undefined) parts.push(d.target(name(m.target)));
      if (m.direction) parts.push(d.direction(m.direction));
      return parts.join(", ");
    }
    case "drawCard":
      return d.draw;
    case "pass":
      return d.pass;
    case "chooseColour":
      return d.choose(style.colour(m.colour));
    case "cut":
      return d.cut(m.at, m.keep === true);
    case "startNextGame":
      return d.next;
  }
}
