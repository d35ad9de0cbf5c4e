/**
 * Deterministic tournament simulation for tests and benchmarks: random fields, random game
 * scores from a seeded PRNG (mulberry32), and a loop that pairs and "plays" rounds.
 * Caveat: scores are uniform noise around a rating-based edge — good enough to spread a field
 * into score groups; not a model of real play.
 */
import type { GameRecord, History, Player } from "../types";
import type { PairedRound } from "./types";

/** mulberry32: a tiny seeded PRNG returning floats in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A field of n players with ids p1..pn and random ratings. */
export function randomField(n: number, rand: () => number): Player[] {
  return Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, rating: Math.round(800 + rand() * 1400) }));
}

/** Play a paired round: random scores, ties rare; byes recorded. Returns the extended history. */
export function playRound(history: History, paired: PairedRound, ratings: Map<string, number>, rand: () => number): History {
  const games: GameRecord[] = paired.pairings.map((p) => ({
    round: paired.round,
    players: p.players,
    scores: p.players.map((id) => Math.round(300 + rand() * 200 + ((ratings.get(id) ?? 1500) - 1500) / 10)),
  }));
  return {
    games: [...history.games, ...games],
    byes: [...history.byes, ...paired.byes.map((b) => ({ round: paired.round, playerId: b.playerId }))],
  };
}
