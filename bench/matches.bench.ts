/**
 * Move-submission benchmark (docs/matches.md, "Benchmark"): latency of `submitMove` — the service itself,
 * called directly (no HTTP, no tRPC, no Next.js), so the figures are the write path only: one
 * read (row, duplicate key, snapshot), state (cache, snapshot or replay), engine, one write
 * statement (row lock, INSERT events, UPDATE match, pg_notify). One move at a time, with the
 * statements counted: `npm run bench -- moves`.
 *
 * Against the real PostgreSQL: a scratch database on BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test; that database is only used to create and drop the
 * scratch one). For N = 100 and 500 concurrent 2-player timed Equate matches (players alternate
 * one-tile exchanges, so games never end):
 *  - paced: every match moves on average every N/50 s (≈ 50 moves/s in all, the target load);
 *  - saturated: every match submits its next move as soon as the previous one returns (closed
 *    loop) — the throughput ceiling with the pool (DATABASE_POOL_MAX, default 10).
 * Target: p99 < 25 ms at 500 matches (paced). BENCH_MATCHES_SECONDS sets each phase's length.
 */
import { randomBytes, randomUUID } from "node:crypto";
import postgres from "postgres";
import { openDatabase, type Db } from "@/db/client";
import { users } from "@/db/schema/users";
import { acceptChallenge, createChallenge } from "@/server/services/matches/lifecycle";
import { submitMove } from "@/server/services/matches/moves";
import { cacheGet } from "@/server/services/matches/state";
import { getMatchView } from "@/server/services/matches/views";

const SECONDS = Number(process.env.BENCH_MATCHES_SECONDS ?? 10);

interface Game {
  id: string;
  players: string[];
  version: number;
}

const pct = (xs: number[], p: number) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

async function setup(db: Db, n: number): Promise<Game[]> {
  const rows = await db
    .insert(users)
    .values(Array.from({ length: 2 * n }, (_, i) => ({ email: `bench-${i}-${randomBytes(3).toString("hex")}@example.test`, name: `Bench ${i}`, passwordHash: "x" })))
    .returning({ id: users.id });
  const games: Game[] = [];
  for (let i = 0; i < n; i++) {
    const [a, b] = [rows[2 * i]!.id, rows[2 * i + 1]!.id];
    const m = await createChallenge(db, a, {
      ruleset: "equate",
      rulesetOptions: {},
      challengeRule: "single",
      timeControl: { initialMs: 3_600_000, incrementMs: 0, perMoveLimitMs: null, overtimePenaltyPoints: 10, maxOvertimeMs: 600_000, leastTimeBonusPoints: 0 },
      rated: false,
      seats: 2,
      invite: [b],
      firstMover: "creator",
    });
    await acceptChallenge(db, { matchId: m.id, userId: b });
    games.push({ id: m.id, players: [a, b], version: 1 });
  }
  return games;
}

/** One move of a game: the player on move exchanges their first tile. */
async function oneMove(db: Db, g: Game): Promise<number> {
  let state = cacheGet(g.id, g.version)?.state;
  if (!state) {
    const v = await getMatchView(db, g.id, null);
    g.version = v.version;
    state = cacheGet(g.id, g.version)!.state;
  }
  const seat = state.turn;
  const tile = state.racks[seat]![0]!;
  const t0 = performance.now();
  const out = await submitMove(db, { matchId: g.id, userId: g.players[seat]!, expectedSeq: g.version, clientId: randomUUID(), action: { type: "exchange", tiles: [tile] } });
  const ms = performance.now() - t0;
  g.version = out.version;
  return ms;
}

async function phase(db: Db, games: Game[], mode: "paced" | "saturated"): Promise<void> {
  const lat: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  const meanGapMs = (games.length / 50) * 1000; // ≈ 50 moves/s in all
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    games.map(async (g) => {
      if (mode === "paced") await new Promise((r) => setTimeout(r, Math.random() * meanGapMs));
      while (performance.now() < end) {
        lat.push(await oneMove(db, g));
        if (mode === "paced") await new Promise((r) => setTimeout(r, meanGapMs * (0.5 + Math.random())));
      }
    }),
  );
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuPerMove = (cpu.user + cpu.system) / 1000 / lat.length;
  console.log(
    `${String(games.length).padStart(4)} matches ${mode.padEnd(9)} moves ${String(lat.length).padStart(6)}  ${(lat.length / wall).toFixed(0).padStart(5)} moves/s  ` +
      `p50 ${pct(lat, 50).toFixed(2)} ms  p99 ${pct(lat, 99).toFixed(2)} ms  max ${Math.max(...lat).toFixed(1)} ms  node CPU ${cpuPerMove.toFixed(2)} ms/move`,
  );
}

export default async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const name = `equalis_bench_matches_${randomBytes(4).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  try {
    console.log(`submitMove called directly (service layer, no HTTP), PostgreSQL ${url.host}, pool ${process.env.DATABASE_POOL_MAX ?? 10}, ${SECONDS} s per phase`);
    const all = await setup(handle.db, 500);
    for (const n of [100, 500]) {
      const games = all.slice(0, n);
      await phase(handle.db, games, "paced");
      await phase(handle.db, games, "saturated");
    }
  } finally {
    await handle.close();
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
