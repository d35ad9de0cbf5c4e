/**
 * Correspondence games (docs/competitions.md "Correspondence"): a clock of days per move and a
 * bank of days (engine/clock.ts, `moveAllowanceMs`). Such a game has no live tick: nobody watches
 * a board for weeks. Its player to move loses on time through the due sweep
 * (server/services/schedule/due.ts), which records what the clock owes with the same write as a
 * claimed timeout (`recordDue`, moves.ts: the match writer, under the row lock). And the player to
 * move hears that it is their turn (`your-turn`), with the time they have left to move.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { matches, users, type Match } from "@/db/schema";
import { clock as C, type GameState } from "@/engine";
import { notify } from "@/server/services/notifications/notify";
import { recordDue } from "./moves";

/** Games looked at per sweep (the next sweep takes the rest). */
const SWEEP_BATCH = 200;

/** Record the losses on time that are due among active correspondence games; returns how many
 * games the clock ended (or moved on: a forfeit pass). */
export async function settleCorrespondenceTimeouts(db: Db, opts: { now?: number } = {}): Promise<number> {
  const now = opts.now ?? Date.now();
  const rows = await db
    .select({ id: matches.id, version: matches.version })
    .from(matches)
    .where(and(eq(matches.status, "active"), sql`coalesce((${matches.timeControl}->>'moveAllowanceMs')::bigint, 0) > 0`))
    .orderBy(asc(matches.updatedAt))
    .limit(SWEEP_BATCH);
  let settled = 0;
  for (const r of rows) if (await recordDue(db, { matchId: r.id, version: r.version, now })) settled++;
  return settled;
}

/**
 * After a write of a correspondence game: when the turn passed to another player (or the game
 * started), tell them, with the time they have to move. Called after the commit by the match
 * writer; a failure is logged by the caller and never undoes the move.
 */
export async function notifyTurnIfCorrespondence(db: DbOrTx, m: Pick<Match, "id" | "timeControl" | "turn" | "status">, s: GameState, now: number): Promise<void> {
  if (!C.isCorrespondence(m.timeControl) || s.phase !== "playing" || !s.clock || s.clock.running === null) return;
  if (m.status === "active" && m.turn === s.turn) return; // the same player is still to move
  const ids = s.players.map((p) => p.id);
  const names = new Map((await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids))).map((u) => [u.id, u.name]));
  const toMove = ids[s.turn];
  if (!toMove) return;
  const others = ids.filter((_, i) => i !== s.turn).map((id) => names.get(id) ?? "your opponent");
  const left = C.describeTimeLeft(C.timeToMove(s.clock, s.turn, now));
  await notify(db, toMove, "your-turn", { text: `It is your move against ${others.join(" and ")}: ${left} left to move.`, href: `/play/${m.id}`, matchId: m.id });
}
