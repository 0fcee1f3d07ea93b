import {
  CHAT_MAX_LENGTH,
  chatLength,
  REACTIONS,
  refusalOf,
  type LobbyView,
  type ReactionId,
  type SeatTicket,
} from "@maumau/client";
import type { Lang } from "@maumau/engine";
import { createContext, useContext, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { storedName, storeName } from "../net/seats";
import { server } from "../net/server";
import { reactionLabel, senderKey, senderName, type ChatLine } from "./chatLines";
import type { Bubble } from "./useChat";

/** The reaction bubbles of the table's seats (`SeatBadge` shows its own). */
export const BubbleContext = createContext<{
  readonly bubbles: ReadonlyMap<number, Bubble>;
  readonly muted: ReadonlySet<string>;
  readonly lang: Lang;
  readonly seats: LobbyView["seats"];
}>({ bubbles: new Map(), muted: new Set(), lang: "en", seats: [] });

/** A seat's reaction bubble for a few seconds after the reaction came in (text only). */
export function ReactionBubble(props: { seat: number }) {
  const { bubbles, muted, lang, seats } = useContext(BubbleContext);
  const bubble = bubbles.get(props.seat);
  if (bubble === undefined) return null;
  const name = seats[props.seat]?.name ?? null;
  if (muted.has(senderKey({ seat: props.seat, name }))) return null;
  return (
    <span className="reaction-bubble" data-reaction={bubble.reaction} key={bubble.version}>
      {reactionLabel(bubble.reaction, lang)}
    </span>
  );
}

/**
 * Table talk: the lines so far (names, spectators marked, muted senders hidden), a quick
 * reaction row and the input with its character counter. On a phone it is a sheet that opens
 * from a button, so that the hand stays in view. Everything a sender wrote is a text node.
 */
export function ChatPanel(props: {
  matchId: string;
  ticket: SeatTicket | null;
  lobby: LobbyView;
  lang: Lang;
  lines: readonly ChatLine[];
  muted: ReadonlySet<string>;
  onToggleMute: (key: string) => void;
}) {
  const { matchId, ticket, lobby, lang, lines, muted, onToggleMute } = props;
  const { t } = useTranslation();
  const headingId = useId();
  const counterId = useId();
  const [text, setText] = useState("");
  const [name, setName] = useState(storedName);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  // What was said before the page opened is not news.
  const [seenUpTo, setSeenUpTo] = useState(() =>
    Math.max(lobby.version, lines.at(-1)?.version ?? 0),
  );
  const list = useRef<HTMLUListElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  const spectator = ticket === null;
  const readOnly = spectator && lobby.spectatorsReadOnly;
  const length = chatLength(text.trim());
  const nameOf = (seat: number) => lobby.seats[seat]?.name ?? t("seat.number", { n: seat + 1 });
  const shown = lines.filter((l) => !muted.has(senderKey(l.from)));
  const newest = lines.at(-1)?.version ?? 0;
  const fromOthers = (l: ChatLine) =>
    !muted.has(senderKey(l.from)) &&
    !(ticket !== null && "seat" in l.from && l.from.seat === ticket.seat);
  const unread = open ? 0 : lines.filter((l) => l.version > seenUpTo && fromOthers(l)).length;

  useEffect(() => {
    if (open) setSeenUpTo(newest);
  }, [open, newest]);
  // Esc closes the open sheet first (before the table's own Esc) and gives the focus back to
  // its button, wherever the focus was: the sheet lies over the hand.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || e.defaultPrevented) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      setOpen(false);
      toggle.current?.focus();
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [open]);
  useEffect(() => {
    const ul = list.current;
    if (ul) ul.scrollTop = ul.scrollHeight;
  }, [shown.length, open]);

  const author = () =>
    ticket !== null ? { token: ticket.token } : { name: name.trim() || t("chat.spectator") };

  const send = async (what: { text: string } | { reaction: ReactionId }) => {
    setBusy(true);
    setError(null);
    try {
      if (spectator && name.trim() !== "") storeName(name.trim());
      if ("text" in what) {
        await server().api.game.say({ matchId, ...author(), text: what.text });
        setText("");
      } else {
        await server().api.game.react({ matchId, ...author(), reaction: what.reaction });
      }
    } catch (e) {
      setError(refusalOf(e).message[lang]);
    } finally {
      setBusy(false);
    }
  };

  const mutedNames = [...muted]
    .map((key) => lines.find((l) => senderKey(l.from) === key))
    .filter((l): l is ChatLine => l !== undefined);

  return (
    <aside className="chat" aria-labelledby={headingId} data-open={open ? "true" : "false"}>
      <button
        type="button"
        ref={toggle}
        className="chat-sheet-toggle"
        aria-expanded={open}
        aria-label={
          open
            ? t("chat.hide")
            : unread > 0
              ? t("chat.showUnread", { count: unread })
              : t("chat.show")
        }
        onClick={() => setOpen((o) => !o)}
      >
        <ChatIcon />
        {unread > 0 && !open ? <span className="chat-unread">{unread}</span> : null}
      </button>
      <div className="chat-body">
        <div className="chat-head">
          <h3 id={headingId}>{t("chat.heading")}</h3>
          <button
            type="button"
            className="chat-sheet-close link"
            aria-label={t("chat.hide")}
            onClick={() => setOpen(false)}
          >
            ✕
          </button>
        </div>
        <ul className="chat-log" ref={list} aria-live="polite" aria-label={t("chat.log")}>
          {shown.length === 0 ? <li className="chat-empty">{t("chat.empty")}</li> : null}
          {shown.map((line) => {
            const who = senderName(line.from, nameOf);
            const key = senderKey(line.from);
            const mine = ticket !== null && "seat" in line.from && line.from.seat === ticket.seat;
            return (
              <li
                key={line.version}
                className={`chat-line ${line.kind}`}
                data-version={line.version}
              >
                <span className="chat-words">
                  <span className="chat-name">{who}</span>
                  {"spectator" in line.from ? (
                    <span className="tag spectator">{t("chat.spectator")}</span>
                  ) : null}
                  {mine ? <span className="tag">{t("chat.you")}</span> : null}
                  {line.kind === "said" ? (
                    <span className="chat-text">{line.text}</span>
                  ) : (
                    <span className="chat-text reacted">
                      {t("chat.reacted", { label: reactionLabel(line.reaction, lang) })}
                    </span>
                  )}
                </span>
                {mine ? null : (
                  <button
                    type="button"
                    className="chat-mute"
                    aria-label={t("chat.mute", { name: who })}
                    title={t("chat.mute", { name: who })}
                    onClick={() => onToggleMute(key)}
                  >
                    <MuteIcon />
                  </button>
                )}
              </li>
            );
          })}
        </ul>
        {mutedNames.length > 0 ? (
          <p className="chat-muted">
            {t("chat.muted")}
            {mutedNames.map((l) => {
              const who = senderName(l.from, nameOf);
              return (
                <button
                  key={senderKey(l.from)}
                  type="button"
                  className="link"
                  aria-label={t("chat.unmute", { name: who })}
                  onClick={() => onToggleMute(senderKey(l.from))}
                >
                  {who}
                </button>
              );
            })}
          </p>
        ) : null}
        {readOnly ? (
          <p className="chat-readonly">{t("chat.readOnly")}</p>
        ) : (
          <>
            <div className="chat-reactions" role="group" aria-label={t("chat.reactions")}>
              {REACTIONS.map((r) => (
                <button
                  key={r.id}
                  type="button"
                  disabled={busy}
                  aria-label={t("chat.react", { label: r.label[lang] })}
                  onClick={() => void send({ reaction: r.id })}
                >
                  {r.label[lang]}
                </button>
              ))}
            </div>
            <form
              className="chat-form"
              onSubmit={(e) => {
                e.preventDefault();
                if (length > 0 && length <= CHAT_MAX_LENGTH) void send({ text });
              }}
            >
              {spectator ? (
                <input
                  className="chat-as"
                  value={name}
                  maxLength={32}
                  autoComplete="nickname"
                  aria-label={t("chat.yourName")}
                  placeholder={t("chat.yourName")}
                  onChange={(e) => setName(e.target.value)}
                />
              ) : null}
              <input
                className="chat-input"
                value={text}
                aria-label={t("chat.placeholder")}
                aria-describedby={counterId}
                placeholder={t("chat.placeholder")}
                onChange={(e) => setText(e.target.value)}
              />
              <span
                id={counterId}
                className="chat-counter"
                data-over={length > CHAT_MAX_LENGTH ? "true" : "false"}
                aria-label={t("chat.counter", { count: length, max: CHAT_MAX_LENGTH })}
              >
                {length}/{CHAT_MAX_LENGTH}
              </span>
              <button
                type="submit"
                className="primary"
                disabled={busy || length === 0 || length > CHAT_MAX_LENGTH}
              >
                {t("chat.send")}
              </button>
            </form>
          </>
        )}
        {error ? (
          <p role="alert" className="error">
            {error}
          </p>
        ) : null}
      </div>
    </aside>
  );
}

/** A crossed-out speaker, drawn (an emoji font is not everywhere). */
function MuteIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path d="M2 6h3l4-3v10l-4-3H2z" fill="currentColor" />
      <path d="M11 6l4 4M15 6l-4 4" stroke="currentColor" strokeWidth="1.5" fill="none" />
    </svg>
  );
}

/** A speech bubble, drawn. */
function ChatIcon() {
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M3 4.5A1.5 1.5 0 0 1 4.5 3h11A1.5 1.5 0 0 1 17 4.5v8a1.5 1.5 0 0 1-1.5 1.5H9l-4 3v-3h-.5A1.5 1.5 0 0 1 3 12.5z"
        fill="currentColor"
      />
    </svg>
  );
}
