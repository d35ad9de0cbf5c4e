import { describe, expect, it } from "vitest";
import { clientAddressFrom, parseProxyTrust, peerIsTrusted, TRUST_NONE } from "./client-address";

describe("the client's address", () => {
  it("reads TRUST_PROXY: nothing trusted by default, a hop count, or a list of proxies", () => {
    for (const v of [undefined, "", "0", "false", "no"]) expect(parseProxyTrust(v)).toEqual(TRUST_NONE);
    expect(parseProxyTrust("1")).toEqual({ hops: 1 });
    expect(parseProxyTrust("true")).toEqual({ hops: 1 });
    expect(parseProxyTrust("2")).toEqual({ hops: 2 });
    expect(parseProxyTrust(" 10.0.0.1, ::FFFF:10.0.0.2 ,")).toEqual({ addresses: new Set(["10.0.0.1", "10.0.0.2"]) });
  });

  it("trusts no X-Forwarded-For by default: the socket's address is the client's", () => {
    expect(clientAddressFrom("::ffff:127.0.0.1", "203.0.113.9", TRUST_NONE)).toBe("127.0.0.1");
    expect(clientAddressFrom(undefined, undefined, TRUST_NONE)).toBe("unknown");
    expect(peerIsTrusted("127.0.0.1", TRUST_NONE)).toBe(false);
  });

  it("walks back the configured number of hops; a shorter chain gives its furthest entry", () => {
    expect(clientAddressFrom("10.0.0.1", "spoofed, 203.0.113.9", { hops: 1 })).toBe("203.0.113.9");
    expect(clientAddressFrom("10.0.0.1", ["spoofed, 203.0.113.9", "10.0.0.2"], { hops: 2 })).toBe("203.0.113.9");
    expect(clientAddressFrom("10.0.0.1", undefined, { hops: 1 })).toBe("10.0.0.1");
    expect(clientAddressFrom("10.0.0.1", "203.0.113.9", { hops: 3 })).toBe("203.0.113.9");
  });

  it("with a list, skips the listed proxies only, and believes nothing from a peer not on it", () => {
    const trust = parseProxyTrust("10.0.0.1,10.0.0.2");
    expect(clientAddressFrom("10.0.0.1", "spoofed, 203.0.113.9, 10.0.0.2", trust)).toBe("203.0.113.9");
    expect(clientAddressFrom("198.51.100.4", "203.0.113.9", trust)).toBe("198.51.100.4");
    expect(peerIsTrusted("::ffff:10.0.0.2", trust)).toBe(true);
    expect(peerIsTrusted("10.0.0.3", trust)).toBe(false);
  });
});
