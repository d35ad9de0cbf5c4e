/**
 * "It is your move" for correspondence games (docs/competitions.md "Correspondence"): called by the
 * match writer after each write (writer.ts); a live game is never told, its players are at the board.
 */
import { inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { users, type Match } from "@/db/schema";
import { clock as C, type GameState } from "@/engine";
import { notify } from "@/server/services/notifications/notify";

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
