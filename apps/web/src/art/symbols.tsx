/**
 * A shape for every colour the decks use, so that a colour-blind player can tell them apart:
 * red a triangle, yellow a circle, green a square, blue a diamond, orange a cross, purple a
 * star, black a crescent. Drawn at (x, y) with the given size, in `fill`.
 */
export function ColourSymbol(props: {
  colour: string;
  x: number;
  y: number;
  size: number;
  fill: string;
  stroke?: string;
}) {
  const { colour, x, y, size, fill, stroke } = props;
  const s = size / 2;
  const common = {
    fill,
    ...(stroke ? { stroke, strokeWidth: size / 10 } : {}),
    "data-symbol": colour,
  };
  switch (colour) {
    case "red":
      return (
        <path
          {...common}
          d={`M${x} ${y - s} L${x + s} ${y + s * 0.8} L${x - s} ${y + s * 0.8} Z`}
        />
      );
    case "yellow":
      return <circle {...common} cx={x} cy={y} r={s * 0.85} />;
    case "green":
      return <rect {...common} x={x - s * 0.8} y={y - s * 0.8} width={s * 1.6} height={s * 1.6} />;
    case "blue":
      return (
        <path {...common} d={`M${x} ${y - s} L${x + s} ${y} L${x} ${y + s} L${x - s} ${y} Z`} />
      );
    case "orange": {
      const w = s * 0.36;
      return (
        <path
          {...common}
          d={`M${x - w} ${y - s} h${2 * w} v${s - w} h${s - w} v${2 * w} h${w - s} v${s - w} h${-2 * w} v${w - s} h${w - s} v${-2 * w} h${s - w} Z`}
        />
      );
    }
    case "purple": {
      const points = Array.from({ length: 10 }, (_, i) => {
        const r = i % 2 === 0 ? s : s * 0.45;
        const a = (Math.PI / 5) * i - Math.PI / 2;
        return `${(x + r * Math.cos(a)).toFixed(2)} ${(y + r * Math.sin(a)).toFixed(2)}`;
      });
      return <path {...common} d={`M${points.join(" L")} Z`} />;
    }
    case "black": {
      // A crescent: the outer circle less a smaller one shifted to the right.
      const r2 = s * 0.78;
      const dx = s * 0.5;
      const ix = (dx * dx + s * s - r2 * r2) / (2 * dx);
      const iy = Math.sqrt(Math.max(0, s * s - ix * ix));
      const top = `${(x + ix).toFixed(2)} ${(y - iy).toFixed(2)}`;
      const bottom = `${(x + ix).toFixed(2)} ${(y + iy).toFixed(2)}`;
      return (
        <path {...common} d={`M${top} A ${s} ${s} 0 1 0 ${bottom} A ${r2} ${r2} 0 1 1 ${top} Z`} />
      );
    }
    default:
      return null;
  }
}
