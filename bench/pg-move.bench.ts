/**
 * `npm run bench -- pg-move` — PostgreSQL's own CPU per move (issue 30), in isolation: real games
 * (the bot's moves, played out before the clock starts) submitted one at a time through the move
 * path (`submitMove`) on a scratch database, and for every move the CPU its PostgreSQL backends
 * spent (/proc/<pid>/task/*\/schedstat of every backend of the scratch database, read before and
 * after the move; the reading connection's own backend is not counted).
 *
 * Each round plays BENCH_PG_MOVES moves under each variant in turn (alternating, so the machine's
 * load changes them alike); a variant is a storage setting of the snapshot column applied with
 * ALTER TABLE between batches (it applies to every row written after it). Reported per variant:
 * the median over the rounds of the mean CPU per move, apart for moves that write a snapshot
 * (every SNAPSHOT_EVERY events) and those that do not, the snapshot's stored and raw size, and the
 * move path's read statement alone (`readForMove`). BENCH_PG_RUNS rounds (default 5),
 * BENCH_PG_VARIANTS (default `pglz,lz4,external`; lz4 is skipped when the server lacks it).
 * With BENCH_PG_WALDUMP (the path of pg_waldump, run as a user who can read pg_wal), also the WAL
 * the scratch database wrote per move, by record kind and relation (bench/pg-wal.ts).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { statementsSent, type Db } from "@/db/client";
import { users } from "@/db/schema/users";
import type { GameEvent } from "@/engine";
import { acceptChallenge, createChallenge } from "@/server/services/matches/lifecycle";
import { submitMove } from "@/server/services/matches/moves";
import { readForMove } from "@/server/services/matches/reads";
import { snapshotDue } from "@/server/services/matches/snapshots";
import { cpuMsOf } from "./load/cpu";
import { precompute, precomputeAll, type Action } from "./load/games";
import { emptyTally, relationNames, tallyWal, walPosition, type WalTally } from "./pg-wal";
import { openScratchDatabase } from "./scratch-db";

const RUNS = Number(process.env.BENCH_PG_RUNS ?? 5);
const MOVES = Number(process.env.BENCH_PG_MOVES ?? 60);
// 12 games, 60 moves a batch: 5 moves a game, prime to SNAPSHOT_EVERY (8), so every variant's
// batches take their share of snapshot moves (with 4 a game, two variants alternating would
// split into one that always crosses a snapshot and one that never does)
const GAMES = 12;

/** A variant: DDL run on the scratch database, or a setting of the app's session (the bench runs
 * the app's pool with one connection, DATABASE_POOL_MAX=1, so a SET reaches every move). */
const VARIANTS: Record<string, { ddl?: string; session?: string }> = {
  pglz: { ddl: `alter table match_snapshots alter column state set storage extended, alter column state set compression pglz` },
  lz4: { ddl: `alter table match_snapshots alter column state set storage extended, alter column state set compression lz4` },
  external: { ddl: `alter table match_snapshots alter column state set storage external` },
  // migration 0031 undone / applied (the scratch database is migrated: "m0031" is today's schema)
  pre0031: {
    ddl: `alter table match_events add constraint match_events_actor_id_users_id_fk foreign key (actor_id) references users(id) on delete set null not valid;
      drop index matches_status_idx; create index matches_status_idx on matches (status, updated_at);
      drop index matches_scorekeeper_idx; create index matches_scorekeeper_idx on matches (scorekeeper_id, updated_at);
      alter table matches reset (fillfactor)`,
  },
  m0031: {
    ddl: `alter table match_events drop constraint if exists match_events_actor_id_users_id_fk;
      drop index matches_status_idx; create index matches_status_idx on matches (status);
      drop index matches_scorekeeper_idx; create index matches_scorekeeper_idx on matches (scorekeeper_id);
      alter table matches set (fillfactor = 90)`,
  },
  // 0031's indexes and fillfactor with the actor's foreign key kept: the two halves apart
  hotonly: {
    ddl: `alter table match_events drop constraint if exists match_events_actor_id_users_id_fk;
      alter table match_events add constraint match_events_actor_id_users_id_fk foreign key (actor_id) references users(id) on delete set null not valid;
      drop index matches_status_idx; create index matches_status_idx on matches (status);
      drop index matches_scorekeeper_idx; create index matches_scorekeeper_idx on matches (scorekeeper_id);
      alter table matches set (fillfactor = 90)`,
  },
  auto: { session: `set plan_cache_mode = auto` },
  generic: { session: `set plan_cache_mode = force_generic_plan` },
  custom: { session: `set plan_cache_mode = force_custom_plan` },
};

const median = (xs: number[]) => {
  if (xs.length === 0) return NaN;
  const s = xs.slice().sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

interface Game {
  id: string;
  players: string[];
  script: { userId: string; action: Action }[];
  next: number;
  version: number;
}

async function setup(db: Db, url: string): Promise<Game[]> {
  const rows = await db
    .insert(users)
    .values(Array.from({ length: 2 * GAMES }, (_, i) => ({ email: `bench-pg-${i}-${randomBytes(3).toString("hex")}@example.test`, name: `Bench ${i}`, passwordHash: "x" })))
    .returning({ id: users.id });
  const ids: string[][] = [];
  for (let i = 0; i < GAMES; i++) {
    const [a, b] = [rows[2 * i]!.id, rows[2 * i + 1]!.id];
    const m = await createChallenge(db, a, { ruleset: "equate", rulesetOptions: {}, challengeRule: "single", timeControl: null, rated: false, seats: 2, invite: [b], firstMover: "creator" });
    await acceptChallenge(db, { matchId: m.id, userId: b });
    ids.push([m.id, a, b]);
  }
  const pg = postgres(url, { max: 1, onnotice: () => {} });
  const starts = await pg<{ match_id: string; payload: GameEvent; version: number }[]>`
    select e.match_id, e.payload, m.version from match_events e join matches m on m.id = e.match_id where e.seq = 1`;
  await pg.end();
  const scripts = await precomputeAll(starts, (r) => precompute(r.payload, { budgetMs: 4, maxNodes: 4000 }));
  return starts.map((r, k) => {
    const [, a, b] = ids.find(([id]) => id === r.match_id)!;
    // never a game's last scripted move: every measured move is an ordinary one
    return { id: r.match_id, players: [a!, b!], script: scripts[k]!.slice(0, -1), next: 0, version: r.version };
  });
}

/** The CPU (ms) of every backend of the scratch database but `self`'s. */
function backendCpu(pids: number[]): number {
  let ms = 0;
  for (const pid of pids) ms += cpuMsOf(pid);
  return ms;
}

/** `n` ordinary moves, one at a time, round robin over the games that have moves left. */
async function batch(db: Db, games: Game[], n: number, pids: () => number[]) {
  const snap: number[] = [];
  const plain: number[] = [];
  const s0 = statementsSent(db);
  let k = 0;
  for (let i = 0; i < n; i++) {
    const live = games.filter((g) => g.next < g.script.length);
    if (live.length === 0) break;
    const g = live[k++ % live.length]!;
    const { userId, action } = g.script[g.next]!;
    const p = pids();
    const c0 = backendCpu(p);
    const out = await submitMove(db, { matchId: g.id, userId, expectedSeq: g.version, clientId: randomUUID(), action });
    const ms = backendCpu(p) - c0;
    (snapshotDue(g.version, out.version) ? snap : plain).push(ms);
    g.version = out.version;
    g.next++;
  }
  return { snap, plain, statements: (statementsSent(db) - s0) / (snap.length + plain.length) };
}

function printWal(variant: string, ranges: [string, string, number][], tally: (t: WalTally, from: string, to: string) => void) {
  const t = emptyTally();
  let moves = 0;
  for (const [from, to, n] of ranges) {
    tally(t, from, to);
    moves += n;
  }
  console.log(`${variant.padEnd(9)} WAL of the scratch database per move: ${(t.records / moves).toFixed(2)} records, ${(t.bytes / moves).toFixed(0)} B (no full-page images)`);
  for (const [k, e] of [...t.by].sort((a, b) => b[1].bytes - a[1].bytes)) console.log(`            ${k.padEnd(48)} ${(e.records / moves).toFixed(2)} records ${(e.bytes / moves).toFixed(0).padStart(5)} B`);
}

export default async function main() {
  process.env.DATABASE_POOL_MAX = "1";
  const handle = await openScratchDatabase("pg-move bench");
  if (!handle) return;
  const name = new URL(handle.url).pathname.slice(1);
  const admin = postgres(handle.url, { max: 1, onnotice: () => {} });
  try {
    const hasLz4 = (await admin`select count(*)::int as n from pg_settings where name = 'default_toast_compression' and 'lz4' = any(enumvals)`)[0]!.n === 1;
    const names = (process.env.BENCH_PG_VARIANTS ?? "pglz,lz4,external").split(",").filter((v) => v in VARIANTS && (v !== "lz4" || hasLz4));
    const games = await setup(handle.db, handle.url);
    let pidList: number[] = [];
    const refresh = async () => {
      pidList = (await admin<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`).map((r) => r.pid);
    };
    await refresh();
    await batch(handle.db, games, 2 * GAMES, () => pidList); // warm: prepared statements, caches
    await refresh();
    const per: Record<string, { snap: number[]; plain: number[]; all: number[]; upd: number; hot: number }> = Object.fromEntries(names.map((v) => [v, { snap: [], plain: [], all: [], upd: 0, hot: 0 }]));
    // updates of matches and how many were HOT, as the statistics see them: the app's one
    // connection is asked to flush its counters when it next goes idle, then they are read
    const updates = async () => {
      await handle.db.execute(sql`select pg_stat_force_next_flush()`);
      await new Promise((r) => setTimeout(r, 100));
      const [u] = await admin<{ upd: number; hot: number }[]>`select n_tup_upd::int as upd, n_tup_hot_upd::int as hot from pg_stat_user_tables where relname = 'matches'`;
      return u!;
    };
    const reads: number[] = [];
    const sent: number[] = [];
    const waldump = process.env.BENCH_PG_WALDUMP;
    const walDir = waldump ? `${(await admin<{ d: string }[]>`select current_setting('data_directory') as d`)[0]!.d}/pg_wal` : "";
    const dbOid = String((await admin<{ oid: number }[]>`select oid::int from pg_database where datname = current_database()`)[0]!.oid);
    const relNames = new Map<string, string>();
    const ranges: Record<string, [string, string, number][]> = Object.fromEntries(names.map((v) => [v, []]));
    for (let r = 0; r < RUNS; r++) {
      for (const v of names) {
        const { ddl, session } = VARIANTS[v]!;
        if (ddl) for (const stmt of ddl.split(";")) await admin.unsafe(stmt);
        if (session) await handle.db.execute(sql.raw(session));
        await refresh();
        const u0 = await updates();
        if (waldump) await relationNames(admin, relNames);
        const w0 = await walPosition(admin);
        const b = await batch(handle.db, games, MOVES, () => pidList);
        ranges[v]!.push([w0, await walPosition(admin), b.snap.length + b.plain.length]);
        const u1 = await updates();
        per[v]!.upd += u1.upd - u0.upd;
        per[v]!.hot += u1.hot - u0.hot;
        const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
        // a batch may cross no snapshot: only batches that had such moves count for that figure
        if (b.snap.length) per[v]!.snap.push(mean(b.snap));
        if (b.plain.length) per[v]!.plain.push(mean(b.plain));
        per[v]!.all.push(mean([...b.snap, ...b.plain]));
        sent.push(b.statements);
      }
      // the read statement alone, on the same games
      const c0 = backendCpu(pidList);
      for (const g of games) await readForMove(handle.db, { matchId: g.id, clientId: randomUUID(), cachedVersion: g.version });
      reads.push((backendCpu(pidList) - c0) / games.length);
    }
    const [size] = await admin<{ n: number; raw: number; stored: number }[]>`
      select count(*)::int as n, avg(octet_length(state::text))::int as raw, avg(pg_column_size(state))::int as stored from match_snapshots`;
    const load = (await import("node:os")).loadavg().map((x) => x.toFixed(1)).join(" ");
    console.log(`PostgreSQL backend CPU per move (ms), medians of ${RUNS} rounds × ${MOVES} moves per variant, interleaved; load average ${load}`);
    for (const v of names) {
      const x = per[v]!;
      console.log(`${v.padEnd(9)} all ${median(x.all).toFixed(3)}  snapshot moves ${median(x.snap).toFixed(3)}  other moves ${median(x.plain).toFixed(3)}  HOT ${x.hot}/${x.upd} updates of matches   rounds: ${x.all.map((a) => a.toFixed(2)).join(" ")}`);
    }
    // round by round against the first variant (the same minute's load), the median of those ratios
    for (const v of names.slice(1)) console.log(`${v} / ${names[0]}: median of the rounds' ratios ${median(per[v]!.all.map((x, i) => x / per[names[0]!]!.all[i]!)).toFixed(3)}`);
    console.log(`statements per move ${median(sent).toFixed(2)}; read statement alone ${median(reads).toFixed(3)} ms; snapshots ${size!.n}, JSON ${size!.raw} B, stored (last variant) ${size!.stored} B`);
    const [ev] = await admin<{ payload: number; verdict: number }[]>`select avg(pg_column_size(payload))::int as payload, avg(pg_column_size(verdict))::int as verdict from match_events`;
    console.log(`event row: payload ${ev!.payload} B, verdict ${ev!.verdict} B stored`);
    if (waldump) for (const v of names) printWal(v, ranges[v]!, (t, from, to) => tallyWal(waldump, walDir, from, to, dbOid, relNames, t));
  } finally {
    await admin.end();
    await handle.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
