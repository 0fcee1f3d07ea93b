import {
  RemoteRefusal,
  refusalOf,
  type MatchSnapshot,
  type SeatTicket,
  type VariantSummary,
} from "@maumau/client";
import type { ChartHighlight } from "@maumau/chart";
import type { Lang } from "@maumau/engine";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { keepSeat, seatTicket, storedName, storeName } from "../net/seats";
import { server } from "../net/server";
import { followLink, navigate, paths } from "../router";
import { useChartToggle } from "../chart/useChartToggle";
import { ChartLoading } from "../chart/ChartLoading";
import { BubbleContext, ChatPanel } from "../chat/ChatPanel";
import { useMuted } from "../chat/muted";
import { useChat } from "../chat/useChat";
import { FamilyTable } from "../families";
import { PresenceContext } from "../table/presence";
import { useMatch } from "./useMatch";
import { WaitingRoom } from "./WaitingRoom";

const ChartPanel = lazy(() => import("../chart/ChartPanel"));

/** A match by URL: the waiting room, the table (as a seat or a spectator), the results. */
export default function MatchPage(props: {
  matchId: string;
  join: boolean;
  variants: readonly VariantSummary[];
  lang: Lang;
}) {
  const { matchId, join, variants, lang } = props;
  const { t } = useTranslation();
  const [ticket, setTicket] = useState<SeatTicket | null>(() => seatTicket(matchId));
  useEffect(() => setTicket(seatTicket(matchId)), [matchId]);
  const { snapshot, log, error, presence } = useMatch(matchId, ticket?.token ?? null);
  const [joinError, setJoinError] = useState<string | null>(null);
  const autoJoined = useRef(false);
  const [showChart, toggleChart] = useChartToggle();
  const position = useChartPosition(snapshot?.machine ?? null);
  const chat = useChat(matchId, ticket?.token ?? null, log, snapshot?.version ?? null);
  const [muted, toggleMute] = useMuted(matchId);

  // The seat is gone (its token refused, or left elsewhere): watch on as a spectator.
  const [seatLost, setSeatLost] = useState(false);
  useEffect(() => {
    if (error?.code === "BAD_TOKEN" || error?.code === "SEAT_LOST") setTicket(null);
    if (error?.code === "SEAT_LOST") setSeatLost(true);
  }, [error]);
  useEffect(() => setSeatLost(false), [matchId]);

  const takeSeat = async (name: string) => {
    // One seat per person: a join typed on the share link stores the name, and the auto-join
    // below must not take a second seat with it before this one's answer comes.
    autoJoined.current = true;
    setJoinError(null);
    try {
      storeName(name);
      const seat = await server().api.lobby.join({ matchId, name });
      keepSeat(seat);
      setTicket(seat);
      if (join) navigate(paths.match(matchId), { replace: true });
    } catch (e) {
      setJoinError(refusalOf(e).message[lang]);
    }
  };

  const freeSeats = snapshot?.lobby.seats.filter((s) => s.kind === "empty").length ?? 0;
  // The share link seats a friend in one click: with a remembered name, at once.
  useEffect(() => {
    if (!join || ticket !== null || snapshot === null || autoJoined.current) return;
    const name = storedName();
    if (name === "" || freeSeats === 0 || snapshot.lobby.status === "over") return;
    autoJoined.current = true;
    void takeSeat(name);
  });

  // The same people at the same seats (the server seats every human with their own token):
  // whoever comes first makes the rematch and starts it, the others are seated in one click.
  const rematch = async () => {
    if (ticket === null || snapshot === null) return;
    const next =
      snapshot.lobby.rematch ??
      (await server().api.lobby.rematch({ matchId, token: ticket.token })).matchId;
    keepSeat({ matchId: next, seat: ticket.seat, token: ticket.token });
    await server()
      .api.lobby.start({ matchId: next, token: ticket.token })
      .catch((e: unknown) => {
        // Started already, or a seat was given up: the table or the waiting room says which.
        if (!(e instanceof RemoteRefusal)) throw e;
      });
    navigate(paths.match(next));
  };

  if (
    error !== null &&
    snapshot === null &&
    error.code !== "BAD_TOKEN" &&
    error.code !== "SEAT_LOST"
  ) {
    return (
      <section className="page">
        <h2>{error.code === "MATCH_NOT_FOUND" ? t("room.notFound") : error.message[lang]}</h2>
        <a href={paths.lobby()} onClick={followLink}>
          {t("room.toLobby")}
        </a>
      </section>
    );
  }
  if (snapshot === null) return <p className="page loading">{t("connection.connecting")}</p>;

  const variant = variants.find((v) => v.id === snapshot.lobby.variant);
  if (variant === undefined) return <p className="page">{snapshot.lobby.variant}</p>;

  const lostNote =
    seatLost && ticket === null ? (
      <p role="status" className="seat-lost">
        {t("room.seatLost")}
      </p>
    ) : null;
  const joinBox =
    ticket === null && freeSeats > 0 && snapshot.lobby.status !== "over" ? (
      <>
        {lostNote}
        <JoinBox onJoin={(name) => void takeSeat(name)} error={joinError} />
      </>
    ) : (
      lostNote
    );

  const chatPanel = (
    <ChatPanel
      matchId={matchId}
      ticket={ticket}
      lobby={snapshot.lobby}
      lang={lang}
      lines={chat.lines}
      muted={muted}
      onToggleMute={toggleMute}
    />
  );
  if (snapshot.lobby.status === "open" && snapshot.lobby.closed === true) {
    // Everyone left before the start, or nobody came (`lobby.closed`): nothing to wait for.
    return (
      <section className="page" aria-labelledby="closed-heading">
        <h2 id="closed-heading">{t("room.closed")}</h2>
        <p>{t("room.closedWhy")}</p>
        <a href={paths.lobby()} onClick={followLink}>
          {t("room.toLobby")}
        </a>
      </section>
    );
  }
  if (snapshot.lobby.status === "open" || snapshot.view === null) {
    return (
      <PresenceContext.Provider value={presence}>
        <div className="match-main in-room" data-version={snapshot.version}>
          <WaitingRoom
            snapshot={snapshot}
            ticket={ticket}
            variant={variant}
            lang={lang}
            joinBox={joinBox}
            onLeft={() => setTicket(null)}
          />
          {chatPanel}
        </div>
      </PresenceContext.Provider>
    );
  }
  const { view } = snapshot;
  return (
    <div className="match-page" data-chart={showChart ? "shown" : "hidden"}>
      {/* The page's heading: the table's panels (log, choices, chat) are its h3s. */}
      <h2 className="visually-hidden">{variant.names[lang]}</h2>
      {joinBox}
      {snapshot.lobby.continuedFrom ? (
        <p className="practice-note">
          {t("room.practice")}{" "}
          <a
            href={paths.replay(
              snapshot.lobby.continuedFrom.matchId,
              snapshot.lobby.continuedFrom.version,
            )}
            onClick={followLink}
          >
            {t("room.practiceSource")}
          </a>
        </p>
      ) : null}
      <button type="button" className="chart-toggle" aria-pressed={showChart} onClick={toggleChart}>
        {showChart ? t("chart.hide") : t("chart.show")}
      </button>
      <div className="match-main at-table">
        <div className="match-columns">
          <Suspense fallback={<p className="loading">…</p>}>
            <BubbleContext.Provider
              value={{ bubbles: chat.bubbles, muted, lang, seats: snapshot.lobby.seats }}
            >
              <PresenceContext.Provider value={presence}>
                <FamilyTable
                  snapshot={snapshot}
                  view={view}
                  log={log}
                  ticket={ticket}
                  variant={variant}
                  lang={lang}
                  onRematch={() => void rematch()}
                />
              </PresenceContext.Provider>
            </BubbleContext.Provider>
          </Suspense>
          {showChart ? (
            <Suspense fallback={<ChartLoading />}>
              <ChartPanel
                variantId={variant.id}
                rules={view.rules}
                position={position}
                title={t("chart.of", { name: variant.names[lang] })}
              />
            </Suspense>
          ) : null}
        </div>
        {chatPanel}
      </div>
    </div>
  );
}

/**
 * The chart position of the latest frame, with the state before it: the server sends the
 * machine state after the last command and the machine events that command raised (public
 * facts only); the previous state is the one of the frame before.
 */
function useChartPosition(machine: MatchSnapshot["machine"]): ChartHighlight {
  const last = useRef<{ key: string; position: ChartHighlight } | null>(null);
  const key = JSON.stringify(machine);
  if (last.current?.key !== key) {
    const previous = last.current?.position.state ?? null;
    last.current = {
      key,
      position: {
        state: machine?.state ?? null,
        previous,
        taken: machine?.taken ?? [],
      },
    };
  }
  return last.current.position;
}

function JoinBox(props: { onJoin: (name: string) => void; error: string | null }) {
  const { t } = useTranslation();
  const [name, setName] = useState(storedName);
  return (
    <form
      className="join-box"
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim() !== "") props.onJoin(name.trim());
      }}
    >
      <label>
        {t("lobby.name")}{" "}
        <input
          value={name}
          maxLength={32}
          required
          autoComplete="nickname"
          placeholder={t("lobby.namePlaceholder")}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <button type="submit" className="primary">
        {name.trim() ? t("room.joinAs", { name: name.trim() }) : t("room.takeSeat")}
      </button>
      {props.error && (
        <p role="alert" className="error">
          {props.error}
        </p>
      )}
    </form>
  );
}
