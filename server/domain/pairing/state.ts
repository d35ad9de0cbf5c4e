/**
 * Per-player pairing state derived from history: score (wins, spread), first/second counts,
 * byes, who met whom — plus the standings order pairing engines use and the first-move rule.
 *
 * First-move rule (Woogles "automatic firsts" [W-div], TSH `track_firsts`, with the balance first):
 * the player whose firsts − seconds is lower goes first (for players with as many games, that is
 * the one who has moved first fewer times; a bye or a late entry makes the counts differ, and the
 * balance is what the Swiss objective keeps small: `turnsCost`); if level, fewer firsts; then the
 * one who has moved second more often; then the one who moved second in their latest game;
 * otherwise a deterministic coin toss (hash of round and ids), so re-running a pairing gives the
 * same answer.
 * Caveat: indices (0..n-1) are used internally for speed; ids only at the edges.
 */
import { byeOutcome, DEFAULT_SCORING, formatWins, gameOutcomes, type ScoringOptions } from "../results";
import type { History, Player } from "../types";

export interface PlayerState {
  idx: number;
  id: string;
  name: string;
  rating: number;
  seed: number | undefined;
  wins: number;
  losses: number;
  spread: number;
  firsts: number;
  seconds: number;
  /** Round of the latest game and whether the player moved first in it. */
  lastRound: number;
  lastWasFirst: boolean | null;
  byes: number;
  /** Opponent index → number of meetings (scheduled games count too). */
  met: Map<number, number>;
}

export interface FieldState {
  players: PlayerState[];
  byId: Map<string, number>;
  /** Highest round seen in history (0 if none). */
  lastRound: number;
  /** Forbidden pairs as a set of "i,j" keys with i < j. */
  forbidden: Set<number>;
  n: number;
}

/** Key of an unordered index pair, usable in a Set. */
export const pairKey = (a: number, b: number, n: number): number => (a < b ? a * n + b : b * n + a);

/** Build the pairing state of a field from its history. */
export function buildState(
  players: readonly Player[],
  history: History,
  forbiddenPairs: readonly (readonly [string, string])[] = [],
  scoring: Partial<ScoringOptions> = {},
): FieldState {
  const opts = { ...DEFAULT_SCORING, ...scoring };
  const byId = new Map<string, number>();
  const n = players.length;
  const ps: PlayerState[] = players.map((p, idx) => {
    byId.set(p.id, idx);
    return {
      idx, id: p.id, name: p.name ?? p.id, rating: p.rating, seed: p.seed,
      wins: 0, losses: 0, spread: 0, firsts: 0, seconds: 0, lastRound: 0, lastWasFirst: null, byes: 0, met: new Map(),
    };
  });
  let lastRound = 0;
  for (const g of history.games) {
    lastRound = Math.max(lastRound, g.round);
    const idxs = g.players.map((id) => byId.get(id)).filter((x): x is number => x !== undefined);
    idxs.forEach((i, pos) => {
      const s = ps[i];
      if (pos === 0) s.firsts++;
      else s.seconds++;
      if (g.round >= s.lastRound) {
        s.lastRound = g.round;
        s.lastWasFirst = pos === 0;
      }
      for (const j of idxs) if (j !== i) s.met.set(j, (s.met.get(j) ?? 0) + 1);
    });
    for (const o of gameOutcomes(g, opts)) {
      const s = ps[byId.get(o.playerId)!];
      if (!s) continue;
      s.wins += o.wins;
      s.losses += o.losses;
      s.spread += o.spread;
    }
  }
  for (const b of history.byes) {
    lastRound = Math.max(lastRound, b.round);
    const i = byId.get(b.playerId);
    if (i === undefined) continue;
    const o = byeOutcome(b, opts);
    ps[i].byes++;
    ps[i].wins += o.wins;
    ps[i].losses += o.losses;
    ps[i].spread += o.spread;
  }
  const forbidden = new Set<number>();
  for (const [a, b] of forbiddenPairs) {
    const i = byId.get(a);
    const j = byId.get(b);
    if (i !== undefined && j !== undefined && i !== j) forbidden.add(pairKey(i, j, n));
  }
  return { players: ps, byId, lastRound, forbidden, n };
}

/** Pre-event order: seed ascending when given, then rating descending, then id. */
export function compareSeeding(a: PlayerState, b: PlayerState): number {
  if (a.seed !== undefined || b.seed !== undefined) {
    const d = (a.seed ?? Infinity) - (b.seed ?? Infinity);
    if (d !== 0 && !Number.isNaN(d)) return d;
  }
  return b.rating - a.rating || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Standings order used for pairing: wins, spread, then seeding. */
export function compareStanding(a: PlayerState, b: PlayerState): number {
  return b.wins - a.wins || b.spread - a.spread || compareSeeding(a, b);
}

/** Players in pairing order (best first). */
export function ranked(field: FieldState): PlayerState[] {
  return [...field.players].sort(compareStanding);
}

/** "2–1" record label. */
export function recordLabel(s: PlayerState): string {
  return `${formatWins(s.wins)}–${formatWins(s.losses)}`;
}

/** Small deterministic string hash (FNV-1a), used for coin tosses and random tiebreaks. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Firsts − seconds: positive = moved first more often. */
export const turnBalance = (p: PlayerState): number => p.firsts - p.seconds;

/**
 * Players of a two-player board left with |firsts − seconds| ≥ 2 once it is played (0, 1 or 2),
 * the lower balance moving first as `chooseFirst` decides — the first-move term of the Swiss
 * objective (moving first lowers nobody's imbalance further than that orientation does).
 */
export function turnsCost(a: PlayerState, b: PlayerState): number {
  const da = turnBalance(a);
  const db = turnBalance(b);
  const [lo, hi] = da <= db ? [da, db] : [db, da];
  return (Math.abs(lo + 1) >= 2 ? 1 : 0) + (Math.abs(hi - 1) >= 2 ? 1 : 0);
}

/** Decide who moves first; returns [first, second, why]. */
export function chooseFirst(a: PlayerState, b: PlayerState, round: number): [PlayerState, PlayerState, string] {
  const da = turnBalance(a);
  const db = turnBalance(b);
  if (da !== db && a.firsts !== b.firsts && Math.sign(da - db) !== Math.sign(a.firsts - b.firsts)) {
    const [f, s] = da < db ? [a, b] : [b, a];
    return [f, s, `${f.name} is further behind on first moves (${f.firsts} first, ${f.seconds} second vs ${s.firsts} and ${s.seconds})`];
  }
  if (a.firsts !== b.firsts) {
    const [f, s] = a.firsts < b.firsts ? [a, b] : [b, a];
    return [f, s, `${f.name} has moved first less often (${f.firsts} vs ${s.firsts})`];
  }
  if (a.seconds !== b.seconds) {
    const [f, s] = a.seconds > b.seconds ? [a, b] : [b, a];
    return [f, s, `${f.name} has moved second more often (${f.seconds} vs ${s.seconds})`];
  }
  if (a.lastWasFirst !== b.lastWasFirst && a.lastWasFirst !== null && b.lastWasFirst !== null) {
    const [f, s] = a.lastWasFirst ? [b, a] : [a, b];
    return [f, s, `${f.name} moved second last game`];
  }
  const coin = hash32(`${round}:${a.id < b.id ? a.id + "|" + b.id : b.id + "|" + a.id}`) & 1;
  const [lo, hi] = a.id < b.id ? [a, b] : [b, a];
  const [f, s] = coin ? [lo, hi] : [hi, lo];
  return [f, s, `first moves are even; coin toss gives ${f.name} the first move`];
}

/** Apply a first/second to the state (used by engines that schedule several rounds at once). */
export function recordTurn(first: PlayerState, second: PlayerState, round: number): void {
  first.firsts++;
  second.seconds++;
  first.lastRound = second.lastRound = round;
  first.lastWasFirst = true;
  second.lastWasFirst = false;
}

/** Index of the bye player: the lowest-ranked player among those with the fewest byes (TSH). */
export function pickBye(order: readonly PlayerState[], exclude: ReadonlySet<number> = new Set()): PlayerState {
  let min = Infinity;
  for (const p of order) if (!exclude.has(p.idx)) min = Math.min(min, p.byes);
  for (let i = order.length - 1; i >= 0; i--) if (!exclude.has(order[i].idx) && order[i].byes === min) return order[i];
  return order[order.length - 1];
}

/** Reason text for a bye. */
export function byeReason(p: PlayerState, eligibleCount: number): string {
  return p.byes === 0
    ? `odd number of players; ${p.name} is the lowest-ranked player without a bye`
    : `odd number of players and everyone has had a bye (${eligibleCount} players); ${p.name} is the lowest-ranked among those with the fewest`;
}
