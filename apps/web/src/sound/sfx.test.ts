// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetTablePrefs, setTablePrefs } from "../motion/prefs";

afterEach(() => {
  localStorage.clear();
  resetTablePrefs();
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** A Web Audio stand-in that counts the oscillators and noise sources started. */
function fakeAudio() {
  const started: string[] = [];
  const param = () => ({
    value: 0,
    setValueAtTime: () => {},
    exponentialRampToValueAtTime: () => {},
  });
  const node = () => ({ connect: (n: unknown) => n ?? node() });
  class FakeContext {
    state = "suspended";
    currentTime = 0;
    sampleRate = 8000;
    destination = node();
    resume() {
      this.state = "running";
      return Promise.resolve();
    }
    createOscillator() {
      return {
        ...node(),
        type: "",
        frequency: param(),
        start: () => started.push("osc"),
        stop: () => {},
      };
    }
    createGain() {
      return { ...node(), gain: param() };
    }
    createBiquadFilter() {
      return { ...node(), type: "", Q: param(), frequency: param() };
    }
    createBuffer(_c: number, length: number) {
      return { getChannelData: () => new Float32Array(length) };
    }
    createBufferSource() {
      return { ...node(), buffer: null, start: () => started.push("noise") };
    }
  }
  vi.stubGlobal("AudioContext", FakeContext);
  return started;
}

describe("sound effects", () => {
  it("stay silent until a gesture, then play every effect; muting silences them", async () => {
    const started = fakeAudio();
    const { playSfx, unlockOnGesture } = await import("./sfx");
    expect(playSfx("play")).toBe(false);
    const stop = unlockOnGesture();
    window.dispatchEvent(new Event("pointerdown"));
    await Promise.resolve();
    for (const s of ["play", "draw", "turn", "penalty", "mau", "win"] as const)
      expect(playSfx(s), s).toBe(true);
    expect(started.length).toBeGreaterThan(6);
    setTablePrefs({ muted: true });
    const before = started.length;
    expect(playSfx("win")).toBe(false);
    expect(started.length).toBe(before);
    stop();
  });

  it("remembers the mute per browser", async () => {
    setTablePrefs({ muted: true });
    resetTablePrefs();
    const { tablePrefs } = await import("../motion/prefs");
    expect(tablePrefs().muted).toBe(true);
  });
});
