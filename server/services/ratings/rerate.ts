/**
 * Re-rating after a change to a game already in the ledger (a corrected result, a result turned
 * into a forfeit, a rated result withdrawn): ratings follow the ledger at once, not at the next
 * manual recompute (docs/ratings.md "Corrections").
 *
 * Rule: every game is its own rating period, replayed in (played_at, id) order, so a change to
 * game G can only move ratings from G on. The re-rate takes each player's state just before G
 * from the history (`rating_events` of the last earlier game: rating, RD, volatility, games
 * count), replays every game of that ruleset from G's position onward with `rateSeats` (the one
 * function the incremental path and the full recompute use), rewrites those games' history rows
 * and the players' ratings. So it gives the same numbers as `recomputeRatings` — given that the
 * history before G is itself a replay (true unless a result was entered late, see "Ordering
 * caveat" in docs/ratings.md; the full recompute restores that).
 *
 * Size: up to `inlineRerateLimit()` games from G on (default 1,000: about 0.3 s on a loaded 2-core machine, docs/ratings.md "Figures") are
 * re-rated inline, in the caller's transaction. Past that, or when the history before G lacks
 * volatility (rows older than migration 0021), the change is queued: the players of G are marked
 * "being recomputed" (`ratings.recomputing_since`), a `rating_rerates` row keeps the reason, and
 * the caller's service starts the queued full recompute after commit (queue.ts).
 *
 * Locking: the caller takes `lockLedgerForChange` BEFORE it changes the ledger: SHARE ROW
 * EXCLUSIVE on `rated_games` serialises corrections with each other, with new games being
 * recorded and with a running recompute (SHARE), so the replay sees a ledger nobody else is
 * changing and no concurrent game can be rated on a rating this replay then overwrites.
 */
import { sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { ratedGames, ratingEvents, ratingRerates, ratings, users, type LedgerPlayer } from "@/db/schema";
import type { RulesetId } from "@/db/schema/clubs";
import type { GlickoConfig, Rating } from "@/server/domain";
import { notifyRatingCorrected } from "@/server/services/notifications/events";
import { pairwiseResult, rateSeats } from "./compute";
import { ratingConfig } from "./config";

/** A place in the replay order: a game's played_at (as the database prints it, µs kept) and id. */
export interface LedgerPosition {
  ruleset: RulesetId;
  playedAt: string;
  id: number;
}

export type RerateOutcome =
  | { status: "rerated"; games: number; changed: { userId: string; before: number; after: number }[] }
  | { status: "queued"; games: number };

/** Games re-rated inline at most; more go to the queue. `RATINGS_INLINE_RERATE_LIMIT` overrides. */
export function inlineRerateLimit(): number {
  const raw = Number(process.env.RATINGS_INLINE_RERATE_LIMIT);
  return Number.isInteger(raw) && raw >= 0 ? raw : 1_000;
}

/** Result rows of `execute` on either driver (postgres.js: an array; PGlite: `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** Taken before a change to an existing ledger entry (see the module comment). */
export async function lockLedgerForChange(tx: Tx): Promise<void> {
  await tx.execute(sql`lock table ${ratedGames} in share row exclusive mode`);
}

interface State extends Rating {
  games: number;
}

/**
 * Re-rates `from.ruleset` from `from` on (that game included, if it is still in the ledger).
 * `players`: the changed game's players, rated or not any more (a removed game has no row to
 * name them). `why` completes "… because <why>" in the players' notifications.
 */
export async function rerateFrom(tx: Tx, from: LedgerPosition, players: readonly string[], why: string, cfg: GlickoConfig = ratingConfig()): Promise<RerateOutcome> {
  const at = sql`(${from.playedAt}::timestamptz, ${from.id}::bigint)`;
  const games = rowsOf<{ id: string | number; p: LedgerPlayer[] | string; t: string; s: string; x: string }>(
    await tx.execute(sql`
      select g.id, g.players as p, g.played_at::text as t, g.source as s, g.source_id as x from ${ratedGames} g
      where g.ruleset = ${from.ruleset} and (g.played_at, g.id) >= ${at}
      order by g.played_at, g.id limit ${inlineRerateLimit() + 1}`),
  ).map((r) => ({ id: Number(r.id), players: typeof r.p === "string" ? (JSON.parse(r.p) as LedgerPlayer[]) : r.p, playedAt: r.t, source: r.s, sourceId: r.x }));
  const everyone = [...new Set([...players, ...games.flatMap((g) => g.players.map((p) => p.userId))])].sort();
  if (games.length > inlineRerateLimit()) return queueRerate(tx, from.ruleset, players, why, games.length);

  // Each player's state just before `from`: their last earlier history row, and how many they have.
  const prior = everyone.length
    ? rowsOf<{ u: string; r: number; d: number; v: number | null; n: string | number }>(
        await tx.execute(sql`
          select u, r, d, v, n from (
            select e.user_id::text as u, e.rating_after as r, e.rd_after as d, e.volatility_after as v,
                   count(*) over (partition by e.user_id) as n,
                   row_number() over (partition by e.user_id order by g.played_at desc, g.id desc) as k
            from ${ratingEvents} e join ${ratedGames} g on g.id = e.rated_game_id
            where e.ruleset = ${from.ruleset} and e.user_id in (${sql.join(everyone.map((u) => sql`${u}::uuid`), sql`, `)})
              and (g.played_at, g.id) < ${at}
          ) s where k = 1`),
      )
    : [];
  // History without volatility (written before migration 0021) cannot be resumed exactly.
  if (prior.some((p) => p.v === null)) return queueRerate(tx, from.ruleset, players, why, games.length);

  // Lock the ratings rows in user-id order (the order every writer uses) and keep the old values.
  const old = everyone.length
    ? await tx.execute(sql`
        select user_id::text as u, rating as r from ${ratings}
        where ruleset = ${from.ruleset} and user_id in (${sql.join(everyone.map((u) => sql`${u}::uuid`), sql`, `)})
        order by user_id for update`)
    : [];
  const before = new Map(rowsOf<{ u: string; r: number }>(old).map((r) => [r.u, Number(r.r)]));

  const states = new Map<string, State>(prior.map((p) => [p.u, { rating: Number(p.r), rd: Number(p.d), volatility: Number(p.v), games: Number(p.n) }]));
  const events: unknown[][] = [];
  for (const g of games) {
    const seats = g.players.map((p) => {
      let s = states.get(p.userId);
      if (!s) states.set(p.userId, (s = { rating: cfg.initialRating, rd: cfg.initialRd, volatility: cfg.initialVolatility, games: 0 }));
      return s;
    });
    const keys = g.players.map((p) => (p.lost ? Number.NEGATIVE_INFINITY : p.score)); // as outcomeKeys()
    const post = rateSeats(seats, keys, cfg);
    g.players.forEach((p, i) => {
      const s = seats[i]!;
      const opponents = g.players.flatMap((q, j) => (j === i ? [] : [{ userId: q.userId, rating: seats[j]!.rating, rd: seats[j]!.rd, score: q.score }]));
      events.push([g.id, p.userId, from.ruleset, g.playedAt, s.rating, s.rd, post[i]!.rating, post[i]!.rd, post[i]!.volatility, p.score, pairwiseResult(keys, i), opponents, g.source, g.sourceId]);
    });
    seats.forEach((s, i) => Object.assign(s, post[i]!, { games: s.games + 1 }));
  }

  await tx.execute(sql`
    delete from ${ratingEvents} e using ${ratedGames} g
    where g.id = e.rated_game_id and g.ruleset = ${from.ruleset} and (g.played_at, g.id) >= ${at}`);
  if (events.length)
    await tx.execute(sql`
      insert into ${ratingEvents} (rated_game_id, user_id, ruleset, played_at, rating_before, rd_before, rating_after, rd_after, volatility_after, score, result, opponents, source, source_id)
      select (e->>0)::bigint, (e->>1)::uuid, e->>2, (e->>3)::timestamptz, (e->>4)::float8, (e->>5)::float8, (e->>6)::float8, (e->>7)::float8,
             (e->>8)::float8, (e->>9)::int, (e->>10)::float8, e->11, e->>12, e->>13
      from jsonb_array_elements(${JSON.stringify(events)}::jsonb) as e`);

  // A player left with no rated game has no rating row, as after a full recompute.
  const gone = everyone.filter((u) => !states.has(u));
  if (gone.length)
    await tx.execute(sql`delete from ${ratings} where ruleset = ${from.ruleset} and user_id in (${sql.join(gone.map((u) => sql`${u}::uuid`), sql`, `)})`);
  const rows = [...states].map(([u, s]) => [u, s.rating, s.rd, s.volatility, s.games]);
  if (rows.length)
    await tx.execute(sql`
      insert into ${ratings} (user_id, ruleset, rating, rd, volatility, games, updated_at)
      select (r->>0)::uuid, ${from.ruleset}, (r->>1)::float8, (r->>2)::float8, (r->>3)::float8, (r->>4)::int, now()
      from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) as r
      where exists (select 1 from ${users} u where u.id = (r->>0)::uuid)
      on conflict (user_id, ruleset) do update set rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility, games = excluded.games, updated_at = now()`);

  const changed = everyone.flatMap((u) => {
    const b = before.get(u) ?? cfg.initialRating;
    const a = states.get(u)?.rating ?? cfg.initialRating;
    return Math.round(a) !== Math.round(b) ? [{ userId: u, before: b, after: a }] : [];
  });
  await notifyRatingCorrected(tx, changed.map((c) => ({ ...c, ruleset: from.ruleset, why })));
  return { status: "rerated", games: games.length, changed };
}

/** Too large to re-rate here: mark the players, keep the reason; the caller starts the queue. */
async function queueRerate(tx: Tx, ruleset: RulesetId, players: readonly string[], why: string, games: number): Promise<RerateOutcome> {
  await tx.insert(ratingRerates).values({ ruleset, reason: why });
  if (players.length)
    await tx.execute(sql`
      update ${ratings} set recomputing_since = coalesce(recomputing_since, now())
      where ruleset = ${ruleset} and user_id in (${sql.join([...players].sort().map((u) => sql`${u}::uuid`), sql`, `)})`);
  return { status: "queued", games };
}
