import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { migrationStatus, metricsResponse, readinessResponse } from "@/server/ops/endpoints";
import { metricsAccess } from "@/server/ops/metrics-access";
import { log } from "@/server/log";
import { describeDb } from "../helpers/db";
import { callerFor, seedUser } from "../helpers/seed";

const LOCAL = { authorization: null, peer: "127.0.0.1", forwarded: false };

/** The value of one sample line of the exposition text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split("\n")) {
    if (!line.startsWith(name)) continue;
    const m = /^([a-z_]+)(\{([^}]*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = (m[3] ?? "").split(",");
    if (want.every((w) => have.includes(w))) return Number(m[4]);
  }
  return undefined;
}

describeDb("operator endpoints", (db, driver) => {
  afterEach(() => vi.restoreAllMocks());

  it("/api/ready: 200 on a reachable, migrated database", async () => {
    const res = await readinessResponse(async () => db());
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; migrations: number };
    const journal = JSON.parse(readFileSync(path.join(process.cwd(), "drizzle/meta/_journal.json"), "utf8")) as { entries: unknown[] };
    expect(body).toEqual({ status: "ready", migrations: journal.entries.length });
  });

  it("/api/ready: 503 naming the migrations this build has and the database lacks", async () => {
    const journal = JSON.parse(readFileSync(path.join(process.cwd(), "drizzle/meta/_journal.json"), "utf8")) as { entries: { when: number; tag: string }[] };
    const last = Math.max(...journal.entries.map((e) => e.when));
    journal.entries.push({ ...journal.entries[0]!, idx: journal.entries.length, when: last + 1000, tag: "9999_from_the_future" } as never);
    const file = path.join(mkdtempSync(path.join(tmpdir(), "equalis-journal-")), "_journal.json");
    writeFileSync(file, JSON.stringify(journal));
    expect(await migrationStatus(db(), file)).toEqual({ ready: false, reason: "migrations pending", pending: ["9999_from_the_future"] });
  });

  it("/api/ready: 503 when the database cannot be reached, without the driver's message", async () => {
    vi.spyOn(log, "warn").mockImplementation(() => {});
    const res = await readinessResponse(async () => {
      throw new Error("connect ECONNREFUSED 10.0.0.5:5432 password=hunter2");
    });
    expect(res.status).toBe(503);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ status: "not ready", reason: "database unreachable" });
    expect(text).not.toContain("hunter2");
  });

  it("/api/metrics: procedure latency by procedure and outcome, moves, database gauges", async () => {
    const me = await seedUser(db());
    const api = callerFor(db(), me);
    const { matchId } = await api.matches.bot.challenge({ ruleset: "equate", challengeRule: "void" });
    const open = async () => ({ db: db(), driver });
    const before = await (await metricsResponse(LOCAL, open)).text();
    const v = await api.matches.get({ matchId });
    await api.matches.move({ matchId, expectedSeq: v.version, clientId: `metrics-pass-${matchId}`, action: { type: "pass" } });
    await expect(api.matches.get({ matchId: "00000000-0000-4000-8000-000000000000" })).rejects.toMatchObject({ code: "NOT_FOUND" });

    const res = await metricsResponse(LOCAL, open);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    const count = (t: string, labels: Record<string, string>) => sample(t, "equalis_procedure_duration_seconds_count", labels) ?? 0;
    expect(count(text, { procedure: "matches.move", type: "mutation", outcome: "ok" }) - count(before, { procedure: "matches.move", type: "mutation", outcome: "ok" })).toBe(1);
    expect(count(text, { procedure: "matches.get", outcome: "NOT_FOUND" })).toBeGreaterThanOrEqual(1);
    const moves = (t: string) => sample(t, "equalis_moves_total", { procedure: "matches.move" }) ?? 0;
    expect(moves(text) - moves(before)).toBe(1);
    expect(sample(text, "equalis_db_up")).toBe(1);
    expect(Math.abs(sample(text, "equalis_db_clock_drift_seconds")!)).toBeLessThan(1); // one machine, one clock
    expect(sample(text, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
    if (driver === "postgres") expect(sample(text, "equalis_db_connections", { state: "active" })).toBeGreaterThanOrEqual(1);
  });

  it("/api/metrics: an open live stream counts while it is open", async () => {
    const me = await seedUser(db());
    const api = callerFor(db(), me);
    const { matchId } = await api.matches.bot.challenge({ ruleset: "equate", challengeRule: "void" });
    const open = async () => ({ db: db(), driver });
    const streams = async () => sample(await (await metricsResponse(LOCAL, open)).text(), "equalis_sse_streams_open", { procedure: "matches.live" }) ?? 0;
    const base = await streams();
    const live = (await api.matches.live({ matchId })) as AsyncIterable<unknown>;
    const it = live[Symbol.asyncIterator]();
    await it.next(); // the first view arrives: the stream is open
    expect(await streams()).toBe(base + 1);
    await it.return?.(); // the page goes away
    expect(await streams()).toBe(base);
  });

  it("/api/metrics: 403 when reached from elsewhere or through a proxy without a token", async () => {
    for (const who of [{ ...LOCAL, peer: "203.0.113.9" }, { ...LOCAL, forwarded: true }, { ...LOCAL, peer: null }]) {
      const res = await metricsResponse(who, async () => ({ db: db(), driver }));
      expect(res.status).toBe(403);
      expect(await res.text()).not.toContain("equalis_");
    }
  });
});

describe("metrics access with METRICS_TOKEN", () => {
  it("takes the right bearer token from anywhere and nothing else, not even loopback", () => {
    const token = "m3trics-t0ken-long-enough";
    expect(metricsAccess({ authorization: `Bearer ${token}`, peer: "203.0.113.9", forwarded: true }, token)).toEqual({ ok: true });
    expect(metricsAccess({ authorization: "Bearer wrong", peer: "203.0.113.9", forwarded: false }, token)).toMatchObject({ ok: false, status: 401 });
    expect(metricsAccess({ authorization: null, peer: "127.0.0.1", forwarded: false }, token)).toMatchObject({ ok: false, status: 401 });
    expect(metricsAccess({ authorization: `Basic ${token}`, peer: "::1", forwarded: false }, token)).toMatchObject({ ok: false, status: 401 });
    expect(metricsAccess({ authorization: null, peer: "::1", forwarded: false }, "")).toEqual({ ok: true });
    expect(metricsAccess({ authorization: null, peer: "::ffff:127.0.0.1", forwarded: false }, undefined)).toEqual({ ok: true });
  });
});
