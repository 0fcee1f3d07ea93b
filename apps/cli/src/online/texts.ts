import type { MatchStatus } from "@maumau/client";
import { fairnessProblemDe, type GameCheck, type Lang } from "@maumau/engine";
import { TEXTS } from "../play/texts.js";

/** What the online table says beyond the local table's texts (play/texts.ts). */
export interface OnlineTexts {
  /** The language these texts are in (quick reactions name themselves in it). */
  readonly lang: Lang;
  readonly match: (id: string) => string;
  readonly waiting: string;
  readonly share: (link: string) => string;
  /** A finished match's replay in the web client. */
  readonly replay: (link: string) => string;
  readonly watch: (link: string) => string;
  readonly lobbyHint: (creator: boolean) => string;
  readonly empty: string;
  /** A match's status in `maumau list`. */
  readonly status: (status: MatchStatus) => string;
  /** A bot seat's tag, with its level (random, heuristic, search) for everyone to see. */
  readonly bot: (level: string | null) => string;
  readonly away: string;
  /** A human seat without a socket: in the lobby, and while a bot waits to take over. */
  readonly gone: string;
  readonly leaving: (seconds: number) => string;
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
  /** Another seat made the rematch: `r` takes this player's seat in it. */
  readonly rematchInvite: (name: string) => string;
  readonly matchWon: (name: string) => string;
  readonly matchShared: (names: string) => string;
  readonly gameWon: (name: string, game: number) => string;
  readonly gameShared: (names: string, game: number) => string;
  readonly gameNoWinner: (game: number) => string;
  readonly and: string;
  /** H-6.2: the ranks a pile's onions spoil, and the points they cost. */
  readonly spoiled: (ranks: string, lost: number) => string;
  readonly notYourTurn: string;
  readonly chooseWish: (choices: string) => string;
  readonly choosePlay: (choices: string) => string;
  readonly sending: string;
  readonly reconnecting: string;
  readonly reconnected: string;
  readonly seatClaimed: (name: string, seat: number) => string;
  readonly seatReleased: (seat: number) => string;
  readonly botSeated: (seat: number, level: string) => string;
  /** `you`: the seat is the reader's own ("You are away", not "You is away"). */
  readonly botTookOver: (name: string, you: boolean) => string;
  readonly returned: (name: string, you: boolean) => string;
  readonly timedOut: (name: string) => string;
  readonly rematch: (id: string, by: string | null) => string;
  readonly started: string;
  /** The waiting room closed before the start: everyone left, or nobody came (`lobby.closed`). */
  readonly lobbyClosed: (reason: "left" | "idle") => string;
  readonly onlineHelp: string;
  readonly left: (again: string) => string;
  /** Table talk: a line, a quick reaction, the spectator mark, the help of `say` and `react`. */
  readonly chatSaid: (name: string, text: string) => string;
  /** `you`: the sender is the reader ("You react: …"). */
  readonly chatReacted: (name: string, reaction: string, you: boolean) => string;
  readonly spectator: (name: string) => string;
  readonly chatHelp: (reactions: string) => string;
  readonly spectatorHelp: string;
}

const en: OnlineTexts = {
  lang: "en",
  match: (id) => `match ${id}`,
  waiting: "Waiting for players",
  share: (link) => `Share link: ${link}`,
  replay: (link) => `Replay: ${link}`,
  watch: (link) => `Watch: ${link}`,
  lobbyHint: (creator) =>
    creator
      ? "Starts when every seat is taken · start = bots take the free seats · bot = one bot · q = leave"
      : "Waiting for the host to start · q = leave",
  empty: "free",
  status: (status) => status,
  bot: (level) => (level ? `bot: ${TEXTS.en.level(level)}` : "bot"),
  away: "away",
  gone: "gone",
  leaving: (s) => `gone: a bot plays in ${s} s`,
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
  rematchInvite: (name) => `${name} started a rematch — r takes your seat`,
  matchWon: (name) => `Match over · ${name} wins the match`,
  matchShared: (names) => `Match over · ${names} share the match`,
  gameWon: (name, game) => `Game over · ${name} wins game ${game}`,
  gameShared: (names, game) => `Game over · ${names} share game ${game}`,
  gameNoWinner: (game) => `Game over · game ${game} ends without a winner`,
  and: "and",
  spoiled: (ranks, lost) => `spoiled: ${ranks} (−${lost})`,
  notYourTurn: "Not your turn: wait, or type ? for help.",
  chooseWish: (choices) => `Wish a colour with it: ${choices}`,
  choosePlay: (choices) => `This card can be played several ways: ${choices}`,
  sending: "…",
  reconnecting: "Connection lost: reconnecting…",
  reconnected: "Connected again.",
  seatClaimed: (name, seat) => `${name} takes seat ${seat + 1}.`,
  seatReleased: (seat) => `Seat ${seat + 1} is free again.`,
  botSeated: (seat, level) => `A bot (${TEXTS.en.level(level)}) takes seat ${seat + 1}.`,
  botTookOver: (name, you) =>
    you ? "You are away: a bot plays for you." : `${name} is away: a bot plays for them.`,
  returned: (name, you) => (you ? "You are back." : `${name} is back.`),
  timedOut: (name) => `${name}'s time ran out: a bot moved for them.`,
  rematch: (id, by) =>
    by === null ? `Rematch: match ${id}.` : `${by} started a rematch: match ${id}.`,
  started: "The match starts.",
  lobbyClosed: (reason) =>
    reason === "left"
      ? "The waiting room closed: everyone left before the start."
      : "The waiting room closed: nobody came.",
  onlineHelp: [
    "The same input as local play; you say mau yourself (3 mau, 3 red mau, 3 maumau):",
    "  3  play card 3 · 3 red  with a wish · d  draw · p  pass · c red  choose a colour",
    "  moves  list the moves · m 2  make move 2 (m 2 mau) · n  next game · ?  help · q  leave",
  ].join("\n"),
  left: (again) => `You left the table; the seat stays yours: ${again}`,
  chatSaid: (name, text) => `💬 ${name}: ${text}`,
  chatReacted: (name, reaction, you) =>
    you ? `💬 ${name} react: ${reaction}` : `💬 ${name} reacts: ${reaction}`,
  spectator: (name) => `${name} (spectator)`,
  chatHelp: (reactions) =>
    `  say TEXT  chat with the table · react N  a quick reaction: ${reactions}`,
  spectatorHelp: "You are watching: say TEXT chats, react N reacts, q leaves.",
};

const de: OnlineTexts = {
  lang: "de",
  match: (id) => `Partie ${id}`,
  waiting: "Warten auf Mitspieler",
  share: (link) => `Einladungslink: ${link}`,
  replay: (link) => `Wiederholung: ${link}`,
  watch: (link) => `Zuschauen: ${link}`,
  lobbyHint: (creator) =>
    creator
      ? "Beginnt, wenn alle Plätze besetzt sind · start = Bots auf die freien Plätze · bot = ein Bot · q = verlassen"
      : "Warten, bis der Gastgeber beginnt · q = verlassen",
  empty: "frei",
  status: (status) => ({ open: "offen", running: "läuft", over: "beendet" })[status],
  bot: (level) => (level ? `Bot: ${TEXTS.de.level(level)}` : "Bot"),
  away: "weg",
  gone: "nicht da",
  leaving: (s) => `nicht da: in ${s} s spielt ein Bot`,
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
  rematchInvite: (name) => `Revanche von ${name} – r nimmt deinen Platz ein`,
  matchWon: (name) => `Partie vorbei · Sieg: ${name}`,
  matchShared: (names) => `Partie vorbei · geteilter Sieg: ${names}`,
  gameWon: (name, game) => `Spiel vorbei · ${name} gewinnt Spiel ${game}`,
  gameShared: (names, game) => `Spiel vorbei · ${names} teilen sich Spiel ${game}`,
  gameNoWinner: (game) => `Spiel vorbei · Spiel ${game} endet ohne Sieger`,
  and: "und",
  spoiled: (ranks, lost) => `verdorben: ${ranks} (−${lost})`,
  notYourTurn: "Du bist nicht dran: warte, oder ? für Hilfe.",
  chooseWish: (choices) => `Wünsch dir eine Farbe dazu: ${choices}`,
  choosePlay: (choices) => `Diese Karte geht auf mehrere Arten: ${choices}`,
  sending: "…",
  reconnecting: "Verbindung verloren: verbinde neu…",
  reconnected: "Wieder verbunden.",
  seatClaimed: (name, seat) => `${name} setzt sich auf Platz ${seat + 1}.`,
  seatReleased: (seat) => `Platz ${seat + 1} ist wieder frei.`,
  botSeated: (seat, level) =>
    `Ein Bot (${TEXTS.de.level(level)}) setzt sich auf Platz ${seat + 1}.`,
  botTookOver: (name, you) =>
    you
      ? "Du bist weg: ein Bot spielt für dich."
      : `${name} ist weg: ein Bot spielt für sie oder ihn.`,
  returned: (name, you) => (you ? "Du bist zurück." : `${name} ist zurück.`),
  timedOut: (name) => `Die Zeit von ${name} ist abgelaufen: ein Bot hat gezogen.`,
  rematch: (id, by) =>
    by === null ? `Revanche: Partie ${id}.` : `${by} hat eine Revanche gestartet: Partie ${id}.`,
  started: "Die Partie beginnt.",
  lobbyClosed: (reason) =>
    reason === "left"
      ? "Der Warteraum ist geschlossen: Alle sind vor dem Start gegangen."
      : "Der Warteraum ist geschlossen: Es kam niemand.",
  onlineHelp: [
    "Dieselbe Eingabe wie lokal; „Mau“ sagst du selbst (3 mau, 3 rot mau, 3 maumau):",
    "  3  Karte 3 legen · 3 rot  mit Wunsch · d  ziehen · p  passen · c rot  Farbe wählen",
    "  moves  Züge zeigen · m 2  Zug 2 (m 2 mau) · n  nächstes Spiel · ?  Hilfe · q  verlassen",
  ].join("\n"),
  left: (again) => `Du hast den Tisch verlassen; der Platz bleibt deiner: ${again}`,
  chatSaid: (name, text) => `💬 ${name}: ${text}`,
  chatReacted: (name, reaction, you) =>
    you ? `💬 ${name} reagierst: ${reaction}` : `💬 ${name} reagiert: ${reaction}`,
  spectator: (name) => `${name} (Zuschauer)`,
  chatHelp: (reactions) =>
    `  say TEXT  mit dem Tisch reden · react N  schnelle Reaktion: ${reactions}`,
  spectatorHelp: "Du schaust zu: say TEXT schreibt, react N reagiert, q verlässt.",
};

export const ONLINE_TEXTS: Readonly<Record<Lang, OnlineTexts>> = { en, de };

/** `--lang`, else the locale (LC_ALL, LC_MESSAGES, LANG): German for `de…`, else English. */
export function langOf(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): Lang {
  if (flag === "de" || flag === "en") return flag;
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || "";
  return locale.toLowerCase().startsWith("de") ? "de" : "en";
}

/** The replay's keys and words. */
export interface ReplayTexts {
  readonly keys: string;
  readonly lines: string;
  readonly unknown: (s: string) => string;
  /** The header's word before the step ("replay 3/120"). */
  readonly replay: string;
  readonly beforeFirst: string;
  /** The table's status as the engine's script table names it (setup, playing, …). */
  readonly status: (status: string) => string;
  /** `--save`: the file written and the events in it. */
  readonly saved: (file: string, events: number) => string;
}

const REPLAY_STATUS_EN: Readonly<Record<string, string>> = {
  setup: "setup",
  playing: "playing",
  gameOver: "game over",
  matchOver: "match over",
};
const REPLAY_STATUS_DE: Readonly<Record<string, string>> = {
  setup: "Vorbereitung",
  playing: "Spiel läuft",
  gameOver: "Spiel vorbei",
  matchOver: "Partie vorbei",
};

export const REPLAY_TEXTS: Readonly<Record<Lang, ReplayTexts>> = {
  en: {
    keys: "→/n/Enter next · ←/b back · PgDn/PgUp ±10 · Home/End · q quit",
    lines: "Enter or n = next · b = back · a number = that step · end · q = quit",
    unknown: (s) => `Not understood: "${s}" (n, b, a step number, end, q).`,
    replay: "replay",
    beforeFirst: "(before the first event)",
    status: (status) => REPLAY_STATUS_EN[status] ?? status,
    saved: (file, n) => `${file}: ${n} event${n === 1 ? "" : "s"}`,
  },
  de: {
    keys: "→/n/Enter weiter · ←/b zurück · Bild↓/Bild↑ ±10 · Pos1/Ende · q beenden",
    lines: "Enter oder n = weiter · b = zurück · eine Zahl = dieser Schritt · end · q = beenden",
    unknown: (s) => `Nicht verstanden: „${s}“ (n, b, eine Schrittnummer, end, q).`,
    replay: "Wiederholung",
    beforeFirst: "(vor dem ersten Ereignis)",
    status: (status) => REPLAY_STATUS_DE[status] ?? status,
    saved: (file, n) => `${file}: ${n} ${n === 1 ? "Ereignis" : "Ereignisse"}`,
  },
};

/** What `maumau verify` prints: the engine's fairness report (`verifyFairness`), line by line. */
export interface VerifyTexts {
  /** A log that is not full: the match is not over, so its seed is hidden. */
  readonly notOver: string;
  readonly head: (variant: string, family: string, seedRevealed: boolean) => string;
  readonly game: (
    game: number,
    commitment: GameCheck["commitment"],
    deal: GameCheck["deal"],
    shuffles: number,
  ) => string;
  /** One of the engine's problems (English sentences: the engine's `fairnessProblemDe` says them in German). */
  readonly problem: (problem: string) => string;
  readonly fair: (checks: number) => string;
  readonly notVerified: (problems: number) => string;
}

const CHECK_DE: Readonly<Record<GameCheck["commitment"] | GameCheck["deal"], string>> = {
  ok: "ok",
  missing: "fehlt",
  wrong: "falsch",
};

export const VERIFY_TEXTS: Readonly<Record<Lang, VerifyTexts>> = {
  en: {
    notOver: "not verifiable yet: the match is not over, so its log hides the seed",
    head: (variant, family, revealed) =>
      `${variant} (${family}): ${revealed ? "seed revealed" : "no seed revealed"}`,
    game: (game, commitment, deal, shuffles) =>
      `game ${game}: commitment ${commitment}, deal ${deal}` +
      (shuffles === 0 ? "" : `, ${shuffles} later shuffle${shuffles === 1 ? "" : "s"}`),
    problem: (problem) => `problem: ${problem}`,
    fair: (checks) =>
      `fair: every commitment and every shuffle follows from the revealed seed (${checks} checks)`,
    notVerified: (n) => `NOT verified: ${n} problem${n === 1 ? "" : "s"}`,
  },
  de: {
    notOver:
      "noch nicht prüfbar: die Partie ist nicht vorbei, ihr Protokoll verbirgt also den Startwert",
    head: (variant, family, revealed) =>
      `${variant} (${family}): ${revealed ? "Startwert aufgedeckt" : "kein Startwert aufgedeckt"}`,
    game: (game, commitment, deal, shuffles) =>
      `Spiel ${game}: Festlegung ${CHECK_DE[commitment]}, Geben ${CHECK_DE[deal]}` +
      (shuffles === 0
        ? ""
        : `, ${shuffles} ${shuffles === 1 ? "spätere Mischung" : "spätere Mischungen"}`),
    problem: (problem) => `Problem: ${fairnessProblemDe(problem)}`,
    fair: (checks) =>
      `fair: jede Festlegung und jede Mischung folgt aus dem aufgedeckten Startwert (${checks} Prüfungen)`,
    notVerified: (n) => `NICHT bestätigt: ${n} ${n === 1 ? "Problem" : "Probleme"}`,
  },
};
