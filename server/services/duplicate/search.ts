/**
 * The master play's search (docs/duplicate.md "The master play"): the engine's best plays for the
 * turn's board and rack, found off the request thread (the analysis worker thread,
 * services/analysis/runner.ts) with a deadline, then ordered by the engine's tie rule
 * (`compareTopPlays`, the exact search's own order). Stored on the turn by the search job as soon as the rack is drawn, so the close
 * rarely waits for it. The worker runs the same exact search as the engine's `topPlay`
 * (engine/movegen/top.ts: proof, or the best so far with a bounded fallback when cut), asked for
 * the top 12 so that every play tied on score reaches the tie rule here.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { duplicateTurns, type DuplicateGame, type StoredPlay } from "@/db/schema";
import { adjudicatePlay, compareTopPlays, playLinesText, type Face, type Placement, type Ruleset } from "@/engine";
import { bestPlaysOffThread } from "@/server/services/analysis/runner";
import { drawAfter } from "./draw-ahead";
import { gameRuleset } from "./access";

/** How long the search may take (ms); the bounded search then fills in for another second. */
export const SEARCH_MS = Number(process.env.DUPLICATE_SEARCH_MS ?? 5000);

/** A play as stored, with the engine's notation, or null when the engine does not accept it. */
export function storedPlay(rs: Ruleset, board: readonly Placement[], rack: readonly Face[], play: readonly Placement[]): StoredPlay | null {
  const r = adjudicatePlay(rs, board, play, { rack: rack.slice(), firstPlay: board.length === 0 });
  if (!r.valid) return null;
  return { placements: play.map((p) => ({ ...p })), score: r.score, text: playLinesText(rs, board, play) };
}

/** The best of several legal plays on `board` by the master play's tie rule (null for none). */
export function bestOf(rs: Ruleset, board: readonly Placement[], plays: readonly StoredPlay[]): StoredPlay | null {
  return plays.reduce<StoredPlay | null>((best, p) => (best === null || compareTopPlays(rs, board, p, best) < 0 ? p : best), null);
}

/** The engine's best play for a board and rack by the tie rule (null: none found), and whether the search was complete. */
export async function findMaster(g: DuplicateGame, board: Placement[], rack: Face[], deadlineMs = SEARCH_MS): Promise<{ play: StoredPlay | null; complete: boolean }> {
  const rs = gameRuleset(g);
  const found = await bestPlaysOffThread(g.ruleset, g.rulesetOptions, board, rack, { top: 12, deadlineMs, fallbackMs: Math.min(1000, deadlineMs), firstPlay: board.length === 0 });
  const plays = found.plays.map((p) => storedPlay(rs, board, rack, p.placements)).filter((p) => p !== null);
  return { play: bestOf(rs, board, plays), complete: found.complete };
}

/**
 * Run the search for a turn and store it (a no-op when it is stored already or the turn closed),
 * with the next turn drawn ahead for the search's master play (draw-ahead.ts): the close then only
 * sums, and the playable-rack redraws run here, outside any transaction.
 */
export async function searchTurn(db: DbOrTx, g: DuplicateGame, turn: { number: number; rack: string[] }, deadlineMs = SEARCH_MS): Promise<void> {
  const { play, complete } = await findMaster(g, g.board, turn.rack, deadlineMs);
  const next = drawAfter(g, turn, play);
  const search = play ? { placements: play.placements, score: play.score, text: play.text, complete, next } : { none: true as const, complete, next };
  await db
    .update(duplicateTurns)
    .set({ search })
    .where(and(eq(duplicateTurns.gameId, g.id), eq(duplicateTurns.number, turn.number), isNull(duplicateTurns.search), isNull(duplicateTurns.closedAt)));
}
