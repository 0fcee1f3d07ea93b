import { tablePrefs } from "../motion/prefs";

/** The table's sound effects, all made here with the Web Audio API (no sound files). */
export type Sfx = "play" | "draw" | "turn" | "penalty" | "mau" | "win";

let context: AudioContext | null = null;

/** The audio context, made on a person's first gesture (browsers refuse sound before one). */
function audio(): AudioContext | null {
  if (context !== null) return context;
  const Ctor =
    typeof window === "undefined"
      ? undefined
      : (window.AudioContext ??
        (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  if (Ctor === undefined) return null;
  context = new Ctor();
  return context;
}

/** Readies sound at the first click, tap or key press on the page (once). */
export function unlockOnGesture(): () => void {
  if (typeof window === "undefined") return () => {};
  const unlock = () => {
    if (tablePrefs().muted) return;
    const ctx = audio();
    if (ctx?.state === "suspended") void ctx.resume();
  };
  window.addEventListener("pointerdown", unlock, { capture: true });
  window.addEventListener("keydown", unlock, { capture: true });
  return () => {
    window.removeEventListener("pointerdown", unlock, { capture: true });
    window.removeEventListener("keydown", unlock, { capture: true });
  };
}

/** One enveloped tone: type, start and end pitch, when, how long, how loud. */
function tone(
  ctx: AudioContext,
  out: AudioNode,
  spec: { type: OscillatorType; from: number; to?: number; at: number; dur: number; gain: number },
): void {
  const osc = ctx.createOscillator();
  const env = ctx.createGain();
  const t = ctx.currentTime + spec.at;
  osc.type = spec.type;
  osc.frequency.setValueAtTime(spec.from, t);
  if (spec.to !== undefined) osc.frequency.exponentialRampToValueAtTime(spec.to, t + spec.dur);
  env.gain.setValueAtTime(0.0001, t);
  env.gain.exponentialRampToValueAtTime(spec.gain, t + 0.012);
  env.gain.exponentialRampToValueAtTime(0.0001, t + spec.dur);
  osc.connect(env).connect(out);
  osc.start(t);
  osc.stop(t + spec.dur + 0.02);
}

/** A short burst of filtered noise: a card sliding or snapping. */
function swish(
  ctx: AudioContext,
  out: AudioNode,
  spec: { at: number; dur: number; freq: number; to?: number; gain: number },
): void {
  const length = Math.max(1, Math.floor(ctx.sampleRate * spec.dur));
  const buffer = ctx.createBuffer(1, length, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  // Noise from a small fixed generator (the same hiss every time; no randomness needed).
  let x = 0x2545f491;
  for (let i = 0; i < length; i++) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    data[i] = (x / 0x80000000 - 1) * (1 - i / length);
  }
  const src = ctx.createBufferSource();
  src.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = "bandpass";
  filter.Q.value = 1.2;
  const t = ctx.currentTime + spec.at;
  filter.frequency.setValueAtTime(spec.freq, t);
  if (spec.to !== undefined) filter.frequency.exponentialRampToValueAtTime(spec.to, t + spec.dur);
  const env = ctx.createGain();
  env.gain.setValueAtTime(spec.gain, t);
  env.gain.exponentialRampToValueAtTime(0.0001, t + spec.dur);
  src.connect(filter).connect(env).connect(out);
  src.start(t);
}

/** The recipe of each effect (a fraction of a second each). */
const RECIPES: Readonly<Record<Sfx, (ctx: AudioContext, out: AudioNode) => void>> = {
  play: (ctx, out) => {
    swish(ctx, out, { at: 0, dur: 0.09, freq: 2400, to: 900, gain: 0.5 });
    tone(ctx, out, { type: "triangle", from: 180, to: 90, at: 0.05, dur: 0.08, gain: 0.35 });
  },
  draw: (ctx, out) => swish(ctx, out, { at: 0, dur: 0.14, freq: 700, to: 2600, gain: 0.35 }),
  turn: (ctx, out) => {
    tone(ctx, out, { type: "sine", from: 660, at: 0, dur: 0.18, gain: 0.25 });
    tone(ctx, out, { type: "sine", from: 990, at: 0.11, dur: 0.28, gain: 0.22 });
  },
  penalty: (ctx, out) => {
    tone(ctx, out, { type: "square", from: 330, to: 160, at: 0, dur: 0.22, gain: 0.09 });
    tone(ctx, out, { type: "square", from: 250, to: 110, at: 0.16, dur: 0.26, gain: 0.08 });
  },
  // "Mau": a short cat-like glide up and down.
  mau: (ctx, out) => {
    tone(ctx, out, { type: "sawtooth", from: 420, to: 760, at: 0, dur: 0.14, gain: 0.07 });
    tone(ctx, out, { type: "sawtooth", from: 760, to: 380, at: 0.13, dur: 0.22, gain: 0.07 });
    tone(ctx, out, { type: "sine", from: 840, to: 1500, at: 0, dur: 0.14, gain: 0.08 });
  },
  win: (ctx, out) => {
    [523.25, 659.25, 783.99, 1046.5].forEach((f, i) =>
      tone(ctx, out, { type: "triangle", from: f, at: i * 0.11, dur: 0.32, gain: 0.22 }),
    );
    tone(ctx, out, { type: "sine", from: 1318.5, at: 0.44, dur: 0.6, gain: 0.14 });
  },
};

/** Plays an effect unless the table is muted (or the browser has no Web Audio). */
export function playSfx(sfx: Sfx): boolean {
  if (tablePrefs().muted) return false;
  const ctx = context;
  if (ctx === null || ctx.state !== "running") return false;
  const master = ctx.createGain();
  master.gain.value = 0.6;
  master.connect(ctx.destination);
  RECIPES[sfx](ctx, master);
  return true;
}
