import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import "./phone.css";

/**
 * Marks the page as "at the table" while a table is shown: on a phone the site's header then
 * folds away (a small button opens it again) and the table takes the screen.
 */
export function AtTable() {
  const { i18n } = useTranslation();
  const label = i18n.language?.startsWith("de") ? "Menü" : "Menu";
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const root = document.documentElement;
    root.setAttribute("data-at-table", "");
    return () => {
      root.removeAttribute("data-at-table");
      root.removeAttribute("data-header");
    };
  }, []);
  useEffect(() => {
    if (open) document.documentElement.setAttribute("data-header", "open");
    else document.documentElement.removeAttribute("data-header");
  }, [open]);
  return createPortal(
    <button
      type="button"
      className="header-fold"
      aria-pressed={open}
      aria-label={label}
      title={label}
      onClick={() => {
        setOpen((o) => !o);
        window.scrollTo({ top: 0 });
      }}
    >
      ☰
    </button>,
    document.body,
  );
}
