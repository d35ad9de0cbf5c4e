/**
 * Ratings benchmark (targets and figures: docs/ratings.md, "Tests and benchmark").
 *
 * 1. Glicko-2 arithmetic: µs per two-player game (`rateGame`, both players updated) and per
 *    4-player pod, replaying 10⁶ random games among 10,000 players in memory.
 *    Target ≤ 3 µs per game (glicko2-lite measured 2–3 µs here).
 * 2. Full recompute from PostgreSQL: a scratch database on BENCH_DATABASE_URL (default
 *    postgres://postgres@127.0.0.1:5432/test; the database named there is only used to create and
 *    drop the scratch one) gets 10,000 users and 10⁶ ledger rows made by generate_series, then
 *    `recomputeRatings` streams the ledger, computes and writes the final ratings.
 *    Target < 10 s (and < 60 s for 10⁷), printed next to an anchor measured alongside: COPY
 *    of the ordered ledger to stdout. Also: the incremental `applyRatedGame` latency in its own
 *    transaction (target < 1 ms) next to an anchor transaction of the same shape, and the
 *    recompute with the history rebuilt (2·10⁶ rows).
 * BENCH_RATINGS_GAMES overrides 10⁶ (e.g. for a quick run).
 */
import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { sql } from "drizzle-orm";
import { openScratchDatabase } from "./scratch-db";
import { DEFAULT_GLICKO, newRating, rateGame, ratePod, type Rating } from "@/server/domain";
import { applyRatedGame } from "@/server/services/ratings/apply";
import { recomputeRatings } from "@/server/services/ratings/recompute";

const PLAYERS = 10_000;

/** Result rows of `execute` on either driver (postgres.js: an array; PGlite: `{ rows }`). */
const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];
const GAMES = Number(process.env.BENCH_RATINGS_GAMES ?? 1_000_000);

function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function arithmetic() {
  const rand = rng(42);
  const a = new Int32Array(GAMES);
  const b = new Int32Array(GAMES);
  const s = new Float64Array(GAMES);
  for (let i = 0; i < GAMES; i++) {
    a[i] = Math.floor(rand() * PLAYERS);
    b[i] = (a[i] + 1 + Math.floor(rand() * (PLAYERS - 1))) % PLAYERS;
    s[i] = rand() < 0.48 ? 1 : rand() < 0.04 ? 0.5 : 0;
  }
  const run = () => {
    const table: Rating[] = Array.from({ length: PLAYERS }, () => newRating());
    const t0 = performance.now();
    for (let i = 0; i < GAMES; i++) {
      const [x, y] = rateGame(table[a[i]], table[b[i]], s[i], DEFAULT_GLICKO);
      table[a[i]] = x;
      table[b[i]] = y;
    }
    return performance.now() - t0;
  };
  run(); // warm-up
  const ms = Math.min(run(), run(), run());
  console.log(`Glicko-2 two-player game: ${((ms * 1000) / GAMES).toFixed(2)} µs per game (${GAMES.toLocaleString("en")} games in ${ms.toFixed(0)} ms; target ≤ 3 µs)`);

  const pods = Math.floor(GAMES / 10);
  const table: Rating[] = Array.from({ length: PLAYERS }, () => newRating());
  const t0 = performance.now();
  for (let i = 0; i < pods; i++) {
    const seats = [a[i], b[i], (b[i] + 1) % PLAYERS, (b[i] + 2) % PLAYERS].filter((x, k, all) => all.indexOf(x) === k);
    const post = ratePod(seats.map((p) => table[p]), seats.map(() => Math.floor(rand() * 400)), DEFAULT_GLICKO);
    seats.forEach((p, k) => (table[p] = post[k]));
  }
  const podMs = performance.now() - t0;
  console.log(`Glicko-2 4-player pod:    ${((podMs * 1000) / pods).toFixed(2)} µs per pod (${pods.toLocaleString("en")} pods)`);
}

async function fromPostgres() {
  const handle = await openScratchDatabase("PostgreSQL part");
  if (!handle) return;
  const db = handle.db;
  try {
    let t0 = performance.now();
    await db.execute(sql`
      insert into users (email, name, password_hash)
      select 'bench-' || i || '@example.test', 'Bench ' || i, 'x' from generate_series(1, ${PLAYERS}) i`);
    // Games: two distinct random players, random scores, one second apart, rulesets in rotation.
    await db.execute(sql`
      with u as (select array_agg(id order by id) ids from users),
      g as (
        select i, 1 + floor(random() * ${PLAYERS})::int as p, floor(random() * ${PLAYERS - 1})::int as d from generate_series(1, ${GAMES}) i
      )
      insert into rated_games (ruleset, played_at, players, source, source_id)
      select (array['equate','smath','number-scrabble'])[1 + g.i % 3],
             timestamptz '2020-01-01' + g.i * interval '1 second',
             jsonb_build_array(
               jsonb_build_object('userId', u.ids[g.p], 'score', floor(random() * 500)::int),
               jsonb_build_object('userId', u.ids[1 + (g.p + g.d) % ${PLAYERS}], 'score', floor(random() * 500)::int)),
             'match', g.i::text
      from g, u`);
    await db.execute(sql`analyze`);
    console.log(`seeded ${PLAYERS.toLocaleString("en")} players and ${GAMES.toLocaleString("en")} ledger rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // Anchor measured alongside: the raw cost of reading the ordered ledger out (COPY to stdout).
    const copier = postgres(handle.url, { max: 1, onnotice: () => {} });
    t0 = performance.now();
    let bytes = 0;
    for await (const chunk of await copier.unsafe(`copy (select id, ruleset, players from rated_games order by played_at, id) to stdout`).readable()) bytes += chunk.length;
    const copyMs = performance.now() - t0;
    await copier.end({ timeout: 1 });
    const raw = postgres(handle.url, { max: 1, onnotice: () => {} });
    console.log(`anchor: COPY the ordered ledger out (${(bytes / 1e6).toFixed(0)} MB): ${(copyMs / 1000).toFixed(2)} s`);

    const first = await recomputeRatings(db, { history: false });
    const second = await recomputeRatings(db, { history: false });
    const best = Math.min(first.ms, second.ms);
    console.log(
      `recompute ${first.games.toLocaleString("en")} games from PostgreSQL (stream + compute + write ${first.ratings.toLocaleString("en")} ratings): ` +
        `${(first.ms / 1000).toFixed(2)} s, then ${(second.ms / 1000).toFixed(2)} s → ${((best * 1000) / first.games).toFixed(2)} µs per game, ${(best / copyMs).toFixed(1)}× the COPY anchor (target < 10 s)`,
    );

    // Incremental: one game rated in its own transaction, on the now-populated tables, next to an
    // anchor transaction with the same shape (BEGIN; 3 writing statements; COMMIT with fsync).
    await raw.unsafe(`create table bench_anchor (id bigint generated always as identity primary key, k int not null, v float8 not null)`);
    await raw.unsafe(`insert into bench_anchor (k, v) select i, 0 from generate_series(1, 1000) i`);
    const ids = (rowsOf<{ id: string }>(await db.execute(sql`select id from users order by id limit 200`))).map((r) => r.id);
    const lat: number[] = [];
    const anchor: number[] = [];
    for (let i = 0; i < 400; i++) {
      const x = ids[i % 200]!;
      const y = ids[(i * 7 + 3) % 200]!;
      if (x === y) continue;
      t0 = performance.now();
      await raw.begin(async (q) => {
        await q`insert into bench_anchor (k, v) values (${i}, 1)`;
        await q`update bench_anchor set v = v + 1 where k in (${i % 1000}, ${(i * 7) % 1000})`;
        await q`insert into bench_anchor (k, v) values (${i}, 2), (${i}, 3)`;
      });
      anchor.push(performance.now() - t0);
      t0 = performance.now();
      await applyRatedGame(db, { ruleset: "equate", source: "match", sourceId: randomUUID(), playedAt: new Date(), players: [{ userId: x, score: 300 }, { userId: y, score: 250 }] });
      lat.push(performance.now() - t0);
    }
    const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
    console.log(
      `applyRatedGame incl. its transaction: p50 ${pct(lat, 0.5).toFixed(2)} ms, p99 ${pct(lat, 0.99).toFixed(2)} ms over ${lat.length} games (target < 1 ms); ` +
        `anchor transaction (BEGIN, 3 writes, COMMIT): p50 ${pct(anchor, 0.5).toFixed(2)} ms, p99 ${pct(anchor, 0.99).toFixed(2)} ms`,
    );
    await raw.end();

    if (process.env.BENCH_RATINGS_HISTORY !== "0") {
      const withHistory = await recomputeRatings(db, { history: true });
      console.log(`recompute with history rebuilt (${withHistory.events.toLocaleString("en")} rating_events rows): ${(withHistory.ms / 1000).toFixed(2)} s`);
    }
  } finally {
    await handle.close();
  }
}

export default async function ratingsDbBench() {
  arithmetic();
  await fromPostgres();
}
