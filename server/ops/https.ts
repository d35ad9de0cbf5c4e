/**
 * Whether a request reached us over HTTPS, for HSTS (proxy.ts) and `Secure` session cookies
 * (server/auth.ts). The request's own URL says so when TLS ends at this process; behind a
 * TLS-terminating proxy the app sees plain HTTP and only the proxy's `X-Forwarded-Proto` tells.
 * That header is whatever the client sent unless a proxy overwrites it, so it counts only when
 * the operator says a proxy is in front: `TRUST_PROXY` (docs/deployment.md "HTTPS"). The app's
 * server also drops the header when the socket is not one of the trusted proxies
 * (server/client-address.ts), so a list of proxy addresses is honoured exactly.
 */
import { parseProxyTrust } from "../client-address";

/** True when `TRUST_PROXY` trusts some proxy (a hop count or a list): its X-Forwarded-* headers are believed. */
export function trustProxy(env: Record<string, string | undefined> = process.env): boolean {
  const trust = parseProxyTrust(env.TRUST_PROXY);
  return "hops" in trust ? trust.hops > 0 : trust.addresses.size > 0;
}

/** Whether the request with these headers and URL came over HTTPS (see the module comment). */
export function requestIsHttps(headers: Headers, url: string, env: Record<string, string | undefined> = process.env): boolean {
  if (url.startsWith("https:")) return true;
  if (!trustProxy(env)) return false;
  // a chain of proxies lists protocols comma-separated; the first is the client's
  const proto = headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  return proto === "https";
}
