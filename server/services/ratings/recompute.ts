/**
 * Full, deterministic recomputation: replay the `rated_games` ledger in (played_at, id) order from
 * the initial ratings and rebuild `ratings` (and, by default, `rating_events`).
 *
 * The ledger is streamed in keyset-paginated batches (works on PGlite and PostgreSQL alike, constant
 * memory per batch); the next batch is fetched while the current one is computed. Every game goes
 * through `rateSeats`, the same function as the incremental path, so replaying the games in the
 * order they were rated gives bit-identical float8 ratings. Writes go through one JSON parameter
 * expanded by `jsonb_to_recordset`, so thousands of rows cost one statement.
 *
 * Everything happens in one transaction holding a SHARE lock on `rated_games`: games finishing during
 * a recompute wait for it and are then rated on top of the recomputed ratings. Readers of
 * `ratings` keep seeing the old values until commit; `rating_events` is truncated, so history
 * pages wait for the commit.
 */
import { asc, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { ratedGames, ratingEvents, ratings, type LedgerPlayer } from "@/db/schema";
import { RULESETS, type RulesetId } from "@/db/schema/clubs";
import type { GlickoConfig } from "@/server/domain/ratings/glicko2";
import { pairwiseResult, rateSeats } from "./compute";
import { ratingConfig } from "./config";

export interface RecomputeOptions {
  /** Ledger rows per fetch (default 10,000). */
  batchSize?: number;
  /** Rebuild `rating_events` too (default true). */
  history?: boolean;
  cfg?: GlickoConfig;
  /** Called after each batch with the number of games replayed so far. */
  onProgress?: (games: number) => void;
}

export interface RecomputeSummary {
  games: number;
  /** Rating rows written (players × games they play). */
  ratings: number;
  events: number;
  ms: number;
}

interface State {
  rating: number;
  rd: number;
  volatility: number;
  games: number;
}

interface LedgerRow {
  id: number;
  ruleset: RulesetId;
  players: LedgerPlayer[];
}

const EVENT_FLUSH = 5_000;
const RATING_CHUNK = 10_000;

/** Rebuilds every rating from the ledger; returns counts and the elapsed time. */
export async function recomputeRatings(db: Db, opts: RecomputeOptions = {}): Promise<RecomputeSummary> {
  const cfg = opts.cfg ?? ratingConfig();
  const batchSize = opts.batchSize ?? 10_000;
  const history = opts.history ?? true;
  const started = performance.now();

  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${ratedGames} in share mode`);
    if (history) await tx.execute(sql`truncate table ${ratingEvents}`);

    const states = new Map<RulesetId, Map<string, State>>(RULESETS.map((r) => [r, new Map()]));
    let events: object[] = [];
    let eventCount = 0;
    let games = 0;

    const flushEvents = async () => {
      if (events.length === 0) return;
      const json = JSON.stringify(events);
      events = [];
      await tx.execute(sql`
        insert into ${ratingEvents} (rated_game_id, user_id, ruleset, played_at, rating_before, rd_before, rating_after, rd_after, score, result, opponents, source, source_id)
        select e.g, e.u, e.r, g.played_at, e.rb, e.db, e.ra, e.da, e.s, e.x, e.o, g.source, g.source_id
        from jsonb_to_recordset(${json}::jsonb) as e(g bigint, u uuid, r text, rb float8, db float8, ra float8, da float8, s int, x float8, o jsonb)
        join ${ratedGames} g on g.id = e.g`);
    };

    let next: Promise<LedgerRow[]> = fetchBatch(tx, null, batchSize);
    for (;;) {
      const batch = await next;
      if (batch.length === 0) break;
      // Prefetch while computing: the database scans the next page as we do the arithmetic.
      next = batch.length === batchSize ? fetchBatch(tx, batch[batch.length - 1].id, batchSize) : Promise.resolve([]);
      next.catch(() => {}); // handled when awaited; avoids an unhandled rejection while we flush
      for (const game of batch) {
        const table = states.get(game.ruleset)!;
        const n = game.players.length;
        const seats = new Array<State>(n);
        const scores = new Array<number>(n);
        for (let i = 0; i < n; i++) {
          const p = game.players[i];
          let s = table.get(p.userId);
          if (!s) {
            s = { rating: cfg.initialRating, rd: cfg.initialRd, volatility: cfg.initialVolatility, games: 0 };
            table.set(p.userId, s);
          }
          seats[i] = s;
          scores[i] = p.score;
        }
        const post = rateSeats(seats, scores, cfg);
        if (history) {
          for (let i = 0; i < n; i++) {
            events.push({
              g: game.id,
              u: game.players[i].userId,
              r: game.ruleset,
              rb: seats[i].rating,
              db: seats[i].rd,
              ra: post[i].rating,
              da: post[i].rd,
              s: scores[i],
              x: pairwiseResult(scores, i),
              o: game.players.flatMap((q, j) => (j === i ? [] : [{ userId: q.userId, rating: seats[j].rating, rd: seats[j].rd, score: q.score }])),
            });
          }
          eventCount += n;
        }
        // Only now overwrite the states: every seat was rated from the pre-game values.
        for (let i = 0; i < n; i++) {
          const s = seats[i];
          s.rating = post[i].rating;
          s.rd = post[i].rd;
          s.volatility = post[i].volatility;
          s.games++;
        }
      }
      games += batch.length;
      if (events.length >= EVENT_FLUSH) await flushEvents();
      opts.onProgress?.(games);
    }
    await flushEvents();

    await tx.execute(sql`delete from ${ratings}`);
    const rows: [string, RulesetId, number, number, number, number][] = [];
    for (const [ruleset, table] of states) for (const [u, s] of table) rows.push([u, ruleset, s.rating, s.rd, s.volatility, s.games]);
    for (let i = 0; i < rows.length; i += RATING_CHUNK) {
      const json = JSON.stringify(rows.slice(i, i + RATING_CHUNK));
      // Skips users deleted since they played (the ledger keeps their games for everyone else's sake).
      await tx.execute(sql`
        insert into ${ratings} (user_id, ruleset, rating, rd, volatility, games, updated_at)
        select (r->>0)::uuid, r->>1, (r->>2)::float8, (r->>3)::float8, (r->>4)::float8, (r->>5)::int, now()
        from jsonb_array_elements(${json}::jsonb) as r
        where exists (select 1 from users u where u.id = (r->>0)::uuid)`);
    }
    return { games, ratings: rows.length, events: eventCount, ms: performance.now() - started };
  });
}

/** One page of the ledger after game `afterId` (exclusive), in replay order. */
function fetchBatch(tx: Tx, afterId: number | null, limit: number): Promise<LedgerRow[]> {
  // The key is read back from the row itself: timestamptz has µs precision, a JS Date only ms.
  const after =
    afterId === null
      ? undefined
      : sql`(${ratedGames.playedAt}, ${ratedGames.id}) > ((select k.played_at from ${ratedGames} k where k.id = ${afterId}), ${afterId}::bigint)`;
  return tx
    .select({ id: ratedGames.id, ruleset: ratedGames.ruleset, players: ratedGames.players })
    .from(ratedGames)
    .where(after)
    .orderBy(asc(ratedGames.playedAt), asc(ratedGames.id))
    .limit(limit);
}
