/** A card code's colour (or suit) and rank: `red/draw2` → red, draw2; `wild` → "", wild. */
export const splitCard = (code: string): { colour: string; rank: string } => {
  const slash = code.indexOf("/");
  return slash < 0
    ? { colour: "", rank: code }
    : { colour: code.slice(0, slash), rank: code.slice(slash + 1) };
};
