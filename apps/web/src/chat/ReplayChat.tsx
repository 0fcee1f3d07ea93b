import type { Lang } from "@maumau/engine";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { reactionLabel, senderName, type ChatLine } from "./chatLines";

/** A chat line as one line of text (the replay's step description). */
export function chatLineText(
  line: ChatLine,
  nameOf: (seat: number) => string,
  lang: Lang,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  const who = senderName(line.from, nameOf);
  const marked = "spectator" in line.from ? `${who} (${t("chat.spectator")})` : who;
  return line.kind === "said"
    ? `${marked}: ${line.text}`
    : `${marked} ${t("chat.reacted", { label: reactionLabel(line.reaction, lang) })}`;
}

/** The replay's table talk up to the step shown, in stream order; text only. */
export function ReplayChat(props: {
  lines: readonly ChatLine[];
  nameOf: (seat: number) => string;
  lang: Lang;
}) {
  const { lines, nameOf, lang } = props;
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="replay-chat" aria-labelledby={headingId}>
      <h3 id={headingId}>{t("chat.replay")}</h3>
      {lines.length === 0 ? (
        <p className="hint">{t("chat.replayEmpty")}</p>
      ) : (
        <ol className="chat-log">
          {lines.map((line) => (
            <li key={line.version} className={`chat-line ${line.kind}`} data-version={line.version}>
              <span className="chat-name">{senderName(line.from, nameOf)}</span>
              {"spectator" in line.from ? (
                <span className="tag spectator">{t("chat.spectator")}</span>
              ) : null}
              <span className={`chat-text ${line.kind === "reacted" ? "reacted" : ""}`}>
                {line.kind === "said"
                  ? line.text
                  : t("chat.reacted", { label: reactionLabel(line.reaction, lang) })}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
