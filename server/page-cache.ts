/**
 * The page cache of the app's server (server/main.ts): a public page is rendered by Next once and
 * then served from memory to every anonymous visitor, each response with a fresh CSP nonce
 * (docs/security.md "Cached pages and the nonce", docs/performance.md "Pages").
 *
 * Why it is safe to share one render:
 * - every page on the allow-list below is a client component (or a server component that reads
 *   nothing per request): its HTML is the app's shell — no viewer, no tournament data. Standings,
 *   pairings and the rest arrive over tRPC and the live stream after the page loads, so a result
 *   never makes a cached page stale and the tournament's version need not be part of the key
 *   (server/page-cache.test.ts checks each allow-listed page file says so);
 * - only requests without a session cookie, without Next's client-navigation headers (RSC
 *   payloads vary by router state) and with GET are served from or stored in it; only a 200
 *   `text/html` answer with no `Set-Cookie`, no `Content-Encoding` and the nonce in it is stored;
 * - the nonce: proxy.ts drew one for the render and Next put it on its scripts. A hit replaces
 *   every occurrence of that nonce (body and CSP header) with a new random one, so each response
 *   still carries an unpredictable nonce of its own, exactly as a fresh render would: the policy
 *   ('nonce-…' 'strict-dynamic') is unchanged. The nonce is 128 random bits in base64; the
 *   rendered HTML holds no visitor input, so nothing but Next's own attributes contains it.
 *
 * Each instance keeps its own cache, keyed by the build (a deployment starts empty) and the
 * request's path, query and scheme — nothing in it depends on the database, so instances on one
 * database cannot disagree. Bounded: PAGE_CACHE_MAX_ENTRIES (default 500) least recently used
 * pages, PAGE_CACHE_MAX_BYTES (default 32 MiB); PAGE_CACHE=off turns it off.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { newNonce } from "./ops/csp";
import { trustProxy } from "./ops/https";

/**
 * The pages served from the cache: public pages whose HTML is the same for every visitor. A page
 * here must stay a client component (or a server component reading nothing per request).
 */
export const CACHED_PAGES: readonly RegExp[] = [
  /^\/$/,
  /^\/(signin|signup|forgot-password|offline|live|tournaments|ratings|clubs)$/,
  /^\/tournaments\/[A-Za-z0-9_-]{1,64}(\/(standings|crosstable|bracket|teams|watch|print\/wall-chart))?$/,
];

const MAX_QUERY = 256;

export interface CachedPage {
  status: number;
  /** the render's headers but the policy and those of that one response */
  headers: [string, string | number | string[]][];
  /** the body and the policy cut at the render's nonce: a hit joins them with a new one */
  parts: string[];
  cspParts: string[];
  /** the body's bytes without its nonces (each nonce is ASCII, so a hit's length is this plus theirs) */
  fixedBytes: number;
  /** memory held, for the cache's bound */
  bytes: number;
}

/** A least-recently-used map of rendered pages, bounded by count and bytes. */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private bytes = 0;
  hits = 0;
  misses = 0;

  constructor(
    readonly maxEntries = Number(process.env.PAGE_CACHE_MAX_ENTRIES ?? 500),
    readonly maxBytes = Number(process.env.PAGE_CACHE_MAX_BYTES ?? 32 * 1024 * 1024),
  ) {}

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (page) {
      // most recently used last
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  set(key: string, page: CachedPage): void {
    if (page.bytes > this.maxBytes) return;
    this.delete(key);
    this.pages.set(key, page);
    this.bytes += page.bytes;
    for (const [k] of this.pages) {
      if (this.pages.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(k);
    }
  }

  private delete(key: string): void {
    const old = this.pages.get(key);
    if (!old) return;
    this.bytes -= old.bytes;
    this.pages.delete(key);
  }

  get size(): number {
    return this.pages.size;
  }
}

/** Whether the request carries an Auth.js session cookie (`authjs.session-token`, `__Secure-…`, chunked `.0`…). */
function hasSession(cookie: string | undefined): boolean {
  return cookie !== undefined && cookie.includes("session-token");
}

/**
 * The cache key of a request that may be served from (or stored in) the cache, else null:
 * `build|scheme|path?query`. The scheme is the one proxy.ts decides HSTS and
 * `upgrade-insecure-requests` by (server/ops/https.ts; main.ts never terminates TLS itself).
 */
export function pageCacheKey(req: IncomingMessage, buildId: string): string | null {
  if (req.method !== "GET" || !req.url) return null;
  const h = req.headers;
  if (hasSession(h.cookie) || h.rsc !== undefined || h["next-router-state-tree"] !== undefined || h["next-router-prefetch"] !== undefined || h["next-router-segment-prefetch"] !== undefined || h["next-action"] !== undefined) return null;
  const q = req.url.indexOf("?");
  const path = q < 0 ? req.url : req.url.slice(0, q);
  if (q >= 0 && req.url.length - q > MAX_QUERY) return null;
  if (!CACHED_PAGES.some((re) => re.test(path))) return null;
  const proto = typeof h["x-forwarded-proto"] === "string" ? h["x-forwarded-proto"].split(",")[0]!.trim().toLowerCase() : "";
  const https = proto === "https" && trustProxy();
  return `${buildId}|${https ? "https" : "http"}|${req.url}`;
}

const NONCE_IN_CSP = /'nonce-([A-Za-z0-9+/=]+)'/;
/** Headers of the render that belong to that one response, not to the page. */
const PER_RESPONSE = new Set(["content-security-policy", "x-request-id", "date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

/** Answers `res` from a cached page, with a new nonce in the body and the policy. */
export function serveCachedPage(page: CachedPage, res: ServerResponse): void {
  const nonce = newNonce();
  const body = page.parts.join(nonce);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("content-security-policy", page.cspParts.join(nonce));
  res.setHeader("content-length", page.fixedBytes + (page.parts.length - 1) * nonce.length);
  // says where the page came from (tests, and anyone reading a response by hand); nothing more
  res.setHeader("x-page-cache", "hit");
  res.writeHead(page.status);
  res.end(body);
}

type Chunk = string | Uint8Array;

/**
 * Lets Next answer `res` as usual and, when it has finished, hands `store` the page if it may be
 * cached (see the module comment). The response to this request is untouched: write and end are
 * only listened to.
 */
export function capturePage(res: ServerResponse, store: (page: CachedPage) => void): void {
  const chunks: Buffer[] = [];
  let tooBig = false;
  let size = 0;
  const keep = (chunk: unknown, encoding: unknown) => {
    if (tooBig || chunk === undefined || chunk === null || typeof chunk === "function") return;
    const buf = typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : Buffer.from(chunk as Uint8Array);
    size += buf.length;
    if (size > 4 * 1024 * 1024) tooBig = true;
    else chunks.push(buf);
  };
  const write = res.write.bind(res) as (chunk: Chunk, ...rest: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.write = ((chunk: Chunk, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as ServerResponse["write"];
  res.end = ((...args: unknown[]) => {
    keep(args[0], args[1]);
    const out = end(...args);
    if (!tooBig) {
      const page = pageFrom(res, Buffer.concat(chunks));
      if (page) store(page);
    }
    return out;
  }) as ServerResponse["end"];
}

/** The cacheable page of a finished response, or null (see the module comment). */
export function pageFrom(res: ServerResponse, body: Buffer): CachedPage | null {
  if (res.statusCode !== 200) return null;
  const type = String(res.getHeader("content-type") ?? "");
  if (!type.startsWith("text/html") || res.getHeader("set-cookie") !== undefined || res.getHeader("content-encoding") !== undefined) return null;
  const csp = res.getHeader("content-security-policy");
  const nonce = typeof csp === "string" ? NONCE_IN_CSP.exec(csp)?.[1] : undefined;
  const text = body.toString("utf8");
  if (!nonce || !text.includes(`nonce="${nonce}"`)) return null;
  const headers: CachedPage["headers"] = [];
  for (const [name, value] of Object.entries(res.getHeaders())) if (value !== undefined && !PER_RESPONSE.has(name)) headers.push([name, value]);
  const parts = text.split(nonce);
  return { status: 200, headers, parts, cspParts: (csp as string).split(nonce), fixedBytes: body.length - (parts.length - 1) * Buffer.byteLength(nonce), bytes: body.length * 2 };
}

/**
 * The request handler for pages: from the cache, or Next's `handle` (storing what it renders when
 * the page may be cached). `cache` null: always Next.
 */
export function cachedPages(cache: PageCache | null, buildId: string, handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>) {
  return (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const key = cache ? pageCacheKey(req, buildId) : null;
    if (!cache || !key) return handle(req, res);
    const page = cache.get(key);
    if (page) {
      cache.hits++;
      serveCachedPage(page, res);
      return Promise.resolve();
    }
    cache.misses++;
    // the one render that fills the cache is sent uncompressed, so the stored page is plain HTML
    delete req.headers["accept-encoding"];
    capturePage(res, (p) => cache.set(key, p));
    return handle(req, res);
  };
}
