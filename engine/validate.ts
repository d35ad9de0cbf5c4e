/**
 * Line checks: one run of tiles → its kind, exact value and violations (docs/spec/adjudication.md;
 * docs/spec/rulesets.md per game). Lex → parse → evaluate, then the ruleset's policy:
 * - strict (Equate, 'SMATH): every run is a number, a complete expression or a true equation;
 *   Equate has one `=` per equation (MULTIPLE_EQUALS).
 * - fragments (Number Scrabble): a cross run is checked only when it is a complete, well-formed
 *   equation; anything else is a "fragment" and allowed. The main line must be an equation.
 * Messages show the working: "left side 4 − 6 + 7: 4 − 6 = −2 is negative; …".
 */
import type { Direction } from "./board";
import { evaluate, prettyValue, RADICAL_FIELD, RATIONAL_FIELD, type Field } from "./expr/evaluate";
import { lex, spanText, type Issue, type LexCell } from "./expr/lex";
import { parse, type Node, type Side } from "./expr/parse";
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

/** Per-line helpers bound to one run (a class: no closures on the hot path). */
class LineCtx {
  constructor(
    readonly cells: GridCell[],
    readonly lc: LexCell[],
    readonly g: Ruleset["grammar"],
  ) {}
  get last(): number {
    return this.cells.length - 1;
  }
  refs(from: number, to: number): CellRef[] {
    const out: CellRef[] = [];
    for (let i = Math.max(0, from); i <= Math.min(this.last, to); i++) out.push([this.cells[i].row, this.cells[i].col]);
    return out;
  }
  text(from: number, to: number): string {
    return spanText(this.lc, from, to, this.g, true);
  }
  violation(x: Issue, prefix = ""): Violation {
    return { code: x.code, message: `${prefix}${x.message}`, cells: this.refs(x.from, x.to) };
  }
}

export function checkLine(rs: Ruleset, cells: GridCell[], direction: Direction, main: boolean): CheckedLine {
  const g = rs.grammar;
  const lc: LexCell[] = new Array(cells.length);
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i];
    const br = g.brackets ? c[direction] : null;
    lc[i] = { face: c.core, open: br ? br.open : 0, close: br ? br.close : 0 };
  }
  const L = new LineCtx(cells, lc, g);
  const last = cells.length - 1;
  const text = spanText(lc, 0, last, g, false);

  const { tokens, issues: lexIssues } = lex(lc, g, { mixedFractionBelowOne: rs.options.mixedFractionBelowOne });
  let hasEq = false;
  let hasOther = false;
  for (const t of tokens) {
    if (t.kind === "eq") hasEq = true;
    else if (t.kind !== "num") hasOther = true;
  }
  const kind: LineKind = hasEq ? "equation" : hasOther ? "expression" : "number";
  const parsed = parse(tokens, g, rs.options.evaluation, last);
  const result: CheckedLine = { text, direction, cells, kind, value: null, valueText: null, trueEquation: false, main, violations: [] };

  if (rs.crossRuns === "fragments" && !main) {
    // Only complete, well-formed equations are checked; the rest are fragments.
    if (!hasEq || parsed.issues.length > 0 || lexIssues.some((x) => x.code === "SYNTAX")) {
      result.kind = "fragment";
      return result;
    }
  }

  const violations = result.violations;
  const whole = lexIssues.length || parsed.issues.length ? `${L.text(0, last)}: ` : "";
  for (const x of lexIssues) violations.push(L.violation(x, whole));
  if (parsed.equals.length > g.maxEqualsPerLine) {
    violations.push({
      code: "MULTIPLE_EQUALS",
      message: `${L.text(0, last)} has ${parsed.equals.length} = signs; an equation in ${rs.name} has one`,
      cells: parsed.equals.map((i) => [cells[i].row, cells[i].col] as CellRef),
    });
  }
  for (const x of parsed.issues) violations.push(L.violation(x, whole));
  if (violations.length) return result;

  const field: Field<unknown> = (g.powers ? RADICAL_FIELD : RATIONAL_FIELD) as Field<unknown>;
  const ctx = { forbidNegative: g.forbidNegative, rulesetName: rs.name, text: L.text.bind(L) };
  const values: unknown[] = [];
  const n = parsed.sides.length;
  for (let i = 0; i < n; i++) {
    const side = parsed.sides[i];
    if (!side.node) continue;
    const r = evaluate(side.node, field, ctx);
    if (r.ok) {
      values.push(r.value);
      continue;
    }
    const sideText = L.text(side.from, side.to);
    const label = n > 1 ? `${sideLabel(i, n)} ` : "";
    const x = r.error;
    const prefix = x.message.startsWith(`${sideText} =`) || x.message.startsWith(`${sideText}:`) ? label : `${label}${sideText}: `;
    violations.push({ code: x.code, message: `${prefix}${x.message}`, cells: L.refs(x.from, x.to) });
  }
  if (violations.length) return result;

  if (g.forbidNegative && n === 1 && field.sign(values[0]) < 0) {
    violations.push({ code: "NEGATIVE", message: `${L.text(0, last)}: the value is negative`, cells: L.refs(0, last) });
    return result;
  }
  for (let i = 1; i < n; i++) {
    if (field.equals(values[i], values[0])) continue;
    const parts = parsed.sides
      .map((s, k) => {
        const t = L.text(s.from, s.to);
        const v = prettyValue(field.format(values[k]));
        return t === v ? `${sideLabel(k, n)} ${t}` : `${sideLabel(k, n)} ${t} = ${v}`;
      })
      .join(", ");
    const order = rs.options.evaluation === "left-to-right" ? leftToRightWorking(parsed.sides, field, ctx, L, rs.name) : "";
    violations.push({ code: "NOT_EQUAL", message: `${L.text(0, last)} is not true: ${parts}${order}`, cells: L.refs(0, last) });
    return result;
  }
  result.value = values[0];
  result.valueText = field.format(values[0]);
  result.trueEquation = kind === "equation";
  return result;
}

/** A side where the order matters: a × or ÷ applied to a sum or difference read before it
 * (`2+3×4`), which the usual precedence would read the other way. */
function orderMatters(n: Node): boolean {
  if (n.k !== "bin") return false;
  if ((n.op === "×" || n.op === "÷") && !n.implied && n.l.k === "bin" && (n.l.op === "+" || n.l.op === "-")) return true;
  return orderMatters(n.l) || orderMatters(n.r);
}

/**
 * The working of a Number Scrabble side read strictly left to right (docs/spec/rulesets.md,
 * "Number Scrabble"), for the sides where that order differs from the usual precedence: the
 * dispute over `2+3×4=14` is exactly that the game reads 2 + 3 = 5, then 5 × 4 = 20. Empty when
 * no side mixes the two.
 */
function leftToRightWorking(sides: readonly Side[], field: Field<unknown>, ctx: Parameters<typeof evaluate>[2], L: LineCtx, name: string): string {
  const steps: string[] = [];
  for (const side of sides) {
    if (!side.node || !orderMatters(side.node)) continue;
    // the left spine, innermost first: each step applies one operator to the value so far
    const spine: Extract<Node, { k: "bin" }>[] = [];
    for (let n: Node = side.node; n.k === "bin"; n = n.l) spine.unshift(n);
    let acc: string | null = null;
    const parts: string[] = [];
    for (const b of spine) {
      const v = evaluate(b, field, ctx);
      if (!v.ok) break;
      const left = acc ?? L.text(b.l.from, b.l.to);
      const out = prettyValue(field.format(v.value));
      parts.push(`${left} ${prettyOp(b.op)} ${L.text(b.r.from, b.r.to)} = ${out}`);
      acc = out;
    }
    if (parts.length) steps.push(parts.join(", then "));
  }
  return steps.length ? `. ${name} reads strictly left to right, with no precedence of × and ÷ over + and −: ${steps.join("; ")}` : "";
}

const prettyOp = (op: string): string => (op === "-" ? "−" : op);
