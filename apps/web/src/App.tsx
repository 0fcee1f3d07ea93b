import type { AnyVariant, Lang } from "@maumau/engine";
import { variants as registryVariants } from "@maumau/registry";
import { useId, useState, type CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage, LANGUAGE_NAMES, LANGUAGES } from "./i18n";

/** What the page needs of a variant; the same fields /api/variants serves. */
export type VariantInfo = Pick<
  AnyVariant,
  "id" | "names" | "description" | "players" | "ruleBook" | "theme"
>;

export interface AppProps {
  readonly variants?: readonly VariantInfo[];
  readonly initialVariantId?: string;
}

const themeStyle = (variant: VariantInfo): CSSProperties =>
  ({
    "--accent": variant.theme.accent,
    "--table": variant.theme.table,
    "--card-back": variant.theme.cardBack,
  }) as CSSProperties;

function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const active = currentLanguage(i18n);
  return (
    <div className="language-toggle" role="group" aria-label={t("language.label")}>
      {LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          aria-pressed={lang === active}
          onClick={() => void i18n.changeLanguage(lang)}
        >
          {LANGUAGE_NAMES[lang]}
        </button>
      ))}
    </div>
  );
}

function VariantCard(props: {
  variant: VariantInfo;
  lang: Lang;
  selected: boolean;
  rulesId: string;
  onSelect: () => void;
}) {
  const { variant, lang, selected, rulesId, onSelect } = props;
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
      <button
        type="button"
        aria-pressed={selected}
        aria-controls={rulesId}
        aria-label={t("variants.showRulesOf", { name })}
        onClick={onSelect}
      >
        {t("variants.showRules")}
      </button>
    </article>
  );
}

function RuleBook(props: { variant: VariantInfo; lang: Lang; id: string }) {
  const { variant, lang, id } = props;
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section id={id} className="rule-book" aria-labelledby={headingId} style={themeStyle(variant)}>
      <h2 id={headingId}>{t("rules.heading", { name: variant.names[lang] })}</h2>
      <p className="rule-count">{t("rules.count", { count: variant.ruleBook.length })}</p>
      <dl>
        {variant.ruleBook.map((rule) => (
          <div key={rule.id} className="rule">
            <dt>{rule.id}</dt>
            <dd>{rule.text[lang]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function App({ variants = registryVariants, initialVariantId }: AppProps) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const [selectedId, setSelectedId] = useState(initialVariantId);
  const selected = variants.find((v) => v.id === selectedId) ?? variants[0];
  const rulesId = useId();
  const variantsHeadingId = useId();

  return (
    <div className="app" lang={lang}>
      <header className="app-header">
        <div>
          <h1>{t("app.title")}</h1>
          <p className="tagline">{t("app.tagline")}</p>
        </div>
        <LanguageToggle />
      </header>
      <main className="layout">
        <section className="variants" aria-labelledby={variantsHeadingId}>
          <h2 id={variantsHeadingId}>{t("variants.heading")}</h2>
          {variants.length === 0 ? (
            <p>{t("variants.empty")}</p>
          ) : (
            <ul className="variant-list">
              {variants.map((variant) => (
                <li key={variant.id}>
                  <VariantCard
                    variant={variant}
                    lang={lang}
                    selected={variant.id === selected?.id}
                    rulesId={rulesId}
                    onSelect={() => setSelectedId(variant.id)}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
        {selected && <RuleBook variant={selected} lang={lang} id={rulesId} />}
      </main>
    </div>
  );
}
