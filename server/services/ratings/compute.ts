/**
 * One rated game's arithmetic, shared by the incremental path (`applyRatedGame`) and the full
 * replay (`recomputeRatings`) so both produce bit-identical numbers.
 *
 * Two players: `rateGame` (each game its own rating period, from both pre-game ratings). Three or
 * four: `ratePod` (pairwise win / ½ tie / loss against every other player by final score, one
 * period per player). The per-player `result` is the pairwise points over the number of opponents.
 * A player who lost by resignation or on time ranks below everyone whatever the scores (`outcomeKeys`).
 */
import { rateGame, ratePod, type GlickoConfig, type Rating } from "@/server/domain";

/** What results are decided by: the score, or −∞ for a player who resigned or lost on time. */
export function outcomeKeys(players: readonly { score: number; lost?: boolean }[]): number[] {
  return players.map((p) => (p.lost ? Number.NEGATIVE_INFINITY : p.score));
}

/** Pairwise points of player i over the others, scaled to [0, 1]. */
export function pairwiseResult(scores: readonly number[], i: number): number {
  let pts = 0;
  for (let j = 0; j < scores.length; j++) {
    if (j === i) continue;
    pts += scores[i] > scores[j] ? 1 : scores[i] === scores[j] ? 0.5 : 0;
  }
  return pts / (scores.length - 1);
}

/** New ratings for every seat, in seat order; `pre` and `scores` (outcome keys) are in seat order too. */
export function rateSeats(pre: readonly Rating[], scores: readonly number[], cfg: GlickoConfig): Rating[] {
  if (pre.length === 2) return rateGame(pre[0], pre[1], pairwiseResult(scores, 0), cfg);
  return ratePod(pre, scores, cfg);
}
