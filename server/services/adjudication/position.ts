/**
 * A match's board at move N, for the judge's desk ("load a match at move N"). Read-only: it
 * replays the match's event log (docs/conventions.md, principle 6) with the engine's `applyEvent` and stops
 * before the first event that takes the game past move N.
 *
 * Two ways to name the position:
 * - `line` (what the desk asks for): the scoresheet's # column, which numbers every event of the
 *   game (1 is "game started", 2 the first turn, a challenge or a penalty takes a number too). The
 *   position is the board before line N, and `nextPlay` is line N's play when it is one — so the
 *   judge types the number the players read off the scoresheet beside the disputed play. No line:
 *   the latest play's (the dispute is usually about it).
 * - `moveNumber`: the engine's turns taken (plays, exchanges, passes, lost turns). Move 0 is the
 *   empty board; the position at move N is the board after N turns, and `nextPlay` is the play
 *   made from it (the (N+1)th turn), when that turn was a play.
 * Only what a spectator can see is returned: the board and the next play's tiles, never a rack,
 * the bag or whether a pending play is valid.
 */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { matches } from "@/db/schema/matches";
import { applyEvent, plainPlacement, RULESET_DATA, type GameState, type Placement, type RulesetId } from "@/engine";
import { DomainError } from "@/server/errors";
import { loadEvents } from "@/server/services/matches/state";

export interface MatchPosition {
  matchId: string;
  ruleset: RulesetId;
  options: Record<string, unknown>;
  tournamentId: string | null;
  moveNumber: number;
  /** the scoresheet line asked for, else null */
  line: number | null;
  board: Placement[];
  /** the (N+1)th turn when it was a play (its tiles, as played) */
  nextPlay: Placement[] | null;
  /** name of the player on move at N (who made nextPlay) */
  mover: { id: string; name: string | null } | null;
  players: { id: string; name: string | null }[];
}

/** The stored options a request may carry for this ruleset (the parser rejects inapplicable keys). */
export function applicableOptions(ruleset: RulesetId, options: Record<string, unknown> | null | undefined): Record<string, unknown> {
  const keys = RULESET_DATA[ruleset].optionKeys as readonly string[];
  return Object.fromEntries(Object.entries(options ?? {}).filter(([k]) => keys.includes(k)));
}

/** The board of `matchId` after `moveNumber` turns, or before scoresheet line `line` (none: the
 * latest play's); NOT_FOUND for an unknown match or a move the game has not reached. */
export async function matchPosition(db: DbOrTx, matchId: string, asked: { moveNumber: number } | { line?: number }): Promise<MatchPosition> {
  const [m] = await db
    .select({ id: matches.id, ruleset: matches.ruleset, options: matches.rulesetOptions, tournamentId: matches.tournamentId })
    .from(matches)
    .where(eq(matches.id, matchId))
    .limit(1);
  if (!m) throw new DomainError("NOT_FOUND", "That game does not exist.", "matchId");
  const events = await loadEvents(db, matchId);
  const latestPlay = [...events].reverse().find((e) => e.event.type === "play");
  const at: { moveNumber: number } | { line: number } = "moveNumber" in asked ? asked : { line: asked.line ?? latestPlay?.seq ?? events.at(-1)?.seq ?? 1 };
  const line = "line" in at ? at.line : null;
  let state: GameState | null = null;
  let nextPlay: Placement[] | null = null;
  let reachedEnd = true;
  let lastSeq = 0;
  for (const e of events) {
    // by line: stop at line N (the start is always applied, so line 1 is the empty board)
    if (line !== null && state !== null && e.seq >= line) {
      if (e.seq === line && e.event.type === "play") nextPlay = e.event.placements.map(plainPlacement);
      reachedEnd = false;
      break;
    }
    const r = applyEvent(state, e.event);
    if (!r.ok) break; // a corrupt tail: show the valid prefix
    if ("moveNumber" in at && state && r.value.moveNumber > at.moveNumber) {
      if (e.event.type === "play") nextPlay = e.event.placements.map(plainPlacement);
      reachedEnd = false;
      break;
    }
    state = r.value;
    lastSeq = e.seq;
  }
  if (!state) throw new DomainError("NOT_FOUND", "That game has not started yet.", "moveNumber" in at ? "moveNumber" : "line");
  if ("moveNumber" in at && reachedEnd && state.moveNumber < at.moveNumber) {
    throw new DomainError("NOT_FOUND", `That game has only reached move ${state.moveNumber}.`, "moveNumber");
  }
  if (line !== null && reachedEnd && line > lastSeq) {
    throw new DomainError("NOT_FOUND", `That game's scoresheet has only ${lastSeq} moves.`, "line");
  }
  const players = state.players.map((p) => ({ id: p.id, name: p.name ?? null }));
  return {
    matchId: m.id,
    ruleset: m.ruleset,
    options: applicableOptions(m.ruleset, m.options),
    tournamentId: m.tournamentId,
    moveNumber: "moveNumber" in at ? at.moveNumber : state.moveNumber,
    line,
    board: state.board.map(plainPlacement),
    nextPlay,
    mover: players[state.turn] ?? null,
    players,
  };
}
