/**
 * Line checks: one run of tiles → its kind, exact value and violations (spec/adjudication.md;
 * rulesets.md per game). Lex → parse → evaluate, then the ruleset's policy:
 * - strict (Equate, 'SMATH): every run is a number, a complete expression or a true equation;
 *   Equate has one `=` per equation (MULTIPLE_EQUALS).
 * - fragments (Number Scrabble): a cross run is checked only when it is a complete, well-formed
 *   equation; anything else is a "fragment" and allowed. The main line must be an equation.
 * Messages show the working: "left side 4 − 6 + 7: 4 − 6 = −2 is negative; …".
 */
import type { Direction } from "./board";
import { evaluate, prettyValue, RADICAL_FIELD, RATIONAL_FIELD, type Field } from "./expr/evaluate";
import { lex, spanText, type Issue, type LexCell } from "./expr/lex";
import { parse } from "./expr/parse";
import type { GridCell } from "./play";
import type { Ruleset } from "./ruleset";
import type { CellRef, LineKind, Violation } from "./ruling";

export interface CheckedLine {
  text: string;
  direction: Direction;
  cells: GridCell[];
  kind: LineKind;
  /** the exact value (Rational or Radical), null when it has none */
  value: unknown;
  valueText: string | null;
  /** a true equation (scores) */
  trueEquation: boolean;
  main: boolean;
  violations: Violation[];
}

function sideLabel(i: number, n: number): string {
  if (n === 2) return i === 0 ? "left side" : "right side";
  return `part ${i + 1}`;
}

export function checkLine(rs: Ruleset, cells: GridCell[], direction: Direction, main: boolean): CheckedLine {
  const g = rs.grammar;
  const lc: LexCell[] = cells.map((c) => {
    const br = rs.grammar.brackets ? c[direction] : null;
    return { face: c.core, open: br ? br.open : 0, close: br ? br.close : 0 };
  });
  const last = cells.length - 1;
  const text = spanText(lc, 0, last, g, false);
  const refs = (from: number, to: number): CellRef[] => {
    const out: CellRef[] = [];
    for (let i = Math.max(0, from); i <= Math.min(last, to); i++) out.push([cells[i].row, cells[i].col]);
    return out;
  };
  const toViolation = (x: Issue, prefix = ""): Violation => ({
    code: x.code,
    message: `${prefix}${x.message}`,
    cells: refs(x.from, x.to),
  });
  const pretty = (from: number, to: number): string => spanText(lc, from, to, g, true);

  const { tokens, issues: lexIssues } = lex(lc, g, { mixedFractionBelowOne: rs.options.mixedFractionBelowOne });
  const hasEq = tokens.some((t) => t.kind === "eq");
  const kind: LineKind = hasEq ? "equation" : tokens.some((t) => t.kind !== "num") ? "expression" : "number";
  const parsed = parse(tokens, g, rs.options.evaluation, last);
  const whole = `${pretty(0, last)}: `;

  const result = (k: LineKind, violations: Violation[], value: unknown = null, valueText: string | null = null): CheckedLine => ({
    text,
    direction,
    cells,
    kind: k,
    value,
    valueText,
    trueEquation: k === "equation" && violations.length === 0 && valueText !== null,
    main,
    violations,
  });

  if (rs.crossRuns === "fragments" && !main) {
    // Only complete, well-formed equations are checked; the rest are fragments.
    if (!hasEq || parsed.issues.length > 0 || lexIssues.some((x) => x.code === "SYNTAX")) return result("fragment", []);
  }

  const violations: Violation[] = [];
  for (const x of lexIssues) violations.push(toViolation(x, whole));
  const multi = parsed.equals.length > g.maxEqualsPerLine;
  if (multi) {
    violations.push({
      code: "MULTIPLE_EQUALS",
      message: `${pretty(0, last)} has ${parsed.equals.length} = signs; an equation in ${rs.name} has one`,
      cells: parsed.equals.map((i) => [cells[i].row, cells[i].col] as CellRef),
    });
  }
  for (const x of parsed.issues) violations.push(toViolation(x, whole));
  if (violations.length) return result(kind, violations);

  const field: Field<unknown> = (rs.grammar.powers ? RADICAL_FIELD : RATIONAL_FIELD) as Field<unknown>;
  const ctx = { forbidNegative: g.forbidNegative, rulesetName: rs.name, text: pretty };
  const values: unknown[] = [];
  const n = parsed.sides.length;
  parsed.sides.forEach((side, i) => {
    if (!side.node) return;
    const r = evaluate(side.node, field, ctx);
    if (r.ok) {
      values.push(r.value);
      return;
    }
    const sideText = pretty(side.from, side.to);
    const label = n > 1 ? `${sideLabel(i, n)} ` : "";
    const prefix = r.message.startsWith(`${sideText} =`) || r.message.startsWith(`${sideText}:`) ? label : `${label}${sideText}: `;
    violations.push({ code: r.code, message: `${prefix}${r.message}`, cells: refs(r.from, r.to) });
  });
  if (violations.length) return result(kind, violations);

  if (g.forbidNegative && n === 1 && field.sign(values[0]) < 0) {
    violations.push({ code: "NEGATIVE", message: `${whole}the value is negative`, cells: refs(0, last) });
    return result(kind, violations);
  }
  if (n > 1) {
    const differs = values.some((v) => !field.equals(v, values[0]));
    if (differs) {
      const parts = parsed.sides
        .map((s, i) => {
          const t = pretty(s.from, s.to);
          const v = prettyValue(field.format(values[i]));
          return t === v ? `${sideLabel(i, n)} ${t}` : `${sideLabel(i, n)} ${t} = ${v}`;
        })
        .join(", ");
      violations.push({ code: "NOT_EQUAL", message: `${pretty(0, last)} is not true: ${parts}`, cells: refs(0, last) });
      return result(kind, violations);
    }
  }
  return result(kind, violations, values[0], field.format(values[0]));
}
