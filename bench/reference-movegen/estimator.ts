/* eslint-disable no-restricted-imports -- a frozen copy of engine/movegen for the bench reference (README.md) */
/**
 * Score estimates of plays the search found (docs/bot.md, "Algorithm", step 6, after wolges'
 * "shadow playing", https://github.com/andy-k/wolges, `details.txt`): the score a play has if
 * the main run and every cross equation the search believes true are true — the main line by the
 * ruleset's scoring (engine/score.ts), premiums under new tiles only, the cross-equation points
 * stored with the cross-check sets (lanes.ts), the value bonus from the float target, the
 * all-tiles bonus. The recorder adjudicates best estimate first and stops once the real scores
 * beat the estimates left.
 */
import { lineFactor, premiumAt, tileFactor, type Direction } from "@/engine/board";
import type { Ruleset } from "@/engine/ruleset";
import type { CrossChecks, FaceInfo, OldGrid } from "./lanes";

/** A first-move run found once on the virtual lane: face ids, blanks, the first side's value. */
export interface Pattern {
  faces: number[];
  blanks: boolean[];
  L: number;
}

export class Estimator {
  constructor(
    readonly rs: Ruleset,
    readonly faces: readonly FaceInfo[],
    readonly grid: OldGrid,
  ) {}

  /** Main-line sum × word factor, plus the value bonus and the all-tiles bonus. */
  private finish(sum: number, mult: number, fromBag: number, L: number): number {
    const rs = this.rs;
    let est = sum * mult;
    if (rs.scoring === "new-tiles") {
      const a = Math.abs(L);
      const vb = rs.options.valueBonus;
      const b = vb === "sqrt" ? Math.ceil(Math.sqrt(a) - 1e-9) : vb === "log2" ? (a <= 1 ? 0 : Math.ceil(Math.log2(a) - 1e-9)) : 0;
      est += b * mult;
    }
    if (fromBag >= rs.rackSize) est += rs.options.allTilesBonus;
    return est;
  }

  /** A first-move pattern laid from (r0, c0) in `dir` (no old tiles, no cross equations). */
  first(pt: Pattern, r0: number, c0: number, dir: Direction): number {
    let sum = 0;
    let mult = 1;
    let fromBag = 0;
    for (let i = 0; i < pt.faces.length; i++) {
      const r = dir === "across" ? r0 : r0 + i;
      const c = dir === "across" ? c0 + i : c0;
      const p = premiumAt(this.rs.layout, r, c);
      const f = this.faces[pt.faces[i]];
      if (!pt.blanks[i]) sum += f.points * tileFactor(p);
      mult *= lineFactor(p);
      if (pt.blanks[i] || !f.unlimited) fromBag++;
    }
    return this.finish(sum, mult, fromBag, pt.L);
  }

  /** A play on the board: the run [from, end) of `lane`, its new tiles (face ids `pf`, blanks
   * `pb`) on the empty squares in order; `cross` holds the cross-equation points. */
  laid(dir: Direction, lane: number, from: number, end: number, pf: readonly number[], pb: readonly boolean[], cross: CrossChecks, L: number): number {
    const rs = this.rs;
    const F = this.faces.length;
    const size = this.grid.size;
    let sum = 0;
    let mult = 1;
    let fromBag = 0;
    let crossPoints = 0;
    let j = 0;
    for (let pos = from; pos < end; pos++) {
      const r = dir === "across" ? lane : pos;
      const c = dir === "across" ? pos : lane;
      const old = this.grid.at(r, c);
      if (old) {
        if (rs.scoring === "all-tiles" && !old.blank) sum += rs.tileByFace.get(old.core)?.points ?? 0;
        continue;
      }
      const f = pf[j];
      const blank = pb[j];
      j++;
      const p = premiumAt(rs.layout, r, c);
      const info = this.faces[f];
      if (!blank) sum += info.points * tileFactor(p);
      mult *= lineFactor(p);
      if (blank || !info.unlimited) fromBag++;
      const m = (r * size + c) * F + f;
      crossPoints += cross.points[m] - (blank ? cross.share[m] : 0);
    }
    return this.finish(sum, mult, fromBag, L) + crossPoints;
  }
}
