/**
 * The edge over HTTP (hardening issue #12): the tRPC handler (`server/trpc-http.ts`, what
 * `app/api/trpc` serves) and `POST /api/adjudicate` refuse work out of proportion before doing it —
 * batches past `LIMITS.trpcBatchSize`, bodies past their byte cap (counted as they stream),
 * NDJSON bodies past `LIMITS.adjudicateLines` — and rate-limit the engine per client with a 429
 * and `Retry-After`. Each test uses addresses of its own: the buckets live in the process.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, expect, it, vi } from "vitest";
import { POST as adjudicateRoute } from "@/app/api/adjudicate/route";
import { ENGINE_ALLOWANCE, LIMITS } from "@/server/limits";
import { trpcHttpHandler } from "@/server/trpc-http";
import type { SessionUser } from "@/server/trpc";
import { describeDb } from "../helpers/db";
import { seedUser } from "../helpers/seed";

const row = (r: number, c: number, s: string) => [...s].map((tile, i) => ({ row: r, col: c + i, tile }));
const REQUEST = { ruleset: "equate", board: row(9, 9, "1+1=2"), play: row(10, 9, "3=3"), rack: ["3", "=", "3", "?"] };
const LINE = JSON.stringify(REQUEST);

const newAddress = () => `198.51.100.${Math.floor(Math.random() * 250)}-${randomUUID().slice(0, 8)}`;

/** A body that never ends, and how much of it was pulled. */
function endless() {
  const seen = { bytes: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(c) {
      seen.bytes += 65_536;
      c.enqueue(new TextEncoder().encode(`${LINE}\n`.repeat(Math.ceil(65_536 / (LINE.length + 1)))).slice(0, 65_536));
    },
  });
  return { stream, seen };
}

function adjudicate(body: BodyInit, address = newAddress()) {
  return adjudicateRoute(new Request("http://localhost/api/adjudicate", { method: "POST", body, headers: { "x-forwarded-for": address }, duplex: "half" } as RequestInit));
}

describeDb("edge over HTTP", (db) => {
  let user: SessionUser;
  beforeAll(async () => {
    user = await seedUser(db());
  });
  const trpc = (asUser: SessionUser | null = null) => trpcHttpHandler(async () => ({ db: db(), user: asUser }));
  /** A tRPC batch of `n` explain calls from `address`. */
  const explainBatch = (n: number, address: string, asUser: SessionUser | null = null) =>
    trpc(asUser)(
      new Request(`http://localhost/api/trpc/${Array(n).fill("adjudication.explain").join(",")}?batch=1`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": address },
        body: JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [i, { json: REQUEST }]))),
      }),
    );

  it(`a tRPC batch of more than ${LIMITS.trpcBatchSize} operations is refused with 400 before any runs`, async () => {
    const ok = await explainBatch(LIMITS.trpcBatchSize, newAddress());
    expect(ok.status).toBe(200);
    expect(await ok.json()).toHaveLength(LIMITS.trpcBatchSize);
    for (const n of [LIMITS.trpcBatchSize + 1, 40, 300]) {
      const res = await explainBatch(n, newAddress());
      expect(res.status).toBe(400);
      expect(await res.text()).toMatch(/Batch call exceeds maximum size/);
    }
  });

  it(`a tRPC body over ${LIMITS.trpcBodyBytes} bytes is refused with 413, read no further than the cap`, async () => {
    const big = JSON.stringify({ json: { ...REQUEST, pad: "x".repeat(LIMITS.trpcBodyBytes) } });
    const res = await trpc()(new Request("http://localhost/api/trpc/adjudication.explain", { method: "POST", headers: { "content-type": "application/json" }, body: big }));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { json: { message: expect.stringMatching(/too large/), data: { code: "PAYLOAD_TOO_LARGE" } } } });

    const { stream, seen } = endless();
    const init = { method: "POST", headers: { "content-type": "application/json" }, body: stream, duplex: "half" } as RequestInit;
    const res2 = await trpc()(new Request("http://localhost/api/trpc/adjudication.explain", init));
    expect(res2.status).toBe(413);
    expect(seen.bytes).toBeLessThanOrEqual(LIMITS.trpcBodyBytes + 3 * 65_536);
  });

  it("anonymous adjudication over tRPC is rate-limited per address: 429 with Retry-After; others and signed-in users are not held up", async () => {
    const address = newAddress();
    const batches = ENGINE_ALLOWANCE.anonymous.burst / LIMITS.trpcBatchSize;
    // The bucket refills with time; on a busy machine the burst can take long enough to earn a
    // token back. The clock stands still while the burst is spent, so the refusal cannot depend on
    // how fast the machine is.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    let refused: Response;
    try {
      for (let i = 0; i < batches; i++) expect((await explainBatch(LIMITS.trpcBatchSize, address)).status).toBe(200);
      refused = await explainBatch(1, address);
    } finally {
      vi.useRealTimers();
    }
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toMatchObject([{ error: { json: { message: expect.stringMatching(/try again in \d+ s/), data: { code: "TOO_MANY_REQUESTS" } } } }]);
    // another address, and a signed-in user behind the same address, have allowances of their own
    expect((await explainBatch(1, newAddress())).status).toBe(200);
    expect((await explainBatch(LIMITS.trpcBatchSize, address, user)).status).toBe(200);
  });

  it(`POST /api/adjudicate: at most ${LIMITS.adjudicateLines} NDJSON requests and ${LIMITS.adjudicateBodyBytes} bytes a body (413); the issue's 1 MB body is refused unread`, async () => {
    const ok = await adjudicate(`${LINE}\n`.repeat(LIMITS.adjudicateLines));
    expect(ok.status).toBe(200);
    expect((await ok.text()).trim().split("\n")).toHaveLength(LIMITS.adjudicateLines);

    const tooMany = await adjudicate(`${LINE}\n`.repeat(LIMITS.adjudicateLines + 1));
    expect(tooMany.status).toBe(413);
    expect(await tooMany.json()).toEqual({ error: `too many requests in one body: at most ${LIMITS.adjudicateLines} lines` });

    const megabyte = `${LINE}\n`.repeat(Math.ceil(1_048_576 / (LINE.length + 1)));
    const t0 = performance.now();
    const big = await adjudicate(megabyte);
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ error: expect.stringMatching(/too large/) });
    expect(performance.now() - t0).toBeLessThan(1_000);

    const { stream, seen } = endless();
    expect((await adjudicate(stream)).status).toBe(413);
    expect(seen.bytes).toBeLessThanOrEqual(LIMITS.adjudicateBodyBytes + 3 * 65_536);
  });

  it("POST /api/adjudicate takes one token a request before the engine runs: 429 with Retry-After, nothing ruled", async () => {
    const address = newAddress();
    expect((await adjudicate(`${LINE}\n`.repeat(LIMITS.adjudicateLines), address)).status).toBe(200);
    const rest = ENGINE_ALLOWANCE.anonymous.burst - LIMITS.adjudicateLines;
    const refused = await adjudicate(`${LINE}\n`.repeat(rest + 1), address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toEqual({ error: expect.stringMatching(/Too many adjudication requests/) });
    // the refused body took nothing: the rest of the allowance is still there
    expect((await adjudicate(`${LINE}\n`.repeat(rest), address)).status).toBe(200);
    expect((await adjudicate(LINE, newAddress())).status).toBe(200);
  });

  it("POST /api/adjudicate refuses ill-formed text and absurd nesting with 400 and a sentence", async () => {
    const lone = await adjudicate(JSON.stringify({ ...REQUEST, rack: ["3", "ab\ud800cd"] }));
    expect(lone.status).toBe(400);
    expect(await lone.json()).toEqual({ error: expect.stringMatching(/lone surrogate/) });
    const inLine = await adjudicate(`${LINE}\n${JSON.stringify({ ...REQUEST, play: [{ row: 10, col: 9, tile: "\udc00" }] })}\n`);
    expect(await inLine.json()).toEqual({ error: expect.stringMatching(/^line 2: .*lone surrogate/) });
    const deep = await adjudicate(`{"ruleset":"equate","board":[],"play":${"[".repeat(100_000)}${"]".repeat(100_000)}}`);
    expect(deep.status).toBe(400);
    expect(await deep.json()).toEqual({ error: expect.stringMatching(/nested too deeply/) });
  });
});
