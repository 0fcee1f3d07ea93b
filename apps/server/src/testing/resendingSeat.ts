import type { MatchSnapshot, SocketClient } from "@maumau/client";
import type { Command } from "@maumau/engine";
import type { AppRouter } from "../trpc/appRouter.js";
import { humanChoice } from "./playServerMatch.js";

/** An acknowledged command: after any crash its events must still be in the match's log. */
export interface Ack {
  readonly matchId: string;
  readonly commandId: string;
  readonly version: number;
}

/**
 * A human's seat as a real client plays it across crashes: asks for the view, plays the first
 * legal move, keeps every acknowledgement, and resends a command whose answer was lost under the
 * same id. The caller owns the connection and decides what an error means (`refused()` drops
 * the move; anything else keeps it to resend).
 */
export class ResendingSeat {
  private n = 0;
  private pending: { commandId: string; command: Command } | null = null;

  constructor(
    readonly matchId: string,
    readonly token: string,
    readonly seat: number,
    readonly acks: Ack[],
  ) {}

  /** One move: `over` once the match is, `idle` when the seat has nothing to do now. */
  async step(api: SocketClient<AppRouter>["api"]): Promise<"over" | "idle" | "acked"> {
    const { matchId, token, seat } = this;
    if (this.pending === null) {
      const snap = (await api.game.view({ matchId, token })) as MatchSnapshot;
      if (snap.lobby.status === "over") return "over";
      const move =
        humanChoice(snap.legal) ??
        (snap.progress?.status === "gameOver" && seat === 0
          ? { type: "startNextGame" }
          : undefined);
      if (move === undefined) return "idle";
      this.pending = { commandId: `${seat}-${this.n++}`, command: move };
    }
    const { seat: _seat, ...command } = this.pending.command as Command & { seat?: number };
    const ack = await api.game.command({
      matchId,
      token,
      commandId: this.pending.commandId,
      command: command,
    });
    this.acks.push({
      matchId,
      commandId: `${seat}:${this.pending.commandId}`,
      version: ack.version,
    });
    this.pending = null;
    return "acked";
  }

  /** The server refused the pending command (the table moved on): it is not resent. */
  refused(): void {
    this.pending = null;
  }
}
