import type { ReactNode } from "react";
import { ColourSymbol } from "../art/symbols";

/** A card's outline, with what is drawn on it. */
export function Frame(props: { fill: string; stroke?: string; children?: ReactNode }) {
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

/** A card's corner marks, top left and (turned) bottom right. */
export function Corners(props: {
  mark: string;
  colour: string;
  suit?: string;
  symbol?: string | null;
}) {
  const { mark, colour, suit, symbol } = props;
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
      {symbol && <ColourSymbol colour={symbol} x={14} y={36} size={11} fill={colour} />}
    </g>
  );
  return (
    <>
      {corner()}
      {corner("rotate(180 50 70)")}
    </>
  );
}
