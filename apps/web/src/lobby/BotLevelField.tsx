import { BOT_LEVELS } from "@maumau/client";
import type { BotLevel } from "@maumau/engine";
import { useTranslation } from "react-i18next";

/** "Bot level" and a select of every level the server offers (lobby, waiting room, replay). */
export function BotLevelField(props: { value: BotLevel; onChange: (level: BotLevel) => void }) {
  const { t } = useTranslation();
  return (
    <label>
      {t("lobby.botLevel")}{" "}
      <select value={props.value} onChange={(e) => props.onChange(e.target.value as BotLevel)}>
        {BOT_LEVELS.map((l) => (
          <option key={l} value={l}>
            {t(`lobby.level.${l}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
