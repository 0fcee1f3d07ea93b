/** Heul doch!'s four special cards, each drawn as what it is. */
export function SpecialArt(props: { card: string }) {
  switch (props.card) {
    case "catapult":
      return (
        <g data-art="catapult">
          <path
            d="M28 84 H72 M34 84 L42 70 M66 84 L58 70"
            stroke="#8a5a2b"
            strokeWidth="4"
            strokeLinecap="round"
          />
          <circle cx="36" cy="86" r="5" fill="#5a3a1a" />
          <circle cx="64" cy="86" r="5" fill="#5a3a1a" />
          <path d="M50 72 L34 44" stroke="#8a5a2b" strokeWidth="4" strokeLinecap="round" />
          <path d="M28 40 q 6 8 12 2" stroke="#8a5a2b" strokeWidth="3" fill="none" />
          <rect
            x="40"
            y="24"
            width="12"
            height="16"
            rx="2"
            fill="#fff"
            stroke="#2b2350"
            transform="rotate(-25 46 32)"
          />
          <path
            d="M56 30 C 62 26, 68 30, 70 38"
            stroke="#f7e9ff"
            strokeWidth="2"
            strokeDasharray="3 3"
            fill="none"
          />
        </g>
      );
    case "towel":
      return (
        <g data-art="towel">
          <rect
            x="26"
            y="38"
            width="48"
            height="50"
            rx="3"
            fill="#fff"
            transform="rotate(-8 50 63)"
          />
          <g transform="rotate(-8 50 63)">
            {["#e63946", "#f4a261", "#2a9d8f", "#e63946", "#f4a261", "#2a9d8f"].map((c, i) => (
              <rect key={i} x="26" y={38 + i * 8.4} width="48" height="4.2" fill={c} />
            ))}
            <path
              d="M26 88 l2 4 M32 88 l2 4 M38 88 l2 4 M44 88 l2 4 M50 88 l2 4 M56 88 l2 4 M62 88 l2 4 M68 88 l2 4"
              stroke="#fff"
              strokeWidth="1.2"
            />
          </g>
          <circle cx="74" cy="32" r="7" fill="#ffd34d" />
        </g>
      );
    case "carousel":
      return (
        <g data-art="carousel">
          <path d="M26 46 L50 28 L74 46 Z" fill="#e63946" stroke="#fff" strokeWidth="1.5" />
          <path
            d="M26 46 q 6 5 12 0 q 6 5 12 0 q 6 5 12 0 q 6 5 12 0"
            fill="#f4a261"
            stroke="#fff"
            strokeWidth="1"
          />
          <path d="M50 28 V24" stroke="#ffd34d" strokeWidth="2" />
          <path d="M34 50 V78 M50 50 V82 M66 50 V78" stroke="#ffd34d" strokeWidth="1.8" />
          <ellipse cx="34" cy="70" rx="6" ry="4" fill="#fff" />
          <ellipse cx="50" cy="64" rx="6" ry="4" fill="#fff" />
          <ellipse cx="66" cy="72" rx="6" ry="4" fill="#fff" />
          <ellipse cx="50" cy="86" rx="26" ry="5" fill="#f7e9ff" stroke="#fff" />
        </g>
      );
    case "werewolf":
      return (
        <g data-art="werewolf">
          <circle cx="64" cy="36" r="11" fill="#fff6c8" />
          <path
            d="M30 90 L34 58 L28 40 L42 50 C 46 48, 54 48, 58 50 L72 40 L66 58 L70 90 C 60 80, 40 80, 30 90 Z"
            fill="#6b6b80"
            stroke="#f7e9ff"
            strokeWidth="1.5"
          />
          <path
            d="M40 62 l6 3 M60 62 l-6 3"
            stroke="#ffd34d"
            strokeWidth="2.5"
            strokeLinecap="round"
          />
          <path d="M44 76 L50 82 L56 76" fill="#1d1d1f" />
          <path d="M46 78 l1 3 M54 78 l-1 3" stroke="#fff" strokeWidth="1" />
        </g>
      );
    default:
      return null;
  }
}
