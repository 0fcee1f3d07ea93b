import type { VariantSummary } from "@maumau/client";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage, LANGUAGE_NAMES, LANGUAGES } from "./i18n";
import { useConnection } from "./net/server";
import { useVariants } from "./net/variants";
import RulesPage from "./rules/RulesPage";
import { followLink, paths, useRoute, type Route } from "./router";

// The lobby talks to the server; the table and its cards load only when a match opens.
const LobbyPage = lazy(() => import("./lobby/LobbyPage"));
const MatchPage = lazy(() => import("./match/MatchPage"));
// Replays fold the log with the engine in the browser: its own chunk, loaded on demand.
const ReplayPage = lazy(() => import("./replay/ReplayPage"));
const ReplayList = lazy(() => import("./replay/ReplayList"));
const HouseRulesPage = lazy(() => import("./houseRules/HouseRulesPage"));

export interface AppProps {
  /** The variants, when known up front (tests); otherwise fetched from /api/variants. */
  readonly variants?: readonly VariantSummary[];
  /** The route to show instead of the URL's (server-side rendering in tests). */
  readonly route?: Route;
}

const SCHEME_KEY = "maumau.scheme";
type Scheme = "auto" | "light" | "dark";

function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const active = currentLanguage(i18n);
  return (
    <div className="language-toggle" role="group" aria-label={t("language.label")}>
      {LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          aria-pressed={lang === active}
          onClick={() => void i18n.changeLanguage(lang)}
        >
          {LANGUAGE_NAMES[lang]}
        </button>
      ))}
    </div>
  );
}

function SchemeToggle() {
  const { t } = useTranslation();
  const [scheme, setScheme] = useState<Scheme>(() => {
    try {
      const stored = localStorage.getItem(SCHEME_KEY);
      return stored === "light" || stored === "dark" ? stored : "auto";
    } catch {
      return "auto";
    }
  });
  useEffect(() => {
    if (scheme === "auto") document.documentElement.removeAttribute("data-scheme");
    else document.documentElement.setAttribute("data-scheme", scheme);
    try {
      localStorage.setItem(SCHEME_KEY, scheme);
    } catch {
      // Remembered for this page only.
    }
  }, [scheme]);
  return (
    <label className="scheme-toggle">
      <span className="visually-hidden">{t("theme.label")}</span>
      <select
        value={scheme}
        onChange={(e) => setScheme(e.target.value as Scheme)}
        aria-label={t("theme.label")}
      >
        <option value="auto">{t("theme.auto")}</option>
        <option value="light">{t("theme.light")}</option>
        <option value="dark">{t("theme.dark")}</option>
      </select>
    </label>
  );
}

function ConnectionBanner() {
  const { t } = useTranslation();
  const state = useConnection();
  if (state === "online") return null;
  return (
    <p className="connection" role="status" data-state={state}>
      {state === "connecting" ? t("connection.connecting") : t("connection.offline")}
    </p>
  );
}

export function App({ variants: given, route: fixed }: AppProps) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const live = useRoute();
  const route = fixed ?? live;
  const variants = useVariants(given);

  let page;
  if (variants.status !== "ready") {
    page = (
      <p className="page">
        {variants.status === "loading" ? t("variants.loading") : t("variants.failed")}
      </p>
    );
  } else if (route.page === "rules") {
    page = (
      <RulesPage
        variants={variants.variants}
        lang={lang}
        variantId={route.variant}
        rule={route.rule}
      />
    );
  } else if (route.page === "lobby") {
    page = <LobbyPage variants={variants.variants} lang={lang} />;
  } else if (route.page === "houseRules") {
    page = <HouseRulesPage variants={variants.variants} lang={lang} />;
  } else if (route.page === "replays") {
    page = <ReplayList variants={variants.variants} lang={lang} />;
  } else if (route.page === "replay") {
    page = (
      <ReplayPage
        matchId={route.matchId}
        at={route.at}
        room={route.room}
        together={route.together}
        variants={variants.variants}
        lang={lang}
      />
    );
  } else if (route.page === "match") {
    page = (
      <MatchPage
        key={route.matchId}
        matchId={route.matchId}
        join={route.join}
        variants={variants.variants}
        lang={lang}
      />
    );
  } else {
    page = (
      <section className="page">
        <h2>{t("notFound.heading")}</h2>
        <p>{t("notFound.text", { path: route.path })}</p>
      </section>
    );
  }

  return (
    <div className="app" lang={lang}>
      <a className="skip" href="#main">
        {t("app.skip")}
      </a>
      <header className="app-header">
        <div>
          <h1>
            <a href={paths.lobby()} onClick={followLink}>
              {t("app.title")}
            </a>
          </h1>
          <p className="tagline">{t("app.tagline")}</p>
        </div>
        <nav aria-label={t("nav.main")}>
          <a
            href={paths.lobby()}
            onClick={followLink}
            aria-current={route.page === "lobby" ? "page" : undefined}
          >
            {t("nav.play")}
          </a>
          <a
            href={paths.replays()}
            onClick={followLink}
            aria-current={route.page === "replays" || route.page === "replay" ? "page" : undefined}
          >
            {t("nav.replays")}
          </a>
          <a
            href={paths.houseRules()}
            onClick={followLink}
            aria-current={route.page === "houseRules" ? "page" : undefined}
          >
            {t("nav.houseRules")}
          </a>
          <a
            href={paths.rules()}
            onClick={followLink}
            aria-current={route.page === "rules" ? "page" : undefined}
          >
            {t("nav.rules")}
          </a>
        </nav>
        <div className="header-tools">
          <SchemeToggle />
          <LanguageToggle />
        </div>
      </header>
      {route.page !== "rules" && <ConnectionBanner />}
      <main id="main">
        <Suspense fallback={<p className="page loading">…</p>}>{page}</Suspense>
      </main>
    </div>
  );
}
