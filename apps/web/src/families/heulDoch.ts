import type { HeulDochState, HeulDochView } from "@maumau/engine";
import { lazy } from "react";
import { cardName } from "../cards/names";
import { num, str, type EventContext, type EventData } from "../table/eventText";
import { HEUL_DOCH_STYLE } from "./heulDochDeck";
import type { WebFamily } from "./WebFamily";

/**
 * Heul doch! has one rule book (rules/heul-doch.md) and no rule-id table in its rule set: the
 * rules its special cards carry out, by card.
 */
const SPECIAL_RULE: Readonly<Record<string, string>> = {
  catapult: "H-4.1",
  towel: "H-4.2",
  carousel: "H-4.3",
  werewolf: "H-4.4",
};

const named = (d: EventData, ctx: EventContext): string => ctx.nameOf(num(d, "seat"));
const card = (d: EventData, ctx: EventContext): string =>
  cardName(ctx.style, str(d, "card"), ctx.lang);

/** Ravensburger's "Heul doch! Mau Mau": personal piles, neighbours, onions, special cards. */
export const heulDoch: WebFamily<HeulDochView> = {
  Table: lazy(() => import("../table/HeulDochTable")),
  deckStyle: () => HEUL_DOCH_STYLE,
  eventLines: {
    "card.played": (d, ctx) => {
      const name = named(d, ctx);
      // H-3.1: onto a neighbour's pile (a), face up onto one's own (b), as an onion (c).
      if (d.faceDown === true) return `${ctx.t("events.onion", { name })} (H-3.1c)`;
      const to = num(d, "to");
      return to === num(d, "seat")
        ? `${ctx.t("events.playedOwn", { name, card: card(d, ctx) })} (H-3.1b)`
        : `${ctx.t("events.playedTo", { name, card: card(d, ctx), to: ctx.nameOf(to) })} (H-3.1a)`;
    },
    "special.played": (d, ctx) => {
      const id = SPECIAL_RULE[str(d, "card")];
      return (
        ctx.t("events.special", { name: named(d, ctx), card: card(d, ctx) }) +
        (id ? ` (${id})` : "")
      );
    },
    "tops.catapulted": (_d, ctx) => `${ctx.t("events.catapult")} (H-4.1)`,
    "tops.moved": (d, ctx) =>
      `${ctx.t("events.moved")} (${d.cause === "carousel" ? "H-4.3" : "H-4.2"})`,
    "tops.turned": (_d, ctx) => `${ctx.t("events.turned")} (H-4.4)`,
    "turn.passedOver": (d, ctx) => `${ctx.t("events.passedOver", { name: named(d, ctx) })} (H-3.6)`,
  },
  ruleId: () => null,
  effectRuleId: () => null,
  // A replay's states are folded by the variant's (erased) engine: this family's own state.
  openTable: (state) => {
    const own = state as HeulDochState;
    return { hands: own.hands, piles: own.piles };
  },
};
