/**
 * The Content-Security-Policy of every page, nonce-based (Next's guide "How to set a Content
 * Security Policy", App Router, Next 16): proxy.ts draws a fresh nonce per request and sets this
 * policy on the request (Next reads the nonce from it and puts it on its own scripts while it
 * renders the page) and on the response (the browser enforces it). Pages are rendered per request
 * for that reason (app/layout.tsx awaits `connection()`): a prerendered page has no nonce.
 *
 * - scripts: only those carrying the nonce, and what they load ('strict-dynamic'); development
 *   adds 'unsafe-eval' (React's dev tools and Fast Refresh need it).
 * - styles: 'self' and 'unsafe-inline'. React renders `style="…"` attributes (board squares,
 *   chart bars), which a nonce cannot cover; an injected style cannot run code, so the
 *   protection that matters stays on scripts. (A nonce in style-src would turn 'unsafe-inline' off.)
 * - connections: same origin only (tRPC over fetch and its Server-Sent Events).
 * - workers and the web app manifest: same origin only (the offline service worker, docs/offline.md).
 * - no plugins, no framing by other sites, forms post only here, `<base>` cannot be moved.
 * - `upgrade-insecure-requests` only over HTTPS: on plain HTTP it would send the page's own
 *   requests to an HTTPS port nobody serves.
 */

/** A random nonce (128 bits, base64); Web Crypto, so it runs wherever the proxy runs. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

export function contentSecurityPolicy(nonce: string, opts: { dev: boolean; https: boolean }): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${opts.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    // the service worker (/serwist/sw.js, docs/offline.md): with 'strict-dynamic' a worker would
    // otherwise fall under script-src, where 'self' is ignored and no nonce can cover it
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(opts.https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

/** HSTS for responses sent over HTTPS: two years, subdomains included (no preload: an operator's choice). */
export const HSTS = "max-age=63072000; includeSubDomains";

/** A request id a client or proxy may hand us (`X-Request-Id`) is kept only if it is short and plain. */
export function acceptedRequestId(value: string | null | undefined): string | null {
  return value && /^[A-Za-z0-9._:-]{1,64}$/.test(value) ? value : null;
}
