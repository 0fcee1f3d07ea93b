import type { ChartLayout } from "@maumau/chart";
import type { Lang } from "@maumau/engine";
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type MouseEvent,
  type PointerEvent,
} from "react";
import { useTranslation } from "react-i18next";
import { navigate, paths } from "../router";
import { adoptChartStyle, chartLayout, chartSvg, type ChartHighlight } from "./chartData";
import { eventWords, stateWords } from "./stateNames";
import "./chart.css";

/** How the chart sits in its box: moved by (x, y) pixels and scaled by s. */
interface View {
  readonly x: number;
  readonly y: number;
  readonly s: number;
}

const MIN_SCALE = 0.15;
const MAX_SCALE = 3;
const clampScale = (s: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, s));

/** The view that shows the whole chart in a box, centred (never larger than 1.25×). */
export function fitView(box: { width: number; height: number }, chart: ChartLayout): View {
  if (chart.width <= 0 || chart.height <= 0 || box.width <= 0 || box.height <= 0)
    return { x: 0, y: 0, s: 1 };
  const s = clampScale(Math.min(box.width / chart.width, box.height / chart.height, 1.25));
  return { s, x: (box.width - chart.width * s) / 2, y: (box.height - chart.height * s) / 2 };
}

/** Zooms by `factor` keeping the point (px, py) of the box where it is. */
export function zoomAt(view: View, factor: number, px: number, py: number): View {
  const s = clampScale(view.s * factor);
  const k = s / view.s;
  return { s, x: px - (px - view.x) * k, y: py - (py - view.y) * k };
}

/**
 * A variant's statechart, laid out in the browser (elkjs, loaded with this chunk only), with
 * the current state lit and the arrows the last command took animated. Guards show their rule
 * ids; a click on one opens that rule in the rule book. The chart fits its box at first; it
 * pans by dragging and zooms with the wheel, a pinch or the buttons. State names are in the
 * player's language.
 */
export default function ChartPanel(props: {
  variantId: string;
  /** The rule set the game plays (from its view or `match.started`), null for the defaults. */
  rules: unknown;
  position?: ChartHighlight;
  title: string;
}) {
  const { variantId, rules, position, title } = props;
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language?.startsWith("de") ? "de" : "en";
  const ui = { in: t("chart.zoom.in"), out: t("chart.zoom.out"), fit: t("chart.zoom.fit") };
  const headingId = useId();
  const [layout, setLayout] = useState<ChartLayout | Error | null>(null);
  const [view, setView] = useState<View>({ x: 0, y: 0, s: 1 });
  const rulesKey = JSON.stringify(rules);
  const box = useRef<HTMLDivElement>(null);
  const fitted = useRef<ChartLayout | null>(null);

  useEffect(adoptChartStyle, []);

  useEffect(() => {
    let live = true;
    // The chart shown stays until the new one is laid out (the editor changes it often).
    chartLayout(variantId, JSON.parse(rulesKey) as unknown, lang).then(
      (l) => live && setLayout(l),
      (e: unknown) => live && setLayout(e instanceof Error ? e : new Error(String(e))),
    );
    return () => {
      live = false;
    };
  }, [variantId, rulesKey, lang]);

  const svg = useMemo(
    () =>
      layout === null || layout instanceof Error
        ? ""
        : chartSvg(layout, {
            title,
            inlineStyle: false,
            ...(position ? { position } : {}),
            ruleHref: (id) => paths.rules(variantId, id),
          }),
    [layout, title, position, variantId],
  );

  const boxSize = () => ({
    width: box.current?.clientWidth ?? 0,
    height: box.current?.clientHeight ?? 0,
  });

  const fit = useCallback(() => {
    if (layout === null || layout instanceof Error) return;
    setView(fitView(boxSize(), layout));
  }, [layout]);

  // A new chart fits its box.
  useEffect(() => {
    if (layout === null || layout instanceof Error || fitted.current === layout) return;
    fitted.current = layout;
    fit();
  }, [layout, fit]);

  // Keep the current state in sight inside the box (never scroll the page).
  useEffect(() => {
    if (layout === null || layout instanceof Error || !position?.state) return;
    const node = layout.nodes.find((n) => n.node.id === position.state);
    if (node === undefined) return;
    const { width, height } = boxSize();
    setView((v) => {
      const left = v.x + node.x * v.s;
      const top = v.y + node.y * v.s;
      const inside =
        left >= 0 &&
        top >= 0 &&
        left + node.width * v.s <= width &&
        top + node.height * v.s <= height;
      if (inside) return v;
      return {
        s: v.s,
        x: width / 2 - (node.x + node.width / 2) * v.s,
        y: height / 2 - (node.y + node.height / 2) * v.s,
      };
    });
  }, [layout, position?.state]);

  // The wheel zooms around the pointer (a listener that may prevent the page's scrolling).
  useEffect(() => {
    const el = box.current;
    if (el === null) return;
    const wheel = (event: WheelEvent) => {
      event.preventDefault();
      const r = el.getBoundingClientRect();
      const factor = Math.exp(-event.deltaY * 0.0015);
      setView((v) => zoomAt(v, factor, event.clientX - r.left, event.clientY - r.top));
    };
    el.addEventListener("wheel", wheel, { passive: false });
    return () => el.removeEventListener("wheel", wheel);
  }, [layout]);

  // Dragging pans; two pointers pinch-zoom. A drag is no click on a rule link.
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const dragged = useRef(false);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    dragged.current = false;
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const before = pointers.current.get(event.pointerId);
    if (before === undefined) return;
    const now = { x: event.clientX, y: event.clientY };
    const others = [...pointers.current.entries()].filter(([id]) => id !== event.pointerId);
    pointers.current.set(event.pointerId, now);
    const other = others[0]?.[1];
    if (other !== undefined) {
      const r = event.currentTarget.getBoundingClientRect();
      const d0 = Math.hypot(before.x - other.x, before.y - other.y);
      const d1 = Math.hypot(now.x - other.x, now.y - other.y);
      if (d0 > 0) {
        dragged.current = true;
        setView((v) =>
          zoomAt(v, d1 / d0, (now.x + other.x) / 2 - r.left, (now.y + other.y) / 2 - r.top),
        );
      }
      return;
    }
    const dx = now.x - before.x;
    const dy = now.y - before.y;
    if (!dragged.current && Math.hypot(dx, dy) < 3) {
      pointers.current.set(event.pointerId, before);
      return;
    }
    if (!dragged.current) event.currentTarget.setPointerCapture(event.pointerId);
    dragged.current = true;
    setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
  };

  const openRule = (event: MouseEvent<HTMLDivElement>) => {
    if (dragged.current) {
      event.preventDefault();
      dragged.current = false;
      return;
    }
    const link = (event.target as Element).closest("a");
    const href = link?.getAttribute("href");
    if (!href?.startsWith("/") || event.button !== 0 || event.metaKey || event.ctrlKey) return;
    event.preventDefault();
    navigate(href);
  };

  const zoomBy = (factor: number) => {
    const { width, height } = boxSize();
    setView((v) => zoomAt(v, factor, width / 2, height / 2));
  };

  const taken = position?.taken ?? [];
  return (
    <figure className="chart-panel" aria-labelledby={headingId}>
      <figcaption id={headingId}>
        <span className="chart-title">{title}</span>
        {position?.state ? (
          <span className="chart-now" aria-live="polite" data-testid="chart-now">
            {t("chart.now", { state: stateWords(position.state, t) })}
            {taken.length > 0
              ? ` ${t("chart.after", { events: taken.map((e) => eventWords(e, t)).join(" → ") })}`
              : ""}
          </span>
        ) : null}
      </figcaption>
      {layout === null ? (
        <p className="loading">{t("chart.loading")}</p>
      ) : layout instanceof Error ? (
        <p className="error" role="alert">
          {t("chart.failed", { message: layout.message })}
        </p>
      ) : (
        <div className="chart-frame">
          <div
            ref={box}
            className="chart-scroll"
            onClick={openRule}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
          >
            <div
              className="chart-canvas"
              data-scale={view.s.toFixed(2)}
              style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.s})` }}
              // The SVG is built from the engine's own machine, every text escaped (chartSvg).
              dangerouslySetInnerHTML={{ __html: svg }}
            />
          </div>
          <div className="chart-zoom" role="group" aria-label={title}>
            <button type="button" onClick={() => zoomBy(1.25)} aria-label={ui.in} title={ui.in}>
              +
            </button>
            <button type="button" onClick={() => zoomBy(0.8)} aria-label={ui.out} title={ui.out}>
              −
            </button>
            <button type="button" onClick={fit} aria-label={ui.fit} title={ui.fit}>
              ⤢
            </button>
          </div>
        </div>
      )}
      <p className="chart-hint">{t("chart.hint")}</p>
    </figure>
  );
}
