import { SocketClient, type SocketClientOptions } from "@maumau/client";
import type { AppRouter } from "@maumau/server";

/** A socket client typed by the server's router (a type only: no server code runs here). */
export type ServerConnection = SocketClient<AppRouter>;

export const connect = (url: string, options: SocketClientOptions): ServerConnection =>
  new SocketClient<AppRouter>(url, options);
