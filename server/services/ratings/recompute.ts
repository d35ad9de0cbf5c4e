/**
 * Full, deterministic recomputation: replay the `rated_games` ledger in (played_at, id) order from
 * the initial ratings and rebuild `ratings` (and, by default, `rating_events`).
 *
 * Streaming: keyset pagination on the (played_at, id) index (the same on PGlite and PostgreSQL,
 * constant memory per page); the next page is fetched while the current one is computed, so the
 * database scans and serialises while Node does the arithmetic. Every game goes through `rateSeats`, the same function as the incremental path, so
 * replaying the games in the order they were rated gives bit-identical float8 ratings. Writes go
 * through one JSON parameter expanded by `jsonb_to_recordset`, thousands of rows per statement.
 *
 * Everything happens in one transaction holding a SHARE lock on `rated_games`: games finishing during
 * a recompute wait for it and are then rated on top of the recomputed ratings. Readers of
 * `ratings` keep seeing the old values until commit; `rating_events` is truncated, so history
 * pages wait for the commit.
 */
import { sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { ratedGames, ratingEvents, ratings, users, type LedgerPlayer } from "@/db/schema";
import { RULESETS, type RulesetId } from "@/db/schema/clubs";
import type { GlickoConfig } from "@/server/domain";
import { pairwiseResult, rateSeats } from "./compute";
import { ratingConfig } from "./config";

export interface RecomputeOptions {
  /** Ledger rows per fetch (default 50,000). */
  batchSize?: number;
  /** Rebuild `rating_events` too (default true). */
  history?: boolean;
  cfg?: GlickoConfig;
  /** Called after each batch with the number of games replayed so far. */
  onProgress?: (games: number) => void;
  /** Called in the transaction once the new ratings are written, with the old ones
   * (`ruleset:userId` → rating): the queued re-rate tells players what changed (queue.ts). */
  onReplaced?: (tx: Tx, old: Map<string, number>) => Promise<void>;
}

export interface RecomputeSummary {
  games: number;
  /** Rating rows written (one per player and game they play). */
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

/** [id, ruleset, players, and with history: played_at as text, source, source_id]. */
type LedgerRow = [number, RulesetId, LedgerPlayer[], string?, string?, string?];

const EVENT_FLUSH = 20_000;
const RATING_CHUNK = 10_000;

/** Result rows of `execute` on either driver (postgres.js: an array; PGlite: `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** Rebuilds every rating from the ledger; returns counts and the elapsed time. */
export async function recomputeRatings(db: Db, opts: RecomputeOptions = {}): Promise<RecomputeSummary> {
  const cfg = opts.cfg ?? ratingConfig();
  const batchSize = opts.batchSize ?? 50_000;
  const history = opts.history ?? true;
  const started = performance.now();

  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${ratedGames} in share mode`);
    if (history) await tx.execute(sql`truncate table ${ratingEvents}`);

    const states = new Map<RulesetId, Map<string, State>>(RULESETS.map((r) => [r, new Map()]));
    let events: unknown[][] = [];
    let eventCount = 0;
    let games = 0;

    const flushEvents = async () => {
      if (events.length === 0) return;
      const json = JSON.stringify(events);
      events = [];
      await tx.execute(sql`
        insert into ${ratingEvents} (rated_game_id, user_id, ruleset, played_at, rating_before, rd_before, rating_after, rd_after, score, result, opponents, source, source_id, volatility_after)
        select (e->>0)::bigint, (e->>1)::uuid, e->>2, (e->>3)::timestamptz, (e->>4)::float8, (e->>5)::float8, (e->>6)::float8, (e->>7)::float8,
               (e->>8)::int, (e->>9)::float8, e->10, e->>11, e->>12, (e->>13)::float8
        from jsonb_array_elements(${json}::jsonb) as e`);
    };

    let next: Promise<LedgerRow[]> = fetchBatch(tx, null, batchSize, history);
    for (;;) {
      const batch = await next;
      if (batch.length === 0) break;
      // Prefetch while computing: the database scans the next page as we do the arithmetic.
      next = batch.length === batchSize ? fetchBatch(tx, batch[batch.length - 1]![0], batchSize, history) : Promise.resolve([]);
      next.catch(() => {}); // handled when awaited; avoids an unhandled rejection while we flush
      for (const game of batch) {
        const table = states.get(game[1])!;
        const players = game[2];
        const n = players.length;
        const seats = new Array<State>(n);
        const scores = new Array<number>(n);
        const keys = new Array<number>(n);
        for (let i = 0; i < n; i++) {
          const p = players[i]!;
          let s = table.get(p.userId);
          if (!s) {
            s = { rating: cfg.initialRating, rd: cfg.initialRd, volatility: cfg.initialVolatility, games: 0 };
            table.set(p.userId, s);
          }
          seats[i] = s;
          scores[i] = p.score;
          keys[i] = p.lost ? Number.NEGATIVE_INFINITY : p.score; // as outcomeKeys()
        }
        const post = rateSeats(seats, keys, cfg);
        if (history) {
          for (let i = 0; i < n; i++) {
            const s = seats[i]!;
            const opponents = players.flatMap((q, j) => (j === i ? [] : [{ userId: q.userId, rating: seats[j]!.rating, rd: seats[j]!.rd, score: q.score }]));
            events.push([game[0], players[i]!.userId, game[1], game[3], s.rating, s.rd, post[i]!.rating, post[i]!.rd, scores[i], pairwiseResult(keys, i), opponents, game[4], game[5], post[i]!.volatility]);
          }
          eventCount += n;
        }
        // Only now overwrite the states: every seat was rated from the pre-game values.
        for (let i = 0; i < n; i++) {
          const s = seats[i]!;
          s.rating = post[i]!.rating;
          s.rd = post[i]!.rd;
          s.volatility = post[i]!.volatility;
          s.games++;
        }
      }
      games += batch.length;
      if (events.length >= EVENT_FLUSH) await flushEvents();
      opts.onProgress?.(games);
    }
    await flushEvents();

    const old = new Map<string, number>();
    if (opts.onReplaced)
      for (const r of rowsOf<{ u: string; r: string; x: number }>(await tx.execute(sql`select user_id::text as u, ruleset as r, rating as x from ${ratings}`)))
        old.set(`${r.r}:${r.u}`, Number(r.x));
    // (Deleting the rows also clears every "being recomputed" mark: this replay covers them all.)
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
        where exists (select 1 from ${users} u where u.id = (r->>0)::uuid)`);
    }
    await opts.onReplaced?.(tx, old);
    return { games, ratings: rows.length, events: eventCount, ms: performance.now() - started };
  });
}

/** One page of the ledger after game `afterId` (exclusive), in replay order. */
async function fetchBatch(tx: Tx, afterId: number | null, limit: number, history: boolean): Promise<LedgerRow[]> {
  // The key is read back from the row itself: timestamptz has µs precision, a JS Date only ms.
  const after =
    afterId === null
      ? sql``
      : sql`where (g.played_at, g.id) > ((select k.played_at from ${ratedGames} k where k.id = ${afterId}::bigint), ${afterId}::bigint)`;
  const extra = history ? sql`, g.played_at::text as t, g.source as s, g.source_id as x` : sql``;
  const result = await tx.execute(sql`
    select g.id, g.ruleset as r, g.players as p ${extra} from ${ratedGames} g ${after} order by g.played_at, g.id limit ${limit}`);
  return rowsOf<{ id: string | number; r: RulesetId; p: LedgerPlayer[] | string; t?: string; s?: string; x?: string }>(result).map((row) => [
    Number(row.id),
    row.r,
    typeof row.p === "string" ? (JSON.parse(row.p) as LedgerPlayer[]) : row.p,
    row.t,
    row.s,
    row.x,
  ]);
}
