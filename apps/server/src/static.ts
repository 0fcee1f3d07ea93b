import { createReadStream, type Stats } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, normalize, sep } from "node:path";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".otf": "font/otf",
  ".wasm": "application/wasm",
};

export const contentTypeFor = (file: string): string =>
  CONTENT_TYPES[extname(file).toLowerCase()] ?? "application/octet-stream";

// Vite writes content-hashed names (`index-B3xk_9aZ.js`) into assets/, so they never change.
const HASHED_ASSET = /^\/assets\/.+-[\w-]{8,}\.[a-z0-9]+$/i;

export const cacheControlFor = (urlPath: string): string =>
  HASHED_ASSET.test(urlPath) ? "public, max-age=31536000, immutable" : "no-cache";

/**
 * Maps a decoded URL path onto a file below root, or null when it would leave root.
 * Both checks are kept: the segment check gives a clear refusal, the prefix check is
 * the guarantee.
 */
export function resolveInside(root: string, urlPath: string): string | null {
  if (urlPath.includes("\0")) return null;
  const segments = urlPath.split(/[/\\]/);
  if (segments.some((s) => s === "..")) return null;
  const base = normalize(root + sep);
  const file = normalize(join(base, ...segments));
  return file.startsWith(base) ? file : null;
}

export async function fileStats(file: string): Promise<Stats | null> {
  try {
    const stats = await stat(file);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}

const etagFor = (stats: Stats): string =>
  `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;

/** Sends one file with its type, length, validators and caching; HEAD gets headers only. */
export async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  stats: Stats,
  cacheControl: string,
  status = 200,
): Promise<void> {
  const etag = etagFor(stats);
  res.setHeader("Content-Type", contentTypeFor(file));
  res.setHeader("Cache-Control", cacheControl);
  res.setHeader("ETag", etag);
  res.setHeader("Last-Modified", stats.mtime.toUTCString());
  res.setHeader("X-Content-Type-Options", "nosniff");
  if (status === 200 && req.headers["if-none-match"] === etag) {
    res.writeHead(304).end();
    return;
  }
  const encoding = COMPRESSIBLE.test(file) ? encodingFor(req.headers["accept-encoding"]) : null;
  if (encoding !== null) {
    res.setHeader("Vary", "Accept-Encoding");
    const body = await compressed(file, stats, encoding);
    res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.writeHead(status);
    res.end(req.method === "HEAD" ? undefined : body);
    return;
  }
  res.setHeader("Content-Length", stats.size);
  res.writeHead(status);
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  // Streamed, the last bytes went out before `pipeline` ended the response: a client that closed
  // once it had them all (curl, a prober) made a complete download fail as "Premature close".
  // A file of the web client (the largest ~1.5 MB) goes out with the end of the response.
  if (stats.size <= WHOLE_FILE_BYTES) {
    res.end(await readFile(file));
    return;
  }
  await pipeline(createReadStream(file), res);
}

/** Files up to this size are read whole and sent with the response's end; larger ones stream. */
const WHOLE_FILE_BYTES = 8 * 1024 * 1024;

/** Text types worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(html|js|mjs|css|json|map|svg|txt|xml|webmanifest)$/i;

/** brotli when the client takes it, else gzip, else none (`q=0` refuses a coding). */
export function encodingFor(header: string | string[] | undefined): "br" | "gzip" | null {
  const accepted = new Map<string, number>();
  for (const part of String(header ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name.trim(), q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (ok("br")) return "br";
  if (ok("gzip")) return "gzip";
  return null;
}

/**
 * Compressed file bodies, made once per file version: the web build is a few hundred KB, so
 * keeping them in memory is cheaper than compressing every response. A new build (another
 * size or mtime) replaces the entry.
 */
const compressedCache = new Map<string, { readonly version: string; readonly body: Buffer }>();
const MAX_CACHED = 256;

async function compressed(file: string, stats: Stats, encoding: "br" | "gzip"): Promise<Buffer> {
  const key = `${encoding}:${file}`;
  const version = `${stats.size}:${stats.mtimeMs}`;
  const hit = compressedCache.get(key);
  if (hit?.version === version) return hit.body;
  const raw = await readFile(file);
  const body =
    encoding === "br"
      ? await brotli(raw, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: 11,
            [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        })
      : await gzipAsync(raw, { level: 9 });
  if (compressedCache.size >= MAX_CACHED) compressedCache.clear();
  compressedCache.set(key, { version, body });
  return body;
}
