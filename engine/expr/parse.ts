/**
 * Parser: tokens of one run → the sides of an equation (or one expression), per ruleset grammar.
 * - Standard precedence (Equate, 'SMATH, Number Scrabble option): brackets, then × ÷ and implied
 *   × left to right, then + − left to right.
 * - Left-to-right (Number Scrabble default, seed 004): every binary operator in reading order.
 * - Operands: a number; in 'SMATH a bracketed sub-expression; in Number Scrabble a literal with
 *   an optional sign, `√` before and `²` after (both apply to that literal, sign included).
 * - A sign at the start of a side (or after "(") is LEADING_SIGN where the ruleset has none, and
 *   `+` is never a sign; an operator where an operand belongs otherwise is SYNTAX ("3++4").
 * The first problem of each side is reported; the other sides are still parsed.
 */
import type { Rational } from "../rational";
import type { EvaluationOrder, Grammar } from "../ruleset";
import type { Operator } from "../tiles";
import type { Issue, Token } from "./lex";

export type Node =
  | { k: "num"; v: Rational; from: number; to: number }
  | { k: "lit"; v: Rational; outerNeg: boolean; innerNeg: boolean; root: boolean; square: boolean; from: number; to: number }
  | { k: "bin"; op: Operator; implied: boolean; l: Node; r: Node; from: number; to: number }
  | { k: "group"; e: Node; from: number; to: number };

export interface Side {
  node: Node | null; // null when the side failed to parse
  from: number;
  to: number;
}

export interface Parsed {
  sides: Side[]; // one side: a number or an expression; several: an equation
  equals: number[]; // tile indices of the `=` signs
  issues: Issue[];
}

/** Deepest bracket nesting read (docs/engine.md "Limits"): checked before each level of recursion,
 * so no input can overflow the stack. A 15-tile line holds at most 8 numbers, so real plays need
 * a handful of levels; deeper is only stacked redundant brackets. */
export const MAX_NESTING = 32;

class Fail {
  constructor(readonly issue: Issue) {}
}

function describe(t: Token | undefined): string {
  if (!t) return "the end";
  switch (t.kind) {
    case "op":
      return t.op === "-" ? "−" : t.op;
    case "eq":
      return "=";
    case "sq":
      return "²";
    case "sqrt":
      return "√";
    case "open":
      return "(";
    case "close":
      return ")";
    default:
      return "a number";
  }
}

function at(t: Token): number {
  return t.kind === "num" ? t.from : t.at;
}

/** Recursive-descent parser for one side: tokens[lo..hi). A class rather than closures so a
 * parse allocates no functions (this is on the adjudication hot path). */
class SideParser {
  p: number;
  depth = 0;
  constructor(
    readonly tokens: Token[],
    readonly lo: number,
    readonly hi: number,
    readonly g: Grammar,
    readonly order: EvaluationOrder,
    readonly lastTile: number,
  ) {
    this.p = lo;
  }

  peek(): Token | undefined {
    return this.p < this.hi ? this.tokens[this.p] : undefined;
  }

  endAt(): number {
    const { p, lo, hi, tokens } = this;
    return p < hi ? at(tokens[p]) : p > lo ? at(tokens[p - 1]) : this.lastTile;
  }

  fail(code: Issue["code"], message: string, from: number, to = from): never {
    throw new Fail({ code, message, from, to });
  }

  operand(sideStart: boolean): Node {
    const g = this.g;
    const t = this.peek();
    if (!t) return this.fail("SYNTAX", "an operator needs a number after it", this.endAt());
    if (t.kind === "open" && g.brackets) {
      if (++this.depth > MAX_NESTING) return this.fail("SYNTAX", `brackets nested more than ${MAX_NESTING} deep cannot be read`, t.at);
      this.p++;
      const e = this.expr(true);
      const c = this.peek();
      if (!c || c.kind !== "close") return this.fail("SYNTAX", `a bracket opened here is not closed`, t.at, this.endAt());
      this.p++;
      this.depth--;
      return { k: "group", e, from: t.at, to: c.at };
    }
    if (t.kind === "num") {
      this.p++;
      return { k: "num", v: t.value, from: t.from, to: t.to };
    }
    if (g.powers || g.unaryMinus) {
      let outerNeg = false;
      let innerNeg = false;
      let root = false;
      const from = at(t);
      if (t.kind === "op" && t.op === "-" && g.unaryMinus) {
        outerNeg = true;
        this.p++;
      }
      if (this.peek()?.kind === "sqrt" && g.powers) {
        root = true;
        this.p++;
        const s = this.peek();
        if (!outerNeg && s?.kind === "op" && s.op === "-" && g.unaryMinus) {
          innerNeg = true;
          this.p++;
        }
      }
      const nt = this.peek();
      if (outerNeg || root) {
        if (!nt || nt.kind !== "num") {
          if (nt?.kind === "op" && nt.op === "+") return this.fail("LEADING_SIGN", "+ cannot be used as a sign", at(nt));
          return this.fail("SYNTAX", `${describe(nt)} cannot follow ${root ? "√" : "a sign"}`, nt ? at(nt) : this.endAt());
        }
        this.p++;
        let square = false;
        if (this.peek()?.kind === "sq") {
          square = true;
          this.p++;
        }
        const to = square ? at(this.tokens[this.p - 1]) : nt.to;
        return { k: "lit", v: nt.value, outerNeg, innerNeg, root, square, from, to };
      }
    }
    if (t.kind === "op" && (t.op === "+" || t.op === "-") && sideStart) {
      return this.fail(
        "LEADING_SIGN",
        t.op === "+" ? "+ cannot be used as a sign in front of a number" : "− cannot be used as a sign here: it only subtracts",
        t.at,
      );
    }
    return this.fail("SYNTAX", `${describe(t)} where a number belongs`, at(t));
  }

  unit(sideStart: boolean): Node {
    const n = this.operand(sideStart);
    if (this.g.powers && n.k === "num" && this.peek()?.kind === "sq") {
      const t = this.tokens[this.p++];
      return { k: "lit", v: n.v, outerNeg: false, innerNeg: false, root: false, square: true, from: n.from, to: at(t) };
    }
    return n;
  }

  /** the binary operator at the cursor (implied × counts), or null */
  binOp(): Operator | "imul" | null {
    const t = this.peek();
    if (t?.kind === "op") return t.op;
    if (t?.kind === "imul") return "imul";
    return null;
  }

  term(sideStart: boolean): Node {
    let l = this.unit(sideStart);
    for (let o = this.binOp(); o === "×" || o === "÷" || o === "imul"; o = this.binOp()) {
      this.p++;
      const r = this.unit(false);
      l = { k: "bin", op: o === "imul" ? "×" : o, implied: o === "imul", l, r, from: l.from, to: r.to };
    }
    return l;
  }

  expr(sideStart: boolean): Node {
    if (this.order === "left-to-right") {
      let l = this.unit(sideStart);
      for (let o = this.binOp(); o; o = this.binOp()) {
        this.p++;
        const r = this.unit(false);
        l = { k: "bin", op: o === "imul" ? "×" : o, implied: o === "imul", l, r, from: l.from, to: r.to };
      }
      return l;
    }
    let l = this.term(sideStart);
    for (let o = this.binOp(); o === "+" || o === "-"; o = this.binOp()) {
      this.p++;
      const r = this.term(false);
      l = { k: "bin", op: o, implied: false, l, r, from: l.from, to: r.to };
    }
    return l;
  }

  side(): Node {
    const node = this.expr(true);
    const { p, hi, tokens } = this;
    if (p < hi) {
      const t = tokens[p];
      if (t.kind === "close") return this.fail("SYNTAX", "a closing bracket with no opening bracket", t.at);
      if (t.kind === "sq" || t.kind === "sqrt") return this.fail("SYNTAX", `${describe(t)} is misplaced`, t.at);
      return this.fail("SYNTAX", `${describe(t)} cannot follow ${describe(tokens[p - 1])}`, at(t));
    }
    return node;
  }
}

function parseSide(tokens: Token[], lo: number, hi: number, g: Grammar, order: EvaluationOrder, lastTile: number): Node {
  return new SideParser(tokens, lo, hi, g, order, lastTile).side();
}

export function parse(tokens: Token[], g: Grammar, order: EvaluationOrder, lastTile: number): Parsed {
  const sides: Side[] = [];
  const equals: number[] = [];
  const issues: Issue[] = [];
  let lo = 0;
  const bounds: Array<[number, number]> = [];
  for (let i = 0; i <= tokens.length; i++) {
    if (i === tokens.length || tokens[i].kind === "eq") {
      bounds.push([lo, i]);
      if (i < tokens.length) equals.push((tokens[i] as { at: number }).at);
      lo = i + 1;
    }
  }
  for (let s = 0; s < bounds.length; s++) {
    const [a, b] = bounds[s];
    const from = s === 0 ? 0 : equals[s - 1] + 1;
    const to = s < equals.length ? equals[s] - 1 : lastTile;
    if (a === b) {
      const where = s === 0 ? "before" : "after";
      const eqAt = s === 0 ? equals[0] : equals[s - 1];
      issues.push({ code: "SYNTAX", message: `nothing ${where} =: an equation needs a number or an expression on each side`, from: eqAt, to: eqAt });
      sides.push({ node: null, from, to });
      continue;
    }
    try {
      sides.push({ node: parseSide(tokens, a, b, g, order, to), from, to });
    } catch (e) {
      if (!(e instanceof Fail)) throw e;
      issues.push(e.issue);
      sides.push({ node: null, from, to });
    }
  }
  return { sides, equals, issues };
}
