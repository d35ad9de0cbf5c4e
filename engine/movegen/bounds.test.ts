import { describe, expect, it } from "vitest";
import type { GridCell } from "../play";
import { createRng } from "../random";
import { getRuleset } from "../ruleset";
import { checkLine } from "../validate";
import { fractionsCanBalance } from "./bounds";
import { REJECT, START, sideAutomaton } from "./grammar";
import { faceInfo, K_FRACTION } from "./sidearith";

const rs = getRuleset("equate");
const aut = sideAutomaton(rs.grammar);
const NUMS = rs.tiles.filter((t) => t.inBag && t.face !== "?" && t.face !== "=" && !"+-×÷".includes(t.face)).map((t) => t.face);
const FRACS = NUMS.filter((f) => faceInfo(f).kind === K_FRACTION);

const cellsOf = (faces: string[]): GridCell[] =>
  faces.map((core, i) => ({ row: 0, col: i, core, blank: false, isNew: true, overlay: false, across: { open: 0, close: 0 }, down: { open: 0, close: 0 } }));

/** A side's value text, or null when it is no valid side. */
function valueOf(faces: string[]): string | null {
  const line = checkLine(rs, cellsOf(faces), "across", true);
  return line.violations.length ? null : line.valueText;
}

/** A side of numbers, `+` and `−` only, the automaton accepts. */
function randomSide(rng: ReturnType<typeof createRng>): string[] | null {
  const faces: string[] = [];
  let st = START;
  const n = 1 + rng.below(7);
  for (let i = 0; i < n && st !== REJECT; i++) {
    const f = rng.below(3) === 0 ? ["+", "-"][rng.below(2)] : NUMS[rng.below(NUMS.length)];
    faces.push(f);
    st = aut.step(st, f);
  }
  return st !== REJECT && aut.accepts(st) ? faces : null;
}

/** The other side written as one operand of the value: digits, a fraction tile, or both. */
function operandOf(value: string): string[] | null {
  const [a, b] = value.split("/");
  const num = Number(a);
  const den = b === undefined ? 1 : Number(b);
  if (num < 0) return null;
  const whole = Math.floor(num / den);
  const rest = num - whole * den;
  const digits = whole === 0 && rest > 0 ? [] : String(whole).split("");
  if (rest === 0) return digits;
  const frac = FRACS.find((f) => {
    const x = faceInfo(f);
    return x.a * den === rest * x.b;
  });
  return frac ? [...digits, frac] : null;
}

describe("bounds: the fraction balance of a group that places the whole rack", () => {
  it("every valid equation of +, − and numbers has fraction tiles that balance", () => {
    const rng = createRng("bounds-fractions");
    let checked = 0;
    let withFractions = 0;
    while (checked < 2000) {
      const left = randomSide(rng);
      if (!left) continue;
      const v = valueOf(left);
      if (v === null) continue;
      const right = operandOf(v);
      if (!right || right.length === 0 || valueOf(right) !== v) continue;
      checked++;
      const fr = [...left, ...right].map(faceInfo).filter((f) => f.kind === K_FRACTION && f.b > 1).map((f) => [f.a, f.b] as const);
      if (fr.length) withFractions++;
      expect(`${left.join(" ")} = ${right.join(" ")}: ${fractionsCanBalance(fr)}`).toBe(`${left.join(" ")} = ${right.join(" ")}: true`);
    }
    expect(withFractions).toBeGreaterThan(500);
  });

  it("fractions that no signs can make whole are caught", () => {
    expect(fractionsCanBalance([[1, 3]])).toBe(false);
    expect(fractionsCanBalance([[1, 2], [1, 3]])).toBe(false);
    expect(fractionsCanBalance([[5, 6], [1, 3]])).toBe(false);
    expect(fractionsCanBalance([[1, 2], [1, 2]])).toBe(true);
    expect(fractionsCanBalance([[1, 4], [3, 4]])).toBe(true);
    expect(fractionsCanBalance([[1, 3], [1, 6], [1, 2]])).toBe(true);
    expect(fractionsCanBalance([[7, 4], [1, 4]])).toBe(true);
    expect(fractionsCanBalance([])).toBe(true);
  });
});
