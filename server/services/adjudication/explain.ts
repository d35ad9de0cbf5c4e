/**
 * The judge's explanation of a ruling, for people: the rule each violation breaks (rules-text.ts)
 * and the score broken down tile by tile (face points, letter-style premiums under new tiles,
 * equation premiums, bonuses), following engine/score.ts:
 * - all-tiles (Equate, 'SMATH): every tile of a true equation counts; 2S/3S only under new tiles,
 *   then each new 2E/3E multiplies the line;
 * - new-tiles (Number Scrabble): only new tiles count, and the value bonus ⌈√|v|⌉ is added to
 *   them BEFORE the equation premiums multiply (docs/spec/rulesets.md, "Number Scrabble"), so the
 *   breakdown shows it inside its line — (tiles + ⌈√20⌉ = 5) × 2 — and the line's total is what
 *   the line earns, bonus included. The ruling keeps listing it under `bonuses`, already
 *   multiplied (the contract, docs/spec/adjudication.md); here it is folded back into its line so
 *   the lines add up to the headline score.
 * Blanks score 0. The breakdown is recomputed from the request and checked against the ruling's
 * `points` (`agrees`); the ruling itself stays the engine's, untouched.
 */
import { normaliseFace, premiumAt, splitBrackets, tileFactor, lineFactor, getRuleset, type AdjudicationRequest, type Premium, type Ruling } from "@/engine";
import { ruleText } from "./rules-text";

export interface TileScore {
  row: number;
  col: number;
  face: string;
  blank: boolean;
  isNew: boolean;
  /** face points (0 for a blank) */
  points: number;
  /** premium square under a new tile ("." when none or when the tile is old) */
  premium: Premium;
  /** points after the tile premium; 0 when the tile does not count (old tile in new-tiles scoring) */
  counted: number;
}

export interface LineBreakdown {
  line: number;
  text: string;
  tiles: TileScore[];
  /** Σ counted */
  sum: number;
  /** Number Scrabble's value bonus, before the multiplier: ⌈√|v|⌉ (or ⌈log2|v|⌉) of the line's
   * value; null in the other games or when it is 0 */
  valueBonus: { points: number; formula: string } | null;
  /** product of the new equation premiums */
  multiplier: number;
  /** (sum + value bonus) × multiplier: what the line earns */
  total: number;
  /** total equals the ruling's points for the line plus its (multiplied) value bonus */
  agrees: boolean;
}

export interface Explanation {
  violations: { code: string; message: string; rule: string }[];
  /** only for lines that score (true equations) */
  lines: LineBreakdown[];
  /** the bonuses not already inside a line (the all-tiles bonus) */
  bonuses: { kind: string; points: number; line?: number }[];
  score: number;
}

const key = (r: number, c: number) => `${r},${c}`;

/** Explain `ruling`, the engine's answer to `request`. */
export function explainRuling(request: AdjudicationRequest, ruling: Ruling): Explanation {
  const rs = getRuleset(request.ruleset, request.options);
  const cells = new Map<string, { face: string; blank: boolean; isNew: boolean }>();
  for (const t of request.board) cells.set(key(t.row, t.col), { face: normaliseFace(t.tile), blank: t.blank === true, isNew: false });
  for (const t of request.play) {
    const k = key(t.row, t.col);
    // a play item on an occupied square is a 'SMATH bracket overlay: not a new tile
    if (cells.has(k)) continue;
    cells.set(k, { face: normaliseFace(t.tile), blank: t.blank === true, isNew: true });
  }
  const lines: LineBreakdown[] = [];
  ruling.lines.forEach((line, i) => {
    // a line that scores: its points, or (blanks only, Number Scrabble) its value bonus alone
    if (!ruling.valid || (line.points === 0 && !ruling.bonuses.some((b) => b.kind === "value" && b.line === i))) return;
    let sum = 0;
    let multiplier = 1;
    const tiles: TileScore[] = line.cells.map(([row, col]) => {
      const c = cells.get(key(row, col)) ?? { face: "?", blank: false, isNew: false };
      const core = splitBrackets(c.face)?.core ?? c.face;
      const points = c.blank ? 0 : (rs.tileByFace.get(core)?.points ?? 0);
      const premium: Premium = c.isNew ? premiumAt(rs.layout, row, col) : ".";
      const counts = c.isNew || rs.scoring === "all-tiles";
      const counted = counts ? points * tileFactor(premium) : 0;
      sum += counted;
      multiplier *= lineFactor(premium);
      return { row, col, face: c.face, blank: c.blank, isNew: c.isNew, points, premium, counted };
    });
    const bonus = ruling.bonuses.find((b) => b.kind === "value" && b.line === i);
    // the ruling's value bonus is already multiplied; the rule adds it before the multiplier
    const valueBonus = bonus ? { points: bonus.points / multiplier, formula: bonusFormula(rs.options.valueBonus, line.value) } : null;
    const total = (sum + (valueBonus?.points ?? 0)) * multiplier;
    lines.push({ line: i, text: line.text, tiles, sum, valueBonus, multiplier, total, agrees: total === line.points + (bonus?.points ?? 0) });
  });
  const inLines = new Set(lines.filter((l) => l.valueBonus).map((l) => l.line));
  return {
    violations: ruling.violations.map((v) => ({ code: v.code, message: v.message, rule: ruleText(request.ruleset, v.code) })),
    lines,
    bonuses: ruling.bonuses.filter((b) => !(b.kind === "value" && b.line !== undefined && inLines.has(b.line))).map((b) => ({ ...b })),
    score: ruling.score,
  };
}

/** "⌈√20⌉" / "⌈log2 20⌉" / "⌈√|−3|⌉": the value bonus's formula for a line's value. */
function bonusFormula(kind: string, value: string | null): string {
  const v = (value ?? "").replace(/-/g, "−");
  const abs = v.startsWith("−") ? `|${v}|` : v;
  return kind === "log2" ? `⌈log2 ${abs}⌉` : `⌈√${abs}⌉`;
}
