import { useTranslation } from "react-i18next";
import { storeName } from "../net/seats";

/** The name a player sits down under: remembered in this browser as it is typed. */
export function NameField(props: { value: string; onChange: (name: string) => void }) {
  const { t } = useTranslation();
  return (
    <label>
      {t("lobby.name")}{" "}
      <input
        value={props.value}
        maxLength={32}
        autoComplete="nickname"
        placeholder={t("lobby.namePlaceholder")}
        onChange={(e) => {
          props.onChange(e.target.value);
          storeName(e.target.value.trim());
        }}
      />
    </label>
  );
}
