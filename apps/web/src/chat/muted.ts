import { useCallback, useState } from "react";

/** Senders (`senderKey`) this browser muted, per match, in localStorage: nobody else knows. */
const MUTED_KEY = "maumau.muted";
const MAX_MATCHES = 50;

type Stored = Record<string, string[]>;

function read(): Stored {
  try {
    const parsed = JSON.parse(localStorage.getItem(MUTED_KEY) ?? "{}") as unknown;
    return parsed !== null && typeof parsed === "object" ? (parsed as Stored) : {};
  } catch {
    return {};
  }
}

function write(all: Stored): void {
  try {
    const kept = Object.entries(all).filter(([, keys]) => keys.length > 0);
    localStorage.setItem(MUTED_KEY, JSON.stringify(Object.fromEntries(kept.slice(-MAX_MATCHES))));
  } catch {
    // Storage may be off (private mode): muting then lasts for this page only.
  }
}

/** The muted senders of a match, and a toggle that remembers the choice on this device. */
export function useMuted(matchId: string): [ReadonlySet<string>, (key: string) => void] {
  const [muted, setMuted] = useState<ReadonlySet<string>>(
    () => new Set(Array.isArray(read()[matchId]) ? read()[matchId] : []),
  );
  const toggle = useCallback(
    (key: string) => {
      setMuted((before) => {
        const next = new Set(before);
        if (next.has(key)) next.delete(key);
        else next.add(key);
        write({ ...read(), [matchId]: [...next] });
        return next;
      });
    },
    [matchId],
  );
  return [muted, toggle];
}
