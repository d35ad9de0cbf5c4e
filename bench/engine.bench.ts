/**
 * Engine benchmark: adjudications per second and p50/p99 latency (µs) of a 9-tile play on a
 * mid-game board, for each ruleset, through the typed entry point (`adjudicatePlay`) and through
 * the JSON one (`adjudicate`). Warm-up first; timings with process.hrtime.bigint.
 * Target (docs/engine.md): p50 < 20 µs, p99 < 100 µs.
 */
import { adjudicate, adjudicatePlay, getRuleset, type Placement, type RulesetId } from "@/engine";

const row = (r: number, c: number, text: string): Placement[] => text.split(" ").map((tile, i) => ({ row: r, col: c + i, tile }));
const col = (r: number, c: number, text: string): Placement[] => text.split(" ").map((tile, i) => ({ row: r + i, col: c, tile }));

// Each scenario: a mid-game board and a 9-rack-tile play crossing it (valid).
const SAMPLE_BOARD = [...row(9, 9, "2 4 ÷ 3 = 8"), ...col(8, 14, "2"), ...col(10, 14, "= 4 × 7"), ...row(11, 12, "4 ="), ...row(8, 5, "7/4 = 3/4 + 1")];

// Each scenario: a mid-game board and a 9-tile play through old tiles (valid).
const SCENARIOS: Record<RulesetId, { board: Placement[]; play: Placement[] }> = {
  // down col 12: 1+2+43=40+6 through the old 3 (row 9) and 4 (row 11)
  equate: {
    board: SAMPLE_BOARD,
    play: col(4, 12, "1 + 2 + 4 3 = 4 0 + 6").filter((p) => p.row !== 9 && p.row !== 11),
  },
  // down col 7: 12−2×5=2=10÷5 through the old 2 (row 7)
  smath: {
    board: [...row(7, 7, "2 + 3 = 5"), ...col(8, 11, "= 10 ÷ 2"), ...row(3, 9, "4 × 3 = 12")],
    play: col(1, 7, "12 - 2 × 5 = 2 = 10 ÷ 5").filter((p) => p.row !== 7),
  },
  // down col 11: 12÷2=6×1+0 through the old 6 (row 7)
  "number-scrabble": {
    board: [...row(7, 7, "3 + 3 = 6"), ...row(3, 2, "√ 9 = 3"), ...row(12, 3, "2 ² = 4")],
    play: col(2, 11, "1 2 ÷ 2 = 6 × 1 + 0").filter((p) => p.row !== 7),
  },
};

function stats(samples: bigint[]) {
  const s = samples.map((x) => Number(x) / 1000).sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  const total = s.reduce((a, b) => a + b, 0);
  return { perSec: Math.round((s.length / total) * 1e6), p50: at(0.5), p99: at(0.99) };
}

export default async function engineBench() {
  const N = 20_000;
  for (const id of Object.keys(SCENARIOS) as RulesetId[]) {
    const rs = getRuleset(id);
    const { board, play } = SCENARIOS[id];
    const check = adjudicatePlay(rs, board, play);
    if (!check.valid) console.log(`  (${id} scenario is not valid: ${check.violations.map((v) => v.message).join("; ")})`);
    const request = { ruleset: id, board, play };
    for (const [label, fn] of [
      ["adjudicatePlay", () => adjudicatePlay(rs, board, play)],
      ["adjudicate(json)", () => adjudicate(request)],
    ] as const) {
      for (let i = 0; i < 3000; i++) fn();
      const samples: bigint[] = new Array(N);
      for (let i = 0; i < N; i++) {
        const t0 = process.hrtime.bigint();
        fn();
        samples[i] = process.hrtime.bigint() - t0;
      }
      const { perSec, p50, p99 } = stats(samples);
      console.log(
        `${id.padEnd(16)} ${label.padEnd(17)} ${String(perSec).padStart(8)} adj/s   p50 ${p50.toFixed(1).padStart(6)} µs   p99 ${p99.toFixed(1).padStart(6)} µs   score ${check.score}`,
      );
    }
  }
}
