/** An onion (Heul doch!'s face-down card): bulb, layers, sprouts and a tear. */
export function OnionFigure(props: { x?: number; y?: number; scale?: number; tear?: boolean }) {
  const { x = 50, y = 70, scale = 1, tear = true } = props;
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`} data-art="onion">
      <path
        d="M-3 -38 C -6 -50, -10 -54, -14 -58 M0 -38 C 0 -50, 2 -56, 4 -62 M3 -38 C 8 -48, 12 -52, 16 -54"
        stroke="#4f8f2f"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
      <path
        d="M0 -40 C 8 -26, 30 -16, 28 8 C 26 30, 12 38, 0 38 C -12 38, -26 30, -28 8 C -30 -16, -8 -26, 0 -40 Z"
        fill="#e9d3ad"
        stroke="#8a6a3c"
        strokeWidth="2.5"
      />
      <path
        d="M0 -38 C -10 -14, -12 14, -4 37 M0 -38 C 10 -14, 12 14, 4 37 M-2 -39 C -22 -14, -22 20, -14 34 M2 -39 C 22 -14, 22 20, 14 34"
        stroke="#c19f6a"
        strokeWidth="1.5"
        fill="none"
      />
      <path
        d="M-6 38 l-3 5 M0 38 l0 6 M6 38 l3 5"
        stroke="#8a6a3c"
        strokeWidth="1.5"
        strokeLinecap="round"
      />
      {tear && (
        <path
          d="M19 12 q 6 10 0 15 q -6 -5 0 -15 z"
          fill="#5fb4ff"
          stroke="#2a78c0"
          strokeWidth="0.8"
        />
      )}
    </g>
  );
}

/** A small onion icon for text (the pile's onion count). */
export function OnionIcon(props: { className?: string }) {
  return (
    <svg
      className={`onion-icon ${props.className ?? ""}`}
      viewBox="-32 -64 64 110"
      aria-hidden="true"
    >
      <OnionFigure x={0} y={0} tear={false} />
    </svg>
  );
}
