/**
 * The French court cards as double-headed figures: the king with crown, beard and sword, the
 * queen with tiara, long hair and a rose, the jack with a feathered cap and a halberd.
 */
const SKIN = "#f3d2b3";
const GOLD = "#e2b23a";

export function FrenchCourt(props: { rank: "J" | "Q" | "K"; red: boolean; glyph: string }) {
  const { rank, red, glyph } = props;
  const ink = red ? "#c1121f" : "#1d1d1f";
  const robe = red ? "#c1121f" : "#1f4fa0";
  const trim = red ? "#1f4fa0" : "#c1121f";
  const half = (
    <g>
      {/* what the figure holds, behind the body */}
      {rank === "K" && (
        <g stroke="#6b6b73" strokeWidth="2.2" strokeLinecap="round">
          <line x1="68" y1="66" x2="68" y2="34" />
          <line x1="63" y1="58" x2="73" y2="58" stroke={GOLD} />
        </g>
      )}
      {rank === "J" && (
        <g>
          <line x1="31" y1="68" x2="31" y2="32" stroke="#7a4a1c" strokeWidth="2" />
          <path d="M31 32 l-5 6 l5 3 l5 -3 Z" fill="#9aa0a8" stroke="#555" strokeWidth="0.8" />
        </g>
      )}
      {/* shoulders and robe */}
      <path
        d="M27 70 C 27 58, 37 54, 50 54 C 63 54, 73 58, 73 70 Z"
        fill={robe}
        stroke={ink}
        strokeWidth="1"
      />
      <path d="M44 54 L50 70 L56 54 Z" fill={trim} />
      <path d="M27 66 h46" stroke={GOLD} strokeWidth="1.5" />
      <ellipse cx="50" cy="54.5" rx="9" ry="2.6" fill="#fff" stroke={ink} strokeWidth="0.6" />
      {/* hair behind the head */}
      {rank === "Q" && (
        <path d="M40 44 C 38 54, 40 58, 36 62 L 64 62 C 60 58, 62 54, 60 44 Z" fill="#8a4b14" />
      )}
      {/* head */}
      <circle cx="50" cy="44" r="8.5" fill={SKIN} stroke={ink} strokeWidth="0.8" />
      <circle cx="47" cy="43.5" r="0.9" fill="#222" />
      <circle cx="53" cy="43.5" r="0.9" fill="#222" />
      <path d="M47.5 48 q 2.5 1.6 5 0" stroke="#9b3b2b" strokeWidth="0.9" fill="none" />
      {rank === "K" && (
        <>
          <path d="M42 46 C 42 56, 58 56, 58 46 C 56 50, 44 50, 42 46 Z" fill="#8a5a2b" />
          <path d="M46.5 47.2 q 3.5 -1.5 7 0" stroke="#6b4420" strokeWidth="1.1" fill="none" />
          <path
            d="M41 37 L41 29 L45 33 L50 27 L55 33 L59 29 L59 37 Z"
            fill={GOLD}
            stroke="#8a6a10"
            strokeWidth="0.8"
          />
          <circle cx="50" cy="33" r="1.3" fill={trim} />
        </>
      )}
      {rank === "Q" && (
        <>
          <path d="M41.5 41 C 42 34, 58 34, 58.5 41 C 54 37, 46 37, 41.5 41 Z" fill="#8a4b14" />
          <path
            d="M43 36 L45 31 L48 35 L50 30 L52 35 L55 31 L57 36 Z"
            fill={GOLD}
            stroke="#8a6a10"
            strokeWidth="0.6"
          />
          <circle cx="50" cy="31" r="1.2" fill="#fff" />
          <g transform="translate(33 60)">
            <line x1="0" y1="0" x2="0" y2="-12" stroke="#2f7d32" strokeWidth="1.4" />
            <circle cy="-14" r="3.2" fill={trim} stroke={ink} strokeWidth="0.5" />
          </g>
        </>
      )}
      {rank === "J" && (
        <>
          <path d="M41 40 C 41 33, 59 33, 59 40 Z" fill={trim} stroke={ink} strokeWidth="0.7" />
          <path d="M41 40 h18" stroke={GOLD} strokeWidth="1.6" />
          <path
            d="M57 36 C 64 30, 68 30, 71 31 C 66 33, 62 36, 58 39"
            fill="#f2f2f2"
            stroke="#999"
            strokeWidth="0.6"
          />
          <path
            d="M42 40 C 41 46, 43 48, 42 50 M58 40 C 59 46, 57 48, 58 50"
            stroke="#b07a2a"
            strokeWidth="2"
            fill="none"
          />
        </>
      )}
      <text x="30" y="40" fontSize="9" fill={ink} textAnchor="middle">
        {glyph}
      </text>
    </g>
  );
  return (
    <g data-art={`french-${rank}`}>
      <rect
        x="21"
        y="28"
        width="58"
        height="84"
        rx="4"
        fill={red ? "#fff4e0" : "#eef3ff"}
        stroke={ink}
        strokeWidth="1.2"
      />
      <svg x="21" y="28" width="58" height="84" viewBox="21 28 58 84">
        {half}
        <g transform="rotate(180 50 70)">{half}</g>
      </svg>
      <line x1="21" y1="70" x2="79" y2="70" stroke={ink} strokeWidth="0.6" strokeOpacity="0.5" />
    </g>
  );
}
