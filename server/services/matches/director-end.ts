/**
 * A tournament director's result is authoritative (docs/matches.md "A director's result"): typed in
 * while the board's online game still runs, it ends that game in the same transaction. The write
 * path follows moves.ts:
 *   1. lock the match row — the first lock of every write of a match, and of a game's own end,
 *      which then locks the board (so this path and a resignation queue, they cannot deadlock);
 *   2-3. the engine folds the director's end (`act`): the events the clock owes at the server's
 *      `now` first (a flag that fell before the director typed ends the game on time, reported as
 *      usual: the director's result then corrects it), then, still playing, `director-end`
 *      (clocks stop, nothing settled) and `end`;
 *   4. the writer appends them (writer.ts `appendEvents`: the log, the row, `match:<id>`; a
 *      director's end reports nothing, the caller writes the director's result onto the board
 *      and rates it once);
 *   5. the row's cached result is the director's, so players and spectators see who won.
 */
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { matches, type MatchResult } from "@/db/schema/matches";
import { act } from "@/engine";
import { lockMatch } from "./reads";
import { foldActed, loadFolded } from "./state";
import { appendEvents, finishUnplayed, setResult } from "./writer";

export interface DirectorResult {
  /** userId → score, as the director entered them */
  scores: Record<string, number>;
  /** the player who forfeited (a loss whatever the scores), or null */
  forfeitUserId: string | null;
}

/**
 * Ends the running game of a tournament board because its director entered `result`; call it in the
 * transaction that writes that result, before the board is locked. Returns the board's match id
 * (running, or already over), or null when the board has no game.
 */
export async function endForDirectorResult(tx: DbOrTx, input: { pairingId: string; tournamentId: string; actorId: string; result: DirectorResult; now?: number }): Promise<{ matchId: string } | null> {
  const [found] = await tx
    .select({ id: matches.id })
    .from(matches)
    .where(and(eq(matches.pairingId, input.pairingId), eq(matches.tournamentId, input.tournamentId)))
    .limit(1);
  if (!found) return null;
  const m = await lockMatch(tx, found.id);
  if (m.status === "open") {
    // Still waiting for its players (a fair start, presence.ts): no clock ran, nothing to settle.
    await finishUnplayed(tx, m, { result: directorResult(input.result), at: new Date() });
    return { matchId: m.id };
  }
  if (m.status !== "active") return { matchId: m.id };
  const f = (await loadFolded(tx, m.id, m.version))!;
  const out = act(f.state, { type: "director-end" }, input.now ?? Date.now());
  if (!out.ok) throw new Error(`director-end refused by the engine: ${out.refusal.code} ${out.refusal.message}`);
  const w = { kind: "director-end" as const, m, ...foldActed(f, out, { index: out.actionIndex, actorId: input.actorId, clientId: null }), now: out.now };
  if (w.appended.length > 0) await appendEvents(tx, w, { locked: true });
  if (out.state.end?.reason === "director") await setResult(tx, m, directorResult(input.result));
  return { matchId: m.id };
}

function directorResult({ scores, forfeitUserId }: DirectorResult): MatchResult {
  const ids = Object.keys(scores);
  const best = Math.max(...Object.values(scores));
  const winners = forfeitUserId ? ids.filter((id) => id !== forfeitUserId) : ids.filter((id) => scores[id] === best);
  return { reason: "director", winners, scores: { ...scores } };
}
