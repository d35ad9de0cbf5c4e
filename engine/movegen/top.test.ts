import { describe, expect, it } from "vitest";
import { adjudicatePlay } from "../adjudicate";
import { formatPosition, parsePosition } from "../notation/position";
import type { Placement } from "../play";
import { getRuleset, RULESET_IDS, type RulesetId } from "../ruleset";
import type { Face } from "../tiles";
import { exactPlays } from "./exact";
import { compareTopPlays, masterPlay, topPlay } from "./top";

const line = (row: number, col: number, faces: string[]): Placement[] => faces.map((tile, i) => ({ row, col: col + i, tile }));
const same = (p: { placements: Placement[] } | null): string => JSON.stringify(p?.placements ?? null);

const MID: Record<RulesetId, { board: Placement[]; rack: Face[] }> = {
  equate: { board: line(9, 7, ["1", "2", "=", "3", "×", "4"]), rack: ["5", "+", "7", "1/2", "3"] },
  smath: { board: line(7, 7, ["2", "+", "3", "=", "5"]), rack: ["4", "×", "2", "-", "6", "12"] },
  "number-scrabble": { board: line(7, 5, ["3", "²", "=", "9"]), rack: ["=", "4", "+", "5", "√"] },
};

describe("topPlay: the proven best play (issue 28)", () => {
  for (const id of RULESET_IDS) {
    it(`${id}: proved, the head of the full list, with or without a seed`, () => {
      const rs = getRuleset(id);
      const { board, rack } = MID[id];
      const all = exactPlays(rs, board, rack);
      expect(all.complete).toBe(true);
      const t = topPlay(rs, board, rack);
      expect(t.proved).toBe(true);
      expect(t.score).toBe(all.plays[0].score);
      expect(same(t.play)).toBe(same(all.plays[0]));
      expect(adjudicatePlay(rs, board, t.play!.placements, { rack }).score).toBe(t.score);
      const seeded = topPlay(rs, board, rack, { seedNodes: 3000 });
      expect(same(seeded.play)).toBe(same(t.play));
      expect(seeded.proved).toBe(true);
    });
  }

  it("ties: fewer brackets first ('SMATH), then the same order every run", () => {
    const rs = getRuleset("smath");
    const { board, rack } = MID.smath;
    const all = exactPlays(rs, board, rack).plays;
    const best = all.filter((p) => p.score === all[0].score);
    const t = topPlay(rs, board, rack);
    expect(t.play!.brackets).toBe(Math.min(...best.map((p) => p.brackets)));
    for (let i = 1; i < all.length; i++) if (all[i].score === all[i - 1].score) expect(all[i].brackets).toBeGreaterThanOrEqual(all[i - 1].brackets);
    expect(same(topPlay(rs, board, rack).play)).toBe(same(t.play));
  });

  for (const id of RULESET_IDS) {
    it(`${id}: compareTopPlays orders plays from elsewhere exactly as the exact search lists them`, () => {
      const rs = getRuleset(id);
      const { board, rack } = MID[id];
      const all = exactPlays(rs, board, rack).plays;
      // plays as a caller holds them (a stored submission: placements and score only), shuffled
      const held = all.map((p) => ({ score: p.score, placements: p.placements.map((x) => ({ ...x })) }));
      for (let i = held.length - 1; i > 0; i--) {
        const j = (i * 7919) % (i + 1);
        [held[i], held[j]] = [held[j], held[i]];
      }
      const sorted = held.sort((a, b) => compareTopPlays(rs, board, a, b));
      expect(sorted.map((p) => JSON.stringify(p.placements))).toEqual(all.map((p) => JSON.stringify(p.placements)));
      // and ties on score were there to order
      expect(all.some((p, i) => i > 0 && p.score === all[i - 1].score)).toBe(true);
    });
  }

  it("'SMATH: the one play needing an overlay on a neighbouring number is found and proved", () => {
    const rs = getRuleset("smath");
    const board: Placement[] = [...["12", "-", "5", "="].map((tile, i) => ({ row: 3 + i, col: 7, tile })), { row: 7, col: 6, tile: "2" }];
    const t = topPlay(rs, board, ["7"]);
    expect(t.proved).toBe(true);
    expect(t.score).toBe(11);
  });

  it("no legal play: proved, null, 0", () => {
    const rs = getRuleset("equate");
    const t = topPlay(rs, line(9, 7, ["1", "=", "1"]), ["+"]);
    expect(t).toMatchObject({ play: null, score: 0, proved: true });
  });

  it("cut by the deadline: the best play found so far, not proved — never nothing when a play was found", () => {
    const rs = getRuleset("smath");
    const { board, rack } = MID.smath;
    let t = 0;
    // a clock that jumps 1 ms a read: the proof runs out at once, the fallback search finds a play
    const r = topPlay(rs, board, rack, { deadlineMs: 40, now: () => (t += 1) });
    expect(r.proved).toBe(false);
    expect(r.play).not.toBeNull();
    expect(adjudicatePlay(rs, board, r.play!.placements, { rack }).score).toBe(r.score);
    expect(r.score).toBeLessThanOrEqual(topPlay(rs, board, rack).score);
    // a deterministic cut by work gives the same answer every run
    const w1 = topPlay(rs, board, rack, { maxWork: 200 });
    const w2 = topPlay(rs, board, rack, { maxWork: 200 });
    expect(w1.proved).toBe(false);
    expect(w1.play).not.toBeNull();
    expect(same(w1.play)).toBe(same(w2.play));
  });

  it("masterPlay reads a position string: the rack of the player on turn", () => {
    const { board, rack } = MID.equate;
    const text = formatPosition({ ruleset: "equate", board, racks: [["1"], rack], scores: [0, 0], turn: 1, bag: 50 });
    const pos = parsePosition(text);
    if (!pos.ok) throw new Error(pos.error);
    const m = masterPlay(pos.value);
    expect(m.proved).toBe(true);
    expect(same(m.play)).toBe(same(topPlay(getRuleset("equate"), board, rack).play));
  });
});
