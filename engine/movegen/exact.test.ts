import { describe, expect, it } from "vitest";
import { adjudicatePlay } from "../adjudicate";
import type { Placement } from "../play";
import { getRuleset, RULESET_IDS, type RulesetId } from "../ruleset";
import type { Face } from "../tiles";
import { exactPlays } from "./exact";

const line = (row: number, col: number, faces: string[]): Placement[] => faces.map((tile, i) => ({ row, col: col + i, tile }));
const text = (ps: readonly Placement[]): string => ps.map((p) => p.tile).join("");

describe("exactPlays: the old search's blind spots (issue 16)", () => {
  it("Equate: after 0=0 the value before the last operand is zero: 0=0×9÷8 scores 24", () => {
    const rs = getRuleset("equate");
    const board = line(9, 9, ["0", "=", "0"]);
    const r = exactPlays(rs, board, ["×", "9", "÷", "8"], { top: 3 });
    expect(r.complete).toBe(true);
    expect(r.plays[0].score).toBe(24);
    // ×8÷9 ties with it
    expect(r.plays.filter((p) => p.score === 24).map((p) => text(p.placements))).toContain("×9÷8");
  });
  it("Number Scrabble: after 6=6 the last operand written 1²: ÷1² scores 12", () => {
    const rs = getRuleset("number-scrabble");
    const board = line(7, 6, ["6", "=", "6"]);
    const r = exactPlays(rs, board, ["÷", "1", "²"], { top: 1 });
    expect(r.complete).toBe(true);
    expect(r.plays[0].score).toBe(12);
    expect(text(r.plays[0].placements)).toBe("÷1²");
  });
});

const MID: Record<RulesetId, { board: Placement[]; rack: Face[] }> = {
  equate: { board: line(9, 7, ["1", "2", "=", "3", "×", "4"]), rack: ["5", "+", "7", "1/2", "3"] },
  smath: { board: line(7, 7, ["2", "+", "3", "=", "5"]), rack: ["4", "×", "2", "-", "6"] },
  "number-scrabble": { board: line(7, 5, ["3", "²", "=", "9"]), rack: ["=", "4", "+", "5", "√"] },
};

describe("exactPlays: 'SMATH, one new tile and an overlay on a neighbouring number (issue 28)", () => {
  it("12-5= down H4–H7 and 2 at G8, rack 7: 7 at H8 with (2) at G8 reads (2)7 across and 12-5=7 down, 11", () => {
    const rs = getRuleset("smath");
    const board: Placement[] = [
      { row: 3, col: 7, tile: "12" },
      { row: 4, col: 7, tile: "-" },
      { row: 5, col: 7, tile: "5" },
      { row: 6, col: 7, tile: "=" },
      { row: 7, col: 6, tile: "2" },
    ];
    // the play exists (the adjudicator's word) …
    const expected = adjudicatePlay(rs, board, [{ row: 7, col: 7, tile: "7" }, { row: 7, col: 6, tile: "(2)" }], { rack: ["7"] });
    expect(expected.valid).toBe(true);
    expect(expected.score).toBe(11);
    // … so "complete" with no play would be a false proof
    for (const top of [undefined, 1]) {
      const r = exactPlays(rs, board, ["7"], { top });
      expect(r.complete).toBe(true);
      expect(r.stats.rejected).toBe(0);
      expect(r.plays.map((p) => p.score)).toEqual([11]);
      const p = r.plays[0].placements;
      expect(p.find((x) => x.row === 7 && x.col === 7)?.tile.replace(/[()]/g, "")).toBe("7");
      expect(adjudicatePlay(rs, board, p, { rack: ["7"] }).score).toBe(11);
    }
  });
});

describe("exactPlays: contract", () => {
  for (const id of RULESET_IDS) {
    it(`${id}: top N is the head of the full list, sorted, every play legal; same input, same output`, () => {
      const rs = getRuleset(id);
      const { board, rack } = MID[id];
      const all = exactPlays(rs, board, rack);
      expect(all.complete).toBe(true);
      expect(all.stats.rejected).toBe(0);
      expect(all.plays.length).toBeGreaterThan(0);
      for (let i = 1; i < all.plays.length; i++) expect(all.plays[i - 1].score).toBeGreaterThanOrEqual(all.plays[i].score);
      for (const p of all.plays.slice(0, 40)) {
        const r = adjudicatePlay(rs, board, p.placements, { rack });
        expect(r.valid).toBe(true);
        expect(r.score).toBe(p.score);
      }
      for (const n of [1, 5]) {
        const top = exactPlays(rs, board, rack, { top: n });
        expect(top.complete).toBe(true);
        expect(top.plays.map((p) => text(p.placements) + p.score)).toEqual(all.plays.slice(0, n).map((p) => text(p.placements) + p.score));
        expect(top.stats.groupsSearched).toBeLessThanOrEqual(all.stats.groupsSearched);
      }
      const again = exactPlays(rs, board, rack);
      expect(again.plays.map((p) => JSON.stringify(p.placements))).toEqual(all.plays.map((p) => JSON.stringify(p.placements)));
    });
  }

  it("a deadline that has passed says the list is not complete", () => {
    const rs = getRuleset("equate");
    let t = 0;
    const r = exactPlays(rs, MID.equate.board, MID.equate.rack, { deadlineMs: 5, now: () => (t += 10) });
    expect(r.complete).toBe(false);
    for (const p of r.plays) expect(adjudicatePlay(rs, MID.equate.board, p.placements, { rack: MID.equate.rack }).valid).toBe(true);
  });

  it("an unknown rack face is ignored, not thrown on", () => {
    const rs = getRuleset("equate");
    const r = exactPlays(rs, MID.equate.board, ["7", "zz", "()", "="], { top: 3 });
    expect(r.complete).toBe(true);
  });

  it("'SMATH: brackets are written where the value needs them: 2×(2+4)=12", () => {
    const rs = getRuleset("smath");
    const board = line(7, 7, ["12"]);
    const rack = ["2", "×", "2", "+", "4"];
    const r = exactPlays(rs, board, rack);
    const found = r.plays.map((p) => text(p.placements));
    expect(found).toContain("2×(2+4)=");
    expect(found).toContain("(2+4)2=");
    for (const p of r.plays) expect(adjudicatePlay(rs, board, p.placements, { rack }).valid).toBe(true);
  });
});
