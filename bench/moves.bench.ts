/**
 * The move write path, one move at a time (docs/matches.md, "The write path"): server CPU per
 * move (`process.cpuUsage`), wall time and database statements per move (`statementsSent`, each
 * one a round trip on PostgreSQL), for a warm state cache and for a cold one (every move lands on
 * an instance that has not seen the last: `clearStateCache` before each), the bot lookup the `move`
 * procedure triggers after the answer included. Beside it, measured in the same run: a bare
 * postgres.js transaction doing what a move does in SQL (BEGIN, SELECT … FOR UPDATE, INSERT,
 * UPDATE, pg_notify, COMMIT) with none of our code — the reference the ratio is taken against.
 *
 * Medians of BENCH_MOVES_RUNS (default 5) runs of BENCH_MOVES_N (default 200) moves each, on a
 * scratch database on BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 * `npm run bench -- moves`.
 */
import { randomBytes, randomUUID } from "node:crypto";
import postgres from "postgres";
import * as client from "@/db/client";
import { users } from "@/db/schema/users";
import { answerCommittedMove } from "@/server/services/bot/turns";
import { acceptChallenge, createChallenge } from "@/server/services/matches/lifecycle";
import { submitMove } from "@/server/services/matches/moves";
import { cacheGet, clearStateCache, loadFolded } from "@/server/services/matches/state";

const RUNS = Number(process.env.BENCH_MOVES_RUNS ?? 5);
const N = Number(process.env.BENCH_MOVES_N ?? 200);
const MATCHES = 20;

const median = (xs: number[]) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const cpuMs = (c: NodeJS.CpuUsage) => (c.user + c.system) / 1000;
// counting statements arrived with this benchmark; an older db/client has no counter
const statements = (db: client.Db): number => ("statementsSent" in client ? (client as { statementsSent: (db: client.Db) => number }).statementsSent(db) : NaN);

interface Game {
  id: string;
  players: string[];
  version: number;
}

async function setup(db: client.Db): Promise<Game[]> {
  const rows = await db
    .insert(users)
    .values(Array.from({ length: 2 * MATCHES }, (_, i) => ({ email: `bench-moves-${i}-${randomBytes(3).toString("hex")}@example.test`, name: `Bench ${i}`, passwordHash: "x" })))
    .returning({ id: users.id });
  const games: Game[] = [];
  for (let i = 0; i < MATCHES; i++) {
    const [a, b] = [rows[2 * i]!.id, rows[2 * i + 1]!.id];
    const tc = { initialMs: 36_000_000, incrementMs: 0, perMoveLimitMs: null, overtimePenaltyPoints: 10, maxOvertimeMs: 600_000, leastTimeBonusPoints: 0 };
    const m = await createChallenge(db, a, { ruleset: "equate", rulesetOptions: {}, challengeRule: "single", timeControl: tc, rated: false, seats: 2, invite: [b], firstMover: "creator" });
    await acceptChallenge(db, { matchId: m.id, userId: b });
    games.push({ id: m.id, players: [a, b], version: 1 });
  }
  return games;
}

/** One run: N exchanges, one at a time, round robin over the games. */
async function run(db: client.Db, games: Game[], cold: boolean) {
  let cpu = 0;
  let wall = 0;
  let sent = 0;
  for (let i = 0; i < N; i++) {
    const g = games[i % games.length]!;
    const f = cacheGet(g.id, g.version) ?? (await loadFolded(db, g.id, g.version))!;
    const seat = f.state.turn;
    const input = { matchId: g.id, userId: g.players[seat]!, expectedSeq: g.version, clientId: randomUUID(), action: { type: "exchange" as const, tiles: [f.state.racks[seat]![0]!] } };
    if (cold) clearStateCache();
    const s0 = statements(db);
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const out = await submitMove(db, input);
    // what the `move` procedure announces after the answer: the bot subscriber's check
    await answerCommittedMove(db, { matchId: g.id, clientId: input.clientId, status: out.status, ...("botId" in out ? { botId: out.botId } : {}) });
    wall += performance.now() - t0;
    cpu += cpuMs(process.cpuUsage(c0));
    sent += statements(db) - s0;
    g.version = out.version;
  }
  return { cpu: cpu / N, wall: wall / N, statements: sent / N };
}

/** The reference: the same SQL a move needs, by hand on postgres.js, nothing else. */
async function bare(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  await sql`create table if not exists bench_bare (id int primary key, version int not null)`;
  await sql`create table if not exists bench_bare_events (id int, seq int, payload jsonb, primary key (id, seq))`;
  await sql`insert into bench_bare values (1, 0) on conflict do nothing`;
  const one = async () => {
    await sql.begin(async (tx) => {
      const [row] = await tx`select version from bench_bare where id = 1 for update`;
      const v = (row!.version as number) + 1;
      await tx`insert into bench_bare_events values (1, ${v}, ${tx.json({ type: "exchange", at: Date.now(), tiles: ["3"] })})`;
      await tx`update bench_bare set version = ${v} where id = 1`;
      await tx`select pg_notify('bench_bare', ${String(v)})`;
    });
  };
  for (let i = 0; i < 50; i++) await one(); // warm: prepared statements
  const cpus: number[] = [];
  const walls: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < N; i++) await one();
    walls.push((performance.now() - t0) / N);
    cpus.push(cpuMs(process.cpuUsage(c0)) / N);
  }
  await sql.end();
  return { cpu: median(cpus), wall: median(walls) };
}

export default async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const name = `equalis_bench_moves_${randomBytes(4).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await client.openDatabase({ url: url.toString() });
  try {
    const games = await setup(handle.db);
    await run(handle.db, games, false); // warm up: JIT, prepared statements on the pool's connections
    console.log(`submitMove + the bot check after it, one move at a time, PostgreSQL ${url.host}; medians of ${RUNS} runs × ${N} moves`);
    const ref = await bare(url.toString());
    for (const cold of [false, true]) {
      const rs = [];
      for (let r = 0; r < RUNS; r++) rs.push(await run(handle.db, games, cold));
      const cpu = median(rs.map((r) => r.cpu));
      console.log(
        `${cold ? "cold cache" : "warm cache"}  CPU ${cpu.toFixed(3)} ms/move  wall ${median(rs.map((r) => r.wall)).toFixed(3)} ms/move  ` +
          `statements ${median(rs.map((r) => r.statements)).toFixed(2)}/move  (${(cpu / ref.cpu).toFixed(2)}× the bare transaction)`,
      );
    }
    console.log(`bare postgres.js transaction (6 statements)  CPU ${ref.cpu.toFixed(3)} ms  wall ${ref.wall.toFixed(3)} ms`);
  } finally {
    await handle.close();
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
