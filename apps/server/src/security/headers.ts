/**
 * The page's Content-Security-Policy: scripts, styles and everything else from this origin
 * only, no inline script and no eval; the socket connects to the same origin ('self' covers
 * ws: and wss: there). Inline images (the favicon, card art) come as data: URLs. The page may
 * not be framed anywhere.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "media-src 'self' data: blob:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** Headers every answer carries (pages, assets and API alike). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy": CONTENT_SECURITY_POLICY,
  // For browsers without frame-ancestors.
  "X-Frame-Options": "DENY",
  // Match links are shared by hand; no page needs to tell another where it came from.
  "Referrer-Policy": "no-referrer",
  "Permissions-Policy":
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), midi=()",
  "X-Content-Type-Options": "nosniff",
  "Cross-Origin-Opener-Policy": "same-origin",
};
