import { refusalOf, type VariantSummary } from "@maumau/client";
import type { Lang } from "@maumau/engine";
import { custom, familyHouseRules, presets } from "@maumau/variant-custom";
import {
  cloneElement,
  isValidElement,
  lazy,
  Suspense,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { useTranslation } from "react-i18next";
import { rankMark } from "../cards/names";
import { WithRuleRefs } from "../rules/WithRuleRefs";
import { NameField } from "../lobby/NameField";
import { keepSeat, storedName } from "../net/seats";
import { server } from "../net/server";
import { navigate, paths } from "../router";
import { deckStyleOfDeck, ranksOf, ruleSetText } from "./ruleSetText";
import { issueText, schemaMessages } from "./schemaMessages";

/** The decks a house-rule set may use (their names come from the locales). */
const DECKS = ["noris-110", "french-52", "french-32", "bavarian-32"] as const;

const ChartPanel = lazy(() => import("../chart/ChartPanel"));

type Doc = Record<string, unknown> & {
  deck: string;
  effects: Record<string, Record<string, unknown>>;
};

const STARTS = {
  noris: presets.noris,
  french: presets.french,
  bavarian: presets.bavarian,
  family: familyHouseRules,
} as const;

const OWNERS_KEY = "maumau.ruleSetOwners";
const owners = (): Record<string, string> => {
  try {
    return JSON.parse(localStorage.getItem(OWNERS_KEY) ?? "{}") as Record<string, string>;
  } catch {
    return {};
  }
};
const keepOwner = (name: string, token: string) => {
  try {
    localStorage.setItem(OWNERS_KEY, JSON.stringify({ ...owners(), [name]: token }));
  } catch {
    // Remembered for this page only.
  }
};

const clone = (x: unknown): Doc => JSON.parse(JSON.stringify(x)) as Doc;
const get = (doc: Doc, path: readonly string[]): unknown =>
  path.reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], doc);
function set(doc: Doc, path: readonly string[], value: unknown): Doc {
  const next = clone(doc);
  let o = next as Record<string, unknown>;
  for (const k of path.slice(0, -1)) {
    if (typeof o[k] !== "object" || o[k] === null) o[k] = {};
    o = o[k] as Record<string, unknown>;
  }
  const last = path.at(-1)!;
  if (value === undefined) delete o[last];
  else o[last] = value;
  return next;
}

/** A form control's text for a value of the document: its fallback unless a string or number. */
const textOf = (value: unknown, fallback: string): string =>
  typeof value === "string" || typeof value === "number" ? String(value) : fallback;

const SAVE_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** C-1, C-2: compose a house-rule set, see it explained and checked, save it, play it. */
export default function HouseRulesPage(props: { variants: readonly VariantSummary[]; lang: Lang }) {
  const { lang } = props;
  const { t } = useTranslation();
  // The title of a set started from a preset follows the language (#20.9).
  const titleOf = (k: keyof typeof STARTS): string =>
    k === "family"
      ? t("houseRules.familyTitle")
      : (props.variants.find((v) => v.id === k)?.names[lang] ?? String(STARTS[k].name));
  const start = (k: keyof typeof STARTS): Doc => ({ ...clone(STARTS[k]), name: titleOf(k) });
  const [doc, setDoc] = useState<Doc>(() => start("noris"));
  const titlesOf = (k: keyof typeof STARTS): string[] =>
    k === "family"
      ? [t("houseRules.familyTitle", { lng: "en" }), t("houseRules.familyTitle", { lng: "de" })]
      : [
          String(STARTS[k].name),
          ...Object.values(props.variants.find((v) => v.id === k)?.names ?? {}).map(String),
        ];
  useEffect(() => {
    // A default title in the other language follows the switch; a title of one's own stays.
    setDoc((d) => {
      const k = (Object.keys(STARTS) as (keyof typeof STARTS)[]).find((key) =>
        titlesOf(key).includes(String(d.name)),
      );
      return k && d.name !== titleOf(k) ? { ...d, name: titleOf(k) } : d;
    });
  }, [lang]);
  const [saveName, setSaveName] = useState("");
  const [saved, setSaved] = useState<{ name: string; version: number } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [list, setList] = useState<readonly { name: string; title: string | null }[]>([]);
  const [importText, setImportText] = useState("");
  const [seats, setSeats] = useState(3);
  // The name to play under, as in the lobby (the browser remembers it).
  const [playerName, setPlayerName] = useState(storedName);

  const refreshList = () =>
    server()
      .api.ruleSets.list({ limit: 200 })
      .then(
        (l) => setList(l),
        () => setList([]),
      );
  useEffect(() => void refreshList(), []);

  // zod's own messages and the schema's named problems in the page's language.
  const parsed = useMemo(
    () => custom.optionsSchema.safeParse(doc, { error: schemaMessages[lang] }),
    [doc, lang],
  );
  const valid = parsed.success ? parsed.data : null;
  const issues = parsed.success
    ? []
    : parsed.error.issues.map((i) => ({
        path: i.path.map(String),
        message: issueText(i, t, lang),
      }));
  const update = (path: readonly string[], value: unknown) => {
    setDoc((d) => set(d, path, value));
    setSaved(null);
    setMessage(null);
  };
  const field = (path: readonly string[]) => get(doc, path);
  // Each field's label as the form shows it, by its path: what the list of problems names.
  const labels = new Map<string, string>();
  const issueAt = (path: readonly string[], label?: string) => {
    if (label !== undefined) labels.set(path.join("."), label);
    return issues.find((i) => i.path.join(".") === path.join("."))?.message;
  };
  const ranks = ranksOf(doc.deck);
  const style = deckStyleOfDeck(doc.deck);
  const refuse = (e: unknown) => setError(refusalOf(e).message[lang]);

  const load = async (name: string) => {
    setError(null);
    try {
      const got = await server().api.ruleSets.get({ name });
      setDoc(clone(got.document));
      setSaveName(got.name);
      setSaved({ name: got.name, version: got.version });
    } catch (e) {
      refuse(e);
    }
  };

  const save = async () => {
    setError(null);
    if (!valid) return;
    try {
      const token = owners()[saveName];
      const result = await server().api.ruleSets.save({
        name: saveName,
        document: valid,
        ...(token ? { ownerToken: token } : {}),
      });
      if (result.ownerToken) keepOwner(result.name, result.ownerToken);
      setSaved({ name: result.name, version: result.version });
      setMessage(t("houseRules.saved", { name: result.name, version: result.version }));
      void refreshList();
    } catch (e) {
      refuse(e);
    }
  };

  const remove = async () => {
    setError(null);
    try {
      const token = owners()[saveName];
      await server().api.ruleSets.delete({
        name: saveName,
        ...(token ? { ownerToken: token } : {}),
      });
      setSaved(null);
      setMessage(t("houseRules.deleted", { name: saveName }));
      void refreshList();
    } catch (e) {
      refuse(e);
    }
  };

  const play = async () => {
    setError(null);
    const name = playerName.trim();
    if (name === "") return setError(t("lobby.needName"));
    if (!valid) return;
    try {
      const created = await server().api.lobby.create(
        saved
          ? { ruleSet: { name: saved.name, version: saved.version }, seats, name }
          : { variant: "custom", options: valid, seats, name },
      );
      const ticket = { matchId: created.matchId, seat: created.seat!, token: created.token! };
      keepSeat(ticket);
      await server().api.lobby.addBots({ matchId: ticket.matchId, token: ticket.token });
      // Every other seat is a bot: nobody to wait for.
      await server().api.lobby.start({ matchId: ticket.matchId, token: ticket.token });
      navigate(paths.match(ticket.matchId));
    } catch (e) {
      refuse(e);
    }
  };

  const exportJson = () => {
    const blob = new Blob([JSON.stringify(valid ?? doc, null, 2)], { type: "application/json" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = `${saveName || "house-rules"}.json`;
    a.click();
    URL.revokeObjectURL(a.href);
  };

  const importJson = (text: string) => {
    try {
      setDoc(clone(JSON.parse(text)));
      setSaved(null);
      setError(null);
    } catch (e) {
      setError(t("houseRules.badJson", { message: (e as Error).message }));
    }
  };

  const num = (
    path: readonly string[],
    label: string,
    min: number,
    max: number,
    more: {
      hint?: string;
      disabled?: boolean;
      onChange?: (value: number | undefined) => void;
    } = {},
  ) => (
    <Field label={label} issue={issueAt(path, label)} hint={more.hint} hintId={hintId(path)}>
      <input
        type="number"
        min={min}
        max={max}
        disabled={more.disabled}
        aria-describedby={more.hint === undefined ? undefined : hintId(path)}
        value={typeof field(path) === "number" ? (field(path) as number) : ""}
        onChange={(e) =>
          (more.onChange ?? ((v) => update(path, v)))(
            e.target.value === "" ? undefined : Number(e.target.value),
          )
        }
      />
    </Field>
  );
  const check = (path: readonly string[], label: string) => (
    <Field label={label} issue={issueAt(path, label)} inline>
      <input
        type="checkbox"
        checked={field(path) === true}
        onChange={(e) => update(path, e.target.checked)}
      />
    </Field>
  );
  /**
   * A select of the document's `path` (`fallback` shown while left out, each choice stored as
   * chosen). Each choice has a short name, which fits the select on a phone (an option's text
   * cannot wrap), and what it means in full, shown below the select for the chosen one.
   */
  const choose = (
    path: readonly string[],
    label: string,
    choices: readonly (readonly [value: string, text: string, meaning: string])[],
    fallback: string,
    hint?: string,
  ) => {
    const chosen = textOf(field(path), fallback);
    const meaning = choices.find(([value]) => value === chosen)?.[2];
    const described = [
      meaning === undefined ? null : meaningId(path),
      hint === undefined ? null : hintId(path),
    ].filter((id) => id !== null);
    return (
      <Field
        label={label}
        issue={issueAt(path, label)}
        meaning={meaning}
        meaningId={meaningId(path)}
        hint={hint}
        hintId={hintId(path)}
      >
        <select
          value={chosen}
          aria-describedby={described.length === 0 ? undefined : described.join(" ")}
          onChange={(e) => update(path, e.target.value)}
        >
          {choices.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      </Field>
    );
  };

  // C-3.1: a hand size for each table of the range, and for any other the document names.
  const bySize = field(["handSizeByPlayers"]);
  const sizes = (
    typeof bySize === "object" && bySize !== null && !Array.isArray(bySize) ? bySize : {}
  ) as Record<string, unknown>;
  const clampPlayers = (n: unknown, fallback: number) =>
    typeof n === "number" && Number.isInteger(n) ? Math.min(10, Math.max(2, n)) : fallback;
  const lowest = clampPlayers(field(["players", "min"]), 2);
  const highest = Math.max(lowest, clampPlayers(field(["players", "max"]), 10));
  const tables = [
    ...new Set([
      ...Array.from({ length: highest - lowest + 1 }, (_, i) => String(lowest + i)),
      ...Object.keys(sizes),
    ]),
  ].sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
  const setSize = (n: string, size: number | undefined) => {
    const next = { ...sizes };
    if (size === undefined) delete next[n];
    else next[n] = size;
    update(["handSizeByPlayers"], Object.keys(next).length === 0 ? undefined : next);
  };
  // C-3.5: the buried ranks, kept in the document's order; none left is the option left out.
  const buried = Array.isArray(field(["turn", "buryStarter"]))
    ? (field(["turn", "buryStarter"]) as unknown[])
    : [];
  const bury = (r: string, on: boolean) => {
    const next = on ? [...buried.filter((x) => x !== r), r] : buried.filter((x) => x !== r);
    update(["turn", "buryStarter"], next.length === 0 ? undefined : next);
  };
  const capped = field(["turn", "drawCap"]) !== undefined;

  return (
    <div className="house-rules">
      <section className="page" aria-labelledby="hr-heading">
        <h2 id="hr-heading">{t("houseRules.heading")}</h2>
        <div className="form-row">
          <span>{t("houseRules.startFrom")}</span>
          {(Object.keys(STARTS) as (keyof typeof STARTS)[]).map((k) => (
            <button
              key={k}
              type="button"
              onClick={() => {
                setDoc(start(k));
                setSaved(null);
              }}
            >
              {t(`houseRules.preset.${k}`)}
            </button>
          ))}
          {list.length > 0 && (
            <label>
              {t("houseRules.open")}{" "}
              <select value="" onChange={(e) => e.target.value && void load(e.target.value)}>
                <option value="">—</option>
                {list.map((r) => (
                  <option key={r.name} value={r.name}>
                    {r.title ?? r.name} ({r.name})
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
        <Field label={t("houseRules.title")} issue={issueAt(["name"], t("houseRules.title"))}>
          <input
            value={textOf(field(["name"]), "")}
            maxLength={80}
            onChange={(e) => update(["name"], e.target.value)}
          />
        </Field>
      </section>

      <form
        className="page hr-form"
        onSubmit={(e) => e.preventDefault()}
        aria-label={t("houseRules.heading")}
      >
        <fieldset>
          <legend>
            <WithRuleRefs text={`${t("houseRules.deckAndDealing")} (C-1.1, C-1.2, C-3.1)`} />
          </legend>
          <Field label={t("houseRules.deck")} issue={issueAt(["deck"], t("houseRules.deck"))}>
            <select
              value={doc.deck}
              onChange={(e) => {
                // Effects and values name ranks of the deck: start them anew for another deck.
                // Buried starters (C-3.5) keep the ranks the other deck has too.
                setDoc((d) => {
                  const next = set(
                    set(set(d, ["deck"], e.target.value), ["effects"], {}),
                    ["scoring", "values"],
                    undefined,
                  );
                  const before = get(d, ["turn", "buryStarter"]);
                  if (!Array.isArray(before)) return next;
                  const kept = before.filter((r) => ranksOf(e.target.value).includes(String(r)));
                  return set(next, ["turn", "buryStarter"], kept.length === 0 ? undefined : kept);
                });
                setSaved(null);
              }}
            >
              {DECKS.map((d) => (
                <option key={d} value={d}>
                  {t(`houseRules.deckName.${d}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t("houseRules.decks")} issue={issueAt(["decks"], t("houseRules.decks"))}>
            <select
              value={textOf(field(["decks"]), "1")}
              onChange={(e) => update(["decks"], Number(e.target.value))}
            >
              <option value="1">1</option>
              <option value="2">2</option>
            </select>
          </Field>
          {num(["handSize"], t("houseRules.handSize"), 3, 10)}
          {num(["players", "min"], t("houseRules.playersMin"), 2, 10)}
          {num(["players", "max"], t("houseRules.playersMax"), 2, 10)}
          {issueAt(["players"], `${t("houseRules.playersMin")}, ${t("houseRules.playersMax")}`) && (
            <p className="error">{issueAt(["players"])}</p>
          )}
          <fieldset className="hr-group" aria-describedby={hintId(["handSizeByPlayers"])}>
            <legend>
              <WithRuleRefs text={`${t("houseRules.handSizeByPlayers")} (C-3.1)`} />
            </legend>
            <small className="hint" id={hintId(["handSizeByPlayers"])}>
              {t("houseRules.handSizeByPlayersHint")}
            </small>
            <div className="values">
              {tables.map((n) => (
                <div key={n}>
                  {num(
                    ["handSizeByPlayers", n],
                    t("houseRules.handSizeWith", { players: n }),
                    3,
                    10,
                    { onChange: (v) => setSize(n, v) },
                  )}
                </div>
              ))}
            </div>
            {issueAt(["handSizeByPlayers"], t("houseRules.handSizeByPlayers")) && (
              <p className="error">{issueAt(["handSizeByPlayers"])}</p>
            )}
          </fieldset>
          <Field
            label={t("houseRules.dealing")}
            issue={issueAt(["dealing"], t("houseRules.dealing"))}
          >
            <select
              value={textOf(field(["dealing"]), "single")}
              onChange={(e) => update(["dealing"], e.target.value)}
            >
              <option value="single">{t("houseRules.single")}</option>
              <option value="blocks-3-2">{t("houseRules.blocks")}</option>
            </select>
          </Field>
          {check(["cut", "enabled"], t("houseRules.cut"))}
          <Field
            label={t("houseRules.keepRank")}
            issue={issueAt(["cut", "keepRank"], t("houseRules.keepRank"))}
          >
            <select
              value={textOf(field(["cut", "keepRank"]), "")}
              onChange={(e) =>
                update(["cut", "keepRank"], e.target.value === "" ? null : e.target.value)
              }
            >
              <option value="">—</option>
              {ranks.map((r) => (
                <option key={r} value={r}>
                  {rankMark(style, r, lang)}
                </option>
              ))}
            </select>
          </Field>
        </fieldset>

        <fieldset>
          <legend>
            <WithRuleRefs text={`${t("houseRules.effects")} (C-1.3)`} />
          </legend>
          <table className="effects">
            <thead>
              <tr>
                <th scope="col">{t("houseRules.rank")}</th>
                <th scope="col">{t("houseRules.effect")}</th>
                <th scope="col">{t("houseRules.details")}</th>
              </tr>
            </thead>
            <tbody>
              {ranks.map((r) => {
                const e = doc.effects[r];
                const kind = (e?.kind as string | undefined) ?? "";
                return (
                  <tr key={r} data-rank={r}>
                    <th scope="row">{rankMark(style, r, lang)}</th>
                    <td>
                      <select
                        aria-label={t("houseRules.effectOf", { rank: rankMark(style, r, lang) })}
                        value={kind}
                        onChange={(ev) =>
                          update(
                            ["effects", r],
                            ev.target.value === ""
                              ? undefined
                              : ev.target.value === "draw"
                                ? { kind: "draw", count: 2, stack: "same-rank" }
                                : { kind: ev.target.value },
                          )
                        }
                      >
                        <option value="">{t("houseRules.kind.none")}</option>
                        {["wish", "draw", "skip", "reverse", "playAgain"].map((k) => (
                          <option key={k} value={k}>
                            {t(`houseRules.kind.${k}`)}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>
                      {/* Each control's name is its label: shown above it on a phone, where
                          no column header ("Details") names it; for screen readers only on a
                          wider screen (styles.css). */}
                      {kind === "draw" && (
                        <>
                          <label className="effect-detail">
                            <span className="effect-detail-name visually-hidden">
                              {t("houseRules.drawCount", { rank: rankMark(style, r, lang) })}
                            </span>
                            <input
                              type="number"
                              min={1}
                              max={6}
                              value={typeof e?.count === "number" ? e.count : ""}
                              onChange={(ev) =>
                                update(
                                  ["effects", r, "count"],
                                  ev.target.value === "" ? undefined : Number(ev.target.value),
                                )
                              }
                            />
                          </label>{" "}
                          <label className="effect-detail">
                            <span className="effect-detail-name visually-hidden">
                              {t("houseRules.stacking", { rank: rankMark(style, r, lang) })}
                            </span>
                            <select
                              value={textOf(e?.stack, "same-rank")}
                              onChange={(ev) => update(["effects", r, "stack"], ev.target.value)}
                            >
                              <option value="same-rank">{t("houseRules.stack.same")}</option>
                              <option value="any-draw">{t("houseRules.stack.any")}</option>
                              <option value="none">{t("houseRules.stack.none")}</option>
                            </select>
                          </label>
                        </>
                      )}
                      {kind === "wish" && (
                        // Like the page's other checkboxes: beside the first line of its
                        // label, a wrapped line indented after it (styles.css).
                        <label className="hr-field inline">
                          <input
                            type="checkbox"
                            checked={e?.onWish !== false}
                            onChange={(ev) => update(["effects", r, "onWish"], ev.target.checked)}
                          />
                          <span>{t("houseRules.onWish")}</span>
                        </label>
                      )}
                      {issueAt(
                        ["effects", r],
                        t("houseRules.effectOf", { rank: rankMark(style, r, lang) }),
                      ) && <span className="error"> {issueAt(["effects", r])}</span>}
                      {issueAt(
                        ["effects", r, "count"],
                        t("houseRules.drawCount", { rank: rankMark(style, r, lang) }),
                      ) && <span className="error"> {issueAt(["effects", r, "count"])}</span>}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </fieldset>

        <fieldset>
          <legend>
            <WithRuleRefs text={`${t("houseRules.turn")} (C-1.4, C-3.2, C-3.4, C-3.5)`} />
          </legend>
          {(
            [
              "voluntaryDraw",
              "playAfterDraw",
              "drawUntilPlayable",
              "starterEffects",
              "wildStarterAllowsAnything",
              "reverseSkipsWithTwo",
            ] as const
          ).map((k) => (
            <div key={k}>
              {check(["turn", k], t(`houseRules.turnOption.${k}`))}
              {k === "drawUntilPlayable" &&
                // C-3.2: only with draw-until-playable (a cap left without it stays editable,
                // to be cleared where its error shows).
                num(["turn", "drawCap"], `${t("houseRules.drawCap")} (C-3.2)`, 1, 10, {
                  hint: t("houseRules.drawCapHint"),
                  disabled: field(["turn", "drawUntilPlayable"]) !== true && !capped,
                })}
            </div>
          ))}
          {choose(
            ["turn", "emptyStock"],
            `${t("houseRules.emptyStock")} (C-3.4)`,
            (["reshuffle", "pass"] as const).map((v) => [
              v,
              t(`houseRules.emptyStockOption.${v}`),
              t(`houseRules.emptyStockMeaning.${v}`),
            ]),
            "reshuffle",
          )}
          <fieldset className="hr-group" aria-describedby={hintId(["turn", "buryStarter"])}>
            <legend>
              <WithRuleRefs text={`${t("houseRules.buryStarter")} (C-3.5)`} />
            </legend>
            <small className="hint" id={hintId(["turn", "buryStarter"])}>
              {t("houseRules.buryStarterHint")}
            </small>
            <div className="values">
              {ranks.map((r) => (
                <label key={r} className="hr-field inline">
                  <input
                    type="checkbox"
                    checked={buried.includes(r)}
                    onChange={(e) => bury(r, e.target.checked)}
                  />
                  <span>{rankMark(style, r, lang)}</span>
                </label>
              ))}
            </div>
            {issueAt(["turn", "buryStarter"], t("houseRules.buryStarter")) && (
              <p className="error">{issueAt(["turn", "buryStarter"])}</p>
            )}
          </fieldset>
        </fieldset>

        <fieldset>
          <legend>
            <WithRuleRefs text={`${t("houseRules.calls")} (C-1.5)`} />
          </legend>
          {check(["calls", "mau", "required"], t("houseRules.mauRequired"))}
          {num(["calls", "mau", "penalty"], t("houseRules.mauPenalty"), 0, 4)}
          {check(["calls", "mauMau", "required"], t("houseRules.mauMauRequired"))}
          {num(["calls", "mauMau", "penalty"], t("houseRules.mauMauPenalty"), 0, 4)}
          {check(["calls", "mauMau", "takeBack"], t("houseRules.takeBack"))}
          {issueAt(["calls", "mauMau"], t("houseRules.calls")) && (
            <p className="error">{issueAt(["calls", "mauMau"])}</p>
          )}
        </fieldset>

        <fieldset>
          <legend>
            <WithRuleRefs text={`${t("houseRules.scoring")} (C-1.6, C-3.3)`} />
          </legend>
          <Field
            label={t("houseRules.matchEnd")}
            issue={issueAt(["scoring", "matchEnd"], t("houseRules.matchEnd"))}
          >
            <select
              value={textOf(field(["scoring", "matchEnd", "kind"]), "games")}
              onChange={(e) =>
                update(
                  ["scoring", "matchEnd"],
                  e.target.value === "games"
                    ? { kind: "games", games: 3 }
                    : e.target.value === "target"
                      ? { kind: "target", target: 100 }
                      : { kind: "limit", limit: 100 },
                )
              }
            >
              <option value="games">{t("houseRules.end.games")}</option>
              <option value="target">{t("houseRules.end.target")}</option>
              <option value="limit">{t("houseRules.end.limit")}</option>
            </select>
          </Field>
          {(() => {
            const kind = textOf(field(["scoring", "matchEnd", "kind"]), "games");
            return num(
              ["scoring", "matchEnd", kind],
              t(`houseRules.end.${kind}Value`),
              1,
              kind === "games" ? 100 : 10000,
            );
          })()}
          {choose(
            ["scoring", "points"],
            `${t("houseRules.points")} (C-3.3)`,
            (["penalty", "winner"] as const).map((v) => [
              v,
              t(`houseRules.pointsOption.${v}`),
              t(`houseRules.pointsMeaning.${v}`),
            ]),
            "penalty",
            t("houseRules.pointsHint"),
          )}
          <details>
            <summary>{t("houseRules.values")}</summary>
            <div className="values">
              {ranks.map((r) => (
                <div key={r}>
                  {num(["scoring", "values", r], rankMark(style, r, lang), 0, 1000)}
                </div>
              ))}
            </div>
          </details>
        </fieldset>
      </form>

      <section className="page" aria-labelledby="hr-check">
        <h2 id="hr-check">{t("houseRules.check")}</h2>
        {valid ? (
          <p role="status" className="ok">
            {t("houseRules.valid")}
          </p>
        ) : (
          <div role="alert">
            <IssueList issues={issues} labels={labels} />
          </div>
        )}
        {valid && (
          <>
            <h3>{t("houseRules.preview")}</h3>
            <dl className="rule-preview">
              {ruleSetText(valid, lang).map((r, n) => (
                <div key={n} className="rule">
                  <dt>{r.id}</dt>
                  <dd>{r.text}</dd>
                </div>
              ))}
            </dl>
            <h3>{t("chart.heading")}</h3>
            <Suspense fallback={<p className="loading">{t("chart.loading")}</p>}>
              <ChartPanel
                variantId={custom.id}
                rules={custom.ruleSetFor(valid)}
                title={t("chart.of", { name: t("houseRules.thisSet") })}
              />
            </Suspense>
          </>
        )}
      </section>

      <section className="page" aria-labelledby="hr-keep">
        <h2 id="hr-keep">{t("houseRules.keep")}</h2>
        <div className="form-row">
          <Field
            label={t("houseRules.saveName")}
            issue={saveName && !SAVE_NAME.test(saveName) ? t("houseRules.saveNameRule") : undefined}
          >
            <input
              value={saveName}
              maxLength={64}
              onChange={(e) => setSaveName(e.target.value.toLowerCase())}
              placeholder="family-rules"
            />
          </Field>
          <button
            type="button"
            className="primary"
            disabled={!valid || !SAVE_NAME.test(saveName)}
            onClick={() => void save()}
          >
            {t("houseRules.save")}
          </button>
          <button
            type="button"
            disabled={!SAVE_NAME.test(saveName) || !(saveName in owners())}
            onClick={() => void remove()}
          >
            {t("houseRules.delete")}
          </button>
          <button type="button" onClick={exportJson}>
            {t("houseRules.export")}
          </button>
        </div>
        <p className="hint">{t("houseRules.ownerHint")}</p>
        <label className="import">
          {t("houseRules.import")}
          <textarea rows={3} value={importText} onChange={(e) => setImportText(e.target.value)} />
        </label>
        <div className="form-row">
          <button
            type="button"
            disabled={importText.trim() === ""}
            onClick={() => importJson(importText)}
          >
            {t("houseRules.importButton")}
          </button>
          <FilePick
            accept="application/json,.json"
            what={t("houseRules.importFile")}
            onFile={(file) => void file.text().then(importJson)}
          />
        </div>
        <div className="form-row">
          <NameField value={playerName} onChange={setPlayerName} />
          <label>
            {t("lobby.seats")}{" "}
            <input
              type="number"
              min={2}
              max={10}
              value={seats}
              onChange={(e) => setSeats(Number(e.target.value))}
            />
          </label>
          <button type="button" className="primary" disabled={!valid} onClick={() => void play()}>
            {t("houseRules.play")}
          </button>
        </div>
        {message && <p role="status">{message}</p>}
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
      </section>
    </div>
  );
}

/**
 * A file input in the page's language (the browser's own says "Choose File" in any language):
 * our button, named by what it shows and then by `what`, opens the hidden input; beside it the
 * chosen file's name, or that none is chosen, which also describes the button.
 */
function FilePick(props: { accept: string; what: string; onFile: (file: File) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState<string | null>(null);
  const nameId = useId();
  return (
    <span className="file-pick">
      <input
        ref={input}
        type="file"
        accept={props.accept}
        hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          setName(file?.name ?? null);
          if (file) props.onFile(file);
        }}
      />
      <button type="button" aria-describedby={nameId} onClick={() => input.current?.click()}>
        {t("houseRules.chooseFile")}
        <span className="visually-hidden"> – {props.what}</span>
      </button>
      <span className="file-name" id={nameId}>
        {name ?? t("houseRules.noFile")}
      </span>
    </span>
  );
}

/** The id of the help text of the option at `path` (the control's `aria-describedby`). */
const hintId = (path: readonly string[]) => `hr-hint-${path.join("-")}`;

/** The id of the line that says what the chosen choice at `path` means (`aria-describedby`). */
const meaningId = (path: readonly string[]) => `hr-meaning-${path.join("-")}`;

/**
 * The document's problems, each named by its field's label as the form shows it, in the page's
 * language (a part of a field by the field's; the path itself only where the form has no field).
 */
function IssueList(props: {
  issues: readonly { readonly path: readonly string[]; readonly message: string }[];
  labels: ReadonlyMap<string, string>;
}) {
  const labelOf = (path: readonly string[]) => {
    for (let n = path.length; n > 0; n--) {
      const label = props.labels.get(path.slice(0, n).join("."));
      if (label !== undefined) return label;
    }
    return null;
  };
  return (
    <ul className="issues">
      {props.issues.map((i, n) => {
        const label = labelOf(i.path);
        return (
          <li key={n}>
            {label !== null ? (
              <span className="issue-field">
                <WithRuleRefs text={label} />
              </span>
            ) : i.path.length > 0 ? (
              <code>{i.path.join(".")}</code>
            ) : null}
            {label !== null || i.path.length > 0 ? ": " : null}
            {i.message}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * One option's control with its label, its help and its error. The error is outside the label,
 * so that the control's accessible name stays its label: the control is marked invalid and
 * names the error as its error message and (with the help) as its description.
 */
function Field(props: {
  label: string;
  issue?: string | undefined;
  inline?: boolean;
  /** What the chosen choice means, below the control (the control names it by `meaningId`). */
  meaning?: string | undefined;
  meaningId?: string;
  /** Help below the control, outside its label (the control names it by `hintId`). */
  hint?: string | undefined;
  hintId?: string;
  /** The control: one element, which gets the error's ARIA attributes. */
  children: ReactNode;
}) {
  const errorId = useId();
  const invalid = props.issue !== undefined;
  const control =
    invalid && isValidElement<Record<string, unknown>>(props.children)
      ? cloneElement(props.children, {
          "aria-invalid": true,
          "aria-errormessage": errorId,
          "aria-describedby": [props.children.props["aria-describedby"], errorId]
            .filter((id) => typeof id === "string")
            .join(" "),
        })
      : props.children;
  return (
    <div className="hr-hinted" data-invalid={invalid}>
      <label className={`hr-field ${props.inline ? "inline" : ""}`}>
        {props.inline && control}
        <span>
          <WithRuleRefs text={props.label} />
        </span>
        {!props.inline && control}
      </label>
      {invalid && (
        <span className="error" id={errorId}>
          {props.issue}
        </span>
      )}
      {props.meaning !== undefined && (
        <span className="hr-meaning" id={props.meaningId}>
          {props.meaning}
        </span>
      )}
      {props.hint !== undefined && (
        <small className="hint" id={props.hintId}>
          {props.hint}
        </small>
      )}
    </div>
  );
}
