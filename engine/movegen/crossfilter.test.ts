/**
 * Equate's and 'SMATH's cross-checks refuse a face without `checkLine` when a part of the cross
 * run between `=` is no side the prefix automaton accepts (sides.ts `sidesMayPass`): on random
 * cross runs ('SMATH: board numbers with brackets) the cross-check must answer exactly as
 * `checkLine` does (not the main line), for every face.
 */
import { describe, expect, it } from "vitest";
import type { GridCell, Placement } from "../play";
import { createRng } from "../random";
import { getRuleset } from "../ruleset";
import { checkLine } from "../validate";
import { SideBoard } from "./sides";

const rs = getRuleset("equate");
const FACES = rs.tiles.filter((t) => t.face !== "?").map((t) => t.face);
const DIGITS = FACES.filter((f) => /^\d$/.test(f));
const FRACS = FACES.filter((f) => f.includes("/"));
const OPS = ["+", "-", "×", "÷"];

describe("Equate cross-checks: the automaton's refusal before checkLine", () => {
  it("answers as checkLine on random cross runs, for every face", () => {
    const rng = createRng("cross-filter");
    const pick = (): string => {
      const x = rng.below(20);
      return x < 11 ? DIGITS[rng.below(DIGITS.length)] : x < 16 ? OPS[rng.below(4)] : x < 18 ? FRACS[rng.below(FRACS.length)] : "=";
    };
    let valid = 0;
    let refused = 0;
    for (let n = 0; n < 400; n++) {
      const before = Array.from({ length: rng.below(5) }, pick);
      const after = Array.from({ length: before.length ? rng.below(5) : 1 + rng.below(4) }, pick);
      const gap = 9;
      const board: Placement[] = [...before.map((tile, i) => ({ row: gap - before.length + i, col: 9, tile })), ...after.map((tile, i) => ({ row: gap + 1 + i, col: 9, tile }))];
      const b = new SideBoard(rs, board, ["1"], { firstPlay: false });
      for (const face of FACES) {
        const cells: GridCell[] = [...before, face, ...after].map((core, i) => ({ row: gap - before.length + i, col: 9, core, blank: false, isNew: i === before.length, overlay: false, across: { open: 0, close: 0 }, down: { open: 0, close: 0 } }));
        const ok = checkLine(rs, cells, "down", false).violations.length === 0;
        expect(`${before.join(" ")} [${face}] ${after.join(" ")}: ${b.cross(gap, 9, "across", face).ok}`).toBe(`${before.join(" ")} [${face}] ${after.join(" ")}: ${ok}`);
        if (ok) valid++;
        else refused++;
      }
    }
    expect(valid).toBeGreaterThan(1_000);
    expect(refused).toBeGreaterThan(1_000);
  });
});

describe("'SMATH cross-checks: the automaton's refusal before checkLine", () => {
  it("answers as checkLine on random cross runs with board brackets, for every face", () => {
    const sm = getRuleset("smath");
    const faces = [...new Set(sm.tiles.filter((t) => t.face !== "?").map((t) => t.face))];
    const nums = faces.filter((f) => /^\d+$/.test(f));
    const rng = createRng("cross-filter-smath");
    const pick = (): string => {
      const x = rng.below(20);
      if (x >= 17) return x === 19 ? "=" : OPS[rng.below(4)];
      const f = nums[rng.below(nums.length)];
      // a board number with brackets now and then: "(3", "3)", "(3)"
      const y = rng.below(8);
      return y === 0 ? `(${f}` : y === 1 ? `${f})` : y === 2 ? `(${f})` : f;
    };
    let valid = 0;
    let refused = 0;
    for (let n = 0; n < 1000; n++) {
      const before = Array.from({ length: rng.below(5) }, pick);
      const after = Array.from({ length: before.length ? rng.below(5) : 1 + rng.below(4) }, pick);
      const gap = 9;
      const board: Placement[] = [...before.map((tile, i) => ({ row: gap - before.length + i, col: 9, tile })), ...after.map((tile, i) => ({ row: gap + 1 + i, col: 9, tile }))];
      const b = new SideBoard(sm, board, ["1"], { firstPlay: false });
      for (const face of faces) {
        const cells: GridCell[] = [];
        for (let r = gap - before.length; r <= gap + after.length; r++) cells.push(r === gap ? { row: r, col: 9, core: face, blank: false, isNew: true, overlay: false, across: { open: 0, close: 0 }, down: { open: 0, close: 0 } } : b.at(r, 9)!);
        const ok = checkLine(sm, cells, "down", false).violations.length === 0;
        expect(`${before.join(" ")} [${face}] ${after.join(" ")}: ${b.cross(gap, 9, "across", face).ok}`).toBe(`${before.join(" ")} [${face}] ${after.join(" ")}: ${ok}`);
        if (ok) valid++;
        else refused++;
      }
    }
    expect(valid).toBeGreaterThan(300);
    expect(refused).toBeGreaterThan(1_000);
  });
});
