import { effectRuleOf, ruleIdOf } from "@maumau/client";
import type { ClassicState, ClassicView } from "@maumau/engine";
import { lazy } from "react";
import { classicDeckStyle } from "../cards/names";
import type { WebFamily } from "./WebFamily";

/** The classic shedding games: noris, tabaluga, french, bavarian, house rules. */
export const classic: WebFamily<ClassicView> = {
  Table: lazy(() => import("../table/ClassicTable")),
  deckStyle: (view, variant) => classicDeckStyle(view.rules.deck, variant),
  eventLines: {},
  ruleId: ruleIdOf,
  effectRuleId: effectRuleOf,
  // A replay's states are folded by the variant's (erased) engine: this family's own state.
  openTable: (state) => ({ hands: (state as ClassicState).hands }),
};
