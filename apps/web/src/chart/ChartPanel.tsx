import type { ChartLayout } from "@maumau/chart";
import { useEffect, useId, useMemo, useRef, useState, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { navigate, paths } from "../router";
import { chartLayout, chartSvg, type ChartHighlight } from "./chartData";

/**
 * A variant's statechart, laid out in the browser (elkjs, loaded with this chunk only), with
 * the current state lit and the arrows the last command took animated. Guards show their rule
 * ids; a click on one opens that rule in the rule book.
 */
export default function ChartPanel(props: {
  variantId: string;
  /** The rule set the game plays (from its view or `match.started`), null for the defaults. */
  rules: unknown;
  position?: ChartHighlight;
  title: string;
}) {
  const { variantId, rules, position, title } = props;
  const { t } = useTranslation();
  const headingId = useId();
  const [layout, setLayout] = useState<ChartLayout | Error | null>(null);
  const rulesKey = JSON.stringify(rules);
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    // The chart shown stays until the new one is laid out (the editor changes it often).
    chartLayout(variantId, JSON.parse(rulesKey) as unknown).then(
      (l) => live && setLayout(l),
      (e: unknown) => live && setLayout(e instanceof Error ? e : new Error(String(e))),
    );
    return () => {
      live = false;
    };
  }, [variantId, rulesKey]);

  const svg = useMemo(
    () =>
      layout === null || layout instanceof Error
        ? ""
        : chartSvg(layout, {
            title,
            ...(position ? { position } : {}),
            ruleHref: (id) => paths.rules(variantId, id),
          }),
    [layout, title, position, variantId],
  );

  // Keep the current state in sight inside the panel (never scroll the page).
  useEffect(() => {
    const box = scroller.current;
    if (box === null || layout === null || layout instanceof Error || !position?.state) return;
    const node = layout.nodes.find((n) => n.node.id === position.state);
    if (node === undefined) return;
    const svgEl = box.querySelector("svg");
    const scale =
      svgEl && layout.width > 0 ? svgEl.getBoundingClientRect().width / layout.width : 1;
    const cx = (node.x + node.width / 2) * (scale || 1);
    const cy = (node.y + node.height / 2) * (scale || 1);
    box.scrollTo({
      left: Math.max(0, cx - box.clientWidth / 2),
      top: Math.max(0, cy - box.clientHeight / 2),
    });
  }, [svg, layout, position?.state]);

  const openRule = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest("a");
    const href = link?.getAttribute("href");
    if (!href?.startsWith("/") || event.button !== 0 || event.metaKey || event.ctrlKey) return;
    event.preventDefault();
    navigate(href);
  };

  const taken = position?.taken ?? [];
  return (
    <figure className="chart-panel" aria-labelledby={headingId}>
      <figcaption id={headingId}>
        <span className="chart-title">{title}</span>
        {position?.state ? (
          <span className="chart-now" aria-live="polite" data-testid="chart-now">
            {t("chart.now", { state: position.state })}
            {taken.length > 0 ? ` ${t("chart.after", { events: taken.join(" → ") })}` : ""}
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
        <div
          ref={scroller}
          className="chart-scroll"
          onClick={openRule}
          // The SVG is built from the engine's own machine, every text escaped (chartSvg).
          dangerouslySetInnerHTML={{ __html: svg }}
        />
      )}
      <p className="chart-hint">{t("chart.hint")}</p>
    </figure>
  );
}
