/**
 * Mid-game positions from seeded self-play (engine/movegen/selfplay.ts, both bots at the `best`
 * level with the node budget binding, so a seed replays exactly), 8–14 turns deep, with the player
 * on turn holding a full rack: the frozen positions of bench/positions/movegen.json
 * (make-movegen.ts) and the movegen bench's warm-up positions, which are made the same way from
 * other seeds so that no measured position is searched before it is measured. The bot's play
 * changes with the engine, so a seed gives the position today's engine reaches: the measured ones
 * stay frozen in the file.
 */
import { formatPosition, getRuleset, positionOf, selfPlay, type RulesetId } from "@/engine";

const MIN_TURNS = 8;
const MAX_TURNS = 14;

export type MidGame = { seed: string; turns: number; position: string };

/** The first `count` mid-game positions of the seeds `${seedPrefix}:${id}:0`, `:1`, …. */
export function midGamePositions(id: RulesetId, seedPrefix: string, count: number, progress?: (n: number) => void): MidGame[] {
  const rs = getRuleset(id);
  const out: MidGame[] = [];
  for (let g = 0; out.length < count; g++) {
    const seed = `${seedPrefix}:${id}:${g}`;
    const turns = MIN_TURNS + (out.length % (MAX_TURNS - MIN_TURNS + 1));
    const { state } = selfPlay(id, seed, { maxTurns: turns, budgetMs: 1e9, maxNodes: 2_000 });
    const rack = state.racks[state.turn];
    // a finished game or a short rack (the bag ran low) is no mid-game position: next seed
    if (state.phase !== "playing" || rack.filter((f) => f !== "=").length < rs.rackSize) continue;
    out.push({ seed, turns, position: formatPosition(positionOf(state)) });
    progress?.(out.length);
  }
  return out;
}
