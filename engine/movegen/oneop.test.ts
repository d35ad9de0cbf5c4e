import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { GridCell } from "../play";
import { createRng } from "../random";
import { getRuleset } from "../ruleset";
import { checkLine } from "../validate";
import { parsePosition } from "../notation/position";
import { wholeRackLate } from "./bounds";
import { exactPlays } from "./exact";
import { boardsOf, sameTopWithAndWithoutCuts } from "./tests/probe-cuts";
import { oneOpFeasible, type OTile } from "./oneop";
import { faceInfo, K_FRACTION } from "./sidearith";

const rs = getRuleset("equate");
const FRACTIONS = rs.tiles.filter((t) => t.inBag && faceInfo(t.face).kind === K_FRACTION).map((t) => t.face);

const cellsOf = (faces: string[]): GridCell[] =>
  faces.map((core, i) => ({ row: 0, col: i, core, blank: false, isNew: true, overlay: false, across: { open: 0, close: 0 }, down: { open: 0, close: 0 } }));

const tileOf = (face: string): OTile => {
  const f = faceInfo(face);
  return f.kind === K_FRACTION ? { n: f.a, den: f.b } : { n: f.a, den: 0 };
};

/** every distinct order of `faces` */
function orders(faces: string[]): string[][] {
  const out: string[][] = [];
  const left = [...faces].sort();
  const cur: string[] = [];
  const rec = (): void => {
    if (!left.length) return void out.push([...cur]);
    for (let i = 0; i < left.length; i++) {
      if (i > 0 && left[i] === left[i - 1]) continue;
      const [f] = left.splice(i, 1);
      cur.push(f);
      rec();
      cur.pop();
      left.splice(i, 0, f);
    }
  };
  rec();
  return out;
}

/** brute force: the shapes (operator side's length, other side's length) of every valid line */
function shapes(faces: string[], op: string): Set<string> {
  const out = new Set<string>();
  for (const o of orders([...faces, op, "="])) {
    const eq = o.indexOf("=");
    const opAt = o.indexOf(op);
    const line = checkLine(rs, cellsOf(o), "across", true);
    if (line.violations.length) continue;
    out.add(opAt < eq ? `${eq},${o.length - 1 - eq}` : `${o.length - 1 - eq},${eq}`);
  }
  return out;
}

describe("oneop: whole-rack groups with one × or ÷ (relaxed exact test)", () => {
  it("never rejects a shape a valid equation has (brute force with checkLine), and rejects some", () => {
    const rng = createRng("oneop-test");
    let rejected = 0;
    let accepted = 0;
    let proved = 0;
    for (let t = 0; t < 30; t++) {
      const op = rng.below(2) === 0 ? "×" : "÷";
      let faces: string[];
      if (t % 2 === 0) {
        // from a true equation x·y = z, so some shape is valid
        const x = 1 + rng.below(9);
        const y = 1 + rng.below(9);
        faces = [...String(x), ...String(y), ...String(x * y)];
      } else {
        const n = 4;
        faces = [];
        for (let k = 0; k < n; k++) faces.push(rng.below(5) === 0 ? FRACTIONS[rng.below(FRACTIONS.length)] : String(rng.below(10)));
      }
      if (faces.length > 5) continue;
      const valid = shapes(faces, op);
      const tiles = faces.map(tileOf);
      for (let opLen = 1; opLen <= faces.length + 1; opLen++) {
        const plainLen = faces.length + 1 - opLen;
        if (plainLen < 1) continue;
        const ok = oneOpFeasible(tiles, op === "×" ? 3 : 4, opLen, plainLen);
        if (valid.has(`${opLen},${plainLen}`)) {
          proved++;
          expect(ok, `${faces.join(" ")} ${op} ${opLen},${plainLen}`).toBe(true);
        }
        if (ok) accepted++;
        else rejected++;
      }
    }
    expect(proved).toBeGreaterThan(5);
    expect(rejected).toBeGreaterThan(5);
    expect(accepted).toBeGreaterThan(5);
  });

  it("answers the relaxed problem exactly: the same as every ordering of the tiles cut into X, Y, Z", () => {
    const rng = createRng("oneop-relaxed");
    let yes = 0;
    let no = 0;
    for (let t = 0; t < 60; t++) {
      const n = 5 + rng.below(3);
      const faces: string[] = [];
      if (t % 3 === 0) {
        // from a true product, so some split holds
        const x = 2 + rng.below(40);
        const y = 2 + rng.below(40);
        faces.push(...String(x), ...String(y), ...String(x * y));
      } else {
        for (let k = 0; k < n; k++) faces.push(rng.below(6) === 0 ? FRACTIONS[rng.below(FRACTIONS.length)] : String(rng.below(10)));
      }
      if (faces.length > 7) continue;
      const tiles = faces.map(tileOf);
      for (const op of [3, 4] as const) {
        for (let opLen = 3; opLen <= tiles.length; opLen++) {
          const plainLen = tiles.length + 1 - opLen;
          const want = relaxedBrute(tiles, op, opLen);
          expect(oneOpFeasible(tiles, op, opLen, plainLen), `${faces.join(" ")} ${op} ${opLen},${plainLen}`).toBe(want);
          if (want) yes++;
          else no++;
        }
      }
    }
    expect(yes).toBeGreaterThan(10);
    expect(no).toBeGreaterThan(10);
  });

  it("fires on equate:4 of the bench positions (a full rack with ÷ as its only operator)", () => {
    // bench/positions/movegen.json, movegen-positions:equate:4
    const p = parsePosition("equate 19/19/19/19/19/19/19/19/3[3][0]+[3]=[3]?[3]9/8[3][4][5]=[8][6][1/4]×[4]?2/19/19/19/19/19/19/19/19/19 [4][2][7][3/4][6][1][7/4][2]÷/[0][4][1/2][6][7]×[1]÷[3] 5/62 0 118");
    if (!p.ok) throw new Error(p.error);
    const rack = p.value.racks[p.value.turn];
    // a span's groups are made (and this test applied) when the search reaches its bound
    const r = exactPlays(getRuleset("equate"), p.value.board, typeof rack === "number" ? [] : rack, { top: 1 });
    expect(r.plays[0]?.score).toBe(80);
    expect(r.stats.groupsNoEquation).toBeGreaterThan(50);
  });

  it("run when the search reaches a group, not when it is made: the same top plays as before (bounds.ts wholeRackLate)", { timeout: 600_000 }, () => {
    const p = parsePosition("equate 19/19/19/19/19/19/19/19/3[3][0]+[3]=[3]?[3]9/8[3][4][5]=[8][6][1/4]×[4]?2/19/19/19/19/19/19/19/19/19 [4][2][7][3/4][6][1][7/4][2]÷/[0][4][1/2][6][7]×[1]÷[3] 5/62 0 118");
    if (!p.ok) throw new Error(p.error);
    const rack = p.value.racks[p.value.turn];
    const top = (late: boolean) => {
      wholeRackLate.on = late;
      try {
        return exactPlays(getRuleset("equate"), p.value.board, typeof rack === "number" ? [] : rack, { top: 6 });
      } finally {
        wholeRackLate.on = true;
      }
    };
    const [late, early] = [top(true), top(false)];
    expect(late.plays.map((q) => `${q.score} ${JSON.stringify(q.placements)}`)).toEqual(early.plays.map((q) => `${q.score} ${JSON.stringify(q.placements)}`));
    // fewer groups tested late: only those the search reaches
    expect(late.stats.groupsNoEquation).toBeGreaterThan(0);
    expect(late.stats.groupsNoEquation).toBeLessThan(early.stats.groupsNoEquation);
    // seeded whole racks (no blank: the tests apply) of 4–7 tiles on the golden Equate boards
    const boards = boardsOf(readFileSync(path.join(import.meta.dirname, "fixtures", "golden-positions.txt"), "utf8"), "equate");
    // short racks: whole-rack plays reach the top 4 (dropping half of the late-tested groups fails here)
    expect(sameTopWithAndWithoutCuts(boards, "equate-whole-rack-late", ["1", "2", "3", "4", "5", "6", "8", "+", "-", "×", "÷"], wholeRackLate, "equate")).toBeGreaterThanOrEqual(9);
    // fractions: the balance test applies
    expect(sameTopWithAndWithoutCuts(boards, "equate-whole-rack-late-fractions", ["2", "3", "4", "6", "1/2", "2/3", "3/4", "×", "÷", "+", "-"], wholeRackLate, "equate")).toBeGreaterThanOrEqual(9);
  });
});

/** an operand of the relaxed problem: digits (no leading 0 before two or more), then at most one fraction, last */
function operandValue(ts: readonly OTile[]): number | null {
  if (!ts.length) return null;
  const last = ts[ts.length - 1];
  const fr = last.den ? last : null;
  const ds = fr ? ts.slice(0, -1) : ts;
  if (ds.some((x) => x.den) || (ds.length >= 2 && ds[0].n === 0)) return null;
  return ds.reduce((v, x) => v * 10 + x.n, 0) + (fr ? fr.n / fr.den : 0);
}

/** brute force of the relaxed problem: every ordering of the tiles, cut into X op Y (opLen squares) and Z (the rest) */
function relaxedBrute(tiles: readonly OTile[], op: 3 | 4, opLen: number): boolean {
  const perm: OTile[] = [];
  const used = tiles.map(() => false);
  const rec = (): boolean => {
    if (perm.length === tiles.length) {
      const z = operandValue(perm.slice(opLen - 1));
      for (let la = 1; la < opLen - 1; la++) {
        const a = operandValue(perm.slice(0, la));
        const b = operandValue(perm.slice(la, opLen - 1));
        if (a === null || b === null || z === null) continue;
        // ÷: A ÷ B = Z is A = B·Z; ×: A × B = Z
        const ok = op === 3 ? Math.abs(a * b - z) < 1e-9 : Math.abs(b * z - a) < 1e-9;
        if (ok) return true;
      }
      return false;
    }
    for (let i = 0; i < tiles.length; i++) {
      if (used[i]) continue;
      used[i] = true;
      perm.push(tiles[i]);
      const hit = rec();
      perm.pop();
      used[i] = false;
      if (hit) return true;
    }
    return false;
  };
  return rec();
}
