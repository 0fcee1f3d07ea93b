import type { VariantSummary } from "@maumau/client";
import type { Lang } from "@maumau/engine";
import { useId, type CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "../cards/Card";
import { fanOf } from "./variantFans";

/**
 * The New match form's variant: one tile per variant (a fan of its cards on its table's felt,
 * its name, its hint), a native radio group: Tab enters it at the chosen tile, the arrow keys
 * choose another. Every variant the server offers, in its order; the value is the variant's id.
 */
export function VariantPicker(props: {
  variants: readonly VariantSummary[];
  lang: Lang;
  value: string;
  onChange: (id: string) => void;
}) {
  const { variants, lang, value, onChange } = props;
  const { t } = useTranslation();
  const group = useId();
  return (
    <fieldset className="variant-picker">
      <legend>{t("lobby.variant")}</legend>
      <div className="variant-tiles">
        {variants.map((v) => {
          const nameId = `${group}-${v.id}-name`;
          const hintId = `${group}-${v.id}-hint`;
          const felt = { "--felt": v.theme.table } as CSSProperties;
          return (
            <label key={v.id} className="variant-tile" data-variant={v.id}>
              <input
                type="radio"
                name={group}
                value={v.id}
                checked={v.id === value}
                onChange={() => onChange(v.id)}
                // The arrow keys choose a tile the phone's row may show only in part: all of it.
                onFocus={(e) =>
                  e.currentTarget.parentElement?.scrollIntoView({
                    block: "nearest",
                    inline: "nearest",
                  })
                }
                aria-labelledby={nameId}
                aria-describedby={hintId}
              />
              <span className="variant-fan" style={felt} aria-hidden="true">
                {fanOf(v).map((c, i) => (
                  <Card
                    key={i}
                    code={c.code}
                    style={c.style}
                    lang={lang}
                    onion={c.onion}
                    back={v.theme.cardBack}
                    decorative
                  />
                ))}
              </span>
              <span className="variant-name" id={nameId}>
                {v.names[lang]}
              </span>
              <span className="variant-hint" id={hintId}>
                {v.description[lang]}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
