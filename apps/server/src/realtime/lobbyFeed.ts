import type { Server } from "socket.io";
import { changesTheList } from "../matches/lobbyEvents.js";
import type { MatchService } from "../matches/MatchService.js";

/** The room of sockets that watch the lobby's match list (`lobby.watch`). */
export const LOBBY_ROOM = "lobby";

/**
 * Runs a task at most once per `ms`: the first call at once, calls within the window once at
 * its end. The lobby's watchers get one "the list changed" signal per window, however many
 * matches changed in it.
 */
export class Throttle {
  private last = -Infinity;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly ms: number,
    private readonly task: () => void,
  ) {}

  run(): void {
    if (this.timer !== null) return;
    const wait = this.last + this.ms - performance.now();
    if (wait <= 0) return this.fire();
    this.timer = setTimeout(() => this.fire(), wait);
    this.timer.unref();
  }

  private fire(): void {
    this.timer = null;
    this.last = performance.now();
    this.task();
  }

  close(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** The inter-process notice "the match list changed here" (`serverSideEmit`). */
const LIST_CHANGED = "maumau:lobby";

/**
 * The lobby's watchers learn that the match list changed (at most 4 signals a second per
 * process); they read it again with `lobby.list`.
 *
 * Scale-out (`crossProcess`): the other processes drop their cached list answers first
 * (`MatchService.list`). Both messages go through the adapter's one stream in this order, so a
 * watcher on another process that reads the list there after its signal gets a fresh answer; a
 * read through a third process may still be answered from that process's cache, for at most
 * LIST_CACHE_MS.
 */
export function lobbyFeed(io: Server, service: MatchService, crossProcess: boolean): void {
  const lobbyChanged = new Throttle(250, () => {
    if (crossProcess) io.serverSideEmit(LIST_CHANGED);
    io.to(LOBBY_ROOM).emit("lobby", {});
  });
  if (crossProcess) io.on(LIST_CHANGED, () => service.listChangedElsewhere());
  service.onCommit((_match, events) => {
    if (changesTheList(events)) lobbyChanged.run();
  });
}
