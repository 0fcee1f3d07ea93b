import type { VariantSummary } from "@maumau/client";
import type { Lang } from "@maumau/engine";
import { lazy, Suspense, useEffect, useId, type CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { followLink, paths } from "../router";

const ChartPanel = lazy(() => import("../chart/ChartPanel"));

const themeStyle = (variant: VariantSummary): CSSProperties =>
  ({
    "--accent": variant.theme.accent,
    "--table": variant.theme.table,
    "--card-back": variant.theme.cardBack,
  }) as CSSProperties;

function VariantCard(props: { variant: VariantSummary; lang: Lang; selected: boolean }) {
  const { variant, lang, selected } = props;
  const { t } = useTranslation();
  const headingId = useId();
  const name = variant.names[lang];
  const { min, max } = variant.players;
  return (
    <article
      className="variant"
      aria-labelledby={headingId}
      data-selected={selected}
      style={themeStyle(variant)}
    >
      <h3 id={headingId}>{name}</h3>
      <p className="players">
        {min === max
          ? t("variants.playersExact", { count: min })
          : t("variants.players", { min, max })}
      </p>
      <p>{variant.description[lang]}</p>
      <ul className="swatches" aria-label={t("variants.colours")}>
        {Object.entries(variant.theme.colours).map(([key, colour]) => (
          <li key={key}>
            <span className="swatch" style={{ background: colour.css }} aria-hidden="true" />
            {colour.label[lang]}
          </li>
        ))}
      </ul>
      <a
        className="button"
        href={paths.rules(variant.id)}
        onClick={followLink}
        aria-current={selected ? "page" : undefined}
      >
        {t("variants.showRules")}
        <span className="visually-hidden"> – {name}</span>
      </a>
    </article>
  );
}

export function RuleBook(props: { variant: VariantSummary; lang: Lang; rule: string | null }) {
  const { variant, lang, rule } = props;
  const { t } = useTranslation();
  const headingId = useId();
  useEffect(() => {
    if (rule) document.getElementById(`rule-${rule}`)?.scrollIntoView({ block: "center" });
  }, [rule, variant.id]);
  return (
    <section className="rule-book" aria-labelledby={headingId} style={themeStyle(variant)}>
      <h2 id={headingId}>{t("rules.heading", { name: variant.names[lang] })}</h2>
      <p className="rule-count">{t("rules.count", { count: variant.ruleBook.length })}</p>
      <dl>
        {variant.ruleBook.map((r) => (
          <div key={r.id} id={`rule-${r.id}`} className="rule" data-current={r.id === rule}>
            <dt>
              <a href={paths.rules(variant.id, r.id)} onClick={followLink}>
                {r.id}
              </a>
            </dt>
            <dd>{r.text[lang]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Every variant, and the rule book of one (`/rules/noris#N-4.2` links to one rule). */
export default function RulesPage(props: {
  variants: readonly VariantSummary[];
  lang: Lang;
  variantId: string | null;
  rule: string | null;
}) {
  const { variants, lang, variantId, rule } = props;
  const { t } = useTranslation();
  const headingId = useId();
  const selected = variantId === null ? null : variants.find((v) => v.id === variantId);
  return (
    <div className="layout">
      <section className="variants" aria-labelledby={headingId}>
        <h2 id={headingId}>{t("variants.heading")}</h2>
        {variants.length === 0 ? (
          <p>{t("variants.empty")}</p>
        ) : (
          <ul className="variant-list">
            {variants.map((variant) => (
              <li key={variant.id}>
                <VariantCard variant={variant} lang={lang} selected={variant.id === variantId} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {selected ? (
        <>
          <RuleBook variant={selected} lang={lang} rule={rule} />
          <section className="rules-chart" aria-label={t("chart.heading")}>
            <h2>{t("chart.heading")}</h2>
            <Suspense fallback={<p className="loading">{t("chart.loading")}</p>}>
              <ChartPanel
                variantId={selected.id}
                rules={null}
                title={t("chart.of", { name: selected.names[lang] })}
              />
            </Suspense>
          </section>
        </>
      ) : (
        variantId !== null && <p role="alert">{t("rules.unknown", { id: variantId })}</p>
      )}
    </div>
  );
}
