import type { ViewEvent } from "@maumau/client";
import type { Lang } from "@maumau/engine";
import { animate } from "motion/mini";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { Card } from "../cards/Card";
import type { DeckStyle } from "../cards/names";
import { playSfx, unlockOnGesture } from "../sound/sfx";
import { tablePrefs } from "./prefs";
import { MotionQueue, prefersReducedMotion } from "./queue";
import { stepsOf, type Flight, type MotionStep, type Place } from "./steps";
import "./motion.css";

/** Where a place is on the table now (its element), or null when it is not shown. */
function elementOf(root: HTMLElement, place: Place, viewer: number | null): Element | null {
  switch (place.kind) {
    case "discard":
      return root.querySelector(".pile.discard");
    case "middle":
      return root.querySelector(".pile.middle");
    case "draw":
      return root.querySelector(".pile.draw-pile");
    case "pile":
      return root.querySelector(`[data-pile="${place.seat}"]`);
    case "seat":
      return (
        (place.seat === viewer ? root.querySelector(".hand") : null) ??
        root.querySelector(`.seat[data-seat="${place.seat}"] .mini-hand`) ??
        root.querySelector(`.seat[data-seat="${place.seat}"]`)
      );
  }
}

/** The element whose card is hidden while cards fly onto it (the pile shows them landed). */
function landingOf(root: HTMLElement, place: Place): Element | null {
  return place.kind === "discard" || place.kind === "middle" || place.kind === "pile"
    ? elementOf(root, place, null)
    : null;
}

interface Shown {
  readonly id: number;
  readonly flight: Flight;
  readonly from: DOMRect;
  readonly to: DOMRect;
  readonly width: number;
  readonly ms: number;
  readonly done: () => void;
}

interface Counter {
  readonly id: number;
  readonly key: string;
  readonly text: string;
  readonly at: DOMRect;
}

const centre = (r: DOMRect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });

/** One card in the air: from one place to another, with motion's animate (WAAPI). */
function FlyingCard(props: { shown: Shown; style: DeckStyle; lang: Lang; back: string }) {
  const { shown, style, lang, back } = props;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el === null) return;
    const a = centre(shown.from);
    const b = centre(shown.to);
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const seconds = shown.ms / 1000;
    const controls = shown.flight.flip
      ? animate(
          el,
          { transform: ["scaleX(1)", "scaleX(0.05)", "scaleX(1)"] },
          { duration: seconds, ease: "easeInOut" },
        )
      : animate(
          el,
          {
            transform: [
              "translate(0px, 0px) rotate(-10deg) scale(0.9)",
              `translate(${dx * 0.55}px, ${dy * 0.55 - 24}px) rotate(4deg) scale(1.06)`,
              `translate(${dx}px, ${dy}px) rotate(0deg) scale(1)`,
            ],
          },
          { duration: seconds, ease: [0.3, 0.7, 0.4, 1] },
        );
    let over = false;
    // Told in a task of its own: a landing sets the table's state, and a queue of flights that
    // end at once (a catch-up, a hidden page) must not nest those updates inside React's
    // effects (React stops such a chain as "Maximum update depth exceeded").
    const finish = () => {
      if (over) return;
      over = true;
      setTimeout(shown.done, 0);
    };
    void Promise.resolve(controls).then(finish, finish);
    return () => {
      controls.stop();
      finish();
    };
  }, [shown]);
  const a = centre(shown.from);
  return (
    <div
      ref={ref}
      className="flying-card"
      data-flight={shown.flight.flip ? "flip" : "move"}
      style={{
        left: `${a.x - shown.width / 2}px`,
        top: `${a.y - (shown.width * 1.4) / 2}px`,
        width: `${shown.width}px`,
      }}
      aria-hidden="true"
    >
      <Card
        code={shown.flight.card}
        onion={shown.flight.onion ?? false}
        style={style}
        lang={lang}
        back={back}
        decorative
      />
    </div>
  );
}

/**
 * The table comes alive: the events of every new frame become steps (cards flying, sounds,
 * counters) played one after another, at the speed the person chose; with reduced motion
 * (or a hidden page) they happen at once, sounds still playing. The table's own DOM is never
 * held back: the moves are drawn over it, the piles' new tops shown as the cards land.
 */
export function useTableMotion(props: {
  log: readonly ViewEvent[];
  viewer: number | null;
  myTurn: boolean;
  style: DeckStyle;
  lang: Lang;
  back: string;
}): { ref: (el: HTMLElement | null) => void; layer: ReactNode } {
  const { log, viewer, myTurn, style, lang, back } = props;
  const root = useRef<HTMLElement | null>(null);
  const [flights, setFlights] = useState<readonly Shown[]>([]);
  const [counters, setCounters] = useState<readonly Counter[]>([]);
  const ids = useRef(0);
  const queue = useRef<MotionQueue | null>(null);
  queue.current ??= new MotionQueue({
    speed: () => tablePrefs().speed,
    instant: () => prefersReducedMotion() || (typeof document !== "undefined" && document.hidden),
  });
  const seen = useRef<number | null>(null);
  const landing = useRef(new Map<Element, number>());

  const ref = useCallback((el: HTMLElement | null) => {
    root.current = el;
    if (el) el.setAttribute("data-motion", prefersReducedMotion() ? "reduced" : "on");
  }, []);

  useEffect(unlockOnGesture, []);

  const hold = (el: Element | null, by: 1 | -1) => {
    if (el === null) return;
    const n = (landing.current.get(el) ?? 0) + by;
    if (n <= 0) landing.current.delete(el);
    else landing.current.set(el, n);
    // One card on its way: the pile shows it when it lands. More: the pile shows its top now
    // (never an empty-looking pile while a queue of moves plays).
    if (n === 1 && by === 1) el.setAttribute("data-landing", "");
    else el.removeAttribute("data-landing");
  };

  const run = useCallback(
    (step: MotionStep) => {
      const el = root.current;
      const targets = el ? step.flights.map((f) => landingOf(el, f.to)) : [];
      for (const t of targets) hold(t, 1);
      void queue.current!.push(async (ms) => {
        try {
          for (const s of step.sounds) playSfx(s);
          if (el === null || ms === 0 || !el.isConnected) return;
          if (step.counter) {
            const at = elementOf(el, step.counter.at, viewer);
            if (at) {
              const id = ++ids.current;
              const key = JSON.stringify(step.counter.at);
              const c: Counter = {
                id,
                key,
                text: step.counter.text,
                at: at.getBoundingClientRect(),
              };
              setCounters((cs) => [...cs.filter((x) => x.key !== key), c]);
              setTimeout(() => setCounters((cs) => cs.filter((x) => x.id !== id)), ms * 2.5);
            }
          }
          const shown = step.flights.flatMap((flight) => {
            const from = elementOf(el, flight.from, viewer);
            const to = elementOf(el, flight.to, viewer);
            if (from === null || to === null) return [];
            const target = to.querySelector(".card") ?? to;
            const width = Math.min(120, Math.max(40, target.getBoundingClientRect().width || 64));
            return [
              { flight, from: from.getBoundingClientRect(), to: to.getBoundingClientRect(), width },
            ];
          });
          if (shown.length === 0) return;
          await Promise.all(
            shown.map(
              (s) =>
                new Promise<void>((resolve) => {
                  const id = ++ids.current;
                  const done = () => {
                    setFlights((fs) => fs.filter((f) => f.id !== id));
                    resolve();
                  };
                  setFlights((fs) => [...fs, { ...s, id, ms, done }]);
                }),
            ),
          );
        } finally {
          for (const t of targets) hold(t, -1);
        }
      });
    },
    [viewer],
  );

  // New events since the last frame (the log of a reload is history: not replayed).
  useEffect(() => {
    const last = log.at(-1)?.version ?? null;
    if (seen.current === null) {
      seen.current = last ?? 0;
      return;
    }
    const fresh = log.filter((e) => e.version > (seen.current ?? 0));
    if (last !== null) seen.current = Math.max(seen.current, last);
    for (const step of stepsOf(fresh, viewer)) run(step);
  }, [log, viewer, run]);

  // Your turn: a chime once the moves before it have been shown.
  const wasMyTurn = useRef(myTurn);
  useEffect(() => {
    if (myTurn && !wasMyTurn.current)
      void queue.current!.push(() => {
        playSfx("turn");
      });
    wasMyTurn.current = myTurn;
  }, [myTurn]);

  const layer =
    typeof document === "undefined"
      ? null
      : createPortal(
          <div className="motion-layer" aria-hidden="true">
            {flights.map((s) => (
              <FlyingCard key={s.id} shown={s} style={style} lang={lang} back={back} />
            ))}
            {counters.map((c) => (
              <span
                key={c.id}
                className="motion-counter"
                style={{ left: `${c.at.left + c.at.width / 2}px`, top: `${c.at.top}px` }}
              >
                {c.text}
              </span>
            ))}
          </div>,
          document.body,
        );
  return { ref, layer };
}
