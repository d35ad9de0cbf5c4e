/**
 * The one home of "the client's address": which network address every allowance (engine, API,
 * the anonymous REST view) and the sign-in lock are keyed on, and which `X-Forwarded-*` headers
 * are believed. The app's server (server/main.ts) is the only place that sees the socket, so it
 * runs `admitForwarding` on every request before anything else reads it: the request's
 * `X-Forwarded-For` is replaced by exactly one entry, the address decided here, and a client's own
 * `X-Forwarded-Proto`/`-Host`/`-Port` are dropped unless the socket is a trusted proxy. Everything
 * behind it (Next's routes, Auth.js, the hot procedures) reads that entry (`clientAddress`,
 * server/edge.ts).
 *
 * Which proxies are trusted is the operator's word, `TRUST_PROXY` (docs/deployment.md), and by
 * default none is: without it a client's `X-Forwarded-For` is ignored and the socket's address is
 * the client's. `TRUST_PROXY=1` (or `true`/`yes`) trusts one hop, `TRUST_PROXY=2` two, and a
 * comma-separated list of addresses trusts exactly those peers (the model of Express's
 * "trust proxy": walk the chain from the socket towards the client, skipping trusted hops).
 */
import type { IncomingMessage } from "node:http";

export type ProxyTrust = { hops: number } | { addresses: ReadonlySet<string> };

export const TRUST_NONE: ProxyTrust = { hops: 0 };

/** An address as compared and keyed: IPv4-mapped IPv6 (`::ffff:10.0.0.1`) is the IPv4 address, lower case. */
export function normaliseAddress(address: string): string {
  const a = address.trim().toLowerCase();
  return a.startsWith("::ffff:") && a.includes(".") ? a.slice(7) : a;
}

/** `TRUST_PROXY` read: unset, empty, `0`, `false` or `no` trust nothing; a count of hops; or a list of proxy addresses. */
export function parseProxyTrust(value: string | undefined): ProxyTrust {
  const v = (value ?? "").trim();
  if (v === "" || /^(0|false|no)$/i.test(v)) return TRUST_NONE;
  if (/^(true|yes)$/i.test(v)) return { hops: 1 };
  if (/^[0-9]{1,2}$/.test(v)) return { hops: Number(v) };
  return { addresses: new Set(v.split(",").map(normaliseAddress).filter((a) => a !== "")) };
}

/** The trust the environment configures (read each call: cheap, and tests may change it). */
export const proxyTrust = (env: Record<string, string | undefined> = process.env): ProxyTrust => parseProxyTrust(env.TRUST_PROXY);

/** Whether a request whose socket peer is `peer` came through a proxy we trust. */
export function peerIsTrusted(peer: string, trust: ProxyTrust): boolean {
  return "hops" in trust ? trust.hops > 0 : trust.addresses.has(normaliseAddress(peer));
}

/**
 * The client's address: `peer` (the socket's) unless it is a trusted proxy, in which case the
 * `X-Forwarded-For` chain is walked from the right — `hops` entries, or past every listed proxy.
 * A chain shorter than the configured hops gives its leftmost entry (the furthest one known).
 */
export function clientAddressFrom(peer: string | undefined, forwardedFor: string | string[] | undefined, trust: ProxyTrust): string {
  const socket = normaliseAddress(peer ?? "") || "unknown";
  const forwarded = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? ""))
    .split(",")
    .map(normaliseAddress)
    .filter((a) => a !== "");
  const chain = [...forwarded, socket];
  if ("hops" in trust) return chain[Math.max(0, chain.length - 1 - trust.hops)]!;
  let i = chain.length - 1;
  while (i > 0 && trust.addresses.has(chain[i]!)) i--;
  return chain[i]!;
}

/** Headers a client could forge that only a trusted proxy may set (Next itself fills them in when absent). */
const PROXY_HEADERS = ["x-forwarded-proto", "x-forwarded-host", "x-forwarded-port"] as const;

/**
 * Rewrites `req`'s forwarding headers in place as described above; returns the client's address.
 * Run once per request, before any handler reads a header.
 */
export function admitForwarding(req: IncomingMessage, trust: ProxyTrust = proxyTrust()): string {
  const peer = req.socket.remoteAddress ?? "";
  const address = clientAddressFrom(peer, req.headers["x-forwarded-for"], trust);
  if (!peerIsTrusted(peer, trust)) for (const h of PROXY_HEADERS) delete req.headers[h];
  req.headers["x-forwarded-for"] = address;
  return address;
}
