import { useTranslation } from "react-i18next";
import { setTablePrefs, useTablePrefs, type Speed } from "./prefs";

/**
 * The table's own settings, remembered in this browser: card speed, sound, colour symbols.
 * Without `motion` (a replay: nothing flies, nothing sounds) only the colour symbols.
 */
export function TableSettings(props: { motion?: boolean }) {
  const { t } = useTranslation();
  const l = {
    speed: t("table.settings.speed"),
    sound: t("table.settings.sound"),
    muted: t("table.settings.muted"),
    symbols: t("table.settings.symbols"),
  };
  const prefs = useTablePrefs();
  const motion = props.motion ?? true;
  return (
    <span className="table-settings">
      {motion && (
        <select
          aria-label={l.speed}
          title={l.speed}
          value={prefs.speed}
          onChange={(e) => setTablePrefs({ speed: e.target.value as Speed })}
        >
          {(["slow", "normal", "fast"] as const).map((s) => (
            <option key={s} value={s}>
              {t(`table.settings.speeds.${s}`)}
            </option>
          ))}
        </select>
      )}
      {motion && (
        <button
          type="button"
          className="sound-toggle"
          aria-pressed={!prefs.muted}
          aria-label={l.sound}
          title={prefs.muted ? l.muted : l.sound}
          onClick={() => setTablePrefs({ muted: !prefs.muted })}
        >
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor" />
            {prefs.muted ? (
              <path d="M16 9l6 6M22 9l-6 6" stroke="currentColor" strokeWidth="2" />
            ) : (
              <path
                d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13"
                stroke="currentColor"
                strokeWidth="2"
                fill="none"
              />
            )}
          </svg>
        </button>
      )}
      <button
        type="button"
        className="symbols-toggle"
        aria-pressed={prefs.symbols}
        aria-label={l.symbols}
        title={l.symbols}
        onClick={() => setTablePrefs({ symbols: !prefs.symbols })}
      >
        ▲●■
      </button>
    </span>
  );
}
