/**
 * Arena club nights: time to pair the players free at one moment (issue 25: 100 waiting players
 * paired in < 200 ms), at 100 and 1,000 free players, in pairs and in pods of 3.
 *
 * The room: free players with arena points 0–30 and a last opponent each (they came free in
 * pairs, so every one has someone to avoid), from a seeded generator. Printed: the median of 21
 * pairings, beside a reference measured in the same run on the same list (a plain sort by points,
 * the least any pairing by points must do), the ratio, immediate rematches made (target 0) and the
 * mean difference in points inside a group (how well score groups held).
 */
import { pairArena, type ArenaWaiting } from "@/server/domain";
import { prng } from "@/tests/helpers/simulate";

const RUNS = 21;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

function room(n: number, seed: number): ArenaWaiting[] {
  const rand = prng(seed);
  const ids = Array.from({ length: n }, (_, i) => `p${i}`);
  // last games: a random pairing of the room
  const shuffled = [...ids].sort(() => rand() - 0.5);
  const last = new Map<string, string>();
  for (let i = 0; i + 1 < shuffled.length; i += 2) {
    last.set(shuffled[i], shuffled[i + 1]);
    last.set(shuffled[i + 1], shuffled[i]);
  }
  return ids.map((id, i) => ({ id, score: Math.floor(rand() * 31), lastOpponents: last.has(id) ? [last.get(id)!] : [], freeSince: i }));
}

function time(f: () => void): number {
  const times: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const t = performance.now();
    f();
    times.push(performance.now() - t);
  }
  return median(times);
}

export default async function arenaBench() {
  for (const groupSize of [2, 3] as const)
    for (const n of [100, 1000]) {
      const players = room(n, n + groupSize);
      const byId = new Map(players.map((p) => [p.id, p]));
      const ms = time(() => {
        const r = pairArena(players, { groupSize, inRoom: n + 10 });
        if (!r.ok) throw new Error(r.error.message);
      });
      const ref = time(() => void [...players].sort((a, b) => b.score - a.score || (a.freeSince ?? 0) - (b.freeSince ?? 0)));
      const r = pairArena(players, { groupSize, inRoom: n + 10 });
      if (!r.ok) throw new Error(r.error.message);
      let rematches = 0;
      let gap = 0;
      for (const g of r.value.groups) {
        for (const a of g.players) for (const b of g.players) if (byId.get(a)!.lastOpponents!.includes(b)) rematches++;
        const pts = g.players.map((id) => byId.get(id)!.score);
        gap += Math.max(...pts) - Math.min(...pts);
      }
      const label = groupSize === 2 ? "pairs" : "pods of 3";
      console.log(
        `arena ${label.padEnd(9)} n=${String(n).padStart(5)}: median of ${RUNS} ${ms.toFixed(2)} ms (target n=100 < 200 ms); reference sort ${ref.toFixed(3)} ms, ratio ${(ms / Math.max(ref, 1e-3)).toFixed(1)}×; ` +
          `${r.value.groups.length} groups, ${r.value.waiting.length} waiting, rematches ${rematches / 2}, mean points gap in a group ${(gap / Math.max(1, r.value.groups.length)).toFixed(2)}`,
      );
    }
}
