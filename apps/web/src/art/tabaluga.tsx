/**
 * The Tabaluga deck's own look (drawn by the project; no licensed art): a warm palette of
 * ember, sun, leaf and lagoon, a little round dragon as its motif and a scaled card back.
 */
export const TABALUGA_PALETTE: Record<string, string> = {
  red: "#e0452b",
  yellow: "#f2b705",
  green: "#3f9b3a",
  blue: "#1b6ca8",
};
export const TABALUGA_NIGHT = "#0f3d3a";
export const TABALUGA_GOLD = "#ffd34d";

/** A small friendly dragon's head with horns, a big eye and a puff of fire, around (x, y). */
export function DragonMotif(props: { x: number; y: number; scale: number; fire?: boolean }) {
  const { x, y, scale, fire = true } = props;
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`} data-art="dragon">
      {fire && (
        <path
          d="M18 6 C 26 0, 30 6, 36 2 C 32 10, 38 12, 34 18 C 30 14, 24 18, 18 12 Z"
          fill="#ff8a1d"
          stroke="#c2410c"
          strokeWidth="1"
        />
      )}
      <path
        d="M-10 -16 L-14 -28 L-4 -19 Z M2 -19 L4 -31 L10 -18 Z"
        fill={TABALUGA_GOLD}
        stroke="#a06a00"
        strokeWidth="1"
      />
      <path
        d="M-20 -2 C -20 -18, 0 -22, 8 -14 C 14 -8, 22 -4, 20 8 C 18 18, -4 22, -14 16 C -20 12, -20 6, -20 -2 Z"
        fill="#5cbf4a"
        stroke="#23632a"
        strokeWidth="1.8"
      />
      <path d="M-14 -12 C -22 -10, -26 -2, -22 6" stroke="#23632a" strokeWidth="1.5" fill="none" />
      <path d="M-8 -20 l-2 -4 M-2 -21 l0 -4" stroke="#23632a" strokeWidth="1.2" />
      <ellipse cx="-4" cy="-6" rx="6" ry="7" fill="#fff" stroke="#23632a" strokeWidth="1" />
      <circle cx="-2.5" cy="-5" r="3.2" fill="#1d1d1f" />
      <circle cx="-1.5" cy="-6.2" r="1.1" fill="#fff" />
      <circle cx="14" cy="2" r="1.4" fill="#23632a" />
      <path
        d="M2 10 C 8 14, 14 12, 18 8"
        stroke="#23632a"
        strokeWidth="1.6"
        fill="none"
        strokeLinecap="round"
      />
      <ellipse cx="-12" cy="8" rx="3.5" ry="2.2" fill="#ff9a9a" opacity="0.7" />
    </g>
  );
}

/** The Tabaluga back: night-green with golden scales and the dragon in a sun. */
export function TabalugaBack() {
  const scales = [];
  for (let row = 0; row < 11; row++)
    for (let col = 0; col < 7; col++) {
      const cx = 10 + col * 14 + (row % 2) * 7;
      const cy = 12 + row * 12;
      scales.push(`M${cx - 7} ${cy} A 7 7 0 0 0 ${cx + 7} ${cy}`);
    }
  return (
    <g data-art="tabaluga-back">
      <rect x="7" y="7" width="86" height="126" rx="6" fill={TABALUGA_NIGHT} />
      <svg x="7" y="7" width="86" height="126" viewBox="7 7 86 126">
        <path d={scales.join(" ")} stroke="#1f6b5c" strokeWidth="1.6" fill="none" />
      </svg>
      <rect
        x="10"
        y="10"
        width="80"
        height="120"
        rx="5"
        fill="none"
        stroke={TABALUGA_GOLD}
        strokeWidth="1.2"
        strokeDasharray="4 3"
      />
      <circle cx="50" cy="70" r="25" fill={TABALUGA_GOLD} />
      <g stroke={TABALUGA_GOLD} strokeWidth="2.5" strokeLinecap="round">
        {Array.from({ length: 12 }, (_, i) => {
          const a = (Math.PI / 6) * i;
          return (
            <line
              key={i}
              x1={(50 + 28 * Math.cos(a)).toFixed(1)}
              y1={(70 + 28 * Math.sin(a)).toFixed(1)}
              x2={(50 + 33 * Math.cos(a)).toFixed(1)}
              y2={(70 + 33 * Math.sin(a)).toFixed(1)}
            />
          );
        })}
      </g>
      <DragonMotif x={47} y={72} scale={0.85} />
    </g>
  );
}
