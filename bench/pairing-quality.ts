/**
 * Quality figures of one paired Swiss round, and the optimum to compare them with (bench only).
 *
 * Measures, on the history the round was paired from: players whose |firsts − seconds| is ≥ 2
 * once the round is played ("imbalanced"), Σ|Δwins| over the boards (score-group quality) and
 * repeated pairs. The optimum is an exact maximum-weight perfect matching (npm
 * `edmonds-blossom-fixed`, a port of Joris van Rantwijk's mwmatching.py: Edmonds' blossom with
 * duals, O(n³)) over every pair that has not met, with the weight ordered lexicographically: first
 * the fewest Σ|Δwins|, then the fewest imbalanced players (each board oriented the better way).
 * It is far too slow for a live field (seconds for 500 players) — that is why the pairer is greedy
 * — but it tells how far the greedy is from what is achievable on the same history.
 * Caveat: even fields only (no bye vertex); the bench pairs even fields.
 */
import blossom from "edmonds-blossom-fixed";
import { gameOutcomes, type History, type PairedRound, type Player } from "@/server/domain";

interface Tally {
  wins: number;
  firsts: number;
  seconds: number;
  met: Set<string>;
}

function tally(players: readonly Player[], history: History): Map<string, Tally> {
  const t = new Map(players.map((p) => [p.id, { wins: 0, firsts: 0, seconds: 0, met: new Set<string>() } as Tally]));
  for (const g of history.games) {
    g.players.forEach((id, i) => {
      const s = t.get(id)!;
      if (i === 0) s.firsts++;
      else s.seconds++;
      for (const o of g.players) if (o !== id) s.met.add(o);
    });
    for (const o of gameOutcomes(g)) t.get(o.playerId)!.wins += o.wins;
  }
  for (const b of history.byes) t.get(b.playerId)!.wins += b.wins ?? 1;
  return t;
}

export interface RoundQuality {
  /** Players with |firsts − seconds| ≥ 2 after the round. */
  imbalanced: number;
  /** Σ over boards of |wins difference| before the round (lower = tighter score groups). */
  winGap: number;
  repeats: number;
}

const off = (s: Tally, first: boolean) => Math.abs(s.firsts - s.seconds + (first ? 1 : -1)) >= 2;

/** Figures of a paired round (boards in turn order, first mover first). */
export function roundQuality(players: readonly Player[], history: History, round: PairedRound): RoundQuality {
  const t = tally(players, history);
  const seated = new Set<string>();
  let winGap = 0;
  let repeats = 0;
  let imbalanced = 0;
  for (const p of round.pairings) {
    const [a, b] = p.players.map((id) => t.get(id)!);
    winGap += Math.abs(a.wins - b.wins);
    if (a.met.has(p.players[1])) repeats++;
    imbalanced += (off(a, true) ? 1 : 0) + (off(b, false) ? 1 : 0);
    for (const id of p.players) seated.add(id);
  }
  for (const [id, s] of t) if (!seated.has(id) && Math.abs(s.firsts - s.seconds) >= 2) imbalanced++;
  return { imbalanced, winGap, repeats };
}

/** The optimum on the same history: fewest Σ|Δwins|, then fewest imbalanced players; no repeats. */
export function optimalQuality(players: readonly Player[], history: History): RoundQuality & { ms: number } {
  const start = performance.now();
  const t = tally(players, history);
  const ids = players.map((p) => p.id);
  const st = ids.map((id) => t.get(id)!);
  const edges: [number, number, number][] = [];
  const costOf = (i: number, j: number) => {
    const gap = Math.round(Math.abs(st[i].wins - st[j].wins) * 2);
    const turns = Math.min(+off(st[i], true) + +off(st[j], false), +off(st[i], false) + +off(st[j], true));
    return { gap, turns, cost: gap * 1000 + turns };
  };
  for (let i = 0; i < ids.length; i++)
    for (let j = i + 1; j < ids.length; j++) if (!st[i].met.has(ids[j])) edges.push([i, j, 1_000_000 - costOf(i, j).cost]);
  const mate = blossom(edges, true);
  let winGap = 0;
  let imbalanced = 0;
  for (let i = 0; i < ids.length; i++) {
    const j = mate[i];
    if (j === undefined || j < 0) throw new Error("the optimum left a player unpaired");
    if (j < i) continue;
    const c = costOf(i, j);
    winGap += c.gap / 2;
    imbalanced += c.turns;
  }
  return { imbalanced, winGap, repeats: 0, ms: performance.now() - start };
}
