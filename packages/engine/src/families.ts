import { classicFairness } from "./classic/fairness.js";
import type { ClassicView } from "./classic/view.js";
import type { FairnessParts } from "./core/fairness.js";
import { heulDochFairness } from "./heul-doch/fairness.js";
import type { HeulDochView } from "./heul-doch/view.js";

/**
 * What a seat sees of a game of any family, told apart by `family`: the view the protocol
 * carries. A new family adds its view here; front ends then fail to compile until they
 * register it.
 */
export type FamilyView = ClassicView | HeulDochView;

/** A game family's name, as its engine and its views carry it. */
export type FamilyName = FamilyView["family"];

/** One family's view, by name. */
export type ViewOf<F extends FamilyName> = Extract<FamilyView, { readonly family: F }>;

/** Each family's part of `verifyFairness` (its event types and fold), by name. */
export const FAIRNESS: { readonly [F in FamilyName]: FairnessParts } = {
  classic: classicFairness,
  "heul-doch": heulDochFairness,
};
