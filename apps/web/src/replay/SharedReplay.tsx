import type { ReplayRoomFrame } from "@maumau/client";
import { REPLAY_CHAT_MAX } from "@maumau/client";
import type { Lang } from "@maumau/engine";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { storedName, storeName } from "../net/seats";
import { followLink, navigate, paths } from "../router";
import { server } from "../net/server";
import { keepRoomTicket, messageOf, useReplayRoom, type ReplayRoom } from "./useReplayRoom";

/** How the page draws a replay at a position: the stepper, with the room beside it. */
export type RenderStepper = (step: number, go: (n: number) => void, aside: ReactNode) => ReactNode;

/**
 * A shared replay: the leader's position drives the view. The leader's steps move the room; a
 * follower's own steps detach them until "Back to the leader" (or L).
 */
export function SharedReplay(props: {
  roomId: string;
  matchId: string;
  last: number;
  /** The players' moves begun by a step: what "at move 12" counts. */
  moveAt: (step: number) => number;
  lang: Lang;
  /** The fairness check's verdict, shown in the room too (its details stay on the page). */
  fair: boolean;
  render: RenderStepper;
}) {
  const { roomId, matchId, last, moveAt, lang, fair, render } = props;
  const { t } = useTranslation();
  const room = useReplayRoom(roomId, lang);
  const { state } = room;
  const frame = state.status === "in" ? state.frame : null;
  const me = state.status === "in" ? state.ticket.memberId : null;
  const leading = frame !== null && frame.leader === me;
  const [own, setOwn] = useState<number | null>(null);
  // The leader's own position: shown at once, sent to the room; the room's frames echo it.
  const [mine, setMine] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  // The lead changed hands: whoever leads now starts from where the room is.
  const leader = frame?.leader ?? null;
  useEffect(() => {
    setOwn(null);
    setMine(null);
  }, [leader]);

  const clamp = (n: number) => Math.min(Math.max(n, 0), last);
  const roomAt = frame?.at ?? (state.status === "outside" ? (state.preview?.at ?? 0) : 0);
  const step = leading ? (mine ?? roomAt) : (own ?? roomAt);
  const detached = !leading && frame !== null && own !== null;

  const go = (n: number) => {
    const to = clamp(n);
    if (!leading) return setOwn(to);
    setMine(to);
    void room.seek(to).then((error) => {
      if (error === null) return;
      setMine(null);
      setProblem(error);
    });
  };
  const rejoin = () => setOwn(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const tag = (e.target as HTMLElement | null)?.tagName;
      if (tag === "INPUT" || tag === "TEXTAREA") return;
      if ((e.key === "l" || e.key === "L") && !e.ctrlKey && !e.metaKey && !e.altKey) {
        rejoin();
        e.preventDefault();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const aside = (
    <aside className="replay-room" aria-labelledby="replay-room-heading">
      <h3 id="replay-room-heading">{t("replay.together.heading")}</h3>
      <p className="room-fair" data-ok={fair}>
        <a
          href="#fairness-heading"
          onClick={(e) => {
            e.preventDefault();
            document.getElementById("fairness-heading")?.scrollIntoView();
          }}
        >
          {fair ? t("replay.together.fair") : t("replay.together.unfair")}
        </a>
      </p>
      {state.status === "gone" ? (
        <p role="alert">
          {t("replay.together.gone")}{" "}
          <a href={paths.replay(matchId)} onClick={followLink}>
            {t("replay.together.alone")}
          </a>
        </p>
      ) : state.status === "failed" ? (
        <p role="alert">{state.message}</p>
      ) : state.status === "outside" ? (
        <JoinForm room={room} preview={state.preview} />
      ) : frame === null ? (
        <p className="loading">…</p>
      ) : (
        <>
          <Mode
            frame={frame}
            leading={leading}
            detached={detached}
            move={moveAt(step)}
            leaderMove={moveAt(frame.at)}
            onRejoin={rejoin}
          />
          <ShareLink matchId={matchId} roomId={roomId} />
          <Members
            frame={frame}
            me={me}
            leading={leading}
            onHandOver={(to) => void room.handOver(to).then(setProblem)}
          />
          {problem !== null ? <p role="alert">{problem}</p> : null}
          <Chat frame={frame} room={room} />
        </>
      )}
    </aside>
  );
  return render(step, go, aside);
}

function Mode(props: {
  frame: ReplayRoomFrame;
  leading: boolean;
  detached: boolean;
  /** The moves begun by my step and by the leader's. */
  move: number;
  leaderMove: number;
  onRejoin: () => void;
}) {
  const { frame, leading, detached, move, leaderMove, onRejoin } = props;
  const { t } = useTranslation();
  const leader = frame.members.find((m) => m.id === frame.leader)?.name ?? "?";
  if (leading)
    return (
      <p className="room-mode" data-mode="leading" role="status">
        {t("replay.together.leading")}
      </p>
    );
  if (!detached)
    return (
      <p className="room-mode" data-mode="following" role="status">
        {t("replay.together.following", { name: leader })}
      </p>
    );
  return (
    <div className="room-mode" data-mode="detached">
      <p role="status">
        {t("replay.together.detached", { name: leader, at: leaderMove, step: move })}
      </p>
      <button type="button" className="primary" onClick={onRejoin}>
        {t("replay.together.rejoin")} <kbd>L</kbd>
      </button>
    </div>
  );
}

function ShareLink(props: { matchId: string; roomId: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const link = new URL(paths.replayRoom(props.matchId, props.roomId), location.origin).href;
  return (
    <div className="room-share">
      <label>
        {t("replay.together.link")}
        <input readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
      </label>
      <button
        type="button"
        onClick={() => void navigator.clipboard?.writeText(link).then(() => setCopied(true))}
      >
        {copied ? t("room.copied") : t("room.copy")}
      </button>
    </div>
  );
}

function Members(props: {
  frame: ReplayRoomFrame;
  me: string | null;
  leading: boolean;
  onHandOver: (to: string) => void;
}) {
  const { frame, me, leading, onHandOver } = props;
  const { t } = useTranslation();
  return (
    <section className="room-members" aria-labelledby="room-members-heading">
      <h4 id="room-members-heading">
        {t("replay.together.members", { count: frame.members.length })}
      </h4>
      <ul>
        {frame.members.map((m) => (
          <li
            key={m.id}
            data-member={m.name}
            data-leader={m.id === frame.leader}
            data-online={m.online}
          >
            <span className="member-name">
              {m.name}
              {m.id === me ? ` (${t("replay.together.you")})` : ""}
            </span>
            {m.id === frame.leader ? (
              <span className="badge">{t("replay.together.leads")}</span>
            ) : null}
            {!m.online ? <span className="badge muted">{t("replay.together.away")}</span> : null}
            {leading && m.id !== me ? (
              <button type="button" className="small" onClick={() => onHandOver(m.id)}>
                {t("replay.together.handOver", { name: m.name })}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Chat(props: { frame: ReplayRoomFrame; room: ReplayRoom }) {
  const { frame, room } = props;
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const lines = frame.chat.length;
  useEffect(() => {
    list.current?.scrollTo?.({ top: list.current.scrollHeight });
  }, [lines]);
  const send = async () => {
    if (text.trim() === "") return;
    const refused = await room.say(text);
    setError(refused);
    if (refused === null) setText("");
  };
  return (
    <section className="room-chat" aria-labelledby="room-chat-heading">
      <h4 id="room-chat-heading">{t("replay.together.chat")}</h4>
      <ol ref={list} aria-live="polite">
        {frame.chat.length === 0 ? (
          <li className="muted">{t("replay.together.quiet")}</li>
        ) : (
          frame.chat.map((line) => (
            <li key={line.id}>
              <strong>{line.name}</strong> {line.text}
            </li>
          ))
        )}
      </ol>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <input
          value={text}
          maxLength={REPLAY_CHAT_MAX * 2}
          aria-label={t("replay.together.message")}
          placeholder={t("replay.together.message")}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit">{t("replay.together.send")}</button>
      </form>
      {error !== null ? <p role="alert">{error}</p> : null}
    </section>
  );
}

function JoinForm(props: { room: ReplayRoom; preview: ReplayRoomFrame | null }) {
  const { room, preview } = props;
  const { t } = useTranslation();
  const [name, setName] = useState(storedName);
  const [error, setError] = useState<string | null>(null);
  const leader = preview?.members.find((m) => m.id === preview.leader)?.name;
  return (
    <form
      className="room-join"
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim() === "") return setError(t("lobby.needName"));
        storeName(name.trim());
        void room.join(name.trim()).then(setError);
      }}
    >
      <p>{leader ? t("replay.together.invited", { name: leader }) : t("replay.together.about")}</p>
      <label>
        {t("lobby.name")}
        <input value={name} onChange={(e) => setName(e.target.value)} maxLength={32} />
      </label>
      <button type="submit" className="primary">
        {t("replay.together.join")}
      </button>
      {error !== null ? <p role="alert">{error}</p> : null}
    </form>
  );
}

/**
 * "Watch together" on a replay watched alone: opens a shared replay at this move, its opener
 * leading, and goes to its link. With `now` (the match-over screen's link) it opens at once
 * when the player's name is known.
 */
export function OpenTogether(props: { matchId: string; step: number; lang: Lang; now: boolean }) {
  const { matchId, step, lang, now } = props;
  const { t } = useTranslation();
  const [name, setName] = useState(storedName);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const opening = useRef(false);
  const open = async (who: string) => {
    if (who.trim() === "") return setError(t("lobby.needName"));
    if (opening.current) return;
    opening.current = true;
    setBusy(true);
    setError(null);
    try {
      storeName(who.trim());
      const ticket = await server().api.replayRoom.open({ matchId, name: who.trim(), at: step });
      keepRoomTicket(ticket);
      navigate(paths.replayRoom(matchId, ticket.roomId), { replace: now });
    } catch (e) {
      setError(messageOf(e, lang));
      setBusy(false);
      opening.current = false;
    }
  };
  // Only when the page opens with `?together` and a name known from before: typing a name and
  // pressing the button is the other way, and must not open a second room.
  const autoOpen = useRef(now && storedName().trim() !== "");
  useEffect(() => {
    if (!autoOpen.current) return;
    autoOpen.current = false;
    void open(storedName());
  });
  return (
    <form
      className="open-together"
      onSubmit={(e) => {
        e.preventDefault();
        void open(name);
      }}
    >
      <p>{t("replay.together.offer")}</p>
      <label>
        {t("lobby.name")}
        <input
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={32}
          autoFocus={now}
        />
      </label>
      <button type="submit" className="primary" disabled={busy}>
        {t("replay.together.open")}
      </button>
      {error !== null ? <p role="alert">{error}</p> : null}
    </form>
  );
}
