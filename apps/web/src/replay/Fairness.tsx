import type { Lang } from "@maumau/engine";
import { useTranslation } from "react-i18next";
import { fairnessProblems, type Replay } from "./replayLog";

/**
 * Provable fairness, checked here in the browser from the revealed seed. The engine says its
 * problems in English; a German page shows them in the engine's German (`fairnessProblems`).
 */
export function Fairness({ replay, lang }: { replay: Replay; lang: Lang }) {
  const { t } = useTranslation();
  const report = replay.fairness;
  const problems = fairnessProblems(report, lang);
  const commitments = replay.events
    .filter((e) => e.type === "game.started")
    .map((e) => e.data as { game: number; commitment?: string });
  return (
    <section className="fairness" aria-labelledby="fairness-heading" data-ok={report.ok}>
      <h3 id="fairness-heading">{t("replay.fairness")}</h3>
      <p role="status">
        {report.ok
          ? t("replay.fair", { checks: report.checks })
          : t("replay.unfair", { problems: problems.join("; ") })}
      </p>
      <dl>
        <dt>{t("replay.seed")}</dt>
        <dd>
          <code>{String(report.seed)}</code>
        </dd>
        {commitments.map((c) => (
          <div key={c.game}>
            <dt>{t("replay.commitment", { n: c.game })}</dt>
            <dd>
              <code>{c.commitment ?? "—"}</code>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
