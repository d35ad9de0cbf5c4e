/**
 * `npm run bench -- bus`: the live bus across 4 app instances on one PostgreSQL database, on NOTIFY
 * (the default) and on NATS (BENCH_LIVE_BUS_URL, default nats://127.0.0.1:4222; skipped if none
 * answers). Each instance is its own process (bench/load/bus-instance.ts: the services' move path,
 * no HTTP), plays exchanges on its own 32 games with 4 closed loops, watches the games of the next
 * instance, and publishes a probe notice every 20 ms that the next instance times. Runs alternate
 * between the buses (BENCH_BUS_RUNS rounds, default 3); figures are medians over the runs.
 * Prints moves/s (all 4 together), app CPU per move, and fan-out delay two ways: a probe notice
 * (publish call on one instance → receipt on another; on NOTIFY the publish is a `select
 * pg_notify` that waits for a pooled connection and a round trip) and a move (its `submitMove`
 * answered on one instance → its notice heard on another).
 * Scratch database on BENCH_DATABASE_URL (bench/scratch-db.ts).
 */
import net from "node:net";
import path from "node:path";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { users } from "@/db/schema/users";
import type { Db } from "@/db/client";
import { acceptChallenge, createChallenge } from "@/server/services/matches/lifecycle";
import { openScratchDatabase } from "./scratch-db";

const INSTANCES = 4;
const GAMES_PER = 32;
const RUNS = Number(process.env.BENCH_BUS_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_BUS_SECONDS ?? 8);
const NATS = process.env.BENCH_LIVE_BUS_URL ?? "nats://127.0.0.1:4222";

interface Game {
  id: string;
  players: string[];
  version: number;
}
interface Result {
  instance: number;
  moves: number;
  seconds: number;
  cpuMs: number;
  sent: [number, number][];
  recv: [number, number][];
  matchNotices: number;
  committed: [string, number, number][];
  heard: [string, number, number][];
}

const median = (xs: number[]) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const pct = (xs: number[], p: number) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

async function seed(db: Db, n: number): Promise<Game[]> {
  const rows = await db
    .insert(users)
    .values(Array.from({ length: 2 * n }, (_, i) => ({ email: `bench-bus-${i}-${randomBytes(3).toString("hex")}@example.test`, name: `Bus ${i}`, passwordHash: "x" })))
    .returning({ id: users.id });
  const tc = { initialMs: 360_000_000, incrementMs: 0, perMoveLimitMs: null, overtimePenaltyPoints: 10, maxOvertimeMs: 600_000, leastTimeBonusPoints: 0 };
  const games: Game[] = [];
  for (let i = 0; i < n; i++) {
    const [a, b] = [rows[2 * i]!.id, rows[2 * i + 1]!.id];
    const m = await createChallenge(db, a, { ruleset: "equate", rulesetOptions: {}, challengeRule: "single", timeControl: tc, rated: false, seats: 2, invite: [b], firstMover: "creator" });
    await acceptChallenge(db, { matchId: m.id, userId: b });
    games.push({ id: m.id, players: [a, b], version: 1 });
  }
  return games;
}

function reachable(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect(Number(u.port || 4222), u.hostname);
    s.setTimeout(1000, () => (s.destroy(), resolve(false)));
    s.on("connect", () => (s.end(), resolve(true))).on("error", () => resolve(false));
  });
}

/** One run: 4 instance processes started, all told "go" together once all are ready. */
async function run(dbUrl: string, busUrl: string | undefined, games: Game[]): Promise<Result[]> {
  const tsx = path.resolve("node_modules/.bin/tsx");
  const slice = (i: number) => games.slice(i * GAMES_PER, (i + 1) * GAMES_PER);
  const procs = Array.from({ length: INSTANCES }, (_, i) => {
    const next = (i + 1) % INSTANCES;
    const prev = (i + INSTANCES - 1) % INSTANCES;
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: dbUrl, BUS_INSTANCE: String(i), BUS_WATCH_INSTANCE: String(prev), BUS_SECONDS: String(SECONDS), BUS_GAMES: JSON.stringify(slice(i)), BUS_WATCH: JSON.stringify(slice(next).map((g) => g.id)) };
    delete env.LIVE_BUS_URL;
    if (busUrl) env.LIVE_BUS_URL = busUrl;
    return spawn(tsx, ["bench/load/bus-instance.ts"], { env, stdio: ["pipe", "pipe", "inherit"] });
  });
  const lines = procs.map((p) => {
    const got: string[] = [];
    let buf = "";
    const waiters: (() => void)[] = [];
    p.stdout!.on("data", (d: Buffer) => {
      buf += d.toString();
      let k: number;
      while ((k = buf.indexOf("\n")) >= 0) {
        got.push(buf.slice(0, k));
        buf = buf.slice(k + 1);
        waiters.splice(0).forEach((w) => w());
      }
    });
    const exited = new Promise<void>((resolve) => p.on("exit", () => (waiters.splice(0).forEach((w) => w()), resolve())));
    const line = async (pred: (l: string) => boolean): Promise<string> => {
      for (;;) {
        const hit = got.find(pred);
        if (hit) return hit;
        if (p.exitCode !== null) throw new Error(`bus instance exited (${p.exitCode})`);
        await Promise.race([new Promise<void>((r) => waiters.push(r)), exited]);
      }
    };
    return line;
  });
  await Promise.all(lines.map((line) => line((l) => l === "ready")));
  for (const p of procs) p.stdin!.write("go\n");
  const out = await Promise.all(lines.map((line) => line((l) => l.startsWith("{"))));
  return out.map((l) => JSON.parse(l) as Result);
}

function summarise(results: Result[]) {
  const moves = results.reduce((s, r) => s + r.moves, 0) / SECONDS;
  const cpuPerMove = results.reduce((s, r) => s + r.cpuMs, 0) / results.reduce((s, r) => s + r.moves, 0);
  const delays: number[] = [];
  let lost = 0;
  for (const r of results) {
    const from = results.find((x) => x.instance === (r.instance + INSTANCES - 1) % INSTANCES)!;
    const sentAt = new Map(from.sent);
    const got = new Map(r.recv.filter(([v]) => v > 0));
    for (const [seq, t0] of sentAt) {
      const t = got.get(seq);
      if (t === undefined) lost++;
      else delays.push(t - t0);
    }
  }
  // a move's notice: heard on the watching instance − when the mover's submitMove answered (on
  // NOTIFY it can be negative: PostgreSQL delivers at commit, before the mover's answer is back)
  const answered = new Map(results.flatMap((r) => r.committed.map(([id, v, t]) => [`${id}:${v}`, t] as const)));
  const moveDelays = results.flatMap((r) => r.heard.map(([id, v, t]) => t - (answered.get(`${id}:${v}`) ?? NaN))).filter((d) => !Number.isNaN(d));
  return { moves, cpuPerMove, p50: pct(delays, 50), p99: pct(delays, 99), lost, probes: delays.length + lost, moveP50: pct(moveDelays, 50), moveP99: pct(moveDelays, 99) };
}

export default async function main() {
  const scratch = await openScratchDatabase("bus bench");
  if (!scratch) return;
  try {
    const games = await seed(scratch.db, INSTANCES * GAMES_PER);
    const buses: [string, string | undefined][] = [["NOTIFY", undefined]];
    if (await reachable(NATS)) buses.push(["NATS", NATS]);
    else console.log(`NATS part skipped: nothing answers at ${NATS}`);
    const by = new Map<string, ReturnType<typeof summarise>[]>(buses.map(([k]) => [k, []]));
    for (let r = 0; r < RUNS; r++) {
      for (const [kind, url] of r % 2 ? buses.slice().reverse() : buses) {
        const s = summarise(await run(scratch.url, url, games));
        by.get(kind)!.push(s);
        console.log(`run ${r + 1} ${kind.padEnd(6)} ${s.moves.toFixed(0)} moves/s, ${s.cpuPerMove.toFixed(2)} ms app CPU/move, probe fan-out p50 ${s.p50.toFixed(2)} ms p99 ${s.p99.toFixed(2)} ms (${s.lost}/${s.probes} lost), move answered → heard elsewhere p50 ${s.moveP50.toFixed(2)} ms p99 ${s.moveP99.toFixed(2)} ms`);
      }
    }
    console.log(`\n${INSTANCES} instances, ${GAMES_PER} games and 4 movers each, ${SECONDS} s per run; medians of ${RUNS} runs:`);
    for (const [kind, runs] of by) {
      const m = (f: (s: ReturnType<typeof summarise>) => number) => median(runs.map(f));
      console.log(`  ${kind.padEnd(6)} ${m((s) => s.moves).toFixed(0)} moves/s  ${m((s) => s.cpuPerMove).toFixed(2)} ms CPU/move  probe fan-out p50 ${m((s) => s.p50).toFixed(2)} ms  p99 ${m((s) => s.p99).toFixed(2)} ms  move answered → heard p50 ${m((s) => s.moveP50).toFixed(2)} ms  p99 ${m((s) => s.moveP99).toFixed(2)} ms`);
    }
  } finally {
    await scratch.close();
  }
}
