import type { ViewEvent } from "@maumau/client";
import type { Sfx } from "../sound/sfx";

/** A place on the table a card moves from or to. */
export type Place =
  | { readonly kind: "seat"; readonly seat: number }
  | { readonly kind: "pile"; readonly seat: number }
  | { readonly kind: "discard" }
  | { readonly kind: "middle" }
  | { readonly kind: "draw" };

/** One card moving: face up (`card`), face down (null), or an onion. */
export interface Flight {
  readonly from: Place;
  readonly to: Place;
  readonly card: string | null;
  readonly onion?: boolean;
  /** Turned over where it lies (the werewolf). */
  readonly flip?: boolean;
}

/** What the table shows for one event: cards moving together, sounds, a counter at a place. */
export interface MotionStep {
  readonly version: number;
  readonly flights: readonly Flight[];
  readonly sounds: readonly Sfx[];
  /** A count shown as it goes ("+1", "+2", … for a penalty being drawn). */
  readonly counter?: { readonly at: Place; readonly text: string };
}

type Data = Record<string, unknown>;
const num = (d: Data, k: string): number | null => (typeof d[k] === "number" ? d[k] : null);
const str = (d: Data, k: string): string | null => (typeof d[k] === "string" ? d[k] : null);
const seatPlace = (seat: number): Place => ({ kind: "seat", seat });

/**
 * The moves to show for the events of a frame, in order: a played card travels from its seat
 * to the pile; drawn cards travel one by one from the draw pile to the hand (face down to the
 * others), counted when more than one; Heul doch!'s catapult, beach towel, carousel and
 * werewolf move (or turn) the tops they move. `viewer` is the seat looking (null: spectator).
 */
export function stepsOf(events: readonly ViewEvent[], viewer: number | null): MotionStep[] {
  const steps: MotionStep[] = [];
  let won = false;
  for (const e of events) {
    const d = (e.data ?? {}) as Data;
    const seat = num(d, "seat");
    const version = e.version;
    switch (e.type) {
      case "card.played": {
        if (seat === null) break;
        const to = num(d, "to");
        const faceDown = d.faceDown === true;
        steps.push({
          version,
          flights: [
            {
              from: seatPlace(seat),
              to: to === null ? { kind: "discard" } : { kind: "pile", seat: to },
              card: faceDown ? null : str(d, "card"),
              ...(faceDown ? { onion: true } : {}),
            },
          ],
          sounds: d.mau === true || d.mauMau === true ? ["play", "mau"] : ["play"],
        });
        break;
      }
      case "special.played":
        if (seat === null) break;
        steps.push({
          version,
          flights: [{ from: seatPlace(seat), to: { kind: "middle" }, card: str(d, "card") }],
          sounds: ["play"],
        });
        break;
      case "cards.drawn":
      case "card.drawn": {
        if (seat === null) break;
        const cards = Array.isArray(d.cards) ? (d.cards as unknown[]) : null;
        const single = str(d, "card");
        const count = num(d, "count") ?? cards?.length ?? 1;
        for (let i = 0; i < count; i++) {
          const seen = seat === viewer ? ((cards?.[i] as string | undefined) ?? single) : null;
          steps.push({
            version,
            flights: [{ from: { kind: "draw" }, to: seatPlace(seat), card: seen ?? null }],
            sounds: ["draw"],
            ...(count > 1 ? { counter: { at: seatPlace(seat), text: `+${i + 1}` } } : {}),
          });
        }
        break;
      }
      case "penalty.raised":
        steps.push({ version, flights: [], sounds: ["penalty"] });
        break;
      case "tops.catapulted": {
        const cards = (Array.isArray(d.cards) ? d.cards : []) as { seat: number; card: string }[];
        for (const c of cards)
          steps.push({
            version,
            flights: [
              { from: { kind: "pile", seat: c.seat }, to: { kind: "middle" }, card: c.card },
            ],
            sounds: ["play"],
          });
        break;
      }
      case "tops.moved": {
        type Move = { from: number; to: number; card: { card: string | null; faceDown: boolean } };
        const moves = (Array.isArray(d.moves) ? d.moves : []) as Move[];
        if (moves.length > 0)
          steps.push({
            version,
            flights: moves.map((m) => ({
              from: { kind: "pile", seat: m.from },
              to: { kind: "pile", seat: m.to },
              card: m.card.faceDown ? null : m.card.card,
              ...(m.card.faceDown ? { onion: true } : {}),
            })),
            sounds: ["draw"],
          });
        break;
      }
      case "tops.turned": {
        type Top = { seat: number; card: { card: string | null; faceDown: boolean } };
        const tops = (Array.isArray(d.tops) ? d.tops : []) as Top[];
        if (tops.length > 0)
          steps.push({
            version,
            flights: tops.map((t) => ({
              from: { kind: "pile", seat: t.seat },
              to: { kind: "pile", seat: t.seat },
              card: t.card.faceDown ? null : t.card.card,
              ...(t.card.faceDown ? { onion: true } : {}),
              flip: true,
            })),
            sounds: ["draw"],
          });
        break;
      }
      case "game.ended":
      case "match.ended": {
        const winners = [
          ...(num(d, "winner") !== null ? [num(d, "winner")] : []),
          ...(Array.isArray(d.winners) ? (d.winners as number[]) : []),
        ];
        if (viewer !== null && winners.includes(viewer) && !won) {
          won = true;
          steps.push({ version, flights: [], sounds: ["win"] });
        }
        break;
      }
      default:
        break;
    }
  }
  return steps;
}
