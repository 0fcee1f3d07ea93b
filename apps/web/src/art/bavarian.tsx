/**
 * The Bavarian deck: its four suits drawn as shapes (no font has them) and its court as
 * single-headed figures: the Unter holds his suit low, the Ober holds it high, the König sits
 * crowned with it beside him.
 */
export const BAVARIAN_INK: Record<string, string> = {
  herz: "#b0101a",
  gras: "#1d6a2a",
  schellen: "#9a6400",
  eichel: "#6b3e10",
};

export function BavarianSuit(props: { suit: string; x: number; y: number; size: number }) {
  const { suit, x, y, size } = props;
  const t = `translate(${x} ${y}) scale(${size / 40})`;
  switch (suit) {
    case "herz":
      return (
        <g transform={t} data-suit="herz">
          <path
            d="M0 16 C -24 0, -20 -19, -8 -19 C -3 -19, 0 -15, 0 -12 C 0 -15, 3 -19, 8 -19 C 20 -19, 24 0, 0 16 Z"
            fill="#d0202a"
            stroke="#7a0a10"
            strokeWidth="1.5"
          />
          <path
            d="M-11 -12 C -15 -9, -15 -3, -12 0"
            stroke="#ff8a8a"
            strokeWidth="2.5"
            fill="none"
            strokeLinecap="round"
          />
        </g>
      );
    case "schellen":
      return (
        <g transform={t} data-suit="schellen">
          <circle r="16" fill="#e8a800" stroke="#7a4c00" strokeWidth="1.8" />
          <path d="M-15 -3 H15 M-15 3 H15" stroke="#7a4c00" strokeWidth="1.6" />
          <rect x="-16" y="-3" width="32" height="6" fill="#c21e1e" />
          <circle cy="9" r="3" fill="#3a2400" />
          <path d="M0 12 V16" stroke="#3a2400" strokeWidth="1.6" />
          <circle cx="-6" cy="-9" r="3" fill="#ffe27a" />
          <circle cy="-17.5" r="2.4" fill="none" stroke="#7a4c00" strokeWidth="1.6" />
        </g>
      );
    case "eichel":
      return (
        <g transform={t} data-suit="eichel">
          <path d="M0 -20 C 2 -24, 6 -25, 8 -24" stroke="#3f6b1a" strokeWidth="2" fill="none" />
          <ellipse cy="5" rx="10.5" ry="14" fill="#c98a2c" stroke="#6b3e10" strokeWidth="1.5" />
          <path
            d="M-4 0 C -5 6, -4 12, -1 15"
            stroke="#f0c070"
            strokeWidth="2"
            fill="none"
            strokeLinecap="round"
          />
          <path d="M-13.5 -5 C -13 -17, 13 -17, 13.5 -5 C 6 -2, -6 -2, -13.5 -5 Z" fill="#6b3e10" />
          <path
            d="M-9 -9 l3 3 M-3 -11 l3 3 M3 -11 l3 3 M9 -9 l-2 3"
            stroke="#9c6a30"
            strokeWidth="1.2"
          />
          <rect x="-1.5" y="-22" width="3" height="8" rx="1" fill="#6b3e10" />
        </g>
      );
    case "gras":
      return (
        <g transform={t} data-suit="gras">
          <path
            d="M0 -20 C 18 -10, 16 10, 0 18 C -16 10, -18 -10, 0 -20 Z"
            fill="#2f8f3a"
            stroke="#1d5a25"
            strokeWidth="1.5"
          />
          <path d="M0 -16 V24" stroke="#1d5a25" strokeWidth="2" />
          <path
            d="M0 -8 L8 -13 M0 -2 L10 -6 M0 4 L9 1 M0 -8 L-8 -13 M0 -2 L-10 -6 M0 4 L-9 1"
            stroke="#7fd08a"
            strokeWidth="1.2"
          />
        </g>
      );
    default:
      return null;
  }
}

const SKIN = "#f1cfae";

/** A Bavarian court figure in the card's 100×140 box. */
export function BavarianCourt(props: { rank: "U" | "O" | "K"; suit: string }) {
  const { rank, suit } = props;
  const ink = BAVARIAN_INK[suit] ?? "#333";
  const coat = ink;
  const hose = rank === "O" ? "#2b4f8a" : "#d8c08a";
  return (
    <g data-art={`bavarian-${rank}`}>
      {rank === "K" && (
        // the throne
        <path
          d="M28 64 V112 H72 V64 C 72 56, 28 56, 28 64 Z"
          fill="#8a5a2b"
          stroke="#5a3a1a"
          strokeWidth="1"
        />
      )}
      {/* legs and shoes */}
      {rank === "K" ? (
        <path d="M40 100 V114 M60 100 V114" stroke={hose} strokeWidth="6" />
      ) : (
        <path d="M44 92 V114 M56 92 V114" stroke={hose} strokeWidth="6" />
      )}
      <path d="M38 116 h10 M52 116 h10" stroke="#2b2b2b" strokeWidth="4" strokeLinecap="round" />
      {/* coat */}
      <path
        d={
          rank === "K"
            ? "M36 58 C 36 52, 64 52, 64 58 L 70 104 H30 Z"
            : "M37 58 C 37 52, 63 52, 63 58 L 66 96 H34 Z"
        }
        fill={coat}
        stroke="#1d1d1f"
        strokeWidth="1"
      />
      <path d={rank === "K" ? "M50 54 V104" : "M50 54 V96"} stroke="#f3e3b3" strokeWidth="2" />
      <path d={rank === "K" ? "M33 84 H67" : "M35 78 H65"} stroke="#3a2a10" strokeWidth="3" />
      {rank === "K" && <path d="M30 104 H70" stroke="#f3e3b3" strokeWidth="3" />}
      {/* arms: the suit is held low (Unter), high (Ober) or beside (König) */}
      {rank === "U" && (
        <path d="M38 60 L30 84 M62 60 L66 80" stroke={coat} strokeWidth="5" strokeLinecap="round" />
      )}
      {rank === "O" && (
        <path d="M62 60 L70 38 M38 60 L34 82" stroke={coat} strokeWidth="5" strokeLinecap="round" />
      )}
      {rank === "K" && (
        <path d="M38 60 L30 76 M62 60 L68 72" stroke={coat} strokeWidth="5" strokeLinecap="round" />
      )}
      {/* head */}
      <circle cx="50" cy="44" r="8" fill={SKIN} stroke="#5a3a1a" strokeWidth="0.8" />
      <circle cx="47.2" cy="43.5" r="0.9" fill="#222" />
      <circle cx="52.8" cy="43.5" r="0.9" fill="#222" />
      <path d="M45 48.5 q 5 -2.5 10 0" stroke="#5a3a1a" strokeWidth="1.3" fill="none" />
      {rank === "K" && (
        <path
          d="M43 47 C 44 58, 56 58, 57 47 C 54 51, 46 51, 43 47 Z"
          fill="#e8e8e8"
          stroke="#999"
          strokeWidth="0.5"
        />
      )}
      {/* headwear */}
      {rank === "U" && (
        <>
          <path
            d="M41 40 C 41 32, 59 32, 59 40 Z"
            fill="#2f5d2f"
            stroke="#1d1d1f"
            strokeWidth="0.7"
          />
          <path
            d="M56 34 C 60 26, 64 24, 66 24 C 63 28, 61 32, 58 36"
            fill="#f2f2f2"
            stroke="#999"
            strokeWidth="0.5"
          />
        </>
      )}
      {rank === "O" && (
        <>
          <path d="M40 40 H60 L57 28 H43 Z" fill="#1d1d1f" />
          <path d="M40 40 H60" stroke="#e2b23a" strokeWidth="2" />
        </>
      )}
      {rank === "K" && (
        <path
          d="M41 38 L41 29 L45.5 33 L50 26 L54.5 33 L59 29 L59 38 Z"
          fill="#e2b23a"
          stroke="#8a6a10"
          strokeWidth="0.8"
        />
      )}
      {/* the suit */}
      {rank === "U" && <BavarianSuit suit={suit} x={27} y={94} size={20} />}
      {rank === "O" && <BavarianSuit suit={suit} x={73} y={30} size={20} />}
      {rank === "K" && <BavarianSuit suit={suit} x={73} y={70} size={16} />}
    </g>
  );
}
