import { Chalk } from "chalk";
import { describe, expect, it } from "vitest";
import {
  classicEngine,
  createRng,
  type AnyVariant,
  type ClassicState,
  type Lang,
  type Viewer,
} from "@maumau/engine";
import { findVariant, variants } from "@maumau/registry";
import { answer } from "../testing/autoplayer.js";
import { playLocalMatch, type PlayIo } from "./session.js";

/** A table fed by the autoplayer, or by fixed lines; records everything printed. */
function scriptedIo(reply: (transcript: string) => string | null, maxPrompts = 20_000) {
  let transcript = "";
  let prompts = 0;
  const io: PlayIo = {
    interactive: false,
    write: (text) => {
      transcript += text;
    },
    ask: (prompt) => {
      transcript += prompt;
      const line = ++prompts > maxPrompts ? null : reply(transcript);
      transcript += (line ?? "") + "\n";
      return Promise.resolve(line);
    },
  };
  return { io, transcript: () => transcript };
}

const setupFor = (id: string, lang: Lang, seed: number, players?: number) => {
  const variant = findVariant(id)!;
  return {
    variant,
    players: players ?? Math.min(Math.max(variant.players.min, 3), variant.players.max),
    seat: 0,
    seed,
    bots: "heuristic" as const,
    options: {},
    lang,
    chalk: new Chalk({ level: 0 }),
  };
};

describe("play, in-process", () => {
  for (const variant of variants)
    for (const lang of ["en", "de"] as const)
      it(`plays a whole ${variant.id} match through the text interface (${lang})`, async () => {
        const random = createRng(42);
        const { io, transcript } = scriptedIo((t) =>
          answer(t, { random, forget: 0.2, misplay: 0.05 }),
        );
        const code = await playLocalMatch(setupFor(variant.id, lang, 11), io);
        const out = transcript();
        expect(code).toBe(0);
        expect(out).toMatch(lang === "en" ? /Match over/ : /Partie vorbei/);
        expect(out).not.toMatch(lang === "en" ? /Input ended/ : /Eingabe beendet/);
        expect(out).toMatch(lang === "en" ? /^Total\s/m : /^Summe\s/m);
      });

  it("H-3 under the hand each card says where it may go and why; ? explains Heul doch!", async () => {
    const random = createRng(6);
    let helped = false;
    const { io, transcript } = scriptedIo((t) => {
      if (!helped) {
        helped = true;
        return "?";
      }
      return answer(t, { random });
    }, 6);
    await playLocalMatch(setupFor("heul-doch", "en", 3), io);
    const out = transcript();
    expect(out).toContain("Heul doch! in short:");
    expect(out).toMatch(/→ .*✓ face down as an onion \(H-3\.1\)/);
  });

  it("B-2.2 the cutter is told the cut card after the cut, and only the cutter", async () => {
    const random = createRng(5);
    let cut = false;
    const { io, transcript } = scriptedIo((t) => {
      if (!cut && /Cut the deck: cut/.test(t.slice(-400))) {
        cut = true;
        return "cut 12 keep";
      }
      return answer(t, { random });
    }, 40);
    // Two players, seat 0 deals: seat 1 (the dealer's right neighbour) cuts game 1.
    await playLocalMatch({ ...setupFor("bavarian", "en", 4, 2), seat: 1 }, io);
    const out = transcript();
    expect(cut).toBe(true);
    expect(out).toMatch(/You cut the deck after 12 cards: the bottom card is .+\. \(B-2\.2\)/);
    expect(out).toMatch(/Your cut: /);
  });

  it("plays a family whose view it does not know by listing the legal moves", async () => {
    const noris = findVariant("noris")!;
    const odd = {
      ...noris,
      engine: {
        ...classicEngine,
        view: (state: ClassicState, viewer: Viewer) => {
          const v = classicEngine.view(state, viewer);
          return { family: "odd", top: v.top, hand: v.hand, totals: v.totals, history: v.history };
        },
      },
    } as unknown as AnyVariant;
    const random = createRng(3);
    const { io, transcript } = scriptedIo((t) => answer(t, { random }));
    const code = await playLocalMatch({ ...setupFor("noris", "en", 8), variant: odd }, io);
    expect(code).toBe(0);
    expect(transcript()).toContain("The table (raw view):");
    expect(transcript()).toMatch(/^ {2}m 1 {2}/m);
    expect(transcript()).toMatch(/Match over/);
  });

  it("prints the engine's refusal in the chosen language", async () => {
    const random = createRng(5);
    for (const [lang, refused] of [
      ["en", "Refused:"],
      ["de", "Abgelehnt:"],
    ] as const) {
      const { io, transcript } = scriptedIo((t) => answer(t, { random, misplay: 1 }), 400);
      await playLocalMatch({ ...setupFor("noris", lang, 3), options: { games: 1 } }, io);
      expect(transcript()).toContain(refused);
    }
  });

  it("asks for the wish colour and the call, and the engine punishes a forgotten mau", async () => {
    const random = createRng(9);
    let asked = { colour: false, mau: false };
    const { io, transcript } = scriptedIo((t) => {
      if (/Colour\? /.test(t.slice(t.lastIndexOf("\n")))) asked = { ...asked, colour: true };
      if (/"mau"\? \(y\/n\)/.test(t.slice(t.lastIndexOf("\n")))) {
        asked = { ...asked, mau: true };
        return "n";
      }
      return answer(t, { random });
    });
    await playLocalMatch({ ...setupFor("noris", "en", 21), options: { games: 3 } }, io);
    expect(asked).toEqual({ colour: true, mau: true });
    expect(transcript()).toContain('You forgot to say "Mau"! (N-5.1)');
    expect(transcript()).toMatch(/You draw .* \(penalty for the missed call, N-5.1\)\./);
  });

  it("re-prompts on empty and unknown input and quits on q", async () => {
    const lines = ["", "xyzzy", "99", "?", "q"];
    const { io, transcript } = scriptedIo(() => lines.shift() ?? null);
    const code = await playLocalMatch({ ...setupFor("noris", "en", 1), options: { games: 1 } }, io);
    const out = transcript();
    expect(code).toBe(0);
    expect(out).toContain("Type a card number, d to draw, p to pass, or ? for help.");
    expect(out).toContain('Not understood: "xyzzy"');
    expect(out).toContain("You have no card 99 (1–5).");
    expect(out).toContain("One command per line:");
    expect(out).toContain("You left the match.");
  });

  it("a word after a card that takes no wish is refused with a hint, not dropped", async () => {
    const random = createRng(4);
    let tried: string | null = null;
    const { io, transcript } = scriptedIo((t) => {
      if (tried !== null) return "q";
      // The last hand printed: a playable card that is no wild ("  * 5  green +2").
      const hand = t.slice(t.lastIndexOf("Your hand"));
      const plain = [...hand.matchAll(/^ {2}\* +(\d+) +(.+)$/gm)].find((m) => !/wild/.test(m[2]!));
      if (plain === undefined) return answer(t, { random });
      tried = plain[1]!;
      return `${tried} purple`;
    });
    await playLocalMatch({ ...setupFor("noris", "en", 1), options: { games: 1 } }, io);
    const out = transcript();
    expect(tried).not.toBeNull();
    expect(out).toContain(
      `Card ${tried} names no colour ("purple"): type ${tried} alone to play it.`,
    );
    // Nothing was played: the same turn's prompt again.
    const after = out.slice(out.indexOf("names no colour"));
    expect(after.split("\n")[1]).toMatch(/^Moves: /);
  });

  it("ends cleanly when the input ends", async () => {
    const { io, transcript } = scriptedIo(() => null);
    const code = await playLocalMatch({ ...setupFor("noris", "de", 1), options: { games: 1 } }, io);
    expect(code).toBe(0);
    expect(transcript()).toContain("Eingabe beendet: Partie verlassen.");
  });

  it("is reproducible from its seed", async () => {
    const run = async () => {
      const random = createRng(1);
      const { io, transcript } = scriptedIo((t) => answer(t, { random }));
      await playLocalMatch({ ...setupFor("noris", "en", 77), options: { games: 1 } }, io);
      return transcript();
    };
    expect(await run()).toBe(await run());
  });
});
