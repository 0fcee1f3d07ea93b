import type { Lang } from "@maumau/engine";
import { SpecialArt } from "../art/heulDoch";
import { ColourSymbol } from "../art/symbols";
import type { DeckLook, FaceProps } from "../cards/DeckLook";
import { Corners, Frame } from "../cards/Frame";
import type { Names } from "../cards/names";
import { splitCard } from "../cards/splitCard";
import { resources } from "../i18n";

/** The deck style of Heul doch!'s cards. */
export const HEUL_DOCH_STYLE = "heul-doch";

const HEUL_DOCH: Record<string, string> = {
  red: "#d62828",
  orange: "#f07d00",
  yellow: "#f2c500",
  green: "#3aa34a",
  blue: "#1f6fd1",
  purple: "#7b3fb5",
  black: "#222222",
};

/** The word on a special card's face, in the card's language (the locales' `cards.art`). */
const artWord = (code: string, lang: Lang): string | undefined =>
  (resources[lang].translation.cards.art as Readonly<Record<string, string>>)[code];

function HeulDochFace(props: FaceProps) {
  const { code, colour, mark, symbols, lang } = props;
  const word = artWord(code, lang);
  if (word !== undefined) {
    return (
      <Frame fill="#2b2350">
        <circle cx="50" cy="60" r="34" fill="#3d3470" />
        <SpecialArt card={code} />
        <text x="50" y="120" textAnchor="middle" fontSize="10" fill="#f7e9ff" fontWeight="700">
          {word.toLocaleUpperCase(lang)}
        </text>
      </Frame>
    );
  }
  const fill = HEUL_DOCH[colour] ?? "#777";
  return (
    <Frame fill="#fff">
      <rect x="7" y="7" width="86" height="126" rx="6" fill={fill} />
      <circle cx="50" cy="70" r="30" fill="#fff" />
      <text x="50" y="86" textAnchor="middle" fontSize="46" fontWeight="900" fill={fill}>
        {mark}
      </text>
      {symbols && (
        <ColourSymbol colour={colour} x={50} y={112} size={12} fill="#fff" stroke="#00000055" />
      )}
      <Corners
        mark={mark}
        colour={colour === "yellow" ? "#1d1d1f" : "#fff"}
        symbol={symbols ? colour : null}
      />
    </Frame>
  );
}

const HEUL_DOCH_COLOURS: Names = {
  red: { en: "red", de: "Rot" },
  orange: { en: "orange", de: "Orange" },
  yellow: { en: "yellow", de: "Gelb" },
  green: { en: "green", de: "Grün" },
  blue: { en: "blue", de: "Blau" },
  purple: { en: "purple", de: "Lila" },
  black: { en: "black", de: "Schwarz" },
};
const HEUL_DOCH_SPECIALS: Names = {
  catapult: { en: "catapult", de: "Katapult" },
  towel: { en: "beach towel", de: "Strandtuch" },
  carousel: { en: "carousel", de: "Karussell" },
  werewolf: { en: "werewolf", de: "Werwolf" },
};

/** Heul doch!'s deck: seven colours of numbers, four special cards. */
export const heulDochDeck: DeckLook = {
  colourName: (colour, lang) => HEUL_DOCH_COLOURS[colour]?.[lang] ?? colour,
  cardName: (code, lang) => {
    const special = HEUL_DOCH_SPECIALS[code];
    if (special) return special[lang];
    const { colour, rank } = splitCard(code);
    return `${HEUL_DOCH_COLOURS[colour]?.[lang] ?? colour} ${rank}`;
  },
  rankMark: (rank) => rank,
  Face: HeulDochFace,
  // Two colours of numbers and what spoils them: an onion (H-3.1c).
  fan: [{ code: "orange/3" }, { code: "purple/6" }, { code: null, onion: true }],
};
