import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";

/**
 * Which names the `Host` header may carry (against DNS rebinding: a page of `evil.example`
 * whose name now points at this server sends `Host: evil.example`, and its Origin matches
 * it). Allowed: loopback names (`localhost`, `*.localhost`), IP addresses (which no foreign
 * page can re-point), the public origin's host and ALLOWED_HOSTS; `*` there allows any.
 * Requests without a Host header come from no browser and are let through.
 */
export class HostPolicy {
  private readonly names: ReadonlySet<string>;
  private readonly any: boolean;

  constructor(allowedHosts: readonly string[], publicOrigin: string | null) {
    this.any = allowedHosts.includes("*");
    const names = new Set(allowedHosts);
    if (publicOrigin !== null) names.add(new URL(publicOrigin).hostname.toLowerCase());
    this.names = names;
  }

  allows(req: Pick<IncomingMessage, "headers">): boolean {
    const host = req.headers.host;
    if (host === undefined || this.any) return true;
    const name = hostNameOf(host);
    if (name === null) return false;
    return (
      name === "localhost" ||
      name.endsWith(".localhost") ||
      isIP(name.replace(/^\[(.*)\]$/, "$1")) !== 0 ||
      this.names.has(name)
    );
  }
}

/** The name of a Host header (`Mau.Example.:3000` → `mau.example`); null when it is no host. */
export function hostNameOf(host: string): string | null {
  if (!/^[A-Za-z0-9.\-[\]:]+$/.test(host)) return null;
  try {
    return new URL(`http://${host}`).hostname.toLowerCase().replace(/\.$/, "");
  } catch {
    return null;
  }
}
