import { describe, expect, it } from "vitest";
import type { GridCell } from "../play";
import { createRng } from "../random";
import { getRuleset } from "../ruleset";
import { checkLine } from "../validate";
import { REJECT, START, sideAutomaton } from "./grammar";
import { anyIn, BIG, DEAD, faceInfo, K_FRACTION, K_OP, OK, SideEval, valueKey } from "./sidearith";

const rs = getRuleset("equate");
const aut = sideAutomaton(rs.grammar);
const FACES = rs.tiles.filter((t) => t.inBag && t.face !== "?" && t.face !== "=").map((t) => t.face);

const cellsOf = (faces: string[]): GridCell[] =>
  faces.map((core, i) => ({ row: 0, col: i, core, blank: false, isNew: true, overlay: false, across: { open: 0, close: 0 }, down: { open: 0, close: 0 } }));

/** What the fast evaluator says about a side the automaton accepts: a value key, null (invalid) or "big". */
function fast(faces: string[]): string | null | "big" {
  const ev = new SideEval(faces.length, rs.grammar.forbidNegative, rs.options.mixedFractionBelowOne);
  ev.reset();
  for (let i = 0; i < faces.length; i++) {
    const r = ev.step(i, faceInfo(faces[i]));
    if (r === DEAD) return null;
    if (r === BIG) return "big";
  }
  const r = ev.finish(faces.length);
  if (r === DEAD) return null;
  if (r === BIG) return "big";
  expect(r).toBe(OK);
  return valueKey(ev.vn, ev.vd);
}

function slow(faces: string[]): string | null {
  const line = checkLine(rs, cellsOf(faces), "across", true);
  return line.violations.length ? null : line.valueText;
}

/** A random side the automaton accepts (null when the draw is not one): `n` faces, an operator one time in `opOneIn`. */
function randomSide(rng: ReturnType<typeof createRng>, n: number, opOneIn: number): string[] | null {
  const faces: string[] = [];
  let st = START;
  for (let i = 0; i < n && st !== REJECT; i++) {
    const f = rng.below(opOneIn) === 0 ? ["+", "-", "×", "÷"][rng.below(4)] : FACES[rng.below(FACES.length)];
    faces.push(f);
    st = aut.step(st, f);
  }
  return st === REJECT || !aut.accepts(st) ? null : faces;
}

/** checkLine's value of a side as a number (null: not valid). */
function valueOf(faces: string[]): number | null {
  const want = slow(faces);
  if (want === null) return null;
  const [a, b] = want.split("/");
  return Number(a) / (b === undefined ? 1 : Number(b));
}

describe("sidearith: the incremental evaluator agrees with checkLine on Equate sides", () => {
  it("4000 random sides the automaton accepts: same validity, same value text", () => {
    const rng = createRng("sidearith");
    let checked = 0;
    let valid = 0;
    while (checked < 4000) {
      const n = 1 + rng.below(8);
      const faces: string[] = [];
      let st = START;
      for (let i = 0; i < n && st !== REJECT; i++) {
        // operators and digits most of the time, so most sides parse
        const f = rng.below(3) === 0 ? ["+", "-", "×", "÷"][rng.below(4)] : FACES[rng.below(FACES.length)];
        faces.push(f);
        st = aut.step(st, f);
      }
      if (st === REJECT || !aut.accepts(st)) continue;
      checked++;
      const want = slow(faces);
      const got = fast(faces);
      if (want !== null) valid++;
      expect(`${faces.join(" ")} → ${got}`).toBe(`${faces.join(" ")} → ${want}`);
    }
    expect(valid).toBeGreaterThan(500);
  });

  it("the cases it must cut: a negative part-way, ÷0, a mixed numeral not below 1", () => {
    expect(fast(["4", "-", "6", "+", "7"])).toBeNull();
    expect(slow(["4", "-", "6", "+", "7"])).toBeNull();
    expect(fast(["5", "÷", "0", "×", "3"])).toBeNull();
    expect(fast(["2", "3/3"])).toBeNull();
    expect(fast(["2", "1/2", "×", "2"])).toBe("5");
    expect(fast(["7", "-", "2", "×", "3"])).toBe("1");
    expect(fast(["1/2", "+", "1/3"])).toBe("5/6");
  });

  it("the probe's value cut: with no − left in a side, its completed terms never sum to more than its value", () => {
    const rng = createRng("sidearith-sum");
    let checked = 0;
    let fired = 0;
    while (checked < 3000) {
      const n = 2 + rng.below(7);
      const faces: string[] = [];
      let st = START;
      for (let i = 0; i < n && st !== REJECT; i++) {
        const f = rng.below(3) === 0 ? ["+", "-", "×", "÷"][rng.below(4)] : FACES[rng.below(FACES.length)];
        faces.push(f);
        st = aut.step(st, f);
      }
      if (st === REJECT || !aut.accepts(st)) continue;
      const want = slow(faces);
      if (want === null) continue;
      const [a, b] = want.split("/");
      const value = Number(a) / (b === undefined ? 1 : Number(b));
      const ev = new SideEval(faces.length, rs.grammar.forbidNegative, rs.options.mixedFractionBelowOne);
      ev.reset();
      checked++;
      for (let i = 0; i < faces.length; i++) {
        if (ev.step(i, faceInfo(faces[i])) !== OK) break;
        if (faces.slice(i + 1).includes("-")) continue;
        // the cut's claim at depth i + 1: the side's value is at least the sum so far
        expect(`${faces.join(" ")} @${i + 1}: ${ev.sumAbove(i + 1, value * (1 + 1e-9) + 1e-9)}`).toBe(`${faces.join(" ")} @${i + 1}: false`);
        if (ev.sumAbove(i + 1, value - 1)) fired++;
      }
    }
    // the cut is not vacuous: prefixes whose sum alone passes a bound below the value are common
    expect(fired).toBeGreaterThan(100);
  });

  it("the probe's range cut: with no operator left in a side, its value lies in restRange's range", () => {
    const rng = createRng("sidearith-range");
    const fracs = FACES.map(faceInfo).filter((f) => f.kind === K_FRACTION);
    const fmax = Math.max(...fracs.map((f) => f.a / f.b));
    let checked = 0;
    let fired = 0;
    while (checked < 3000) {
      // few operators, so long operator-free tails are common
      const faces = randomSide(rng, 2 + rng.below(8), 5);
      const value = faces && valueOf(faces);
      if (!faces || value === null) continue;
      const ev = new SideEval(faces.length, rs.grammar.forbidNegative, rs.options.mixedFractionBelowOne);
      ev.reset();
      checked++;
      for (let i = 0; i < faces.length; i++) {
        if (ev.step(i, faceInfo(faces[i])) !== OK) break;
        const rest = faces.slice(i + 1).map(faceInfo);
        if (rest.some((f) => f.kind === K_OP)) continue;
        const frac = rest.some((f) => f.kind === K_FRACTION);
        if (!ev.restRange(i + 1, rest.length, frac, fmax)) continue;
        const vals = Float64Array.of(value);
        expect(`${faces.join(" ")} @${i + 1}: [${ev.lo}, ${ev.hi}] ${anyIn(vals, ev.lo, ev.hi)}`).toBe(`${faces.join(" ")} @${i + 1}: [${ev.lo}, ${ev.hi}] true`);
        // the range is narrow enough to exclude something near the value
        if (!anyIn(Float64Array.of(value * 2 + 1), ev.lo, ev.hi)) fired++;
      }
    }
    expect(fired).toBeGreaterThan(500);
  });

  it("the range cut with one operator left: oneOpMeets holds the side's value, wherever the operator goes", () => {
    const rng = createRng("sidearith-one-op");
    const fracs = FACES.map(faceInfo).filter((f) => f.kind === K_FRACTION);
    const fmax = Math.max(...fracs.map((f) => f.a / f.b));
    let checked = 0;
    let fired = 0;
    while (checked < 3000) {
      const faces = randomSide(rng, 3 + rng.below(8), 4);
      const value = faces && valueOf(faces);
      if (!faces || value === null) continue;
      const ev = new SideEval(faces.length, rs.grammar.forbidNegative, rs.options.mixedFractionBelowOne);
      ev.reset();
      checked++;
      for (let i = 0; i < faces.length; i++) {
        if (ev.step(i, faceInfo(faces[i])) !== OK) break;
        const rest = faces.slice(i + 1).map(faceInfo);
        const ops = rest.filter((f) => f.kind === K_OP);
        if (ops.length !== 1) continue;
        const frac = rest.some((f) => f.kind === K_FRACTION);
        const at = `${faces.join(" ")} @${i + 1}`;
        expect(`${at}: ${ev.oneOpMeets(i + 1, rest.length, frac, fmax, ops[0].a, Float64Array.of(value))}`).toBe(`${at}: true`);
        if (!ev.oneOpMeets(i + 1, rest.length, frac, fmax, ops[0].a, Float64Array.of(value * 3 + 7))) fired++;
      }
    }
    expect(fired).toBeGreaterThan(300);
  });

  it("anyIn: a value of a sorted list inside a closed range, with a relative hair of slack", () => {
    const vals = Float64Array.of(0, 1.5, 7, 1000);
    expect(anyIn(vals, 2, 6)).toBe(false);
    expect(anyIn(vals, 2, 7)).toBe(true);
    expect(anyIn(vals, 7 + 1e-12, 8)).toBe(true);
    expect(anyIn(vals, 1001, Infinity)).toBe(false);
    expect(anyIn(vals, -5, -1)).toBe(false);
    expect(anyIn(vals, 999, 999.5)).toBe(false);
    expect(anyIn(new Float64Array(0), 0, 10)).toBe(false);
  });

  it("values past 2^53 are left to checkLine", () => {
    const digits = "9999999999999999".split("");
    expect(fast(digits)).toBe("big");
    expect(fast(["9", "9", "9", "9", "9", "9", "9", "9", "×", "9", "9", "9", "9", "9", "9", "9", "9", "9"])).toBe("big");
  });
});
