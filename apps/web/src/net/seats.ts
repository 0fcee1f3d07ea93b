import type { SeatTicket } from "@maumau/client";

/**
 * Seat tokens this browser holds, by match id, in localStorage: a reload or a new tab comes
 * back to the same seat. A token is a secret: it is never shown, only sent to the server.
 */
const SEATS_KEY = "maumau.seats";
const NAME_KEY = "maumau.name";
const MAX_KEPT = 100;

type Stored = Record<string, { seat: number; token: string; at: number }>;

function read(): Stored {
  try {
    const parsed = JSON.parse(localStorage.getItem(SEATS_KEY) ?? "{}") as unknown;
    return parsed !== null && typeof parsed === "object" ? (parsed as Stored) : {};
  } catch {
    return {};
  }
}

function write(all: Stored): void {
  try {
    // Keep the newest seats only: old finished matches need no token.
    const kept = Object.entries(all)
      .sort(([, a], [, b]) => b.at - a.at)
      .slice(0, MAX_KEPT);
    localStorage.setItem(SEATS_KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Storage may be off (private mode): the seat then lasts for this page only.
  }
}

const memory = new Map<string, SeatTicket>();

export function seatTicket(matchId: string): SeatTicket | null {
  const kept = memory.get(matchId);
  if (kept) return kept;
  const stored = read()[matchId];
  if (stored === undefined || typeof stored.token !== "string") return null;
  return { matchId, seat: stored.seat, token: stored.token };
}

export function keepSeat(ticket: SeatTicket): void {
  memory.set(ticket.matchId, ticket);
  write({
    ...read(),
    [ticket.matchId]: { seat: ticket.seat, token: ticket.token, at: Date.now() },
  });
}

export function forgetSeat(matchId: string): void {
  memory.delete(matchId);
  const all = read();
  delete all[matchId];
  write(all);
}

export function storedName(): string {
  try {
    return localStorage.getItem(NAME_KEY) ?? "";
  } catch {
    return "";
  }
}

export function storeName(name: string): void {
  try {
    localStorage.setItem(NAME_KEY, name);
  } catch {
    // As above: remembered for this page only.
  }
}
