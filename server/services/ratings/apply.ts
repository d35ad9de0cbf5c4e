/**
 * The incremental path: rate one finished game inside the transaction that records its result.
 *
 * Order of work (every caller takes locks in the same order, so two games finishing at once cannot
 * deadlock): (1) append the game to the `rated_games` ledger — the unique (source, source_id), and
 * for a tournament board the unique pairing_id, make a second call for the same game or board a
 * no-op, and a concurrent one wait for the first to commit;
 * (2) create missing rating rows and lock every player's row, in sorted user-id order, with one
 * INSERT … ON CONFLICT DO UPDATE … RETURNING (the same row lock as SELECT … FOR UPDATE, in one
 * round trip); (3) compute with the pure Glicko-2 module (`rateSeats`, the same function the
 * recompute uses); (4) write the new ratings and one history row per player in one statement.
 * Inside a caller's transaction that is three statements.
 *
 * A game already in the ledger that comes back with other scores (a correction) is amended and
 * re-rated from its place on (rerate.ts), inline or on the queue.
 *
 * Caveat: games are rated in the order they are recorded. A result entered late (an earlier
 * `playedAt` than games already rated) is rated now; a recompute replays it in `playedAt` order.
 */
import { eq, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { DbOrTx, Tx } from "@/db/client";
import { ratedGames, ratingEvents, ratings, type EventOpponent, type LedgerPlayer, type RatedGameSource } from "@/db/schema";
import type { RulesetId } from "@/db/schema/clubs";
import { DomainError } from "@/server/errors";
import { notifyRatingChanged } from "@/server/services/notifications/events";
import type { GlickoConfig, Rating } from "@/server/domain";
import { outcomeKeys, pairwiseResult, rateSeats } from "./compute";
import { ratingConfig } from "./config";
import { lockLedgerForChange, rerateFrom, type RerateOutcome } from "./rerate";
import { ratedGameInput, type RatedGameInput } from "./schemas";

export interface RatingChange {
  userId: string;
  score: number;
  /** Pairwise result in [0, 1]. */
  result: number;
  before: Rating;
  after: Rating;
}

export type ApplyRatedGameResult =
  | { status: "rated"; ratedGameId: number; ruleset: RulesetId; changes: RatingChange[] }
  /**
   * This (source, sourceId), or this board, was rated before. `amended`: the same (source, sourceId)
   * came with different scores, so the ledger now holds the corrected result, and `rerate` says how
   * the ratings followed (re-rated inline from that game on, or queued); otherwise nothing changed.
   */
  | { status: "duplicate"; source: RatedGameSource; sourceId: string; amended: boolean; rerate: RerateOutcome | null }
  /** Not a rated game: an unrated event or casual game, a forfeit, or a bye. */
  | { status: "skipped"; reason: "unrated" | "forfeit" | "bye" };

/**
 * Rates a finished game (2–4 players) in the caller's transaction; idempotent by (source, sourceId)
 * and by `pairingId` (a board rated once from one source is not rated again from the other; only
 * the same (source, sourceId) can amend its entry).
 * Unrated games, forfeits and byes are skipped without writing anything; a resignation or a loss
 * on time is rated as a loss for that player (`lost`). Throws DomainError INVALID
 * for a malformed game (caller bug surfaced as a sentence rather than a crash).
 */
export async function applyRatedGame(db: DbOrTx, input: RatedGameInput, cfg: GlickoConfig = ratingConfig()): Promise<ApplyRatedGameResult> {
  const parsed = ratedGameInput.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DomainError("INVALID", `This game cannot be rated: ${issue?.message ?? "invalid input"}.`);
  }
  const game = parsed.data;
  if (!game.rated) return { status: "skipped", reason: "unrated" };
  if (game.forfeit) return { status: "skipped", reason: "forfeit" };
  if (game.players.length < 2) return { status: "skipped", reason: "bye" };
  const run = (tx: Tx) => rateInTx(tx, game, cfg);
  return db instanceof PgTransaction ? run(db as Tx) : db.transaction(run);
}

async function rateInTx(tx: Tx, game: ReturnType<typeof ratedGameInput.parse>, cfg: GlickoConfig): Promise<ApplyRatedGameResult> {
  const seats = game.players.map((p) => ({ userId: p.userId.toLowerCase(), score: p.score, ...(p.lost ? { lost: true } : {}) }));
  const key = game.pairingId
    ? sql`(${ratedGames.source} = ${game.source} and ${ratedGames.sourceId} = ${game.sourceId}) or ${ratedGames.pairingId} = ${game.pairingId}::uuid`
    : sql`${ratedGames.source} = ${game.source} and ${ratedGames.sourceId} = ${game.sourceId}`;
  // Rated before (a plain read: it takes no lock that a correction's ledger lock waits on).
  const [known] = await tx.select({ id: ratedGames.id }).from(ratedGames).where(key).limit(1);
  const row = known
    ? undefined
    : (
        await tx
          .insert(ratedGames)
          .values({ ruleset: game.ruleset, playedAt: game.playedAt, players: seats, source: game.source, sourceId: game.sourceId, pairingId: game.pairingId ?? null })
          // No target: either unique key (source + source_id, or pairing_id) makes this a duplicate.
          .onConflictDoNothing()
          .returning({ id: ratedGames.id })
      )[0];
  if (!row) {
    // Rated before. A corrected result is written into the ledger and the ratings are re-derived
    // from that game on (rerate.ts), inline or on the queue.
    await lockLedgerForChange(tx);
    const amended = rowsOf<{ id: string | number; t: string }>(
      await tx.execute(sql`
        update ${ratedGames} set players = ${JSON.stringify(seats)}::jsonb
        where ${ratedGames.source} = ${game.source} and ${ratedGames.sourceId} = ${game.sourceId} and ${ratedGames.players} <> ${JSON.stringify(seats)}::jsonb
        returning id, played_at::text as t`),
    );
    const [a] = amended;
    const rerate = a ? await rerateFrom(tx, { ruleset: game.ruleset, playedAt: a.t, id: Number(a.id) }, seats.map((s) => s.userId), game.why ?? "an earlier result was corrected", cfg) : null;
    return { status: "duplicate", source: game.source, sourceId: game.sourceId, amended: !!a, rerate };
  }

  // Creates missing rows and locks every player's row in one statement: ON CONFLICT DO UPDATE
  // takes the row lock as it meets each row, and the rows are listed in sorted user-id order.
  const sorted = seats.map((s) => s.userId).sort();
  const locked = await tx
    .insert(ratings)
    .values(sorted.map((userId) => ({ userId, ruleset: game.ruleset, rating: cfg.initialRating, rd: cfg.initialRd, volatility: cfg.initialVolatility, games: 0 })))
    .onConflictDoUpdate({ target: [ratings.userId, ratings.ruleset], set: { updatedAt: sql`now()` } })
    .returning({ userId: ratings.userId, rating: ratings.rating, rd: ratings.rd, volatility: ratings.volatility });
  const byUser = new Map(locked.map((r) => [r.userId, { rating: r.rating, rd: r.rd, volatility: r.volatility }]));

  const pre = seats.map((s) => byUser.get(s.userId)!);
  const keys = outcomeKeys(seats);
  const post = rateSeats(pre, keys, cfg);
  const changes: RatingChange[] = seats.map((s, i) => ({ userId: s.userId, score: s.score, result: pairwiseResult(keys, i), before: pre[i], after: post[i] }));

  // New ratings and the history rows in one round trip.
  const newValues = sql.join(
    changes.map((c) => sql`(${c.userId}::uuid, ${c.after.rating}::float8, ${c.after.rd}::float8, ${c.after.volatility}::float8)`),
    sql`, `,
  );
  const playedAt = game.playedAt.toISOString();
  const eventValues = sql.join(
    changes.map(
      (c, i) =>
        sql`(${row.id}::bigint, ${c.userId}::uuid, ${game.ruleset}, ${playedAt}::timestamptz, ${c.before.rating}::float8, ${c.before.rd}::float8, ${c.after.rating}::float8, ${c.after.rd}::float8, ${c.after.volatility}::float8, ${c.score}::int, ${c.result}::float8, ${JSON.stringify(opponentsOf(changes, i))}::jsonb, ${game.source}, ${game.sourceId})`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    with v(user_id, rating, rd, volatility) as (values ${newValues}),
    upd as (
      update ${ratings} set rating = v.rating, rd = v.rd, volatility = v.volatility, games = ${ratings.games} + 1, updated_at = now()
      from v where ${ratings.userId} = v.user_id and ${ratings.ruleset} = ${game.ruleset}
    )
    insert into ${ratingEvents} (rated_game_id, user_id, ruleset, played_at, rating_before, rd_before, rating_after, rd_after, volatility_after, score, result, opponents, source, source_id)
    values ${eventValues}`);
  await notifyRatingChanged(tx, changes.map((c) => ({ userId: c.userId, ruleset: game.ruleset, before: c.before.rating, after: c.after.rating })));
  return { status: "rated", ratedGameId: row.id, ruleset: game.ruleset, changes };
}

/**
 * Takes a tournament board out of the ledger (a director turned its result into a forfeit, which
 * is not rated, or withdrew it); its history rows go with it (ON DELETE CASCADE) and the ratings
 * are re-derived from that game's place on (rerate.ts). Returns how the ratings followed, or null
 * when the board had no entry.
 */
export async function removeRatedBoard(tx: Tx, pairingId: string, why = "an earlier result was withdrawn", cfg: GlickoConfig = ratingConfig()): Promise<RerateOutcome | null> {
  const [known] = await tx.select({ id: ratedGames.id }).from(ratedGames).where(eq(ratedGames.pairingId, pairingId)).limit(1);
  if (!known) return null;
  await lockLedgerForChange(tx);
  const [gone] = rowsOf<{ id: string | number; t: string; r: RulesetId; p: LedgerPlayer[] | string }>(
    await tx.execute(sql`delete from ${ratedGames} where pairing_id = ${pairingId}::uuid returning id, played_at::text as t, ruleset as r, players as p`),
  );
  if (!gone) return null;
  const players = (typeof gone.p === "string" ? (JSON.parse(gone.p) as LedgerPlayer[]) : gone.p).map((p) => p.userId);
  return rerateFrom(tx, { ruleset: gone.r, playedAt: gone.t, id: Number(gone.id) }, players, why, cfg);
}

/** Result rows of `execute` on either driver (postgres.js: an array; PGlite: `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** Everyone else at the table with their pre-game rating, as a history row shows them. */
export function opponentsOf(seats: readonly { userId: string; score: number; before: Rating }[], i: number): EventOpponent[] {
  return seats.flatMap((s, j) => (j === i ? [] : [{ userId: s.userId, rating: s.before.rating, rd: s.before.rd, score: s.score }]));
}
