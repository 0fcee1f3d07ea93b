import {
  hostOf,
  refusalOf,
  type MatchSnapshot,
  type SeatTicket,
  type VariantSummary,
} from "@maumau/client";
import type { BotLevel, Lang } from "@maumau/engine";
import { useContext, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BotLevelField } from "../lobby/BotLevelField";
import { forgetSeat } from "../net/seats";
import { server } from "../net/server";
import { followLink, navigate, paths } from "../router";
import { seatName } from "../table/common";
import { PresenceContext, PresenceTag, presenceOf } from "../table/presence";

/** Before the start: who sits where, the share link, bots, start and leave. */
export function WaitingRoom(props: {
  snapshot: MatchSnapshot;
  ticket: SeatTicket | null;
  variant: VariantSummary;
  lang: Lang;
  joinBox: ReactNode;
  onLeft: () => void;
}) {
  const { snapshot, ticket, variant, lang, joinBox, onLeft } = props;
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const [level, setLevel] = useState<BotLevel>("heuristic");
  const [error, setError] = useState<string | null>(null);
  const { lobby } = snapshot;
  const shareUrl = new URL(paths.join(lobby.matchId), location.origin).href;
  const free = lobby.seats.filter((s) => s.kind === "empty").length;
  const presence = useContext(PresenceContext);
  const host = hostOf(lobby.seats);
  const isHost = ticket !== null && host === ticket.seat;
  // The host fills the seats and starts; a rematch (the same table again) is started by
  // whoever of its players comes first.
  const mayStart = isHost || (ticket !== null && lobby.rematchOf !== null);

  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(refusalOf(e).message[lang]);
    }
  };

  return (
    <section className="page waiting-room" aria-labelledby="room-heading">
      <h2 id="room-heading">{t("room.heading", { variant: variant.names[lang] })}</h2>
      <p>
        <a href={paths.rules(variant.id)} onClick={followLink}>
          {t("variants.showRulesOf", { name: variant.names[lang] })}
        </a>
      </p>
      <div className="share">
        <label htmlFor="share-link">{t("room.share")}</label>
        <div className="share-row">
          <input
            id="share-link"
            readOnly
            value={shareUrl}
            onFocus={(e) => e.currentTarget.select()}
          />
          <button
            type="button"
            onClick={() =>
              void navigator.clipboard?.writeText(shareUrl).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? t("room.copied") : t("room.copy")}
          </button>
        </div>
      </div>
      <ol className="seat-list">
        {lobby.seats.map((s, i) => {
          const mine = ticket?.seat === i;
          // The host frees a bot's seat, or one whose player left (the server checks again).
          const freeable =
            isHost &&
            !mine &&
            (s.kind === "bot" ||
              (s.kind === "human" && presenceOf(presence, s)?.connected === false));
          return (
            <li key={i} data-kind={s.kind} data-seat={i}>
              <span className="seat-number">{i + 1}</span>{" "}
              <span className="seat-who">
                {s.kind === "empty" ? (
                  <em>{t("seat.empty")}</em>
                ) : (
                  <>
                    {seatName(s, i, t)}
                    {s.kind === "bot" && ` · ${t(`lobby.level.${s.level ?? "heuristic"}`)}`}
                    {mine && <span className="tag">{t("seat.you")}</span>}
                    {i === host && <span className="tag">{t("seat.host")}</span>}
                    {!mine && <PresenceTag seat={s} />}
                  </>
                )}
              </span>
              {isHost && s.kind === "empty" && (
                <button
                  type="button"
                  className="seat-action"
                  aria-label={t("room.seatBotOn", { n: i + 1 })}
                  onClick={() =>
                    void run(() =>
                      server().api.lobby.seatBot({
                        matchId: lobby.matchId,
                        token: ticket.token,
                        seat: i,
                        level,
                      }),
                    )
                  }
                >
                  {t("room.seatBot")}
                </button>
              )}
              {freeable && (
                <button
                  type="button"
                  className="seat-action"
                  aria-label={t("room.freeSeatOf", { n: i + 1 })}
                  onClick={() =>
                    void run(() =>
                      server().api.lobby.freeSeat({
                        matchId: lobby.matchId,
                        token: ticket.token,
                        seat: i,
                      }),
                    )
                  }
                >
                  {t("room.freeSeat")}
                </button>
              )}
            </li>
          );
        })}
      </ol>
      {joinBox}
      {ticket === null && free === 0 && <p>{t("room.full")}</p>}
      {ticket === null && <p>{t("room.watching")}</p>}
      {ticket !== null && (
        <div className="room-actions">
          {!mayStart && host !== null && (
            <p className="waiting-for-host" role="status">
              {t("room.waitingFor", { name: seatName(lobby.seats[host], host, t) })}
            </p>
          )}
          {isHost && free > 0 && (
            <span className="bot-fill">
              <BotLevelField value={level} onChange={setLevel} />
              <button
                type="button"
                onClick={() =>
                  void run(() =>
                    server().api.lobby.addBots({
                      matchId: lobby.matchId,
                      token: ticket.token,
                      level,
                    }),
                  )
                }
              >
                {t("room.addBots")}
              </button>
            </span>
          )}
          {mayStart && (
            <button
              type="button"
              className="primary"
              disabled={free > 0}
              onClick={() =>
                void run(() =>
                  server().api.lobby.start({ matchId: lobby.matchId, token: ticket.token }),
                )
              }
            >
              {t("room.start")}
            </button>
          )}
          <button
            type="button"
            onClick={() =>
              void run(async () => {
                await server().api.lobby.leave({ matchId: lobby.matchId, token: ticket.token });
                forgetSeat(lobby.matchId);
                onLeft();
                navigate(paths.lobby());
              })
            }
          >
            {t("room.leave")}
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </section>
  );
}
