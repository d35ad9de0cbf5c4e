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

/** Parse one side: tokens[lo..hi) covering tiles from..to. */
function parseSide(tokens: Token[], lo: number, hi: number, g: Grammar, order: EvaluationOrder, lastTile: number): Node {
  let p = lo;
  const peek = (): Token | undefined => (p < hi ? tokens[p] : undefined);
  const endAt = (): number => (p < hi ? at(tokens[p]) : p > lo ? at(tokens[p - 1]) : lastTile);
  const fail = (code: Issue["code"], message: string, from: number, to = from): never => {
    throw new Fail({ code, message, from, to });
  };

  function operand(sideStart: boolean): Node {
    const t = peek();
    if (!t) return fail("SYNTAX", "an operator needs a number after it", endAt());
    if (t.kind === "open" && g.brackets) {
      p++;
      const e = expr(true);
      const c = peek();
      if (!c || c.kind !== "close") return fail("SYNTAX", `a bracket opened here is not closed`, t.at, endAt());
      p++;
      return { k: "group", e, from: t.at, to: c.at };
    }
    if (t.kind === "num") {
      p++;
      return { k: "num", v: t.value, from: t.from, to: t.to };
    }
    if (g.powers || g.unaryMinus) {
      let outerNeg = false;
      let innerNeg = false;
      let root = false;
      const from = at(t);
      if (t.kind === "op" && t.op === "-" && g.unaryMinus) {
        outerNeg = true;
        p++;
      }
      if (peek()?.kind === "sqrt" && g.powers) {
        root = true;
        p++;
        const s = peek();
        if (root && !outerNeg && s?.kind === "op" && s.op === "-" && g.unaryMinus) {
          innerNeg = true;
          p++;
        }
      }
      const nt = peek();
      if (outerNeg || root) {
        if (!nt || nt.kind !== "num") {
          if (nt?.kind === "op" && nt.op === "+") return fail("LEADING_SIGN", "+ cannot be used as a sign", at(nt));
          return fail("SYNTAX", `${describe(nt)} cannot follow ${root ? "√" : "a sign"}`, nt ? at(nt) : endAt());
        }
        p++;
        let square = false;
        if (peek()?.kind === "sq") {
          square = true;
          p++;
        }
        const to = square ? at(tokens[p - 1]) : nt.to;
        return { k: "lit", v: nt.value, outerNeg, innerNeg, root, square, from, to };
      }
    }
    if (t.kind === "op" && (t.op === "+" || t.op === "-") && sideStart) {
      return fail(
        "LEADING_SIGN",
        t.op === "+" ? "+ cannot be used as a sign in front of a number" : "− cannot be used as a sign here: it only subtracts",
        t.at,
      );
    }
    return fail("SYNTAX", `${describe(t)} where a number belongs`, at(t));
  }

  function postfix(n: Node): Node {
    if (g.powers && n.k === "num" && peek()?.kind === "sq") {
      const t = tokens[p++];
      return { k: "lit", v: n.v, outerNeg: false, innerNeg: false, root: false, square: true, from: n.from, to: at(t) };
    }
    return n;
  }

  const unit = (sideStart: boolean): Node => postfix(operand(sideStart));

  function binOp(): { op: Operator; implied: boolean } | null {
    const t = peek();
    if (t?.kind === "op") return { op: t.op, implied: false };
    if (t?.kind === "imul") return { op: "×", implied: true };
    return null;
  }

  function term(sideStart: boolean): Node {
    let l = unit(sideStart);
    for (let o = binOp(); o && (o.op === "×" || o.op === "÷"); o = binOp()) {
      p++;
      const r = unit(false);
      l = { k: "bin", op: o.op, implied: o.implied, l, r, from: l.from, to: r.to };
    }
    return l;
  }

  function expr(sideStart: boolean): Node {
    if (order === "left-to-right") {
      let l = unit(sideStart);
      for (let o = binOp(); o; o = binOp()) {
        p++;
        const r = unit(false);
        l = { k: "bin", op: o.op, implied: o.implied, l, r, from: l.from, to: r.to };
      }
      return l;
    }
    let l = term(sideStart);
    for (let o = binOp(); o && (o.op === "+" || o.op === "-"); o = binOp()) {
      p++;
      const r = term(false);
      l = { k: "bin", op: o.op, implied: false, l, r, from: l.from, to: r.to };
    }
    return l;
  }

  const node = expr(true);
  if (p < hi) {
    const t = tokens[p];
    if (t.kind === "close") return fail("SYNTAX", "a closing bracket with no opening bracket", t.at);
    if (t.kind === "sq" || t.kind === "sqrt") return fail("SYNTAX", `${describe(t)} is misplaced`, t.at);
    return fail("SYNTAX", `${describe(t)} cannot follow ${describe(tokens[p - 1])}`, at(t));
  }
  return node;
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
