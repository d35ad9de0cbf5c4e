/**
 * Swiss pairing time at a mid-tournament round (after 5 simulated rounds of random results) for
 * 200 / 2,000 / 10,000 players, and a 100-player round robin schedule. Targets
 * (docs/tournament-maths.md, "Benchmarks"): 200 < 0.5 s (bbpPairings' Dutch mode, as published),
 * 2,000 < 2 s, 10,000 < 5 s per round.
 */
import { pairSwiss, roundRobin, type History } from "@/server/domain";
import { playRound, prng, randomField } from "@/tests/helpers/simulate";

export default async function pairingBench() {
  for (const n of [200, 2000, 10000]) {
    const rand = prng(n);
    const players = randomField(n, rand);
    const ratings = new Map(players.map((p) => [p.id, p.rating]));
    let history: History = { games: [], byes: [] };
    const times: number[] = [];
    for (let r = 1; r <= 9; r++) {
      const t = performance.now();
      const res = pairSwiss({ players, history });
      times.push(performance.now() - t);
      if (!res.ok) throw new Error(res.message);
      const repeats = res.value.notes.length;
      if (repeats) console.log(`  n=${n} round ${r}: ${res.value.notes.join(" ")}`);
      history = playRound(history, res.value, ratings, rand);
    }
    const mid = times[5];
    console.log(
      `swiss n=${String(n).padStart(5)}: round 6 (mid-event) ${mid.toFixed(1)} ms; worst of 9 rounds ${Math.max(...times).toFixed(1)} ms; round 1 ${times[0].toFixed(1)} ms`,
    );
  }
  const players = randomField(100, prng(1));
  const t = performance.now();
  const rr = roundRobin(players);
  if (!rr.ok) throw new Error(rr.message);
  console.log(`round robin n=100: ${rr.value.length} rounds scheduled in ${(performance.now() - t).toFixed(1)} ms`);
}
