import type { Lang } from "@maumau/engine";

/** Who does something: German and English conjugate differently for "you". */
export interface Who {
  readonly name: string;
  readonly you: boolean;
}

export interface Texts {
  readonly you: string;
  readonly bot: (seat: number) => string;
  /** `seat` counts from 0 and is shown from 1, as online; `bots` is a level (random, …). */
  readonly title: (variant: string, players: number, seat: number, bots: string) => string;
  /** A bot level in words (#20.9). */
  readonly level: (level: string) => string;
  readonly seedLine: (seed: number, options: string) => string;
  readonly helpHint: string;
  readonly help: string;
  /** Heul doch!'s own help: piles, neighbours, onions, specials (#20.4). */
  readonly heulDochHelp: string;
  /** H-3: why a card may (or may not) go to a pile (engine `pileHints`). */
  readonly pileHint: (reason: string, name: string, top: string | null, must: boolean) => string;
  readonly hintsFor: (card: string, hints: string) => string;
  readonly gameStarts: (game: number, dealer: Who | null, first: Who | null) => string;
  readonly dealt: (counts: readonly number[]) => string;
  readonly starter: (card: string, anyCard: boolean) => string;
  readonly yourTurn: (game: number) => string;
  readonly top: string;
  readonly wish: string;
  readonly drawPile: string;
  /**
   * A draw pending against the player. `answer`: `yours` a card in the hand answers it (N-4.2),
   * `none` the rules let it be answered but the hand has no such card, `never` nothing may
   * answer it (N-4.3, a +4); `rule` the rule of the card that raised it.
   */
  readonly pending: (n: number, answer: "yours" | "none" | "never", rule: string | null) => string;
  readonly anyCard: string;
  readonly direction: (cw: boolean) => string;
  readonly cards: string;
  readonly hand: string;
  readonly drawnCard: (card: string, index: number) => string;
  readonly chooseColour: string;
  readonly cutNow: (max: number) => string;
  /** B-2.2: what the cutter alone saw, until the first card is played. */
  readonly yourCut: (card: string, kept: boolean) => string;
  readonly moves: string;
  readonly legend: (draw: boolean, pass: boolean) => string;
  readonly rawView: string;
  readonly legalMoves: string;
  readonly colourPrompt: (choices: string) => string;
  readonly choicePrompt: (choices: string) => string;
  readonly callPrompt: (call: "mau" | "mauMau") => string;
  readonly yes: readonly string[];
  readonly no: readonly string[];
  readonly yesNoHint: string;
  readonly emptyHint: string;
  readonly unknownInput: (text: string) => string;
  readonly noSuchCard: (n: number, count: number) => string;
  readonly noSuchMove: (n: number, count: number) => string;
  readonly unknownColour: (text: string, choices: string) => string;
  /** A word after a card that names no colour to wish for ("3 purple" for a plain card). */
  readonly noWish: (n: number, text: string) => string;
  readonly refused: string;
  readonly pressEnter: string;
  readonly quit: string;
  readonly inputEnded: string;
  readonly botRefused: (who: string, message: string) => string;
  readonly scores: string;
  readonly game: (n: number) => string;
  readonly total: string;
  readonly matchOver: (winners: readonly Who[]) => string;
  readonly overLimit: (losers: string) => string;
  readonly played: (who: Who, card: string) => string;
  readonly wished: (who: Who, colour: string) => string;
  readonly saysMau: string;
  readonly saysMauMau: string;
  /** F-5.1: the French deck's "mau" is a knock. */
  readonly knocks: (who: Who) => string;
  readonly callMissed: (who: Who, call: "mau" | "mauMau", rule: string | null) => string;
  readonly drewCards: (who: Who, cards: string, reason: string) => string;
  readonly drewCount: (who: Who, count: number, reason: string) => string;
  readonly drewNothing: (who: Who) => string;
  readonly drawReason: (reason: string, rule: string | null) => string;
  readonly mayPlayDrawn: string;
  /** After a draw that ends the turn (N-3.2, F-3.2, B-3.2). */
  readonly turnEnds: (rule: string | null) => string;
  readonly reshuffled: (size: number) => string;
  readonly pendingRaised: (total: number) => string;
  readonly reversed: (cw: boolean) => string;
  readonly skipped: (who: Who) => string;
  readonly playAgain: (who: Who) => string;
  readonly colourRequested: (who: Who) => string;
  readonly colourChosen: (who: Who, colour: string) => string;
  /** B-2.2: `card` only for the cutter (nobody else learns it); `kept` an Unter. */
  readonly cut: (who: Who, at: number, card: string | null, kept: boolean) => string;
  readonly gameWon: (who: Who, game: number) => string;
  readonly gameStalled: (game: number) => string;
  readonly piles: string;
  readonly onion: string;
  readonly empty: string;
  readonly middle: string;
  readonly pileStarts: (who: Who, card: string) => string;
  readonly passedOver: (who: Who) => string;
  readonly placed: (who: Who, card: string | null, owner: Who | null) => string;
  readonly specialPlayed: (
    who: Who,
    card: string,
    target: Who | null,
    direction: string | null,
  ) => string;
  readonly topsCatapulted: (cards: string) => string;
  readonly topsMoved: string;
  readonly topsTurned: string;
  readonly drewOne: (who: Who, card: string | null) => string;
  readonly describeMove: {
    readonly ownPile: string;
    readonly play: (card: string) => string;
    readonly wish: (colour: string) => string;
    readonly to: (seat: string) => string;
    readonly faceDown: string;
    readonly target: (seat: string) => string;
    readonly direction: (d: string) => string;
    readonly draw: string;
    readonly pass: string;
    readonly choose: (colour: string) => string;
    readonly cut: (at: number, keep: boolean) => string;
    readonly next: string;
  };
}

const list = (xs: readonly string[], and: string): string =>
  xs.length <= 1 ? (xs[0] ?? "") : `${xs.slice(0, -1).join(", ")} ${and} ${xs[xs.length - 1]}`;

const en: Texts = {
  you: "You",
  bot: (seat) => `Bot ${seat + 1}`,
  title: (variant, players, seat, bots) =>
    `${variant} — ${players} players, you sit at seat ${seat + 1}, bots: ${en.level(bots)}`,
  level: (level) =>
    level === "random"
      ? "easy"
      : level === "heuristic"
        ? "normal"
        : level === "search"
          ? "strong"
          : level,
  seedLine: (seed, options) => `seed ${seed}${options ? ` · options ${options}` : ""}`,
  helpHint: "Type ? for help.",
  heulDochHelp: [
    "Heul doch! in short:",
    "  piles       everyone collects a pile; at the end each face-up card counts its number (H-6)",
    "  neighbours  a card that fits your left or right neighbour's open top card must go there,",
    "              or face down onto your own pile (H-3.1, H-3.2); only neighbours count (H-3.4)",
    "  onions      any card may go face down onto your own pile; nothing goes onto another",
    "              player's onion or empty pile (H-3.3); onions spoil ranks at the end (H-6)",
    "  specials    (if in play) go to the middle and move or turn top cards (H-4)",
    "  Under your hand each card says where it may go, and why; where the screen is too short",
    "  for all of it, type the card's number (before Enter) and its hints show whole.",
  ].join("\n"),
  pileHint: (reason, name, top, must) =>
    reason === "fitsNeighbour"
      ? `${name} (fits ${top ?? "?"}${must ? ": it must go there or face down" : ""})`
      : reason === "ownPile"
        ? "your own pile"
        : reason === "onion"
          ? "face down as an onion"
          : reason === "givesAway"
            ? "not face up on your pile: it fits a neighbour"
            : reason === "special"
              ? "to the middle"
              : reason,
  hintsFor: (card, hints) => `    ${card} → ${hints}`,
  help: [
    "One command per line:",
    "  3            play card 3 of your hand",
    "  3 red        play a wish card and wish a colour (name or number); ask when left out",
    '  3 mau        play and say "mau" (also: maumau); asked when it matters and left out',
    "  d            draw a card (or the pending penalty)",
    "  p            pass (after drawing, where the variant allows it)",
    "  c red        choose a colour (when the game asks for one)",
    "  cut 12 keep  cut the deck after 12 cards, keep the bottom card (cut alone: random)",
    "  moves        list every legal move;  m 2  makes legal move 2",
    "  ?            this help;  q  quit",
  ].join("\n"),
  gameStarts: (game, dealer, first) =>
    `── Game ${game}${dealer ? ` · dealer: ${dealer.name}` : ""}${first ? ` · ${first.name} ${first.you ? "start" : "starts"}` : ""} ──`,
  dealt: (counts) =>
    counts.every((c) => c === counts[0])
      ? `Dealt ${counts[0] ?? 0} cards each.`
      : `Dealt: ${counts.join(", ")} cards.`,
  starter: (card, anyCard) =>
    `Starter card: ${card}${anyCard ? " — any card may be played on it." : "."}`,
  yourTurn: (game) => `Game ${game} · your turn`,
  top: "Top card",
  wish: "wished colour",
  drawPile: "draw pile",
  pending: (n, answer, rule) => {
    const id = rule ? ` (${rule})` : "";
    return answer === "yours"
      ? `A draw of ${n} is pending against you${id}: answer it or draw (d).`
      : answer === "none"
        ? `A draw of ${n} is pending against you${id}: you hold no card that answers it, draw (d).`
        : `A draw of ${n} is pending against you${id}: it cannot be answered, draw (d).`;
  },
  anyCard: "Any card may be played now.",
  direction: (cw) => (cw ? "clockwise" : "counter-clockwise"),
  cards: "cards",
  hand: "Your hand (* = playable):",
  drawnCard: (card, index) => `You drew ${card}: play it (${index}) or pass (p).`,
  chooseColour: "Name the colour the game starts with: c <colour>.",
  cutNow: (max) =>
    `Cut the deck: cut <1–${max}> [keep] (keep: keep the bottom card if it is an Unter, B-2.2), or just cut for a random cut.`,
  yourCut: (card, kept) =>
    kept
      ? `Your cut: ${card}, kept as your first card.`
      : `Your cut: ${card} lies at the bottom of the deck (only you know it).`,
  moves: "Moves:",
  legend: (draw, pass) =>
    `(${[draw ? "d = draw" : null, pass ? "p = pass" : null, "? = help", "q = quit"]
      .filter(Boolean)
      .join(" · ")})`,
  rawView: "The table (raw view):",
  legalMoves: "Legal moves:",
  colourPrompt: (choices) => `Colour? ${choices} > `,
  choicePrompt: (choices) => `Which one? ${choices} > `,
  callPrompt: (call) => (call === "mau" ? 'Say "mau"? (y/n) > ' : 'Say "Mau-Mau"? (y/n) > '),
  yes: ["y", "yes", "j", "ja"],
  no: ["n", "no", "nein"],
  yesNoHint: "Answer y or n.",
  emptyHint: "Type a card number, d to draw, p to pass, or ? for help.",
  unknownInput: (text) => `Not understood: "${text}". Type ? for help.`,
  noSuchCard: (n, count) => `You have no card ${n} (1–${count}).`,
  noSuchMove: (n, count) => `There is no move ${n} (1–${count}); type moves to list them.`,
  unknownColour: (text, choices) => `Unknown colour "${text}". Choose one of: ${choices}.`,
  noWish: (n, text) => `Card ${n} names no colour ("${text}"): type ${n} alone to play it.`,
  refused: "Refused:",
  pressEnter: "Press Enter for the next game (q to quit) ",
  quit: "You left the match.",
  inputEnded: "Input ended: leaving the match.",
  botRefused: (who, message) => `${who}'s move was refused (a bug, please report it): ${message}`,
  scores: "Scores",
  game: (n) => `Game ${n}`,
  total: "Total",
  matchOver: (winners) =>
    winners.length === 1 && winners[0]!.you
      ? "Match over: you win the match!"
      : `Match over. ${winners.length > 1 ? "Winners" : "Winner"}: ${list(
          winners.map((w) => w.name),
          "and",
        )}.`,
  overLimit: (losers) => `Over the limit: ${losers}.`,
  played: (who, card) => (who.you ? `You play ${card}` : `${who.name} plays ${card}`),
  wished: (_who, colour) => `, wishing ${colour}`,
  saysMau: ' — "Mau!"',
  saysMauMau: ' — "Mau-Mau!"',
  knocks: (who) => (who.you ? " and knock" : " and knocks"),
  callMissed: (who, call, rule) => {
    const said = call === "mau" ? '"Mau"' : '"Mau-Mau"';
    const id = rule ? ` (${rule})` : "";
    return who.you ? `You forgot to say ${said}!${id}` : `${who.name} forgot to say ${said}!${id}`;
  },
  drewCards: (who, cards, reason) =>
    `${who.you ? "You draw" : `${who.name} draws`} ${cards}${reason}.`,
  drewCount: (who, count, reason) =>
    `${who.you ? "You draw" : `${who.name} draws`} ${count} card${count === 1 ? "" : "s"}${reason}.`,
  drewNothing: (who) => `${who.you ? "You find" : `${who.name} finds`} no card left to draw.`,
  drawReason: (reason, rule) =>
    reason === "penalty"
      ? ` (penalty${rule ? `, ${rule}` : ""})`
      : reason === "call"
        ? ` (penalty for the missed call${rule ? `, ${rule}` : ""})`
        : reason === "playAgain"
          ? " (could not play again)"
          : "",
  mayPlayDrawn: "It fits: you may play it now.",
  turnEnds: (rule) => `(your turn ends${rule ? `, ${rule}` : ""})`,
  reshuffled: (size) => `The discard pile is shuffled into a new draw pile (${size} cards).`,
  pendingRaised: (total) => `Pending draw: ${total}.`,
  reversed: (cw) => `Direction reversed: now ${cw ? "clockwise" : "counter-clockwise"}.`,
  skipped: (who) => (who.you ? "You are skipped." : `${who.name} is skipped.`),
  playAgain: (who) => (who.you ? "You must play again." : `${who.name} must play again.`),
  colourRequested: (who) =>
    who.you ? "You name the colour to start with." : `${who.name} names the colour to start with.`,
  colourChosen: (who, colour) => (who.you ? `You name ${colour}.` : `${who.name} names ${colour}.`),
  cut: (who, at, card, kept) =>
    `${who.you ? "You cut" : `${who.name} cuts`} the deck after ${at} card${at === 1 ? "" : "s"}${
      card === null
        ? kept
          ? " and keeps an Unter"
          : ""
        : `: the bottom card is ${card}${
            kept
              ? ", an Unter: you keep it as your first card"
              : "; it stays at the bottom of the deck (only you know it)"
          }`
    }. (B-2.2)`,
  gameWon: (who, game) => (who.you ? `You win game ${game}!` : `${who.name} wins game ${game}.`),
  gameStalled: (game) =>
    `Game ${game} ends without a winner: for a whole round nobody could play or draw.`,
  piles: "Piles",
  onion: "onion",
  empty: "empty",
  middle: "middle",
  pileStarts: (who, card) => `${who.you ? "Your" : `${who.name}'s`} pile starts with ${card}.`,
  passedOver: (who) =>
    who.you
      ? "You have no cards left and are passed over."
      : `${who.name} has no cards left and is passed over.`,
  placed: (who, card, owner) => {
    const subject = who.you ? "You play" : `${who.name} plays`;
    const pile =
      owner === null
        ? `${who.you ? "your" : "their"} own pile`
        : owner.you
          ? "your pile"
          : `${owner.name}'s pile`;
    return card === null ? `${subject} an onion onto ${pile}.` : `${subject} ${card} onto ${pile}.`;
  },
  specialPlayed: (who, card, target, direction) =>
    `${who.you ? "You play" : `${who.name} plays`} ${card}${target ? ` with ${target.you ? "you" : target.name}` : ""}${direction ? ` to the ${direction}` : ""}.`,
  topsCatapulted: (cards) => `Catapulted to the middle: ${cards}.`,
  topsMoved: "Top cards change piles.",
  topsTurned: "Every top card is turned over.",
  drewOne: (who, card) => (who.you ? `You draw ${card ?? "a card"}.` : `${who.name} draws a card.`),
  describeMove: {
    ownPile: "onto your own pile",
    play: (card) => `play ${card}`,
    wish: (colour) => `wishing ${colour}`,
    to: (seat) => `onto ${seat}'s pile`,
    faceDown: "face down",
    target: (seat) => `with ${seat}`,
    direction: (d) => `to the ${d}`,
    draw: "draw",
    pass: "pass",
    choose: (colour) => `choose ${colour}`,
    cut: (at, keep) => `cut after ${at} cards${keep ? ", keep the bottom card" : ""}`,
    next: "start the next game",
  },
};

const de: Texts = {
  you: "Du",
  bot: (seat) => `Bot ${seat + 1}`,
  title: (variant, players, seat, bots) =>
    `${variant} — ${players} Spieler, du sitzt auf Platz ${seat + 1}, Bots: ${de.level(bots)}`,
  level: (level) =>
    level === "random"
      ? "leicht"
      : level === "heuristic"
        ? "normal"
        : level === "search"
          ? "stark"
          : level,
  seedLine: (seed, options) => `Seed ${seed}${options ? ` · Optionen ${options}` : ""}`,
  helpHint: "Gib ? für Hilfe ein.",
  heulDochHelp: [
    "Heul doch! kurz erklärt:",
    "  Stapel      jeder sammelt einen Stapel; am Ende zählt jede offene Karte ihre Zahl (H-6)",
    "  Nachbarn    eine Karte, die auf die offene oberste Karte deines linken oder rechten",
    "              Nachbarn passt, muss dorthin oder verdeckt auf deinen Stapel (H-3.1, H-3.2);",
    "              nur Nachbarn zählen (H-3.4)",
    "  Zwiebeln    jede Karte darf verdeckt auf deinen Stapel; auf Zwiebel oder leeren Stapel",
    "              eines anderen kommt nichts (H-3.3); Zwiebeln verderben am Ende Zahlen (H-6)",
    "  Sonderkarten (wenn dabei) kommen in die Mitte und bewegen oder drehen oberste Karten (H-4)",
    "  Unter deiner Hand steht bei jeder Karte, wohin sie darf, und warum; ist der Bildschirm",
    "  dafür zu kurz, tippe ihre Nummer (vor Enter), dann steht bei ihr alles da.",
  ].join("\n"),
  pileHint: (reason, name, top, must) =>
    reason === "fitsNeighbour"
      ? `${name} (passt auf ${top ?? "?"}${must ? ": sie muss dorthin oder verdeckt" : ""})`
      : reason === "ownPile"
        ? "dein eigener Stapel"
        : reason === "onion"
          ? "verdeckt als Zwiebel"
          : reason === "givesAway"
            ? "nicht offen auf deinen Stapel: sie passt bei einem Nachbarn"
            : reason === "special"
              ? "in die Mitte"
              : reason,
  hintsFor: (card, hints) => `    ${card} → ${hints}`,
  help: [
    "Ein Befehl pro Zeile:",
    "  3            Karte 3 deiner Hand legen",
    "  3 rot        Wunschkarte legen und Farbe wünschen (Name oder Nummer); sonst Rückfrage",
    "  3 mau        legen und „Mau“ sagen (auch: maumau); sonst Rückfrage, wo es zählt",
    "  d            eine Karte ziehen (oder die offene Strafe); auch z",
    "  p            passen (nach dem Ziehen, wo die Variante es erlaubt)",
    "  c rot        eine Farbe wählen (wenn das Spiel danach fragt)",
    "  cut 12 keep  nach 12 Karten abheben, unterste Karte behalten (nur cut: zufällig)",
    "  moves        alle erlaubten Züge zeigen;  m 2  macht den erlaubten Zug 2",
    "  ?            diese Hilfe;  q  beenden",
  ].join("\n"),
  gameStarts: (game, dealer, first) =>
    `── Spiel ${game}${dealer ? ` · Geber: ${dealer.name}` : ""}${first ? ` · ${first.name} ${first.you ? "beginnst" : "beginnt"}` : ""} ──`,
  dealt: (counts) =>
    counts.every((c) => c === counts[0])
      ? `Jeder bekommt ${counts[0] ?? 0} Karten.`
      : `Ausgeteilt: ${counts.join(", ")} Karten.`,
  starter: (card, anyCard) =>
    `Startkarte: ${card}${anyCard ? " — darauf darf jede Karte gelegt werden." : "."}`,
  yourTurn: (game) => `Spiel ${game} · du bist dran`,
  top: "Oberste Karte",
  wish: "Wunschfarbe",
  drawPile: "Nachziehstapel",
  pending: (n, answer, rule) => {
    const id = rule ? ` (${rule})` : "";
    return answer === "yours"
      ? `Gegen dich läuft eine Ziehstrafe von ${n}${id}: kontern oder ziehen (d).`
      : answer === "none"
        ? `Gegen dich läuft eine Ziehstrafe von ${n}${id}: du hast keine Karte, die sie kontert, zieh (d).`
        : `Gegen dich läuft eine Ziehstrafe von ${n}${id}: sie kann nicht gekontert werden, zieh (d).`;
  },
  anyCard: "Jetzt darf jede Karte gelegt werden.",
  direction: (cw) => (cw ? "im Uhrzeigersinn" : "gegen den Uhrzeigersinn"),
  cards: "Karten",
  hand: "Deine Hand (* = spielbar):",
  drawnCard: (card, index) => `Du hast ${card} gezogen: leg sie (${index}) oder passe (p).`,
  chooseColour: "Nenne die Farbe, mit der das Spiel beginnt: c <Farbe>.",
  cutNow: (max) =>
    `Heb ab: cut <1–${max}> [keep] (keep: die unterste Karte behalten, wenn sie ein Unter ist, B-2.2), oder nur cut für zufälliges Abheben.`,
  yourCut: (card, kept) =>
    kept
      ? `Dein Abheben: ${card}, als erste Karte behalten.`
      : `Dein Abheben: ${card} liegt unten im Stapel (nur du kennst sie).`,
  moves: "Züge:",
  legend: (draw, pass) =>
    `(${[draw ? "d = ziehen" : null, pass ? "p = passen" : null, "? = Hilfe", "q = beenden"]
      .filter(Boolean)
      .join(" · ")})`,
  rawView: "Der Tisch (Rohdaten):",
  legalMoves: "Erlaubte Züge:",
  colourPrompt: (choices) => `Farbe? ${choices} > `,
  choicePrompt: (choices) => `Welcher? ${choices} > `,
  callPrompt: (call) => (call === "mau" ? "„Mau“ sagen? (j/n) > " : "„Mau-Mau“ sagen? (j/n) > "),
  yes: ["j", "ja", "y", "yes"],
  no: ["n", "nein", "no"],
  yesNoHint: "Antworte j oder n.",
  emptyHint: "Gib eine Kartennummer ein, d zum Ziehen, p zum Passen oder ? für Hilfe.",
  unknownInput: (text) => `Nicht verstanden: „${text}“. Gib ? für Hilfe ein.`,
  noSuchCard: (n, count) => `Du hast keine Karte ${n} (1–${count}).`,
  noSuchMove: (n, count) => `Es gibt keinen Zug ${n} (1–${count}); moves zeigt sie.`,
  unknownColour: (text, choices) => `Unbekannte Farbe „${text}“. Wähle: ${choices}.`,
  noWish: (n, text) =>
    `Mit Karte ${n} wünschst du keine Farbe („${text}“): gib nur ${n} ein, um sie zu legen.`,
  refused: "Abgelehnt:",
  pressEnter: "Enter für das nächste Spiel (q beendet) ",
  quit: "Du hast die Partie verlassen.",
  inputEnded: "Eingabe beendet: Partie verlassen.",
  botRefused: (who, message) =>
    `Der Zug von ${who} wurde abgelehnt (ein Fehler, bitte melden): ${message}`,
  scores: "Punkte",
  game: (n) => `Spiel ${n}`,
  total: "Summe",
  matchOver: (winners) =>
    winners.length === 1 && winners[0]!.you
      ? "Partie vorbei: du gewinnst die Partie!"
      : `Partie vorbei. Sieger: ${list(
          winners.map((w) => w.name),
          "und",
        )}.`,
  overLimit: (losers) => `Über dem Limit: ${losers}.`,
  played: (who, card) => (who.you ? `Du legst ${card}` : `${who.name} legt ${card}`),
  wished: (who, colour) =>
    who.you ? ` und wünschst dir ${colour}` : ` und wünscht sich ${colour}`,
  saysMau: " — „Mau!“",
  saysMauMau: " — „Mau-Mau!“",
  knocks: (who) => (who.you ? " und klopfst" : " und klopft"),
  callMissed: (who, call, rule) => {
    const said = call === "mau" ? "„Mau“" : "„Mau-Mau“";
    const id = rule ? ` (${rule})` : "";
    return who.you ? `Du hast ${said} vergessen!${id}` : `${who.name} hat ${said} vergessen!${id}`;
  },
  drewCards: (who, cards, reason) =>
    `${who.you ? "Du ziehst" : `${who.name} zieht`} ${cards}${reason}.`,
  drewCount: (who, count, reason) =>
    `${who.you ? "Du ziehst" : `${who.name} zieht`} ${count} ${count === 1 ? "Karte" : "Karten"}${reason}.`,
  drewNothing: (who) =>
    who.you
      ? "Du findest keine Karte mehr zum Ziehen."
      : `${who.name} findet keine Karte mehr zum Ziehen.`,
  drawReason: (reason, rule) =>
    reason === "penalty"
      ? ` (Strafe${rule ? `, ${rule}` : ""})`
      : reason === "call"
        ? ` (Strafe für den vergessenen Ruf${rule ? `, ${rule}` : ""})`
        : reason === "playAgain"
          ? " (konnte nicht nachlegen)"
          : "",
  mayPlayDrawn: "Sie passt: du darfst sie gleich legen.",
  turnEnds: (rule) => `(dein Zug endet${rule ? `, ${rule}` : ""})`,
  reshuffled: (size) => `Der Ablagestapel wird zum neuen Stapel gemischt (${size} Karten).`,
  pendingRaised: (total) => `Offene Ziehstrafe: ${total}.`,
  reversed: (cw) => `Richtungswechsel: jetzt ${cw ? "im" : "gegen den"} Uhrzeigersinn.`,
  skipped: (who) => (who.you ? "Du setzt aus." : `${who.name} setzt aus.`),
  playAgain: (who) => (who.you ? "Du musst nachlegen." : `${who.name} muss nachlegen.`),
  colourRequested: (who) =>
    who.you ? "Du nennst die Startfarbe." : `${who.name} nennt die Startfarbe.`,
  colourChosen: (who, colour) =>
    who.you ? `Du nennst ${colour}.` : `${who.name} nennt ${colour}.`,
  cut: (who, at, card, kept) =>
    `${who.you ? "Du hebst" : `${who.name} hebt`} nach ${at} Karte${at === 1 ? "" : "n"} ab${
      card === null
        ? kept
          ? " und behält einen Unter"
          : ""
        : `: die unterste Karte ist ${card}${
            kept
              ? ", ein Unter: du behältst ihn als erste Karte"
              : "; sie bleibt unten im Stapel (nur du kennst sie)"
          }`
    }. (B-2.2)`,
  gameWon: (who, game) =>
    who.you ? `Du gewinnst Spiel ${game}!` : `${who.name} gewinnt Spiel ${game}.`,
  gameStalled: (game) =>
    `Spiel ${game} endet ohne Sieger: eine ganze Runde konnte niemand legen oder ziehen.`,
  piles: "Stapel",
  onion: "Zwiebel",
  empty: "leer",
  middle: "Mitte",
  pileStarts: (who, card) =>
    who.you
      ? `Dein Stapel beginnt mit ${card}.`
      : `Der Stapel von ${who.name} beginnt mit ${card}.`,
  passedOver: (who) =>
    who.you
      ? "Du hast keine Karten mehr und wirst übersprungen."
      : `${who.name} hat keine Karten mehr und wird übersprungen.`,
  placed: (who, card, owner) => {
    const subject = who.you ? "Du legst" : `${who.name} legt`;
    const pile =
      owner === null
        ? `${who.you ? "deinen" : "den"} eigenen Stapel`
        : owner.you
          ? "deinen Stapel"
          : `den Stapel von ${owner.name}`;
    return card === null
      ? `${subject} eine Zwiebel auf ${pile}.`
      : `${subject} ${card} auf ${pile}.`;
  },
  specialPlayed: (who, card, target, direction) =>
    `${who.you ? "Du spielst" : `${who.name} spielt`} ${card}${target ? ` mit ${target.you ? "dir" : target.name}` : ""}${direction ? ` nach ${direction === "left" ? "links" : "rechts"}` : ""}.`,
  topsCatapulted: (cards) => `In die Mitte katapultiert: ${cards}.`,
  topsMoved: "Oberste Karten wechseln den Stapel.",
  topsTurned: "Alle obersten Karten werden umgedreht.",
  drewOne: (who, card) =>
    who.you ? `Du ziehst ${card ?? "eine Karte"}.` : `${who.name} zieht eine Karte.`,
  describeMove: {
    ownPile: "auf den eigenen Stapel",
    play: (card) => `${card} legen`,
    wish: (colour) => `Wunsch ${colour}`,
    to: (seat) => `auf den Stapel von ${seat}`,
    faceDown: "verdeckt",
    target: (seat) => `mit ${seat}`,
    direction: (d) => `nach ${d === "left" ? "links" : d === "right" ? "rechts" : d}`,
    draw: "ziehen",
    pass: "passen",
    choose: (colour) => `${colour} wählen`,
    cut: (at, keep) => `nach ${at} Karten abheben${keep ? ", unterste Karte behalten" : ""}`,
    next: "nächstes Spiel beginnen",
  },
};

export const TEXTS: Readonly<Record<Lang, Texts>> = { en, de };
