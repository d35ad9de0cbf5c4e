import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, newNonce } from "./csp";
import { requestIsHttps } from "./https";

describe("requestIsHttps", () => {
  const fwd = (proto: string) => new Headers({ "x-forwarded-proto": proto });
  it("believes X-Forwarded-Proto only with TRUST_PROXY", () => {
    expect(requestIsHttps(fwd("https"), "http://app.local/", {})).toBe(false);
    expect(requestIsHttps(fwd("https"), "http://app.local/", { TRUST_PROXY: "0" })).toBe(false);
    expect(requestIsHttps(fwd("https"), "http://app.local/", { TRUST_PROXY: "1" })).toBe(true);
    expect(requestIsHttps(fwd("https, http"), "http://app.local/", { TRUST_PROXY: "true" })).toBe(true);
    expect(requestIsHttps(fwd("http"), "http://app.local/", { TRUST_PROXY: "1" })).toBe(false);
    expect(requestIsHttps(new Headers(), "https://app.local/", {})).toBe(true);
  });
});

describe("contentSecurityPolicy", () => {
  it("allows scripts by nonce only, and upgrades requests only over HTTPS", () => {
    const nonce = newNonce();
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(newNonce()).not.toBe(nonce);
    const http = contentSecurityPolicy(nonce, { dev: false, https: false });
    expect(http).toContain(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic';`);
    expect(http).not.toContain("unsafe-eval");
    expect(http).not.toContain("upgrade-insecure-requests");
    expect(http).toContain("frame-ancestors 'none'");
    // the offline service worker (docs/offline.md): same origin only, named so 'strict-dynamic' does not block it
    expect(http).toContain("worker-src 'self';");
    expect(contentSecurityPolicy(nonce, { dev: true, https: true })).toMatch(/'unsafe-eval'.*upgrade-insecure-requests$/);
  });
});
