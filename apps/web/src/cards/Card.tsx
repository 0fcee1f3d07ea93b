import type { Lang } from "@maumau/engine";
import { memo, useId } from "react";
import { BavarianCourt, BavarianSuit, BAVARIAN_INK } from "../art/bavarian";
import { FrenchCourt } from "../art/french";
import { OnionFigure } from "../art/onion";
import { ColourSymbol } from "../art/symbols";
import { DragonMotif, TABALUGA_NIGHT, TABALUGA_PALETTE, TabalugaBack } from "../art/tabaluga";
import { useTablePrefs } from "../motion/prefs";
import "../art/art.css";
import { FAMILY_DECKS } from "../families/decks";
import { Corners, Frame } from "./Frame";
import { CARD_BACK_NAME, cardName, ONION_NAME, rankMark, splitCard, type DeckStyle } from "./names";

const NORIS: Record<string, string> = {
  green: "#2e9d4a",
  blue: "#1f5fbf",
  red: "#d62828",
  yellow: "#e0a800",
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
  const { symbols } = useTablePrefs();
  const label =
    code === null ? (onion ? ONION_NAME[lang] : CARD_BACK_NAME[lang]) : cardName(style, code, lang);
  const a11y = decorative
    ? { "aria-hidden": true as const }
    : { role: "img" as const, "aria-label": label };
  const art = useId();
  return (
    <svg
      className={`card ${className ?? ""}`}
      viewBox="0 0 100 140"
      data-card={code ?? (onion ? "onion" : "back")}
      {...a11y}
    >
      {!decorative && <title>{label}</title>}
      {/* Drawn by reference: the marks are a picture of the card, whose name is its label
          (WCAG 2.5.3: a control's name holds what it shows, not "7 7 7" from three corners). */}
      <defs>
        <g id={art}>
          {code === null ? (
            onion ? (
              <OnionBack />
            ) : style === "tabaluga" ? (
              <Frame fill="#fff">
                <TabalugaBack />
              </Frame>
            ) : (
              <Back colour={back} />
            )
          ) : (
            <Face code={code} style={style} lang={lang} symbols={symbols} />
          )}
        </g>
      </defs>
      <use href={`#${art}`} />
    </svg>
  );
});

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
      <rect x="7" y="7" width="86" height="126" rx="6" fill="#9c9c9c" />
      <OnionFigure x={50} y={76} scale={1.05} />
    </Frame>
  );
}

function Face(props: { code: string; style: DeckStyle; lang: Lang; symbols: boolean }) {
  const { code, style, lang, symbols } = props;
  const { colour, rank } = splitCard(code);
  const mark = rankMark(style, rank, lang);
  switch (style) {
    case "noris":
    case "tabaluga":
      return (
        <NorisFace
          colour={colour}
          rank={rank}
          mark={mark}
          tabaluga={style === "tabaluga"}
          symbols={symbols}
        />
      );
    case "french":
      return <FrenchFace colour={colour} mark={mark} />;
    case "bavarian":
      return <BavarianFace colour={colour} mark={mark} />;
    default: {
      const { Face: Own } = FAMILY_DECKS[style];
      return <Own code={code} colour={colour} mark={mark} symbols={symbols} lang={lang} />;
    }
  }
}

function NorisFace(props: {
  colour: string;
  rank: string;
  mark: string;
  tabaluga: boolean;
  symbols: boolean;
}) {
  const { colour, rank, mark, tabaluga, symbols } = props;
  const palette = tabaluga ? TABALUGA_PALETTE : NORIS;
  if (rank === "wild") {
    const quarters = ["red", "yellow", "green", "blue"];
    return (
      <Frame fill={tabaluga ? TABALUGA_NIGHT : "#1d1d1f"}>
        {quarters.map((c, i) => (
          <path
            key={c}
            d={`M50 70 L ${[50, 90, 50, 10][i]} ${[20, 70, 120, 70][i]} A 40 50 0 0 1 ${[90, 50, 10, 50][i]} ${[70, 120, 70, 20][i]} Z`}
            fill={palette[c]}
          />
        ))}
        {symbols &&
          quarters.map((c, i) => (
            <ColourSymbol
              key={c}
              colour={c}
              x={[66, 66, 34, 34][i]!}
              y={[50, 90, 90, 50][i]!}
              size={9}
              fill="#ffffffcc"
            />
          ))}
        {tabaluga ? (
          <>
            <circle cx="50" cy="70" r="22" fill={TABALUGA_NIGHT} />
            <DragonMotif x={48} y={72} scale={0.7} />
          </>
        ) : (
          <text x="50" y="82" textAnchor="middle" fontSize="34" fill="#fff" fontWeight="900">
            ★
          </text>
        )}
        <Corners mark="★" colour="#fff" />
      </Frame>
    );
  }
  const fill = palette[colour] ?? "#777";
  const symbol = symbols ? colour : null;
  return (
    <Frame fill={fill} stroke={tabaluga ? "#a87f00" : undefined}>
      {tabaluga ? (
        <>
          <rect
            x="8"
            y="8"
            width="84"
            height="124"
            rx="7"
            fill="none"
            stroke={TABALUGA_NIGHT}
            strokeOpacity="0.45"
            strokeWidth="2"
            strokeDasharray="6 3"
          />
          <path
            d="M50 34 C 72 34, 84 52, 80 74 C 76 98, 62 108, 50 108 C 30 108, 18 92, 20 70 C 22 48, 34 34, 50 34 Z"
            fill="#fffbe8"
          />
          <DragonMotif x={68} y={110} scale={0.34} fire={false} />
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
      <Corners mark={mark} colour="#fff" symbol={symbol} />
    </Frame>
  );
}

function FrenchFace(props: { colour: string; mark: string }) {
  const { colour, mark } = props;
  const red = FRENCH_RED.has(colour);
  const ink = red ? "#c1121f" : "#111";
  const glyph = FRENCH_GLYPH[colour] ?? "?";
  const court = COURT_OF[mark];
  return (
    <Frame fill="#fffdf8">
      {court ? (
        <FrenchCourt rank={court} red={red} glyph={glyph} />
      ) : (
        <text x="50" y="88" textAnchor="middle" fontSize="52" fill={ink}>
          {glyph}
        </text>
      )}
      <Corners mark={mark} colour={ink} suit={glyph} />
    </Frame>
  );
}

/** The French court marks in both languages (J/Q/K, B/D/K). */
const COURT_OF: Record<string, "J" | "Q" | "K"> = { J: "J", B: "J", Q: "Q", D: "Q", K: "K" };

function BavarianFace(props: { colour: string; mark: string }) {
  const { colour, mark } = props;
  const court = mark === "U" || mark === "O" || mark === "K" ? mark : null;
  const ink = BAVARIAN_INK[colour] ?? "#333";
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
        <BavarianCourt rank={court} suit={colour} />
      ) : (
        <BavarianPips suit={colour} mark={mark} />
      )}
      <Corners mark={mark} colour={ink} />
    </Frame>
  );
}

/** The number cards show their count of suit symbols in two columns; the ace one large. */
function BavarianPips(props: { suit: string; mark: string }) {
  const { suit, mark } = props;
  const n = Number(mark);
  if (!Number.isInteger(n) || n < 2 || n > 10)
    return <BavarianSuit suit={suit} x={50} y={72} size={56} />;
  const rows = Math.floor(n / 2);
  const top = 34;
  const bottom = 108;
  const step = rows > 1 ? (bottom - top) / (rows - 1) : 0;
  const size = rows > 4 ? 15 : 18;
  const pips: { x: number; y: number }[] = [];
  for (let r = 0; r < rows; r++)
    for (const x of [34, 66]) pips.push({ x, y: rows > 1 ? top + r * step : 70 });
  if (n % 2 === 1) pips.push({ x: 50, y: rows > 1 ? top + step / 2 : 70 });
  return (
    <>
      {pips.map((p, i) => (
        <BavarianSuit key={i} suit={suit} x={p.x} y={p.y} size={size} />
      ))}
    </>
  );
}
