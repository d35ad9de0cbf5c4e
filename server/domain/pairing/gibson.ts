/**
 * Gibsonization for the final Swiss rounds: a player whose prize place is settled is paired so
 * that their game cannot distort the race for the other prizes.
 *
 * Rule chosen (Woogles "classic" catch-up test [W-div], with TSH's 2016 NASPA spread figure
 * [TSH-src]): with R rounds left *including the one being paired*, `leader` is out of `trailer`'s
 * reach when the lead in wins (ties ½) is greater than R, or equals R and the spread lead exceeds
 * `spreadPerRound`·R (default 500, the maximum swing per game NASPA allows since 2016; earlier
 * TSH used 250/175/150). Based on completed results only.
 * Places (TSH prize-band Gibsons): the player in place k ≤ `gibsonPlaces` (default 1: only first)
 * is Gibsonized when nobody below can catch them and they cannot catch anyone above — their
 * place is then the same whatever happens.
 * Pairing (TSH): odd field → the best-placed Gibson takes the bye; the other Gibsons meet each
 * other in place order (their games change nobody's place); a Gibson left over meets the
 * highest-ranked non-contender (a player who can no longer reach the top `prizePlaces`) among
 * those who have met them least often; if every player is still a contender, the lowest-ranked.
 * Caveats: no Gibson groups as in COP; "can still reach a place" uses the same wins+spread
 * catch-up test, not a full simulation.
 */
import type { PlayerState } from "./state";
import { formatSpread, formatWins, winsPhrase } from "../results";

export interface GibsonOptions {
  /** Total rounds in the event (needed to know how many remain). */
  totalRounds: number;
  /** Max spread a trailing player can gain on the leader per round (default 500). */
  spreadPerRound?: number;
  /** Places that win prizes; contenders for these are kept away from the Gibson (default 3, at least `gibsonPlaces`). */
  prizePlaces?: number;
  /** How many of the top places are Gibsonized once settled (default 1: only first). */
  gibsonPlaces?: number;
}

export interface GibsonDecision {
  gibson: PlayerState;
  /** null = the Gibson takes the bye. */
  opponent: PlayerState | null;
  /** True when the opponent is a Gibson too (two settled places meet). */
  opponentIsGibson?: boolean;
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

const ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"];
const placeName = (k: number) => ORDINALS[k] ?? `${k + 1}th`;

/** True when the player at `order[k]` can neither be caught from below nor catch anyone above. */
function placeSettled(order: readonly PlayerState[], k: number, left: number, spr: number): boolean {
  const x = order[k];
  for (let i = 0; i < k; i++) if (!cannotCatch(order[i], x, left, spr)) return false;
  for (let j = k + 1; j < order.length; j++) {
    if (order[j].wins < x.wins - left - 1e-9) break; // sorted by wins: nobody further down is in reach
    if (!cannotCatch(x, order[j], left, spr)) return false;
  }
  return true;
}

/**
 * Every Gibson of this round and their pairing (an empty list when no place is settled).
 * `order` is best-first; Gibsons are in place order, each with an opponent or null for the bye.
 */
export function decideGibsons(order: readonly PlayerState[], round: number, opts: GibsonOptions): GibsonDecision[] {
  const left = roundsLeft(opts, round);
  if (left < 1 || order.length < 2) return [];
  const spr = opts.spreadPerRound ?? 500;
  const gPlaces = Math.max(1, opts.gibsonPlaces ?? 1);
  const places = Math.max(gPlaces, opts.prizePlaces ?? 3);
  const settled: { p: PlayerState; k: number; why: string }[] = [];
  for (let k = 0; k < Math.min(gPlaces, order.length); k++) {
    if (!placeSettled(order, k, left, spr)) continue;
    const x = order[k];
    const next = order[k + 1] ?? order[k - 1];
    settled.push({
      p: x,
      k,
      why:
        `${x.name} has clinched ${placeName(k)} (${winsPhrase(x.wins)}, ${formatSpread(x.spread)}; ` +
        `${next.name} ${k + 1 < order.length ? "next" : "above"} on ${formatWins(next.wins)}, ${formatSpread(next.spread)}, with ${left} round${left === 1 ? "" : "s"} left)`,
    });
  }
  if (settled.length === 0) return [];
  const out: GibsonDecision[] = [];
  let rest = settled;
  if (order.length % 2 === 1) {
    out.push({ gibson: rest[0].p, opponent: null, reason: `${rest[0].why}; Gibsonized: takes the bye so the race below is unaffected` });
    rest = rest.slice(1);
  }
  while (rest.length >= 2) {
    const [a, b] = rest;
    const reason = `Gibsonized: ${a.p.name} and ${b.p.name} have both clinched their places (${placeName(a.k)} and ${placeName(b.k)}), so they meet each other`;
    out.push({ gibson: a.p, opponent: b.p, opponentIsGibson: true, reason: `${a.why}; ${b.why}; ${reason}` });
    rest = rest.slice(2);
  }
  if (rest.length === 1) {
    const { p: g, why } = rest[0];
    const gibsons = new Set(settled.map((s) => s.p));
    let best: PlayerState | null = null;
    let bestMet = Infinity;
    for (let i = 0; i < order.length; i++) {
      const x = order[i];
      if (gibsons.has(x)) continue;
      let above = 0;
      for (const y of order) {
        if (y === x) continue;
        if (y.wins < x.wins + left - 1e-9) break; // sorted by wins: nobody further down is out of reach
        if (cannotCatch(y, x, left, spr)) above++;
      }
      if (above < places) continue; // still a contender for a prize place
      const met = g.met.get(x.idx) ?? 0;
      if (met < bestMet) {
        best = x;
        bestMet = met;
        if (met === 0) break;
      }
    }
    if (best) {
      out.push({
        gibson: g,
        opponent: best,
        reason: `${why}; Gibsonized: paired with ${best.name}, the highest-ranked player out of the top-${places} race${bestMet ? ` (least met: ${bestMet})` : ""}`,
      });
    } else {
      let last = order[order.length - 1];
      for (let i = order.length - 1; i >= 0 && gibsons.has(last); i--) last = order[i];
      out.push({ gibson: g, opponent: last, reason: `${why}; Gibsonized: everyone is still in the prize race, so paired with the lowest-ranked player ${last.name}` });
    }
  }
  return out;
}

/** The Gibson decision for first place this round, or null when first is still open. `order` is best-first. */
export function decideGibson(order: readonly PlayerState[], round: number, opts: GibsonOptions): GibsonDecision | null {
  return decideGibsons(order, round, { ...opts, gibsonPlaces: 1 })[0] ?? null;
}
