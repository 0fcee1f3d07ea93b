import { useSyncExternalStore } from "react";

/** How fast the table moves cards: a person follows the bots at "slow". */
export type Speed = "slow" | "normal" | "fast";

/** The table's own settings, remembered in this browser (nobody else needs them). */
export interface TablePrefs {
  readonly speed: Speed;
  /** Sound effects off. */
  readonly muted: boolean;
  /** Every colour also carries a symbol (for colour-blind players); on by default. */
  readonly symbols: boolean;
}

export const PREFS_KEY = "maumau.table";
export const DEFAULT_PREFS: TablePrefs = { speed: "normal", muted: false, symbols: true };
const SPEEDS: readonly Speed[] = ["slow", "normal", "fast"];

function read(): TablePrefs {
  try {
    const raw = JSON.parse(localStorage.getItem(PREFS_KEY) ?? "{}") as Record<string, unknown>;
    return {
      speed: SPEEDS.includes(raw.speed as Speed) ? (raw.speed as Speed) : DEFAULT_PREFS.speed,
      muted: typeof raw.muted === "boolean" ? raw.muted : DEFAULT_PREFS.muted,
      symbols: typeof raw.symbols === "boolean" ? raw.symbols : DEFAULT_PREFS.symbols,
    };
  } catch {
    return DEFAULT_PREFS;
  }
}

let current: TablePrefs | null = null;
const listeners = new Set<() => void>();

/** The settings now (read once from storage). */
export function tablePrefs(): TablePrefs {
  current ??= typeof localStorage === "undefined" ? DEFAULT_PREFS : read();
  return current;
}

/** Changes some settings, remembers them and tells every table. */
export function setTablePrefs(change: Partial<TablePrefs>): void {
  current = { ...tablePrefs(), ...change };
  try {
    localStorage.setItem(PREFS_KEY, JSON.stringify(current));
  } catch {
    // Storage may be off (private mode): the setting lasts for this page.
  }
  for (const l of listeners) l();
}

/** For tests: forget the settings read so far. */
export function resetTablePrefs(): void {
  current = null;
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useTablePrefs(): TablePrefs {
  return useSyncExternalStore(subscribe, tablePrefs, tablePrefs);
}
