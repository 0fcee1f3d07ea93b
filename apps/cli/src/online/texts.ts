import type { Lang } from "@maumau/engine";

/** What the online table says beyond the local table's texts (play/texts.ts). */
export interface OnlineTexts {
  readonly match: (id: string) => string;
  readonly waiting: string;
  readonly share: (link: string) => string;
  readonly lobbyHint: (creator: boolean) => string;
  readonly empty: string;
  /** A bot seat's tag, with its level (random, heuristic, search) for everyone to see. */
  readonly bot: (level: string | null) => string;
  readonly away: string;
  readonly you: string;
  readonly seatName: (seat: number) => string;
  readonly spectating: string;
  readonly turnOf: (name: string, you: boolean) => string;
  readonly seconds: (n: number) => string;
  readonly timer: (s: number) => string;
  readonly lastMoves: string;
  readonly pending: (n: number) => string;
  readonly wish: (colour: string) => string;
  readonly drawPile: (n: number) => string;
  readonly onions: (n: number) => string;
  readonly cards: (n: number) => string;
  readonly pileSize: (n: number) => string;
  readonly gameOver: string;
  readonly nextGameHint: string;
  readonly matchOver: string;
  readonly leaveHint: string;
  readonly rematchHint: string;
  readonly notYourTurn: string;
  readonly chooseWish: (choices: string) => string;
  readonly choosePlay: (choices: string) => string;
  readonly sending: string;
  readonly reconnecting: string;
  readonly reconnected: string;
  readonly seatClaimed: (name: string, seat: number) => string;
  readonly seatReleased: (seat: number) => string;
  readonly botSeated: (seat: number, level: string) => string;
  readonly botTookOver: (name: string) => string;
  readonly returned: (name: string) => string;
  readonly timedOut: (name: string) => string;
  readonly rematch: (id: string) => string;
  readonly started: string;
  readonly onlineHelp: string;
  readonly left: (again: string) => string;
}

const en: OnlineTexts = {
  match: (id) => `match ${id}`,
  waiting: "Waiting for players",
  share: (link) => `Share link: ${link}`,
  lobbyHint: (creator) =>
    creator
      ? "Starts when every seat is taken · start = bots take the free seats · bot = one bot · q = leave"
      : "Waiting for the host to start · q = leave",
  empty: "free",
  bot: (level) => (level ? `bot: ${level}` : "bot"),
  away: "away",
  you: "you",
  seatName: (seat) => `Seat ${seat + 1}`,
  spectating: "watching",
  turnOf: (name, you) => (you ? "Your turn" : `${name}'s turn`),
  seconds: (n) => `${n} s`,
  timer: (s) => `⏱ ${s} s`,
  lastMoves: "Last moves",
  pending: (n) => `draw ${n} pending`,
  wish: (colour) => `wished: ${colour}`,
  drawPile: (n) => `draw pile ${n}`,
  onions: (n) => `${n} onion${n === 1 ? "" : "s"}`,
  cards: (n) => `${n} card${n === 1 ? "" : "s"}`,
  pileSize: (n) => `pile of ${n}`,
  gameOver: "Game over",
  nextGameHint: "Enter or n = next game · q = leave",
  matchOver: "Match over",
  leaveHint: "Press Enter to leave.",
  rematchHint: "r = rematch (same seats) · Enter = leave",
  notYourTurn: "Not your turn: wait, or type ? for help.",
  chooseWish: (choices) => `Wish a colour with it: ${choices}`,
  choosePlay: (choices) => `This card can be played several ways: ${choices}`,
  sending: "…",
  reconnecting: "Connection lost: reconnecting…",
  reconnected: "Connected again.",
  seatClaimed: (name, seat) => `${name} takes seat ${seat + 1}.`,
  seatReleased: (seat) => `Seat ${seat + 1} is free again.`,
  botSeated: (seat, level) => `A ${level} bot takes seat ${seat + 1}.`,
  botTookOver: (name) => `${name} is away: a bot plays for them.`,
  returned: (name) => `${name} is back.`,
  timedOut: (name) => `${name}'s time ran out: a bot moved for them.`,
  rematch: (id) => `Rematch: match ${id}.`,
  started: "The match starts.",
  onlineHelp: [
    "The same input as local play; you say mau yourself (3 mau, 3 red mau, 3 maumau):",
    "  3  play card 3 · 3 red  with a wish · d  draw · p  pass · c red  choose a colour",
    "  moves  list the moves · m 2  make move 2 (m 2 mau) · n  next game · ?  help · q  leave",
  ].join("\n"),
  left: (again) => `You left the table; the seat stays yours: ${again}`,
};

const de: OnlineTexts = {
  match: (id) => `Partie ${id}`,
  waiting: "Warten auf Mitspieler",
  share: (link) => `Einladungslink: ${link}`,
  lobbyHint: (creator) =>
    creator
      ? "Beginnt, wenn alle Plätze besetzt sind · start = Bots auf die freien Plätze · bot = ein Bot · q = verlassen"
      : "Warten, bis der Gastgeber beginnt · q = verlassen",
  empty: "frei",
  bot: (level) => (level ? `Bot: ${level}` : "Bot"),
  away: "weg",
  you: "du",
  seatName: (seat) => `Platz ${seat + 1}`,
  spectating: "Zuschauer",
  turnOf: (name, you) => (you ? "Du bist dran" : `${name} ist dran`),
  seconds: (n) => `${n} s`,
  timer: (s) => `⏱ ${s} s`,
  lastMoves: "Letzte Züge",
  pending: (n) => `${n} ziehen offen`,
  wish: (colour) => `Wunsch: ${colour}`,
  drawPile: (n) => `Stapel ${n}`,
  onions: (n) => `${n} ${n === 1 ? "Zwiebel" : "Zwiebeln"}`,
  cards: (n) => `${n} ${n === 1 ? "Karte" : "Karten"}`,
  pileSize: (n) => `Stapel mit ${n}`,
  gameOver: "Spiel vorbei",
  nextGameHint: "Enter oder n = nächstes Spiel · q = verlassen",
  matchOver: "Partie vorbei",
  leaveHint: "Enter zum Verlassen.",
  rematchHint: "r = Revanche (dieselben Plätze) · Enter = verlassen",
  notYourTurn: "Du bist nicht dran: warte, oder ? für Hilfe.",
  chooseWish: (choices) => `Wünsch dir eine Farbe dazu: ${choices}`,
  choosePlay: (choices) => `Diese Karte geht auf mehrere Arten: ${choices}`,
  sending: "…",
  reconnecting: "Verbindung verloren: verbinde neu…",
  reconnected: "Wieder verbunden.",
  seatClaimed: (name, seat) => `${name} setzt sich auf Platz ${seat + 1}.`,
  seatReleased: (seat) => `Platz ${seat + 1} ist wieder frei.`,
  botSeated: (seat, level) => `Ein Bot (${level}) setzt sich auf Platz ${seat + 1}.`,
  botTookOver: (name) => `${name} ist weg: ein Bot spielt für sie oder ihn.`,
  returned: (name) => `${name} ist zurück.`,
  timedOut: (name) => `Die Zeit von ${name} ist abgelaufen: ein Bot hat gezogen.`,
  rematch: (id) => `Revanche: Partie ${id}.`,
  started: "Die Partie beginnt.",
  onlineHelp: [
    "Dieselbe Eingabe wie lokal; „Mau“ sagst du selbst (3 mau, 3 rot mau, 3 maumau):",
    "  3  Karte 3 legen · 3 rot  mit Wunsch · d  ziehen · p  passen · c rot  Farbe wählen",
    "  moves  Züge zeigen · m 2  Zug 2 (m 2 mau) · n  nächstes Spiel · ?  Hilfe · q  verlassen",
  ].join("\n"),
  left: (again) => `Du hast den Tisch verlassen; der Platz bleibt deiner: ${again}`,
};

export const ONLINE_TEXTS: Readonly<Record<Lang, OnlineTexts>> = { en, de };

/** `--lang`, else the locale (LC_ALL, LC_MESSAGES, LANG): German for `de…`, else English. */
export function langOf(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): Lang {
  if (flag === "de" || flag === "en") return flag;
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || "";
  return locale.toLowerCase().startsWith("de") ? "de" : "en";
}

/** The replay's keys and words. */
export const REPLAY_TEXTS: Readonly<
  Record<Lang, { keys: string; lines: string; unknown: (s: string) => string }>
> = {
  en: {
    keys: "→/n/Enter next · ←/b back · PgDn/PgUp ±10 · Home/End · q quit",
    lines: "Enter or n = next · b = back · a number = that step · end · q = quit",
    unknown: (s) => `Not understood: "${s}" (n, b, a step number, end, q).`,
  },
  de: {
    keys: "→/n/Enter weiter · ←/b zurück · Bild↓/Bild↑ ±10 · Pos1/Ende · q beenden",
    lines: "Enter oder n = weiter · b = zurück · eine Zahl = dieser Schritt · end · q = beenden",
    unknown: (s) => `Nicht verstanden: „${s}“ (n, b, eine Schrittnummer, end, q).`,
  },
};
