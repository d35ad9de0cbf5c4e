/**
 * Gibsonization for the final Swiss rounds: a leader who has clinched first place is paired so
 * that their game cannot distort the race for the other prizes.
 *
 * Rule chosen (Woogles "classic" catch-up test [W-div], with TSH's 2016 NASPA spread figure
 * [TSH-src]): with R rounds left *including the one being paired*, the leader has clinched first
 * when, against every other player, the lead in wins (ties ½) is greater than R, or equals R and the
 * spread lead exceeds `spreadPerRound`·R (default 500, the maximum swing per game NASPA allows
 * since 2016; earlier TSH used 250/175/150). Based on completed results only.
 * Pairing (TSH): odd field → the Gibson takes the bye; otherwise the highest-ranked non-contender
 * (a player who can no longer reach the top `prizePlaces`) among those who have met the Gibson
 * least often; if every player is still a contender, the lowest-ranked player.
 * Caveats: only first place is Gibsonized (no prize-band Gibsons, no Gibson groups as in COP);
 * "can still reach a place" uses the same wins+spread catch-up test, not a full simulation.
 */
import type { PlayerState } from "./state";
import { formatSpread, formatWins } from "../results";

export interface GibsonOptions {
  /** Total rounds in the event (needed to know how many remain). */
  totalRounds: number;
  /** Max spread a trailing player can gain on the leader per round (default 500). */
  spreadPerRound?: number;
  /** Places that win prizes; contenders for these are kept away from the Gibson (default 3). */
  prizePlaces?: number;
}

export interface GibsonDecision {
  gibson: PlayerState;
  /** null = the Gibson takes the bye. */
  opponent: PlayerState | null;
  reason: string;
}

/** True when `trailer` can no longer catch `leader` with `roundsLeft` rounds to play. */
export function cannotCatch(leader: PlayerState, trailer: PlayerState, roundsLeft: number, spreadPerRound: number): boolean {
  const lead = leader.wins - trailer.wins;
  if (lead > roundsLeft + 1e-9) return true;
  return Math.abs(lead - roundsLeft) < 1e-9 && leader.spread - trailer.spread > spreadPerRound * roundsLeft;
}

/** Rounds still to play when pairing `round` (the round itself included). */
export const roundsLeft = (opts: GibsonOptions, round: number) => opts.totalRounds - round + 1;

/** The Gibson decision for this round, or null when nobody has clinched first. `order` is best-first. */
export function decideGibson(order: readonly PlayerState[], round: number, opts: GibsonOptions): GibsonDecision | null {
  const left = roundsLeft(opts, round);
  if (left < 1 || order.length < 2) return null;
  const spr = opts.spreadPerRound ?? 500;
  const places = Math.max(1, opts.prizePlaces ?? 3);
  const leader = order[0];
  for (let i = 1; i < order.length; i++) if (!cannotCatch(leader, order[i], left, spr)) return null;
  const second = order[1];
  const clinch =
    `${leader.name} has clinched first (${formatWins(leader.wins)} wins, ${formatSpread(leader.spread)}; ` +
    `${second.name} next on ${formatWins(second.wins)}, ${formatSpread(second.spread)}, with ${left} round${left === 1 ? "" : "s"} left)`;
  if (order.length % 2 === 1) return { gibson: leader, opponent: null, reason: `${clinch}; Gibsonized: takes the bye so the race below is unaffected` };
  let best: PlayerState | null = null;
  let bestMet = Infinity;
  for (let i = 1; i < order.length; i++) {
    const x = order[i];
    let above = 0;
    for (const y of order) {
      if (y === x) continue;
      if (y.wins < x.wins + left - 1e-9) break; // sorted by wins: nobody further down is out of reach
      if (cannotCatch(y, x, left, spr)) above++;
    }
    if (above < places) continue; // still a contender for a prize place
    const met = leader.met.get(x.idx) ?? 0;
    if (met < bestMet) {
      best = x;
      bestMet = met;
      if (met === 0) break;
    }
  }
  if (best) {
    return {
      gibson: leader,
      opponent: best,
      reason: `${clinch}; Gibsonized: paired with ${best.name}, the highest-ranked player out of the top-${places} race${bestMet ? ` (least met: ${bestMet})` : ""}`,
    };
  }
  const last = order[order.length - 1];
  return { gibson: leader, opponent: last, reason: `${clinch}; Gibsonized: everyone is still in the prize race, so paired with the lowest-ranked player ${last.name}` };
}
