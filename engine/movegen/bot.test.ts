import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { adjudicatePlay } from "../adjudicate";
import { draw, newBag } from "../bag";
import type { Placement } from "../play";
import { getRuleset, RULESET_IDS, type RulesetId } from "../ruleset";
import { bestPlay, chooseBotAction, exchangeTiles } from "./bot";
import { generatePlays, searchPlays } from "./search";
import { selfPlay } from "./selfplay";

const FAST = { budgetMs: 400, maxNodes: 40_000 };
/** A node budget and a stopped clock: the same search on a quiet or a busy machine (a wall-clock
 * budget cut the search short under load, and a test then found no play). */
const NODES = { budgetMs: 1e9, maxNodes: 200_000, now: () => 0 };

/** Build a position by applying the bot's own best plays from an empty board, racks drawn
 * from a seeded bag; at each step every candidate must be legal for that rack. */
function randomPosition(id: RulesetId, seed: string, turns: number): { board: Placement[]; checked: number } {
  const rs = getRuleset(id);
  let bag = newBag(rs, seed);
  const board: Placement[] = [];
  let checked = 0;
  for (let t = 0; t < turns; t++) {
    const d = draw(bag, rs.rackSize);
    bag = d.bag;
    const rack = d.drawn;
    if (rack.length === 0) break;
    const firstPlay = board.length === 0;
    const plays = generatePlays(rs, board, rack, { ...FAST, firstPlay, limit: 25 });
    for (const p of plays) {
      const r = adjudicatePlay(rs, board, p.placements, { rack, firstPlay });
      expect(r.valid, JSON.stringify({ board, play: p.placements, v: r.violations })).toBe(true);
      expect(r.kind).toBe("equation");
      expect(r.score).toBe(p.score);
      checked++;
    }
    if (plays.length > 0) board.push(...plays[0].placements.map((x) => ({ ...x })));
  }
  return { board, checked };
}

describe("movegen: every candidate is legal (random positions)", () => {
  for (const id of RULESET_IDS) {
    it(id, () => {
      let total = 0;
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 1_000_000 }), (n) => {
          total += randomPosition(id, `${id}:${n}`, 6).checked;
        }),
        { numRuns: 3, seed: 42 },
      );
      expect(total).toBeGreaterThan(0);
    });
  }
});

describe("movegen: typical first moves", () => {
  const RACKS: Record<RulesetId, string[]> = {
    equate: ["2", "3", "5", "6", "8", "+", "×", "-", "1/2"],
    smath: ["2", "3", "5", "6", "8", "12", "+", "×", "-", "7"],
    "number-scrabble": ["2", "3", "5", "6", "8", "+", "×", "=", "²"],
  };
  for (const id of RULESET_IDS) {
    it(`${id}: finds a scoring first play`, () => {
      const rs = getRuleset(id);
      const best = bestPlay(rs, [], RACKS[id], NODES);
      expect(best).not.toBeNull();
      expect(best!.score).toBeGreaterThan(0);
      const r = adjudicatePlay(rs, [], best!.placements, { rack: RACKS[id], firstPlay: true });
      expect(r.valid).toBe(true);
      expect(r.kind).toBe("equation");
    });
  }

  it("equate: plays through an old equation mid-game", () => {
    const rs = getRuleset("equate");
    const board: Placement[] = [..."3+4=7"].map((tile, i) => ({ row: 9, col: 7 + i, tile }));
    const plays = generatePlays(rs, board, ["2", "5", "×", "1", "6"], NODES);
    expect(plays.length).toBeGreaterThan(0);
    expect(plays.some((p) => p.ruling.lines.some((l) => l.cells.length > p.placements.length))).toBe(true);
  });

  it("number-scrabble: uses the rack's = tile", () => {
    const rs = getRuleset("number-scrabble");
    const best = bestPlay(rs, [], ["4", "2", "8", "+", "=", "1"], NODES);
    expect(best?.placements.some((p) => p.tile === "=")).toBe(true);
  });

  it("smath: every number is one tile", () => {
    const rs = getRuleset("smath");
    const plays = generatePlays(rs, [], ["10", "12", "2", "+", "-"], NODES);
    expect(plays.length).toBeGreaterThan(0);
    expect(plays.some((p) => p.placements.some((x) => x.tile === "12"))).toBe(true);
  });

  it("a blank stands for a missing tile", () => {
    const rs = getRuleset("equate");
    const best = bestPlay(rs, [], ["3", "+", "4", "?"], NODES);
    // 3+4=7 and 1+3=4 (the blank as 7 or as 1) both score 6 on the start's 2E; the tie-break
    // (reading order) picks one of them
    expect(best?.score).toBe(6);
    expect(best?.placements.some((p) => p.blank)).toBe(true);
  });
});

describe("movegen: determinism and budget", () => {
  it("same input, same plays (node budget binding)", () => {
    const rs = getRuleset("equate");
    const rack = ["2", "3", "5", "6", "8", "+", "×", "-", "1/2"];
    const o = { budgetMs: 60_000, maxNodes: 30_000 };
    const a = generatePlays(rs, [], rack, o);
    const b = generatePlays(rs, [], rack, o);
    expect(a.map((p) => p.placements)).toEqual(b.map((p) => p.placements));
  });

  it("stops within budgetMs by its own clock", () => {
    // The clock is injected and advances 1 ms per reading, so the test measures the search's own
    // checks, not the machine's speed: the search stops at 70 % of the budget (budget.ts), the
    // adjudication of what it found by the whole budget.
    const rs = getRuleset("equate");
    const rack = ["2", "3", "5", "6", "8", "+", "×", "-", "1/2"];
    for (const budgetMs of [20, 60]) {
      let t = 0;
      const r = searchPlays(rs, [], rack, { budgetMs, maxNodes: 1e9, now: () => ++t });
      expect(r.stats.complete).toBe(false);
      expect(t).toBeGreaterThanOrEqual(budgetMs * 0.7);
      expect(t).toBeLessThanOrEqual(budgetMs + 2);
    }
  });

  it("an injected clock stops the search", () => {
    let t = 0;
    const r = searchPlays(getRuleset("smath"), [], ["2", "3", "5", "6", "8", "12", "+", "×", "-", "7"], { budgetMs: 5, now: () => (t += 0.01) });
    expect(r.stats.complete).toBe(false);
  });
});

describe("bot actions", () => {
  it("exchanges when no play exists and the bag allows, else passes", () => {
    const rs = getRuleset("equate");
    const rack = ["+", "-", "×", "÷", "+", "-", "×", "÷", "+"];
    const a = chooseBotAction({ ruleset: rs, board: [], rack, bagCount: 50 });
    expect(a.type).toBe("exchange");
    expect(chooseBotAction({ ruleset: rs, board: [], rack, bagCount: 0 }).type).toBe("pass");
    expect(chooseBotAction({ ruleset: rs, board: [], rack: ["1", "+", "1"], bagCount: 50, canPlay: false }).type).toBe("pass");
  });

  it("exchange respects the bag size and keeps a blank", () => {
    const rs = getRuleset("equate");
    // the duplicate "+" goes first, then the highest points; the blank stays
    expect(exchangeTiles(rs, ["?", "+", "+", "3"], 2)).toEqual(["+", "+"]);
    expect(exchangeTiles(rs, ["?", "+", "+", "3"], 3)).not.toContain("?");
  });

  for (const id of RULESET_IDS) {
    it(`${id}: a whole self-play game is accepted by the game rules (applyEvent)`, () => {
      const r = selfPlay(id, `test:${id}`, { budgetMs: 200, maxNodes: 15_000 });
      expect(r.state.phase).toBe("over");
      expect(r.actions.filter((a) => a.type === "play").length).toBeGreaterThan(3);
    });
  }
});
