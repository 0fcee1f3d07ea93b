import { DECKS, type DeckId, type Lang } from "@maumau/engine";
import type { RuleSetDocument } from "@maumau/variant-custom";
import { rankMark, type DeckStyle } from "../cards/names";

type L = Readonly<Record<Lang, string>>;
const l = (en: string, de: string): L => ({ en, de });

export const deckStyleOfDeck = (deck: string): DeckStyle =>
  deck.startsWith("french") ? "french" : deck.startsWith("bavarian") ? "bavarian" : "noris";

/** The ranks of a deck, in pack order. */
export const ranksOf = (deck: string): readonly string[] => DECKS[deck as DeckId]?.ranks ?? [];

const STACK: Record<string, L> = {
  "same-rank": l("answered by the same rank", "mit gleichem Wert beantwortbar"),
  "any-draw": l("answered by any draw card", "mit jeder Ziehkarte beantwortbar"),
  none: l("cannot be answered", "nicht beantwortbar"),
};

/**
 * The rule book of a rule set being edited, as players read it: what the deck is, what each
 * rank does, the turn options, the calls and how the match ends (C-1.1 … C-1.6).
 */
export function ruleSetText(doc: RuleSetDocument, lang: Lang): { id: string; text: string }[] {
  const style = deckStyleOfDeck(doc.deck);
  const rank = (r: string) => rankMark(style, r, lang);
  const out: { id: string; text: string }[] = [];
  const say = (id: string, t: L) => out.push({ id, text: t[lang] });
  say(
    "C-1.1",
    l(
      `Deck: ${doc.deck}${doc.decks === 2 ? ", two decks shuffled together" : ""}.`,
      `Blatt: ${doc.deck}${doc.decks === 2 ? ", zwei Blätter gemischt" : ""}.`,
    ),
  );
  say(
    "C-1.2",
    l(
      `${doc.handSize} cards each, dealt ${doc.dealing === "single" ? "one at a time" : "3 then 2"}; ${doc.players.min}–${doc.players.max} players${doc.cut.enabled ? `; the deck is cut${doc.cut.keepRank ? `, a ${rank(doc.cut.keepRank)} at the bottom may be kept` : ""}` : ""}.`,
      `Je ${doc.handSize} Karten, ${doc.dealing === "single" ? "einzeln" : "3 und 2"} gegeben; ${doc.players.min}–${doc.players.max} Spieler${doc.cut.enabled ? `; es wird abgehoben${doc.cut.keepRank ? `, ein ${rank(doc.cut.keepRank)} unten darf behalten werden` : ""}` : ""}.`,
    ),
  );
  const effects = Object.entries(doc.effects);
  if (effects.length === 0)
    say("C-1.3", l("No card has an effect.", "Keine Karte hat eine Wirkung."));
  for (const [r, e] of effects) {
    const what: L =
      e.kind === "wish"
        ? l(
            `wish a colour${e.onWish ? "; may lie on a wish" : "; not on another wish"}`,
            `Farbe wünschen${e.onWish ? "; darf auf einem Wunsch liegen" : "; nicht auf einem Wunsch"}`,
          )
        : e.kind === "draw"
          ? l(
              `the next player draws ${e.count}, ${STACK[e.stack]!.en}`,
              `der Nächste zieht ${e.count}, ${STACK[e.stack]!.de}`,
            )
          : e.kind === "skip"
            ? l("the next player is skipped", "der Nächste setzt aus")
            : e.kind === "reverse"
              ? l("reverses the direction", "kehrt die Richtung um")
              : l("play another card", "noch eine Karte legen");
    say("C-1.3", l(`${rank(r)}: ${what.en}.`, `${rank(r)}: ${what.de}.`));
  }
  const turn = doc.turn;
  const on: [boolean, L][] = [
    [
      turn.voluntaryDraw,
      l("you may draw although you could play", "ziehen erlaubt, auch wenn du legen könntest"),
    ],
    [
      turn.playAfterDraw,
      l("a drawn card that fits may be played", "eine passende gezogene Karte darf gelegt werden"),
    ],
    [turn.drawUntilPlayable, l("draw until a card fits", "ziehen, bis eine Karte passt")],
    [turn.starterEffects, l("the starter card's effect applies", "die Startkarte wirkt")],
    [
      turn.wildStarterAllowsAnything,
      l("a wild starter lets anything follow", "auf eine Farbwahl-Startkarte passt alles"),
    ],
    [
      turn.reverseSkipsWithTwo,
      l("with two players a reverse skips", "zu zweit setzt ein Richtungswechsel aus"),
    ],
  ];
  const options = on.filter(([b]) => b).map(([, t]) => t[lang]);
  say(
    "C-1.4",
    l(
      `Turn: ${options.join("; ") || "no extra options"}.`,
      `Zug: ${options.join("; ") || "keine Zusatzoptionen"}.`,
    ),
  );
  const { mau, mauMau } = doc.calls;
  say(
    "C-1.5",
    l(
      `Say "Mau" with your second-to-last card: ${mau.required ? `required, ${mau.penalty} penalty card(s)` : "optional"}. "Mau-Mau" with your last: ${mauMau.required ? `required, ${mauMau.penalty} penalty card(s)${mauMau.takeBack ? ", the card is taken back" : ""}` : "optional"}.`,
      `„Mau“ mit der vorletzten Karte: ${mau.required ? `Pflicht, ${mau.penalty} Strafkarte(n)` : "freiwillig"}. „Mau-Mau“ mit der letzten: ${mauMau.required ? `Pflicht, ${mauMau.penalty} Strafkarte(n)${mauMau.takeBack ? ", die Karte wird zurückgenommen" : ""}` : "freiwillig"}.`,
    ),
  );
  const end = doc.scoring.matchEnd;
  const collects = doc.scoring.points === "winner";
  say(
    "C-1.6",
    end.kind === "games"
      ? l(
          `The match is ${end.games} game(s); the ${collects ? "highest" : "lowest"} total wins.`,
          `Die Partie geht über ${end.games} Spiel(e); die ${collects ? "höchste" : "niedrigste"} Summe gewinnt.`,
        )
      : end.kind === "target"
        ? l(
            `The match ends when someone reaches ${end.target} points.`,
            `Die Partie endet, wenn jemand ${end.target} Punkte erreicht.`,
          )
        : l(
            `Over ${end.limit} points a player is out.`,
            `Über ${end.limit} Punkten scheidet man aus.`,
          ),
  );
  // C-3: the options grown from real variants, where the set has them.
  const sizes = Object.entries(doc.handSizeByPlayers ?? {});
  if (sizes.length > 0)
    say(
      "C-3.1",
      l(
        `Hand size by players: ${sizes.map(([n, k]) => `${k} cards with ${n}`).join(", ")}.`,
        `Handkarten nach Spielerzahl: ${sizes.map(([n, k]) => `${k} Karten bei ${n}`).join(", ")}.`,
      ),
    );
  if (turn.drawCap !== undefined)
    say(
      "C-3.2",
      l(
        `Draw at most ${turn.drawCap} card(s); if none fits, the turn passes.`,
        `Höchstens ${turn.drawCap} Karte(n) ziehen; passt keine, ist der Zug vorbei.`,
      ),
    );
  if (collects)
    say(
      "C-3.3",
      l(
        "The winner scores the cards left in the other hands; the highest total wins.",
        "Der Sieger bekommt die Punkte der anderen Hände; die höchste Summe gewinnt.",
      ),
    );
  if (turn.emptyStock === "pass")
    say(
      "C-3.4",
      l(
        "An empty draw pile is not refilled: nothing more is drawn.",
        "Ein leerer Nachziehstapel wird nicht neu gebildet: es wird nichts mehr gezogen.",
      ),
    );
  const buried = (turn.buryStarter ?? []).map(rank).join(", ");
  if (buried !== "")
    say(
      "C-3.5",
      l(
        `A starter ${buried} goes to the bottom of the draw pile; the next card is turned.`,
        `Eine Startkarte ${buried} kommt unter den Nachziehstapel; die nächste wird aufgedeckt.`,
      ),
    );
  return out;
}
