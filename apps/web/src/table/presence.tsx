import type { SeatPresence, SeatView } from "@maumau/client";
import { createContext, useContext, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** The latest `presence` message of the match on screen, and when it came (`Date.now()`). */
export interface PresenceState {
  readonly seats: readonly SeatPresence[];
  readonly at: number;
}

export const PresenceContext = createContext<PresenceState | null>(null);

/** A human seat's owner as the server last told: here, gone, or gone with a bot on its way. */
export function presenceOf(
  presence: PresenceState | null,
  seat: SeatView,
): SeatPresence | undefined {
  if (seat.kind !== "human" || seat.away) return undefined;
  return presence?.seats.find((p) => p.seat === seat.seat);
}

/** "here", "gone", or "gone – a bot plays in 12 s" for a human seat (none for bots). */
export function PresenceTag(props: { seat: SeatView }) {
  const presence = useContext(PresenceContext);
  const { t } = useTranslation();
  const p = presenceOf(presence, props.seat);
  const deadline =
    presence !== null && p !== undefined && !p.connected && p.graceLeftMs !== null
      ? presence.at + p.graceLeftMs
      : null;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [deadline]);
  if (p === undefined) return null;
  if (p.connected)
    return (
      <span className="tag presence" data-presence="here">
        {t("seat.here")}
      </span>
    );
  if (deadline !== null)
    return (
      <span className="tag presence away" data-presence="leaving" role="timer">
        {t("seat.leaving", { seconds: Math.max(0, Math.ceil((deadline - now) / 1000)) })}
      </span>
    );
  return (
    <span className="tag presence away" data-presence="gone">
      {t("seat.gone")}
    </span>
  );
}
