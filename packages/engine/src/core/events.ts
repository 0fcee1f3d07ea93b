import type { CardCode } from "../cards/codes.js";
import type { Viewer } from "./types.js";

/**
 * The parts of event filtering every family shares (`eventFor`): the three events that open a
 * match and deal a game, whose hidden parts are the same in every family. A family's
 * `eventFor` hands these to `sharedEventFor` and filters only its own events.
 */
export type OpeningEvent =
  | { readonly type: "match.started"; readonly data: { readonly seed: unknown } }
  | {
      readonly type: "game.started";
      readonly data: { readonly deck: readonly CardCode[]; readonly commitment?: string };
    }
  | {
      readonly type: "cards.dealt";
      readonly data: { readonly hands: readonly (readonly CardCode[])[] };
    };

/** The shared events as a viewer sees them. */
export type OpeningEventView<E extends OpeningEvent> = E extends { type: "match.started" }
  ? { type: E["type"]; data: Omit<E["data"], "seed"> }
  : E extends { type: "game.started" }
    ? {
        type: E["type"];
        data: Omit<E["data"], "deck" | "commitment"> & { deckSize: number; commitment?: string };
      }
    : { type: "cards.dealt"; data: { counts: number[]; hand: CardCode[] | null } };

/**
 * `match.started` without its seed (the seed would deal every card); `game.started` with the
 * deck's size instead of its order (the commitment stays: it proves the order later);
 * `cards.dealt` with every hand's size and only the viewer's own hand.
 */
export function sharedEventFor<E extends OpeningEvent>(e: E, viewer: Viewer): OpeningEventView<E> {
  const me = viewer === "spectator" ? null : viewer;
  switch (e.type) {
    case "match.started": {
      const { seed: _seed, ...rest } = e.data;
      return { type: e.type, data: rest } as OpeningEventView<E>;
    }
    case "game.started": {
      const { deck, commitment, ...rest } = e.data;
      return {
        type: e.type,
        data: {
          ...rest,
          deckSize: deck.length,
          ...(commitment === undefined ? {} : { commitment }),
        },
      } as OpeningEventView<E>;
    }
    default:
      return {
        type: "cards.dealt",
        data: {
          counts: e.data.hands.map((h) => h.length),
          hand: me === null ? null : (e.data.hands[me] ?? []).slice(),
        },
      } as OpeningEventView<E>;
  }
}

const OPENING: ReadonlySet<string> = new Set(["match.started", "game.started", "cards.dealt"]);

/** Whether an event is one `sharedEventFor` filters. */
export const isOpeningEvent = (e: { readonly type: string }): e is OpeningEvent =>
  OPENING.has(e.type);
