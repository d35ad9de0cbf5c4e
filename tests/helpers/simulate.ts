/**
 * Deterministic tournament simulation for tests and benchmarks: random fields and game scores
 * from the engine's seeded generator (`createRng`, sfc32 — the one seeded random of the code
 * base), and a step that "plays" a paired round. Test-only: nothing in the app imports it.
 * Caveat: scores are uniform noise around a rating-based edge — good enough to spread a field
 * into score groups; not a model of real play.
 */
import { createRng } from "@/engine";
import type { GameRecord, History, PairedRound, Player } from "@/server/domain";

/** Floats in [0, 1) from the engine's generator seeded with `seed` (same seed, same sequence). */
export function prng(seed: number): () => number {
  const rng = createRng(`simulate:${seed}`);
  return () => rng.next() / 2 ** 32;
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
