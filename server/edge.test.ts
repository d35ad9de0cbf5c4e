import { describe, expect, it } from "vitest";
import { clientAddress, illFormedInput, isUuid, readBody } from "./edge";

describe("isUuid", () => {
  it("is the procedures' uuid check: 36 hyphens or 36 zeros are not ids", () => {
    expect(isUuid("3767e010-f774-43a3-b555-0123456789ab")).toBe(true);
    expect(isUuid("3767E010-F774-43A3-B555-0123456789AB")).toBe(true);
    for (const s of ["-".repeat(36), "0".repeat(36), "0-".repeat(18), "3767e010f77443a3b5550123456789abcdef", "3767e010-f774-43a3-b555-0123456789ag", "{3767e010-f774-43a3-b555-0123456789ab}", ""]) {
      expect(isUuid(s), s).toBe(false);
    }
  });
});

describe("illFormedInput", () => {
  it("refuses a lone surrogate, high or low, at the start, middle or end, in values and keys", () => {
    for (const lone of ["\ud800", "\udbff", "\udc00", "\udfff"]) {
      for (const s of [`${lone}ab`, `ab${lone}cd`, `abcd${lone}`, lone]) {
        expect(illFormedInput(s), JSON.stringify(s)).toMatch(/lone surrogate/);
        expect(illFormedInput({ a: [{ b: s }] })).toMatch(/lone surrogate/);
        expect(illFormedInput({ [s]: 1 })).toMatch(/lone surrogate/);
      }
    }
    // a reversed pair is two lone surrogates
    expect(illFormedInput("\udc00\ud800")).toMatch(/lone surrogate/);
  });

  it("accepts well-formed text, astral characters (surrogate pairs) included", () => {
    expect(illFormedInput({ name: "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🀄️👩‍👩‍👧‍👦 Ωμέγα √ × ÷", list: ["", " ", "\u202e"], n: 1, d: new Date(0), x: null })).toBeNull();
    expect(illFormedInput(undefined)).toBeNull();
  });

  it("refuses nesting deeper than the limit without overflowing the stack", () => {
    const nest = (depth: number) => {
      let v: unknown = 1;
      for (let i = 0; i < depth; i++) v = i % 2 ? { a: v } : [v];
      return v;
    };
    expect(illFormedInput(nest(32))).toBeNull();
    expect(illFormedInput(nest(33))).toMatch(/nested too deeply/);
    expect(illFormedInput(nest(1_000_000))).toMatch(/nested too deeply/);
  });
});

describe("readBody", () => {
  it("stops reading an endless body at the cap", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(c) {
        pulled += 16_384;
        c.enqueue(new Uint8Array(16_384).fill(0x61));
      },
    });
    const req = new Request("http://x/", { method: "POST", body: endless, duplex: "half" } as RequestInit);
    const r = await readBody(req, 100_000);
    expect(r).toMatchObject({ ok: false, status: 413 });
    expect(pulled).toBeLessThan(200_000);
  });

  it("refuses at once a body whose declared length is over the cap", async () => {
    const req = new Request("http://x/", { method: "POST", body: "a".repeat(10), headers: { "content-length": "999999999" } });
    expect(await readBody(req, 1000)).toMatchObject({ ok: false, status: 413 });
  });

  it("reads UTF-8 text and refuses bytes that are not UTF-8", async () => {
    expect(await readBody(new Request("http://x/", { method: "POST", body: "Ωμέγα 🀄" }), 1000)).toEqual({ ok: true, text: "Ωμέγα 🀄" });
    const bad = new Uint8Array([0x7b, 0xed, 0xa0, 0x80, 0x7d]); // an encoded surrogate is not UTF-8
    expect(await readBody(new Request("http://x/", { method: "POST", body: bad }), 1000)).toMatchObject({ ok: false, status: 400 });
  });
});

describe("clientAddress", () => {
  it("takes the last X-Forwarded-For entry: the one the nearest proxy (or next start) wrote", () => {
    const at = (xff?: string) => clientAddress(new Request("http://x/", { headers: xff === undefined ? {} : { "x-forwarded-for": xff } }));
    expect(at("203.0.113.7")).toBe("203.0.113.7");
    expect(at("1.1.1.1, 203.0.113.7")).toBe("203.0.113.7");
    expect(at("::1")).toBe("::1");
    expect(at()).toBe("unknown");
  });
});
