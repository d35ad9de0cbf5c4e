/**
 * What a correction costs (docs/ratings.md "Corrections"): the inline re-rate from a game K games
 * before the end of a ruleset's ledger, K = 10 … 5,000 (the inline limit), in one transaction on
 * PostgreSQL, next to the full recompute that the queue runs past that limit.
 *
 * Setup: a scratch database on BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test),
 * 500 players and BENCH_RERATE_GAMES (default 20,000) two-player Equate games generated in SQL,
 * then one full recompute with history (so every history row has its volatility). Each re-rate
 * runs in a transaction that is rolled back, so every K starts from the same ledger.
 * `npm run bench -- ratings-rerate`.
 */
import { sql } from "drizzle-orm";
import { openScratchDatabase } from "./scratch-db";
import { recomputeRatings } from "@/server/services/ratings/recompute";
import { lockLedgerForChange, rerateFrom } from "@/server/services/ratings/rerate";

const PLAYERS = 500;
const GAMES = Number(process.env.BENCH_RERATE_GAMES ?? 20_000);
const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];

export default async function main() {
  const handle = await openScratchDatabase("the re-rate bench");
  if (!handle) return;
  const db = handle.db;
  try {
    await db.execute(sql`
      insert into users (email, name, password_hash)
      select 'rerate-' || i || '@example.test', 'Bench ' || i, 'x' from generate_series(1, ${PLAYERS}) i`);
    await db.execute(sql`
      with u as (select array_agg(id order by id) ids from users),
      g as (select i, 1 + floor(random() * ${PLAYERS})::int as p, floor(random() * ${PLAYERS - 1})::int as d from generate_series(1, ${GAMES}) i)
      insert into rated_games (ruleset, played_at, players, source, source_id)
      select 'equate', timestamptz '2020-01-01' + g.i * interval '1 second',
             jsonb_build_array(
               jsonb_build_object('userId', u.ids[g.p], 'score', floor(random() * 500)::int),
               jsonb_build_object('userId', u.ids[1 + (g.p + g.d) % ${PLAYERS}], 'score', floor(random() * 500)::int)),
             'match', g.i::text
      from g, u`);
    await db.execute(sql`analyze`);
    const full = await recomputeRatings(db);
    console.log(`full recompute with history, ${full.games.toLocaleString("en")} games: ${(full.ms / 1000).toFixed(2)} s`);

    for (const k of [10, 100, 1_000, 5_000].filter((k) => k <= full.games)) {
      const [g] = rowsOf<{ id: string; t: string; p: { userId: string; score: number }[] }>(
        await db.execute(sql`select id, played_at::text as t, players as p from rated_games order by played_at desc, id desc offset ${k - 1} limit 1`),
      );
      const times: number[] = [];
      for (let run = 0; run < 3; run++) {
        const t0 = performance.now();
        await db
          .transaction(async (tx) => {
            await lockLedgerForChange(tx);
            const flipped = g!.p.map((x, i) => ({ userId: x.userId, score: g!.p[1 - i]!.score + 1 }));
            await tx.execute(sql`update rated_games set players = ${JSON.stringify(flipped)}::jsonb where id = ${g!.id}::bigint`);
            await rerateFrom(tx, { ruleset: "equate", playedAt: g!.t, id: Number(g!.id) }, flipped.map((x) => x.userId), "a bench correction");
            times.push(performance.now() - t0);
            throw new Error("rollback");
          })
          .catch((err: unknown) => {
            if (!(err instanceof Error) || err.message !== "rollback") throw err;
          });
      }
      console.log(`inline re-rate of the last ${k.toLocaleString("en")} games (lock, amend, replay, rewrite history and ratings): best of 3 ${Math.min(...times).toFixed(1)} ms`);
    }
  } finally {
    await handle.close();
  }
}
