import type { MatchSnapshot } from "@maumau/client";
import type { TFunction } from "i18next";
import { useId, useState, type ReactNode } from "react";

/**
 * Why nobody at this seat can act right now, or null when the seat may act: the match or game is
 * over, the deck is being cut (B-2.2), another seat is to act, or a command is on its way.
 */
export function idleReason(
  snapshot: MatchSnapshot,
  me: number | null,
  phase: string,
  names: readonly string[],
  busy: boolean,
  t: TFunction,
): string | null {
  const progress = snapshot.progress;
  if (me === null) return t("table.why.spectator");
  if (progress?.status === "matchOver") return t("table.why.matchOver");
  if (progress?.status === "gameOver") return t("table.why.gameOver");
  const toAct = progress?.toAct ?? null;
  if (phase === "cutting")
    return toAct === me
      ? t("table.why.cutFirst")
      : t("table.why.cutting", { name: toAct === null ? "" : (names[toAct] ?? "") });
  if (toAct !== me)
    return toAct === null
      ? t("table.why.nobody")
      : t("table.why.notYourTurn", { name: names[toAct] ?? "" });
  if (phase === "choosingColour") return t("table.why.chooseColour");
  if (busy) return t("table.why.busy");
  return null;
}

/**
 * A table button that tells the truth: disabled whenever it does not apply, and then says why,
 * on hover (title) and on a tap or long press (the reason is shown beside it).
 */
export function Control(props: {
  reason: string | null;
  onClick: () => void;
  className?: string;
  pressed?: boolean;
  title?: string;
  children: ReactNode;
}) {
  const { reason, onClick, className, pressed, title, children } = props;
  const [shown, setShown] = useState(false);
  const id = useId();
  const show = () => setShown(true);
  return (
    <span
      className="control"
      title={reason ?? undefined}
      onClick={reason === null ? undefined : show}
      onContextMenu={
        reason === null
          ? undefined
          : (e) => {
              e.preventDefault();
              show();
            }
      }
      onMouseLeave={() => setShown(false)}
    >
      <button
        type="button"
        className={className}
        disabled={reason !== null}
        aria-pressed={pressed}
        aria-describedby={reason === null ? undefined : id}
        title={reason === null ? title : undefined}
        onClick={onClick}
        data-why={reason ?? undefined}
      >
        {children}
      </button>
      {reason !== null && (
        <span id={id} className={shown ? "why-tip" : "visually-hidden"} role="note">
          {reason}
        </span>
      )}
    </span>
  );
}
