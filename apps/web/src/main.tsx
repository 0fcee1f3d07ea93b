import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { App } from "./App";
import { createI18n, detectLanguage, STORAGE_KEY } from "./i18n";
import "./styles.css";

function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

const i18n = createI18n(
  detectLanguage({ stored: readStoredLanguage(), navigatorLanguage: navigator.language }),
);

document.documentElement.lang = i18n.language;
i18n.on("languageChanged", (lang: string) => {
  document.documentElement.lang = lang;
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // Storage can be disabled (private mode); the choice then lasts for this visit only.
  }
});

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

createRoot(container).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <App />
    </I18nextProvider>
  </StrictMode>,
);
