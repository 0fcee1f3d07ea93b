import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

/** Where the CLI keeps what it must remember: `$XDG_CONFIG_HOME/maumau`, else `~/.config/maumau`. */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_CONFIG_HOME;
  return join(xdg !== undefined && xdg !== "" ? xdg : join(homedir(), ".config"), "maumau");
}

export interface KeptSeat {
  readonly server: string;
  readonly matchId: string;
  readonly seat: number;
  /** A secret: sent to the server only, never printed. */
  readonly token: string;
  readonly at: string;
}

interface File {
  readonly version: 1;
  readonly name?: string;
  readonly seats: Readonly<Record<string, KeptSeat>>;
}

const MAX_KEPT = 200;
const key = (server: string, matchId: string) => `${server} ${matchId}`;

/**
 * Seat tokens by server and match, in `seats.json` (mode 0600, in a 0700 directory): a lost
 * connection or a restart of the CLI comes back to the same seat. A file that cannot be read
 * counts as empty; writes go to a temporary file first, so a crash never leaves half a file.
 */
export class SeatStore {
  readonly file: string;

  constructor(readonly dir: string = configDir()) {
    this.file = join(dir, "seats.json");
  }

  private read(): File {
    try {
      const parsed = JSON.parse(readFileSync(this.file, "utf8")) as Partial<File>;
      if (parsed.version === 1 && typeof parsed.seats === "object" && parsed.seats !== null)
        return parsed as File;
    } catch {
      // Missing or unreadable: nothing kept.
    }
    return { version: 1, seats: {} };
  }

  private write(file: File): void {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(file, null, 2) + "\n", { mode: 0o600 });
    chmodSync(tmp, 0o600);
    renameSync(tmp, this.file);
  }

  get(server: string, matchId: string): KeptSeat | null {
    const kept = this.read().seats[key(server, matchId)];
    return kept !== undefined && typeof kept.token === "string" ? kept : null;
  }

  keep(seat: Omit<KeptSeat, "at">): void {
    const file = this.read();
    const seats = Object.entries({
      ...file.seats,
      [key(seat.server, seat.matchId)]: { ...seat, at: new Date().toISOString() },
    })
      .sort(([, a], [, b]) => b.at.localeCompare(a.at))
      .slice(0, MAX_KEPT);
    this.write({ ...file, seats: Object.fromEntries(seats) });
  }

  forget(server: string, matchId: string): void {
    const file = this.read();
    if (file.seats[key(server, matchId)] === undefined) return;
    const seats = { ...file.seats };
    delete seats[key(server, matchId)];
    this.write({ ...file, seats });
  }

  get name(): string | null {
    return this.read().name ?? null;
  }

  set name(name: string) {
    this.write({ ...this.read(), name });
  }
}
