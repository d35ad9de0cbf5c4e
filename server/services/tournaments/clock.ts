/**
 * The round clock: the director starts a published round with a length in minutes; the round
 * keeps `started_at` and `duration_ms`, and every page counts down from them with the server's
 * time (the overview carries `serverNow`, so a browser whose clock is wrong still shows the right
 * time left). Starting again restarts the clock (a director who typed the wrong length).
 *
 * With `startGames`, every online game of the round that is still waiting for its players has its
 * clocks started at once (boards/round-clock.ts, through matches' one fair-start path): each game
 * in its own transaction after the round's, so one game refusing does not undo the round.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { matches, tournamentPairings, tournamentRounds, tournaments } from "@/db/schema";
import { DomainError } from "@/server/errors";
import { directorWrite, type DirectorAct } from "./director-write";

export interface RoundClockView {
  /** The round as the players see it; null for a round that does not exist or is still a draft. */
  round: { number: number; status: "published" | "closed"; startedAt: Date | null; durationMs: number | null } | null;
  /** The server's time when read: the page counts down from it (see the header). */
  serverNow: Date;
}

/**
 * One round's clock for a player's game screen: small, so each board's screen can re-read it on
 * every tournament notice without loading the whole event. A draft is reported as no round (only
 * directors see drafts). NOT_FOUND for an unknown tournament.
 */
export async function getRoundClock(db: DbOrTx, tournamentId: string, roundNumber: number): Promise<RoundClockView> {
  const [t] = await db.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.id, tournamentId)).limit(1);
  if (!t) throw new DomainError("NOT_FOUND", "That tournament does not exist.");
  const [r] = await db
    .select({ number: tournamentRounds.number, status: tournamentRounds.status, startedAt: tournamentRounds.startedAt, durationMs: tournamentRounds.durationMs })
    .from(tournamentRounds)
    .where(and(eq(tournamentRounds.tournamentId, t.id), eq(tournamentRounds.number, roundNumber)))
    .limit(1);
  return { round: r && r.status !== "draft" ? { ...r, status: r.status } : null, serverNow: new Date() };
}

export interface StartRoundInput {
  roundNumber: number;
  minutes: number;
  startGames: boolean;
}

/**
 * Directors only (checked by the router). Sets the clock and returns when it started and the
 * round's games still waiting for their players (boards/round-clock.ts starts them when asked).
 */
export async function setRoundClock(db: DbOrTx, input: DirectorAct & StartRoundInput, opts: { now?: number } = {}): Promise<{ startedAt: Date; durationMs: number; waiting: string[] }> {
  const startedAt = new Date(opts.now ?? Date.now());
  const durationMs = input.minutes * 60_000;
  const waiting = await directorWrite(db, input, async (tx, t, audit) => {
    const [r] = await tx
      .select()
      .from(tournamentRounds)
      .where(and(eq(tournamentRounds.tournamentId, t.id), eq(tournamentRounds.number, input.roundNumber)))
      .limit(1);
    if (!r) throw new DomainError("NOT_FOUND", `There is no round ${input.roundNumber}.`);
    if (r.status !== "published") throw new DomainError("PRECONDITION", r.status === "draft" ? `Publish round ${r.number} before starting its clock.` : `Round ${r.number} is closed; its clock can no longer start.`);
    await tx.update(tournamentRounds).set({ startedAt, durationMs }).where(eq(tournamentRounds.id, r.id));
    const boards = await tx.select({ id: tournamentPairings.id }).from(tournamentPairings).where(and(eq(tournamentPairings.roundId, r.id), eq(tournamentPairings.isBye, false)));
    const games = !input.startGames || boards.length === 0 ? [] : await tx.select({ id: matches.id }).from(matches).where(and(inArray(matches.pairingId, boards.map((b) => b.id)), eq(matches.status, "open")));
    await audit("round.started", { round: r.number, durationMs, restarted: !!r.startedAt, waitingGames: games.length });
    return games.map((g) => g.id);
  });
  return { startedAt, durationMs, waiting };
}
