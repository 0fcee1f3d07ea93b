import type { Lang } from "@maumau/engine";
import { memo, type ReactNode } from "react";
import { CARD_BACK_NAME, cardName, ONION_NAME, rankMark, splitCard, type DeckStyle } from "./names";

const NORIS: Record<string, string> = {
  green: "#2e9d4a",
  blue: "#1f5fbf",
  red: "#d62828",
  yellow: "#e0a800",
};
const HEUL_DOCH: Record<string, string> = {
  red: "#d62828",
  orange: "#f07d00",
  yellow: "#f2c500",
  green: "#3aa34a",
  blue: "#1f6fd1",
  purple: "#7b3fb5",
  black: "#222222",
};
const FRENCH_RED = new Set(["hearts", "diamonds"]);
const FRENCH_GLYPH: Record<string, string> = {
  clubs: "♣",
  diamonds: "♦",
  hearts: "♥",
  spades: "♠",
};

export interface CardProps {
  /** The card's code; null draws its back. */
  readonly code: string | null;
  readonly style: DeckStyle;
  readonly lang: Lang;
  /** A face-down heul-doch pile card (an onion). */
  readonly onion?: boolean;
  /** The back's colour (the variant's theme). */
  readonly back?: string;
  readonly className?: string;
  /** Hide from assistive technology when a surrounding control names the card. */
  readonly decorative?: boolean;
}

/** One card, drawn as SVG for every deck the project plays (no image files). */
export const Card = memo(function Card(props: CardProps) {
  const { code, style, lang, onion = false, back = "#0b3d91", className, decorative } = props;
  const label =
    code === null ? (onion ? ONION_NAME[lang] : CARD_BACK_NAME[lang]) : cardName(style, code, lang);
  const a11y = decorative
    ? { "aria-hidden": true as const }
    : { role: "img" as const, "aria-label": label };
  return (
    <svg
      className={`card ${className ?? ""}`}
      viewBox="0 0 100 140"
      data-card={code ?? (onion ? "onion" : "back")}
      {...a11y}
    >
      {!decorative && <title>{label}</title>}
      {code === null ? (
        onion ? (
          <OnionBack />
        ) : (
          <Back colour={back} />
        )
      ) : (
        <Face code={code} style={style} lang={lang} />
      )}
    </svg>
  );
});

function Frame(props: { fill: string; stroke?: string; children?: ReactNode }) {
  return (
    <>
      <rect
        x="1.5"
        y="1.5"
        width="97"
        height="137"
        rx="9"
        fill={props.fill}
        stroke={props.stroke ?? "#00000055"}
        strokeWidth="1.5"
      />
      {props.children}
    </>
  );
}

function Back({ colour }: { colour: string }) {
  return (
    <Frame fill="#fff">
      <rect x="7" y="7" width="86" height="126" rx="6" fill={colour} />
      <g stroke="#ffffff55" strokeWidth="3">
        {Array.from({ length: 9 }, (_, i) => (
          <line key={i} x1={-40 + i * 18} y1="133" x2={20 + i * 18} y2="7" />
        ))}
      </g>
      <circle cx="50" cy="70" r="17" fill="#ffffffcc" />
      <text x="50" y="77" textAnchor="middle" fontSize="18" fontWeight="800" fill={colour}>
        M
      </text>
    </Frame>
  );
}

/** H-3.1c: an onion lies face down; it shows a grey onion with a tear. */
function OnionBack() {
  return (
    <Frame fill="#b8b8b8">
      <path
        d="M50 30 C 56 44, 76 56, 74 80 C 72 100, 60 108, 50 108 C 40 108, 28 100, 26 80 C 24 56, 44 44, 50 30 Z"
        fill="#f1e6d2"
        stroke="#8a7a5c"
        strokeWidth="2"
      />
      <path
        d="M50 34 C 46 58, 46 84, 50 106 M50 34 C 54 58, 54 84, 50 106"
        stroke="#c9b48a"
        fill="none"
      />
      <path d="M64 84 q 4 8 0 12 q -4 -4 0 -12 z" fill="#5fb4ff" />
    </Frame>
  );
}

function Corners(props: { mark: string; colour: string; suit?: string }) {
  const { mark, colour, suit } = props;
  const corner = (transform?: string) => (
    <g transform={transform} fill={colour} fontWeight="800" fontFamily="system-ui, sans-serif">
      <text x="14" y="24" fontSize={mark.length > 1 ? 14 : 18} textAnchor="middle">
        {mark}
      </text>
      {suit && (
        <text x="14" y="40" fontSize="14" textAnchor="middle">
          {suit}
        </text>
      )}
    </g>
  );
  return (
    <>
      {corner()}
      {corner("rotate(180 50 70)")}
    </>
  );
}

function Face({ code, style, lang }: { code: string; style: DeckStyle; lang: Lang }) {
  const { colour, rank } = splitCard(code);
  const mark = rankMark(style, rank, lang);
  switch (style) {
    case "noris":
    case "tabaluga":
      return <NorisFace colour={colour} rank={rank} mark={mark} tabaluga={style === "tabaluga"} />;
    case "french":
      return <FrenchFace colour={colour} mark={mark} />;
    case "bavarian":
      return <BavarianFace colour={colour} mark={mark} />;
    case "heul-doch":
      return <HeulDochFace code={code} colour={colour} mark={mark} />;
  }
}

function NorisFace(props: { colour: string; rank: string; mark: string; tabaluga: boolean }) {
  const { colour, rank, mark, tabaluga } = props;
  if (rank === "wild") {
    const quarters = ["red", "yellow", "green", "blue"];
    return (
      <Frame fill={tabaluga ? "#123c32" : "#1d1d1f"}>
        {quarters.map((c, i) => (
          <path
            key={c}
            d={`M50 70 L ${[50, 90, 50, 10][i]} ${[20, 70, 120, 70][i]} A 40 50 0 0 1 ${[90, 50, 10, 50][i]} ${[70, 120, 70, 20][i]} Z`}
            fill={NORIS[c]}
          />
        ))}
        {tabaluga ? (
          <path
            d="M50 40 C 62 58, 70 66, 62 86 C 58 96, 42 96, 38 86 C 34 74, 44 70, 46 60 C 50 68, 54 66, 50 40 Z"
            fill="#ffcf33"
            stroke="#b34700"
            strokeWidth="2"
          />
        ) : (
          <text x="50" y="82" textAnchor="middle" fontSize="34" fill="#fff" fontWeight="900">
            ★
          </text>
        )}
        <Corners mark="★" colour="#fff" />
      </Frame>
    );
  }
  const fill = NORIS[colour] ?? "#777";
  return (
    <Frame fill={fill} stroke={tabaluga ? "#c8a400" : undefined}>
      {tabaluga ? (
        <>
          <rect
            x="8"
            y="8"
            width="84"
            height="124"
            rx="7"
            fill="none"
            stroke="#ffe08a"
            strokeWidth="2"
            strokeDasharray="6 3"
          />
          <circle cx="50" cy="70" r="30" fill="#fffbe8" />
        </>
      ) : (
        <ellipse cx="50" cy="70" rx="34" ry="46" fill="#fff" transform="rotate(20 50 70)" />
      )}
      <text
        x="50"
        y={mark.length > 1 ? 82 : 86}
        textAnchor="middle"
        fontSize={mark.length > 1 ? 30 : 44}
        fontWeight="900"
        fill={fill}
        fontFamily="system-ui, sans-serif"
      >
        {mark}
      </text>
      <Corners mark={mark} colour="#fff" />
    </Frame>
  );
}

function FrenchFace(props: { colour: string; mark: string }) {
  const { colour, mark } = props;
  const ink = FRENCH_RED.has(colour) ? "#c1121f" : "#111";
  const glyph = FRENCH_GLYPH[colour] ?? "?";
  const court = ["J", "Q", "K", "B", "D"].includes(mark);
  return (
    <Frame fill="#fffdf8">
      {court && (
        <rect
          x="22"
          y="30"
          width="56"
          height="80"
          rx="4"
          fill="none"
          stroke={ink}
          strokeWidth="1.5"
        />
      )}
      <text x="50" y={court ? 80 : 88} textAnchor="middle" fontSize={court ? 34 : 52} fill={ink}>
        {court ? mark : glyph}
      </text>
      {court && (
        <text x="50" y="104" textAnchor="middle" fontSize="18" fill={ink}>
          {glyph}
        </text>
      )}
      <Corners mark={mark} colour={ink} suit={glyph} />
    </Frame>
  );
}

/** The four Bavarian suits as shapes (no font has them). */
function BavarianSuit(props: { suit: string; x: number; y: number; size: number }) {
  const { suit, x, y, size } = props;
  const t = `translate(${x} ${y}) scale(${size / 40})`;
  switch (suit) {
    case "herz":
      return (
        <path
          transform={t}
          d="M0 14 C -20 0, -18 -18, -6 -18 C -2 -18, 0 -14, 0 -12 C 0 -14, 2 -18, 6 -18 C 18 -18, 20 0, 0 14 Z"
          fill="#d0202a"
        />
      );
    case "schellen":
      return (
        <g transform={t}>
          <circle r="15" fill="#e6a700" stroke="#8a5a00" strokeWidth="2" />
          <rect x="-12" y="-2" width="24" height="3" fill="#8a5a00" />
          <circle cy="8" r="3" fill="#8a5a00" />
        </g>
      );
    case "eichel":
      return (
        <g transform={t}>
          <ellipse cy="4" rx="10" ry="14" fill="#b5651d" />
          <path d="M-13 -6 C -12 -18, 12 -18, 13 -6 Z" fill="#6b3e10" />
          <rect x="-1.5" y="-22" width="3" height="7" fill="#6b3e10" />
        </g>
      );
    case "gras":
      return (
        <g transform={t}>
          <path d="M0 -18 C 16 -8, 14 10, 0 18 C -14 10, -16 -8, 0 -18 Z" fill="#2f8f3a" />
          <path d="M0 -14 L0 22" stroke="#1d5a25" strokeWidth="2" />
        </g>
      );
    default:
      return null;
  }
}

function BavarianFace(props: { colour: string; mark: string }) {
  const { colour, mark } = props;
  const court = ["U", "O", "K"].includes(mark);
  const ink =
    colour === "herz"
      ? "#b0101a"
      : colour === "gras"
        ? "#1d5a25"
        : colour === "schellen"
          ? "#8a5a00"
          : "#6b3e10";
  return (
    <Frame fill="#fbf5e6">
      <rect
        x="7"
        y="7"
        width="86"
        height="126"
        rx="6"
        fill="none"
        stroke={ink}
        strokeOpacity="0.35"
      />
      {court ? (
        <>
          <BavarianSuit suit={colour} x={50} y={mark === "U" ? 100 : 42} size={26} />
          <text
            x="50"
            y={mark === "U" ? 70 : 96}
            textAnchor="middle"
            fontSize="34"
            fontWeight="800"
            fill={ink}
          >
            {mark}
          </text>
        </>
      ) : (
        <BavarianSuit suit={colour} x={50} y={72} size={mark === "A" ? 56 : 40} />
      )}
      <Corners mark={mark} colour={ink} />
    </Frame>
  );
}

const SPECIAL_MARK: Record<string, string> = {
  catapult: "⤴",
  towel: "⇆",
  carousel: "↻",
  werewolf: "☾",
};

function HeulDochFace(props: { code: string; colour: string; mark: string }) {
  const { code, colour, mark } = props;
  const special = SPECIAL_MARK[code];
  if (special) {
    return (
      <Frame fill="#2b2350">
        <circle cx="50" cy="62" r="30" fill="#f7e9ff" />
        <text x="50" y="76" textAnchor="middle" fontSize="40" fill="#2b2350">
          {special}
        </text>
        <text x="50" y="118" textAnchor="middle" fontSize="11" fill="#f7e9ff" fontWeight="700">
          {code.toUpperCase()}
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
      <Corners mark={mark} colour="#fff" />
    </Frame>
  );
}
