/**
 * The director starts a round's clock (tournaments/clock.ts `setRoundClock`) and, with
 * `startGames`, the clocks of every online game of the round still waiting for its players,
 * through the one fair-start path (`startNow`, matches/presence.ts): each game in its own
 * transaction after the round's, so one game refusing does not undo the round.
 * In boards/ so that tournaments/ imports nothing of matches/ (see enter-result.ts).
 */
import type { Db } from "@/db/client";
import { DomainError } from "@/server/errors";
import { startNow } from "@/server/services/matches/presence";
import { setRoundClock, type StartRoundInput } from "@/server/services/tournaments/clock";
import type { DirectorAct } from "@/server/services/tournaments/director-write";

/** Directors only (checked by the router). Returns when the clock started and how many games it started. */
export async function startRoundClock(db: Db, input: DirectorAct & StartRoundInput, opts: { now?: number } = {}): Promise<{ startedAt: Date; durationMs: number; startedGames: number }> {
  const { startedAt, durationMs, waiting } = await setRoundClock(db, input, opts);
  let startedGames = 0;
  for (const id of waiting) {
    try {
      if ((await startNow(db, id, input.actorId, opts)).started) startedGames++;
    } catch (e) {
      // A game that ended or changed meanwhile is skipped; anything else is a bug.
      if (!(e instanceof DomainError)) throw e;
    }
  }
  return { startedAt, durationMs, startedGames };
}
