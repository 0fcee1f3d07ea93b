import type { Lang } from "@maumau/engine";
import type { ReactElement } from "react";

/** What a card face is drawn from: the code, split, with its corner mark in the language. */
export interface FaceProps {
  readonly code: string;
  readonly colour: string;
  readonly mark: string;
  readonly symbols: boolean;
  readonly lang: Lang;
}

/** A card of a deck's fan in the lobby: a face (`code`), a back (null) or an onion. */
export interface FanFace {
  readonly code: string | null;
  /** Heul doch!'s face-down pile card. */
  readonly onion?: boolean;
}

/** A deck a family brings: how its cards are named and drawn. */
export interface DeckLook {
  colourName(colour: string, lang: Lang): string;
  cardName(code: string, lang: Lang): string;
  rankMark(rank: string, lang: Lang): string;
  readonly Face: (props: FaceProps) => ReactElement;
  /** Three cards that show the deck, fanned on the lobby's tile of a variant playing it. */
  readonly fan: readonly FanFace[];
}
