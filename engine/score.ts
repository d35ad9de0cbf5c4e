/**
 * Scoring of a valid play (docs/spec/rulesets.md per game; seed 000 "How Do the Board Positions Affect the
 * Score?", seed 003 "SCORING", seed 004 "Scoring").
 * - all-tiles (Equate, 'SMATH): each true equation formed or extended scores the points of all
 *   its tiles; 2S/3S only under new tiles, applied first; then every new 2E/3E multiplies
 *   (2E and 2E = ×4). Numbers and expressions score 0.
 * - new-tiles (Number Scrabble): each true equation scores its new tiles (DL/TL), plus the value
 *   bonus ⌈√|v|⌉ (option: ⌈log2|v|⌉, or none), both multiplied by new DW/TW.
 * - all-tiles bonus: a full rack of bag tiles played with the main line a true equation, added
 *   after multipliers.
 * Ruling invariant: score = Σ line points + Σ bonus points (a value bonus is listed as a bonus,
 * already multiplied, and is not in its line's points). Blanks score 0.
 */
import { lineFactor, tileFactor } from "./board";
import * as Q from "./rational";
import type { Rational } from "./rational";
import * as R from "./radical";
import type { Radical } from "./radical";
import type { Ruleset, ValueBonus } from "./ruleset";
import { premiumOf, type GridCell } from "./play";
import type { Bonus } from "./ruling";
import type { CheckedLine } from "./validate";

/** ⌈√x⌉ or ⌈log2 x⌉ (0 for x ≤ 1) of x = |v|; exact for rationals, float for irrationals. */
export function valueBonus(kind: ValueBonus, v: Rational | Radical): number {
  if (kind === "none") return 0;
  const q: Rational | null = Array.isArray(v) ? R.asRational(v as Radical) : (v as Rational);
  if (q === null) {
    const x = Math.abs(R.toNumber(v as Radical));
    return kind === "sqrt" ? Math.ceil(Math.sqrt(x)) : x <= 1 ? 0 : Math.ceil(Math.log2(x));
  }
  const a = Q.abs(q);
  if (kind === "sqrt") {
    const k = R.isqrt(a.n / a.d);
    return Number(k * k * a.d >= a.n ? k : k + 1n);
  }
  let k = 0n;
  while ((1n << k) * a.d < a.n) k++;
  return Number(k);
}

/** A tile that comes off a rack: a blank or a bag face (not an unlimited `=` or bracket). */
export function isRackTile(rs: Ruleset, core: string, blank: boolean): boolean {
  return blank || rs.tileByFace.get(core)?.inBag === true;
}

/** The all-tiles bonus: exactly a full rack placed (more is TOO_MANY_TILES) with the main line
 * a true equation — judged from the count, so it is the same with or without a rack given. A
 * short rack emptied at the end of the bag is not a full rack. */
export function allTilesBonus(rs: Ruleset, rackTilesPlaced: number, mainIsEquation: boolean): number {
  return mainIsEquation && rackTilesPlaced === rs.rackSize ? rs.options.allTilesBonus : 0;
}

function tilePoints(rs: Ruleset, c: GridCell): number {
  return c.blank ? 0 : (rs.tileByFace.get(c.core)?.points ?? 0);
}

export interface Scored {
  linePoints: number[];
  bonuses: Bonus[];
  score: number;
}

export function scorePlay(rs: Ruleset, lines: readonly CheckedLine[], placed: readonly GridCell[]): Scored {
  const linePoints: number[] = [];
  const bonuses: Bonus[] = [];
  let score = 0;
  lines.forEach((line, i) => {
    if (!line.trueEquation) {
      linePoints.push(0);
      return;
    }
    let sum = 0;
    let mult = 1;
    for (const c of line.cells) {
      if (c.isNew) {
        const p = premiumOf(rs, c);
        sum += tilePoints(rs, c) * tileFactor(p);
        mult *= lineFactor(p);
      } else if (rs.scoring === "all-tiles") {
        sum += tilePoints(rs, c);
      }
    }
    linePoints.push(sum * mult);
    score += sum * mult;
    if (rs.scoring === "new-tiles") {
      const b = valueBonus(rs.options.valueBonus, line.value as Radical);
      if (b > 0) {
        bonuses.push({ kind: "value", points: b * mult, line: i });
        score += b * mult;
      }
    }
  });
  const fromRack = placed.filter((c) => c.isNew && isRackTile(rs, c.core, c.blank)).length;
  const bonus = allTilesBonus(rs, fromRack, lines.find((l) => l.main)?.trueEquation === true);
  if (bonus > 0) {
    bonuses.push({ kind: "all-tiles", points: bonus });
    score += bonus;
  }
  return { linePoints, bonuses, score };
}
