import type { Command } from "@maumau/engine";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { startServer } from "./startServer.js";
import type { AppendOptions, EventStore, NewEvent } from "./store/EventStore.js";
import { MemoryEventStore } from "./store/memory.js";
import { testConfig } from "./testing/index.js";
import { httpClient, TestSocket } from "./testing/TestSocket.js";

/** A store that fails its next append with an error of its own (a bug, not an outage). */
class FailingStore extends MemoryEventStore implements EventStore {
  failNext = false;
  override append(
    streamId: string,
    expected: number,
    events: readonly NewEvent[],
    options?: AppendOptions,
  ) {
    if (this.failNext) {
      this.failNext = false;
      return Promise.reject(new TypeError("the store broke"));
    }
    return super.append(streamId, expected, events, options);
  }
}

describe("logs about a command", () => {
  it("carry its match id and command id on every line, over the socket and HTTP", async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino(
      { level: "debug" },
      { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    );
    const store = new FailingStore();
    const api = await startServer({ config: testConfig(), logger, store });
    const socket = new TestSocket(api.url);
    try {
      const http = httpClient(api.url);
      const created = await http.lobby.create.mutate({ variant: "noris", seats: 2, name: "A" });
      const { matchId } = created;
      const b = await http.lobby.join.mutate({ matchId, name: "B" });
      await http.lobby.start.mutate({ matchId, token: created.token! });
      const tokens = [created.token!, b.token];
      const view = await http.game.view.query({ matchId, token: tokens[0]! });
      const toAct = view.progress!.toAct!;
      const token = tokens[toAct]!;
      const other = tokens[1 - toAct]!;
      const move = (await http.game.view.query({ matchId, token })).legal[0] as Command;
      await socket.connected();

      // Refused (out of turn) over both transports, failed once over each, then accepted.
      await expect(socket.command(matchId, other, "early-socket", move)).rejects.toThrow();
      await expect(
        http.game.command.mutate({ matchId, token: other, commandId: "early-http", command: move }),
      ).rejects.toThrow();
      store.failNext = true;
      await expect(socket.command(matchId, token, "broken-socket", move)).rejects.toThrow();
      store.failNext = true;
      await expect(
        http.game.command.mutate({ matchId, token, commandId: "broken-http", command: move }),
      ).rejects.toThrow();
      await socket.command(matchId, token, "played", move);
    } finally {
      socket.close();
      await api.close();
    }

    const about = lines.filter((l) => /command|rpc failed|procedure failed/.test(String(l.msg)));
    const ids = ["early-socket", "early-http", "broken-socket", "broken-http", "played"];
    for (const id of ids) expect(about.some((l) => l.commandId === id)).toBe(true);
    expect(about.filter((l) => l.msg === "socket rpc failed")).toHaveLength(1);
    expect(about.filter((l) => l.msg === "procedure failed")).toHaveLength(1);
    for (const line of about) {
      expect(line).toMatchObject({ matchId: expect.any(String), commandId: expect.any(String) });
    }
  });
});
