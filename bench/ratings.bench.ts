/**
 * Glicko-2 arithmetic: 1,000,000 instant per-game updates (rateGame) among 10,000 players.
 * Target (docs/tournament-maths.md, "Benchmarks"): ≤ 3 µs per game (glicko2-lite measured 2–3 µs here).
 */
import { newRating, rate, rateGame, type Rating } from "@/server/domain";
import { prng } from "@/tests/helpers/simulate";

export default async function ratingsBench() {
  const N = 10_000;
  const GAMES = 1_000_000;
  const rand = prng(99);
  const strength = Array.from({ length: N }, () => 1000 + rand() * 1000);
  const ratings: Rating[] = Array.from({ length: N }, () => newRating());
  // pre-draw games so the timing is the arithmetic only
  const a = new Int32Array(GAMES);
  const b = new Int32Array(GAMES);
  const s = new Float64Array(GAMES);
  for (let i = 0; i < GAMES; i++) {
    a[i] = Math.floor(rand() * N);
    do b[i] = Math.floor(rand() * N);
    while (b[i] === a[i]);
    const p = 1 / (1 + Math.pow(10, (strength[b[i]] - strength[a[i]]) / 400));
    s[i] = rand() < p ? 1 : 0;
  }
  const t = performance.now();
  for (let i = 0; i < GAMES; i++) {
    const [x, y] = rateGame(ratings[a[i]], ratings[b[i]], s[i]);
    ratings[a[i]] = x;
    ratings[b[i]] = y;
  }
  const ms = performance.now() - t;
  let corr = 0;
  const mr = ratings.reduce((m, r) => m + r.rating, 0) / N;
  const ms2 = strength.reduce((m, x) => m + x, 0) / N;
  let vx = 0;
  let vy = 0;
  for (let i = 0; i < N; i++) {
    corr += (ratings[i].rating - mr) * (strength[i] - ms2);
    vx += (ratings[i].rating - mr) ** 2;
    vy += (strength[i] - ms2) ** 2;
  }
  console.log(`glicko2 rateGame: ${GAMES.toLocaleString("en")} games among ${N.toLocaleString("en")} players in ${ms.toFixed(0)} ms = ${((ms * 1000) / GAMES).toFixed(2)} µs/game`);
  console.log(`  sanity: correlation(rating, hidden strength) = ${(corr / Math.sqrt(vx * vy)).toFixed(3)}`);
  const t2 = performance.now();
  const opp = Array.from({ length: 20 }, (_, i) => ({ opponent: ratings[i], score: i % 2 }));
  for (let i = 0; i < 100_000; i++) rate(ratings[i % N], opp);
  console.log(`glicko2 rate (20-game period): ${((performance.now() - t2) / 100).toFixed(2)} µs/period`);
}
