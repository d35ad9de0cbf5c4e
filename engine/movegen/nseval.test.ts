import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parsePosition } from "../notation/position";
import type { GridCell } from "../play";
import * as Q from "../rational";
import type { Radical } from "../radical";
import * as R from "../radical";
import { createRng } from "../random";
import { getRuleset } from "../ruleset";
import type { Face } from "../tiles";
import { checkLine } from "../validate";
import { REJECT, START, sideAutomaton } from "./grammar";
import { exactPlays, type ExactResult } from "./exact";
import { BonusCut, NsEval, nsCuts, nsFaceInfo } from "./nseval";
import { BIG, DEAD, OK, valueKey } from "./sidearith";

const rs = getRuleset("number-scrabble");
const aut = sideAutomaton(rs.grammar);
const DIGITS = "0123456789".split("");
const OPS = ["+", "-", "×", "÷"];

const cellsOf = (faces: string[]): GridCell[] =>
  faces.map((core, i) => ({ row: 0, col: i, core, blank: false, isNew: true, overlay: false, across: { open: 0, close: 0 }, down: { open: 0, close: 0 } }));

/** The fast evaluator on a whole side: a value key, null (invalid), "big" (left to checkLine),
 * and the first depth at which it said DEAD (-1: none). */
function fast(faces: string[]): { got: string | null | "big"; deadAt: number } {
  const ev = new NsEval(faces.length);
  ev.reset();
  for (let i = 0; i < faces.length; i++) {
    const r = ev.step(i, nsFaceInfo(faces[i]));
    if (r === DEAD) return { got: null, deadAt: i + 1 };
    if (r === BIG) return { got: "big", deadAt: -1 };
  }
  const r = ev.finish(faces.length);
  if (r === DEAD) return { got: null, deadAt: faces.length };
  if (r === BIG) return { got: "big", deadAt: -1 };
  expect(r).toBe(OK);
  return { got: valueKey(ev.vn, ev.vd), deadAt: -1 };
}

function slow(faces: string[]): string | null {
  const line = checkLine(rs, cellsOf(faces), "across", true);
  return line.violations.length ? null : line.valueText;
}

/** Random faces from `prefix` on until `n` faces, each drawn so the automaton accepts the prefix
 * (null when it cannot close). Digits most of the time; √, ², signs and operators mixed in. */
function extend(rng: ReturnType<typeof createRng>, prefix: string[], n: number): string[] | null {
  const faces = [...prefix];
  let st = START;
  for (const f of faces) st = aut.step(st, f);
  while (faces.length < n && st !== REJECT) {
    const roll = rng.below(10);
    const f = roll < 5 ? DIGITS[rng.below(10)] : roll < 8 ? OPS[rng.below(4)] : roll === 8 ? "√" : "²";
    const nx = aut.step(st, f);
    if (nx === REJECT) continue;
    faces.push(f);
    st = nx;
  }
  return aut.accepts(st) ? faces : null;
}

describe("nseval: the Number Scrabble incremental evaluator agrees with checkLine", () => {
  it("6000 random sides the automaton accepts: same validity and value text, or left to checkLine", () => {
    const rng = createRng("nseval");
    let checked = 0;
    let valid = 0;
    let big = 0;
    let dead = 0;
    while (checked < 6000) {
      const faces = extend(rng, [], 1 + rng.below(9));
      if (!faces) continue;
      checked++;
      const want = slow(faces);
      const { got } = fast(faces);
      if (want !== null) valid++;
      if (got === "big") {
        big++;
        continue;
      }
      if (got === null) dead++;
      expect(`${faces.join(" ")} → ${got}`).toBe(`${faces.join(" ")} → ${want}`);
    }
    // most sides are decided here, not by checkLine; both outcomes are common
    expect(valid).toBeGreaterThan(2000);
    expect(dead).toBeGreaterThan(100);
    expect(big).toBeLessThan(checked / 4);
  });

  it("a side cut part-way (DEAD) has no valid completion", () => {
    const rng = createRng("nseval-dead");
    let cut = 0;
    for (let t = 0; cut < 300 && t < 200_000; t++) {
      const faces = extend(rng, [], 2 + rng.below(6));
      if (!faces) continue;
      const { deadAt } = fast(faces);
      if (deadAt < 0 || deadAt === faces.length) continue;
      cut++;
      const prefix = faces.slice(0, deadAt);
      for (let k = 0; k < 10; k++) {
        const more = extend(rng, prefix, deadAt + rng.below(5));
        if (more) expect(`${more.join(" ")} → ${slow(more)}`).toBe(`${more.join(" ")} → null`);
      }
    }
    expect(cut).toBe(300);
  });

  it("left to right, signs, roots and squares as parse.ts reads them", () => {
    expect(fast(["2", "+", "3", "×", "4"]).got).toBe("20");
    expect(fast(["-", "3", "²"]).got).toBe("9");
    expect(fast(["√", "-", "4", "²"]).got).toBe("4");
    expect(fast(["-", "√", "9", "÷", "6"]).got).toBe("-1/2");
    expect(fast(["7", "-", "-", "2"]).got).toBe("9");
    expect(fast(["√", "-", "4"]).got).toBeNull(); // no root of a negative
    expect(slow(["√", "-", "4"])).toBeNull();
    expect(fast(["5", "÷", "0", "+", "1"]).got).toBeNull();
    expect(fast(["0", "5"]).got).toBeNull(); // leading zero
    expect(fast(["√", "2"]).got).toBe("big"); // irrational: radical.ts via checkLine
    expect(fast("99999999×99999999".split("")).got).toBe("big");
  });
});

describe("nseval: the value-bonus cut's bounds", () => {
  it("magBound: no completion of a prefix has a larger |value| (2000 valid random sides, every depth)", () => {
    const rng = createRng("nseval-mag");
    let checked = 0;
    let tight = 0;
    let tighter = 0;
    while (checked < 2000) {
      const faces = extend(rng, [], 2 + rng.below(8));
      const want = faces && checkLine(rs, cellsOf(faces), "across", true);
      if (!faces || !want || want.violations.length) continue;
      checked++;
      const v = Math.abs(R.toNumber(want.value as Radical));
      const ev = new NsEval(faces.length);
      ev.reset();
      for (let i = 0; i < faces.length; i++) {
        if (ev.step(i, nsFaceInfo(faces[i])) !== OK) break;
        const rest = faces.slice(i + 1);
        const digits = rest.filter((f) => DIGITS.includes(f)).length;
        const u = ev.magBound(i + 1, digits, rest.includes("²"));
        expect(`${faces.join(" ")} @${i + 1}: ${v <= u}`).toBe(`${faces.join(" ")} @${i + 1}: true`);
        if (u < 10 * (v + 1)) tight++;
        if (rest.includes("×") || rest.includes("²")) continue;
        // nothing multiplies from here on: the additive bound
        const add = ev.magBound(i + 1, digits, false, false);
        expect(`${faces.join(" ")} @${i + 1} (adds): ${v <= add}`).toBe(`${faces.join(" ")} @${i + 1} (adds): true`);
        if (add < u / 10) tighter++;
      }
    }
    // not vacuous: often within a factor 10 of the value, the additive bound often 10× tighter
    expect(tight).toBeGreaterThan(1000);
    expect(tighter).toBeGreaterThan(100);
  });

  it("BonusCut.upTo: the largest bonus among the other side's values up to a size", () => {
    const vals = [4, -100, 9, 2].map((n) => R.fromRational(Q.rat(BigInt(n))));
    const cut = new BonusCut(vals, "sqrt", 2);
    expect(cut.max).toBe(10);
    expect(cut.upTo(1.5)).toBe(-Infinity);
    expect(cut.upTo(2)).toBe(2);
    expect(cut.upTo(4)).toBe(2);
    expect(cut.upTo(9)).toBe(3);
    expect(cut.upTo(99.9)).toBe(3);
    expect(cut.upTo(100)).toBe(10);
    // irrational values by their size: √2 earns 2
    expect(new BonusCut([R.sqrtRational(Q.rat(2n)) as Radical], "sqrt", 1).upTo(1.5)).toBe(2);
  });
});

describe("nseval: the value-bonus cut never changes the answer", () => {
  const positions = readFileSync(path.join(import.meta.dirname, "fixtures", "golden-positions.txt"), "utf8")
    .split("\n")
    .filter((l) => l.startsWith("number-scrabble "))
    .map((l) => {
      const p = parsePosition(l.split("\t")[1]);
      if (!p.ok) throw new Error(p.error);
      return p.value;
    });
  const run = (pos: (typeof positions)[number], on: boolean): ExactResult => {
    nsCuts.on = on;
    try {
      return exactPlays(rs, pos.board, pos.racks[pos.turn] as Face[], { top: 3, maxWork: 600_000 });
    } finally {
      nsCuts.on = true;
    }
  };
  const shown = (r: ExactResult): string[] => r.plays.map((p) => `${p.score} ${JSON.stringify(p.placements)}`);

  it("the golden Number Scrabble positions: the same top 3 with and without it; it fires", { timeout: 600_000 }, () => {
    expect(positions.length).toBeGreaterThanOrEqual(6);
    const fired = nsCuts.fired;
    let compared = 0;
    for (const pos of positions) {
      const cut = run(pos, true);
      const full = run(pos, false);
      if (!cut.complete || !full.complete) continue;
      compared++;
      expect(shown(cut)).toEqual(shown(full));
      expect(cut.stats.rejected).toBe(0);
    }
    expect(compared).toBeGreaterThanOrEqual(5);
    expect(nsCuts.fired).toBeGreaterThan(fired);
  });
});
