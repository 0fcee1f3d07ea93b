import {
  refusalOf,
  type MatchSummary,
  type OptionSchema,
  type VariantSummary,
} from "@maumau/client";
import type { BotLevel, Lang } from "@maumau/engine";
import { useEffect, useId, useState, type CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { BotLevelField } from "./BotLevelField";
import { NameField } from "./NameField";
import { VariantPicker } from "./VariantPicker";
import { keepSeat, seatTicket, storedName, storeName } from "../net/seats";
import { server, useConnection } from "../net/server";
import { followLink, navigate, paths } from "../router";
import { seatName } from "../table/common";

/** Changes are pushed (`lobby.watch`); this read is only a fallback should a signal be lost. */
const FALLBACK_MS = 30_000;
const TIMERS = [0, 15, 30, 60, 120] as const;
const PRESETS = ["noris", "french", "bavarian"] as const;

/** The first page: your name, the matches (live), a new match. */
export default function LobbyPage(props: { variants: readonly VariantSummary[]; lang: Lang }) {
  const { variants, lang } = props;
  const { t } = useTranslation();
  const [name, setName] = useState(storedName);
  const nameId = useId();
  return (
    <div className="lobby">
      <section className="page name-box" aria-labelledby={nameId}>
        <h2 id={nameId}>{t("lobby.heading")}</h2>
        <div className="name-row">
          <NameField value={name} onChange={setName} />
          <small>{t("lobby.nameHint")}</small>
        </div>
      </section>
      <CreateMatch variants={variants} lang={lang} name={name.trim()} />
      <MatchList variants={variants} lang={lang} name={name.trim()} />
    </div>
  );
}

function MatchList(props: { variants: readonly VariantSummary[]; lang: Lang; name: string }) {
  const { variants, lang, name } = props;
  const { t } = useTranslation();
  const connection = useConnection();
  const [matches, setMatches] = useState<readonly MatchSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let loading = false;
    let again = false;
    const c = server();
    const load = async () => {
      // One read at a time; a change signalled during a read is read once more after it.
      if (loading) {
        again = true;
        return;
      }
      loading = true;
      clearTimeout(timer);
      try {
        const list = await c.api.lobby.list({ status: ["open", "running"], limit: 50 });
        // Summaries: no options (issue #18); a match's own page reads its full view.
        if (live) setMatches(list);
      } catch {
        // Offline for a moment: the banner says so; the reconnect reads again.
      }
      loading = false;
      if (!live) return;
      if (again) {
        again = false;
        void load();
        return;
      }
      timer = setTimeout(() => void load(), FALLBACK_MS);
    };
    // The server signals every change of the list to the lobby's room; this effect runs again
    // on every reconnect (the room is gone with the old connection), so it watches again.
    const off = c.onLobbyChange(() => void load());
    if (connection === "online") c.api.lobby.watch().catch(() => {});
    void load();
    return () => {
      live = false;
      clearTimeout(timer);
      off();
      if (c.connected) c.api.lobby.unwatch().catch(() => {});
    };
  }, [connection]);

  const join = async (matchId: string) => {
    if (name === "") {
      setError(t("lobby.needName"));
      return;
    }
    try {
      keepSeat(await server().api.lobby.join({ matchId, name }));
      navigate(paths.match(matchId));
    } catch (e) {
      setError(refusalOf(e).message[lang]);
    }
  };

  return (
    <section className="page match-list" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("lobby.matches")}</h2>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {matches !== null && matches.length === 0 && <p>{t("lobby.noMatches")}</p>}
      <ul>
        {(matches ?? []).map((m) => {
          const variant = variants.find((v) => v.id === m.variant);
          const free = m.seats.filter((s) => s.kind === "empty").length;
          const mine = seatTicket(m.matchId) !== null;
          const bots = botsOnly(m);
          return (
            <li
              key={m.matchId}
              className="match-row"
              // The variant's felt, as on its tile in the New match form.
              style={{ "--felt": variant?.theme.table } as CSSProperties}
              data-match={m.matchId}
              data-status={m.status}
              data-bots-only={bots}
            >
              <div>
                <strong>{variant?.names[lang] ?? m.variant}</strong>
                {m.title !== null && ` · ${m.title}`}
                {m.ruleSet && ` · ${m.ruleSet.name}`}{" "}
                {bots ? (
                  <span className="badge bots-only">{t("lobby.botsOnly")}</span>
                ) : (
                  <span className={`badge ${m.status}`}>{t(`lobby.${m.status}`)}</span>
                )}
                <div className="match-seats">
                  {m.seats
                    .map((s, i) => (s.kind === "empty" ? t("seat.empty") : seatName(s, i, t)))
                    .join(" · ")}
                  {free > 0 && ` — ${t("lobby.freeSeats", { count: free })}`}
                  {bots && ` — ${t("lobby.botsOnlyNote")}`}
                </div>
              </div>
              <div className="row-actions">
                {mine ? (
                  <a className="button primary" href={paths.match(m.matchId)} onClick={followLink}>
                    {t("lobby.resume")}
                  </a>
                ) : (
                  free > 0 && (
                    <button type="button" className="primary" onClick={() => void join(m.matchId)}>
                      {t("lobby.join")}
                    </button>
                  )
                )}
                <a className="button" href={paths.match(m.matchId)} onClick={followLink}>
                  {t("lobby.watch")}
                </a>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * A running match where no person sits: every seat a bot's, free (a bot plays it until someone
 * takes it), or a bot's while its owner is away. Its bots play only while somebody watches (the
 * server's `UNWATCHED_MS`): it is listed as such, to watch (which wakes it up) or to join, not
 * as a match going on.
 */
export function botsOnly(m: MatchSummary): boolean {
  return m.status === "running" && m.seats.every((s) => s.kind !== "human" || s.away);
}

/** Form fields made from a variant's options schema; labels from its option docs. */
function OptionFields(props: {
  variant: VariantSummary;
  lang: Lang;
  values: Record<string, unknown>;
  /** The table's seats: an option that names a seat offers these. */
  seats: number;
  onChange: (key: string, value: unknown) => void;
}) {
  const { variant, lang, values, seats, onChange } = props;
  const properties = variant.optionSchema?.properties ?? {};
  const fields = Object.entries(properties).filter(([key]) =>
    variant.optionDocs.some((d) => d.key === key),
  );
  if (fields.length === 0) return null;
  return (
    <fieldset className="options">
      <legend>{variant.names[lang]}</legend>
      {fields.map(([key, schema]) => {
        const doc = variant.optionDocs.find((d) => d.key === key);
        const label = doc?.label[lang] ?? key;
        const value = values[key] ?? schema.default;
        if (doc?.seat === true) {
          // A seat, counted from 1 as the table shows it; the engine counts from 0.
          const shown = typeof value === "number" ? value + 1 : "";
          return (
            <label key={key}>
              {label}{" "}
              <input
                type="number"
                value={shown}
                min={1}
                max={seats}
                onChange={(e) =>
                  onChange(key, e.target.value === "" ? undefined : Number(e.target.value) - 1)
                }
              />
            </label>
          );
        }
        return (
          <OptionField
            key={key}
            id={key}
            label={label}
            schema={schema}
            value={value}
            onChange={(v) => onChange(key, v)}
          />
        );
      })}
    </fieldset>
  );
}

function OptionField(props: {
  id: string;
  label: string;
  schema: OptionSchema;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const { label, schema, value, onChange } = props;
  if (schema.type === "boolean") {
    return (
      <label className="check">
        <input
          type="checkbox"
          checked={value === true}
          onChange={(e) => onChange(e.target.checked)}
        />{" "}
        {label}
      </label>
    );
  }
  if (schema.type === "integer" || schema.type === "number") {
    return (
      <label>
        {label}{" "}
        <input
          type="number"
          value={typeof value === "number" ? value : ""}
          min={schema.minimum}
          max={schema.maximum}
          onChange={(e) => onChange(e.target.value === "" ? undefined : Number(e.target.value))}
        />
      </label>
    );
  }
  if (Array.isArray(schema.enum)) {
    return (
      <label>
        {label}{" "}
        <select
          value={typeof value === "string" || typeof value === "number" ? String(value) : ""}
          onChange={(e) => onChange(e.target.value)}
        >
          {schema.enum.map((v) => (
            <option key={String(v)} value={String(v)}>
              {String(v)}
            </option>
          ))}
        </select>
      </label>
    );
  }
  return null;
}

function CreateMatch(props: { variants: readonly VariantSummary[]; lang: Lang; name: string }) {
  const { variants, lang, name } = props;
  const { t } = useTranslation();
  const headingId = useId();
  const [variantId, setVariantId] = useState(variants[0]?.id ?? "noris");
  const variant = variants.find((v) => v.id === variantId) ?? variants[0];
  const [seats, setSeats] = useState(3);
  const [bots, setBots] = useState(2);
  const [level, setLevel] = useState<BotLevel>("heuristic");
  const [timer, setTimer] = useState<number>(0);
  const [spectatorsReadOnly, setSpectatorsReadOnly] = useState(false);
  const [options, setOptions] = useState<Record<string, unknown>>({});
  const [preset, setPreset] = useState<(typeof PRESETS)[number]>("noris");
  const [ruleSet, setRuleSet] = useState("");
  const [ruleSets, setRuleSets] = useState<readonly { name: string; title: string | null }[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    server()
      .api.ruleSets.list({ limit: 100 })
      .then(
        (list) => setRuleSets(list),
        () => setRuleSets([]),
      );
  }, []);

  if (variant === undefined) return null;
  const min = variant.players.min;
  const max = Math.min(variant.players.max, 10);
  const seatCount = Math.min(Math.max(seats, min), max);
  const botCount = Math.min(bots, seatCount - 1);
  const custom = variant.id === "custom";

  const submit = async () => {
    if (name === "") {
      setError(t("lobby.needName"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      storeName(name);
      const common = {
        seats: seatCount,
        name,
        ...(timer > 0 ? { turnTimerMs: timer * 1000 } : {}),
        ...(spectatorsReadOnly ? { spectatorsReadOnly } : {}),
      };
      const created = await server().api.lobby.create(
        custom && ruleSet !== ""
          ? { ...common, ruleSet: { name: ruleSet } }
          : { ...common, variant: variant.id, options: custom ? { preset } : options },
      );
      if (created.token === null || created.seat === null) throw new Error("no seat");
      const ticket = { matchId: created.matchId, seat: created.seat, token: created.token };
      keepSeat(ticket);
      if (botCount > 0)
        await server().api.lobby.addBots({
          matchId: created.matchId,
          token: ticket.token,
          level,
          count: botCount,
        });
      // Every other seat is a bot: nobody to wait for.
      if (botCount === seatCount - 1)
        await server().api.lobby.start({ matchId: created.matchId, token: ticket.token });
      navigate(paths.match(created.matchId));
    } catch (e) {
      setError(refusalOf(e).message[lang]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="page create" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("lobby.create")}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <VariantPicker
          variants={variants}
          lang={lang}
          value={variant.id}
          onChange={(id) => {
            setVariantId(id);
            setOptions({});
          }}
        />
        <p className="hint variant-about">
          {variant.description[lang]}{" "}
          <a href={paths.rules(variant.id)} onClick={followLink}>
            {t("variants.showRules")}
          </a>
        </p>
        <div className="form-row">
          <label>
            {t("lobby.seats")}{" "}
            <input
              type="number"
              min={min}
              max={max}
              value={seatCount}
              onChange={(e) => setSeats(Number(e.target.value))}
            />
          </label>
          <label>
            {t("lobby.bots")}{" "}
            <input
              type="number"
              min={0}
              max={seatCount - 1}
              value={botCount}
              onChange={(e) => setBots(Number(e.target.value))}
            />
          </label>
          <BotLevelField value={level} onChange={setLevel} />
          <label>
            {t("lobby.timer")}{" "}
            <select value={timer} onChange={(e) => setTimer(Number(e.target.value))}>
              {TIMERS.map((s) => (
                <option key={s} value={s}>
                  {s === 0 ? t("lobby.timerOff") : t("lobby.timerSeconds", { count: s })}
                </option>
              ))}
            </select>
          </label>
          <label>
            <input
              type="checkbox"
              checked={spectatorsReadOnly}
              onChange={(e) => setSpectatorsReadOnly(e.target.checked)}
            />{" "}
            {t("lobby.spectatorsReadOnly")}
          </label>
        </div>
        {custom ? (
          <div className="form-row">
            <label>
              {t("lobby.ruleSet")}{" "}
              <select value={ruleSet} onChange={(e) => setRuleSet(e.target.value)}>
                <option value="">{t("lobby.noRuleSet")}</option>
                {ruleSets.map((r) => (
                  <option key={r.name} value={r.name}>
                    {r.title || r.name}
                  </option>
                ))}
              </select>
            </label>
            {ruleSet === "" && (
              <label>
                {t("lobby.preset")}{" "}
                <select
                  value={preset}
                  onChange={(e) => setPreset(e.target.value as (typeof PRESETS)[number])}
                >
                  {PRESETS.map((p) => (
                    <option key={p} value={p}>
                      {variants.find((v) => v.id === p)?.names[lang] ?? p}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </div>
        ) : (
          <OptionFields
            variant={variant}
            lang={lang}
            values={options}
            seats={seatCount}
            onChange={(key, value) => setOptions((o) => ({ ...o, [key]: value }))}
          />
        )}
        <button type="submit" className="primary" disabled={busy}>
          {busy ? t("lobby.creating") : t("lobby.createButton")}
        </button>
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
