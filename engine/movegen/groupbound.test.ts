/**
 * The 'SMATH matched group bound (groupbound.ts): every play of a group scores at most the group's
 * matched bound (checked on every legal play of seeded racks on the golden boards), and the
 * exact generator's top plays are the same with and without it, while it lowers and drops groups.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lineFactor, premiumAt, type Direction } from "../board";
import type { Placement } from "../play";
import { createRng } from "../random";
import { getRuleset } from "../ruleset";
import type { Face } from "../tiles";
import { expandSpan, lanesGroups, type Group } from "./bounds";
import { ExactGenerator, exactPlays, type ExactResult } from "./exact";
import { matchedBound, matchedBounds, maxMatching, maxMatchingFlat } from "./groupbound";
import { smathBoardsOf } from "./tests/probe-cuts";

const rs = getRuleset("smath");
const boards = smathBoardsOf(readFileSync(path.join(import.meta.dirname, "fixtures", "golden-positions.txt"), "utf8"));
const POOL: Face[] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "0", "+", "-", "×", "÷", "?"];

function rackOf(rng: ReturnType<typeof createRng>, min: number, spread: number): Face[] {
  const rack: Face[] = [];
  const size = min + rng.below(spread);
  for (let k = 0; k < size; k++) rack.push(POOL[rng.below(POOL.length)]);
  return rack;
}

/** The group of a play in direction `dir`: its span (the run of tiles through the new ones) and its `=`. */
function groupOf(b: ExactGenerator, placements: readonly Placement[], dir: Direction): Group | null {
  const fresh = placements.filter((p) => !b.at(p.row, p.col));
  const lane = dir === "across" ? fresh[0].row : fresh[0].col;
  if (fresh.some((p) => (dir === "across" ? p.row : p.col) !== lane)) return null;
  const at = (i: number): boolean => i >= 0 && i < b.size && (fresh.some((p) => (dir === "across" ? p.col : p.row) === i) || !!b.at(...b.cellOf(dir, lane, i)));
  let s = Math.min(...fresh.map((p) => (dir === "across" ? p.col : p.row)));
  let e = Math.max(...fresh.map((p) => (dir === "across" ? p.col : p.row)));
  while (at(s - 1)) s--;
  while (at(e + 1)) e++;
  const eqs: number[] = [];
  const newEqs: number[] = [];
  for (let i = s; i <= e; i++) {
    const [r, c] = b.cellOf(dir, lane, i);
    const p = fresh.find((x) => x.row === r && x.col === c);
    if (p?.tile === "=") {
      eqs.push(i);
      newEqs.push(i);
    } else if (!p && b.at(r, c)?.core === "=") eqs.push(i);
  }
  return { dir, lane, s, e, eqs, newEqs, bound: 0, order: 0, lazy: false };
}

/** some empty square of the group multiplies the line */
function premiumLine(b: ExactGenerator, g: Group): boolean {
  for (let i = g.s; i <= g.e; i++) {
    const [r, c] = b.cellOf(g.dir, g.lane, i);
    if (!b.at(r, c) && lineFactor(premiumAt(rs.layout, r, c)) > 1) return true;
  }
  return false;
}

const shown = (r: ExactResult): string[] => r.plays.map((p) => `${p.score} ${JSON.stringify(p.placements)}`);

describe("'SMATH matched group bound (groupbound.ts)", () => {
  it("the matching is the best one, and none when some row has no allowed column", () => {
    const w = (rows: number[][]): Float64Array[] => rows.map((r) => Float64Array.from(r));
    expect(maxMatching(w([[5, 4], [4, 1]]), 2, 2)).toBe(8);
    expect(maxMatching(w([[3, 3, 9], [1, 2, 8]]), 2, 3)).toBe(11);
    expect(maxMatching(w([[-1e9, 2], [-1e9, 3]]), 2, 2)).toBe(-Infinity);
    expect(maxMatching(w([[-1e9, 2], [1, 3]]), 2, 2)).toBe(3);
  });

  it("the matching on reused work arrays is the best one over every assignment, call after call of every size", () => {
    // maxMatchingFlat keeps its arrays between calls (probebound.ts calls it once per memo miss):
    // a value left over from a larger or earlier call must never change a result
    const rng = createRng("max-matching-flat");
    const best = (m: Float64Array, n: number, cols: number, i = 0, used = 0): number => {
      if (i === n) return 0;
      let most = -Infinity;
      for (let j = 0; j < cols; j++) {
        if (used & (1 << j) || m[i * cols + j] <= -1e9) continue;
        most = Math.max(most, m[i * cols + j] + best(m, n, cols, i + 1, used | (1 << j)));
      }
      return most;
    };
    for (let t = 0; t < 400; t++) {
      const cols = 1 + rng.below(7);
      const n = 1 + rng.below(cols);
      const m = Float64Array.from({ length: n * cols }, () => (rng.below(7) === 0 ? -1e9 : rng.below(30)));
      expect(maxMatchingFlat(m, n, cols)).toBe(best(m, n, cols));
    }
  });

  it("every legal play of seeded racks scores at most its group's matched bound", { timeout: 600_000 }, () => {
    const rng = createRng("smath-matched-bound");
    let plays = 0;
    let tight = 0;
    for (let n = 0; n < 12; n++) {
      const board = boards[n % boards.length];
      const rack = rackOf(rng, 3, 4);
      const r = exactPlays(rs, board, rack, { maxWork: 300_000 });
      const b = new ExactGenerator(rs, board, rack);
      for (const p of r.plays) {
        const bounds: number[] = [];
        for (const dir of ["across", "down"] as const) {
          const g = groupOf(b, p.placements, dir);
          if (g && g.e > g.s) bounds.push(matchedBound(b, g));
        }
        expect(bounds.length, JSON.stringify(p.placements)).toBeGreaterThan(0);
        const mb = Math.max(...bounds);
        expect(mb, `rack ${rack.join(" ")} board ${n % boards.length}: ${p.score} ${JSON.stringify(p.placements)}`).toBeGreaterThanOrEqual(p.score);
        plays++;
        if (mb === p.score) tight++;
      }
    }
    expect(plays).toBeGreaterThan(2000);
    // the bound is reached by some plays: a bound off by one point would fail above
    expect(tight).toBeGreaterThan(20);
  });

  it("rows shared by a search's groups give each group the bound a fresh search gives it", { timeout: 600_000 }, () => {
    const rng = createRng("smath-matched-rows");
    let compared = 0;
    let mults = 0;
    for (let n = 0; n < 6; n++) {
      const board = boards[n % boards.length];
      const rack = rackOf(rng, 6, 4);
      const shared = new ExactGenerator(rs, board, rack);
      const groups: Group[] = [];
      for (const dir of ["across", "down"] as const) for (let lane = 0; lane < shared.size; lane++) lanesGroups(shared, dir, lane, groups);
      const all: Group[] = [];
      for (const g of groups) if (g.lazy) expandSpan(shared, g, (c) => all.push(c));
      else all.push(g);
      // every 7th group against a search of its own (rows made for it alone); the rest share
      const got = all.map((g) => matchedBound(shared, g));
      for (let k = 0; k < all.length; k += 7) {
        const g = all[k];
        expect(got[k], `rack ${rack.join(" ")} board ${n % boards.length} ${JSON.stringify(g)}`).toBe(matchedBound(new ExactGenerator(rs, board, rack), g));
        compared++;
        if (g.eqs.length > 0 && got[k] > 0 && premiumLine(shared, g)) mults++;
      }
    }
    expect(compared).toBeGreaterThan(1000);
    expect(mults).toBeGreaterThan(50);
  });

  it("the same top plays with and without the matched bound, which lowers and drops groups", { timeout: 600_000 }, () => {
    const rng = createRng("smath-matched-top");
    let compared = 0;
    let rebounded = 0;
    let dropped = 0;
    for (let n = 0; n < 10; n++) {
      const board = boards[n % boards.length];
      const rack = rackOf(rng, 6, 4);
      const run = (on: boolean): ExactResult => {
        matchedBounds.on = on;
        try {
          return exactPlays(rs, board, rack, { top: 4, maxWork: 300_000 });
        } finally {
          matchedBounds.on = true;
        }
      };
      const withIt = run(true);
      const without = run(false);
      if (!withIt.complete || !without.complete) continue;
      compared++;
      rebounded += withIt.stats.groupsRebounded;
      dropped += without.stats.groupsSearched - withIt.stats.groupsSearched;
      expect(shown(withIt), `rack ${rack.join(" ")} on board ${n % boards.length}`).toEqual(shown(without));
      expect(withIt.stats.rejected).toBe(0);
    }
    expect(compared).toBeGreaterThanOrEqual(8);
    expect(rebounded).toBeGreaterThan(100);
    expect(dropped).toBeGreaterThan(50);
  });
});
