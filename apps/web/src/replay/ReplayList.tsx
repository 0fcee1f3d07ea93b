import type { MatchSummary, VariantSummary } from "@maumau/client";
import type { Lang } from "@maumau/engine";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { server } from "../net/server";
import { followLink, paths } from "../router";
import { seatName } from "../table/common";

/**
 * When a match finished, in the page's language and the viewer's time zone, to the minute:
 * "Nov 29, 2026, 9:01 PM" (a month's name: no day/month order to guess), "29.11.2026, 21:01".
 */
export function finishedAt(iso: string, lang: Lang): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(iso),
  );
}

/** Every finished match: its log is public now, open it move by move. */
export default function ReplayList(props: { variants: readonly VariantSummary[]; lang: Lang }) {
  const { variants, lang } = props;
  const { t } = useTranslation();
  const [matches, setMatches] = useState<readonly MatchSummary[] | null>(null);
  useEffect(() => {
    server()
      .api.lobby.list({ status: ["over"], limit: 100 })
      .then(
        (list) => setMatches(list as readonly MatchSummary[]),
        () => setMatches([]),
      );
  }, []);
  return (
    <section className="page match-list" aria-labelledby="replays-heading">
      <h2 id="replays-heading">{t("replay.list")}</h2>
      {matches !== null && matches.length === 0 && <p>{t("replay.none")}</p>}
      <ul>
        {(matches ?? []).map((m) => (
          <li key={m.matchId} className="match-row" data-match={m.matchId}>
            <div>
              <strong>{variants.find((v) => v.id === m.variant)?.names[lang] ?? m.variant}</strong>{" "}
              <time className="hint match-when" dateTime={m.updatedAt}>
                {finishedAt(m.updatedAt, lang)}
              </time>
              <div className="match-seats">
                {m.seats.map((s, i) => seatName(s, i, t)).join(" · ")}
              </div>
            </div>
            <a className="button primary" href={paths.replay(m.matchId)} onClick={followLink}>
              {t("replay.open")}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
