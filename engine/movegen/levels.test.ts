import { describe, expect, it } from "vitest";
import { draw, newBag } from "../bag";
import type { Placement } from "../play";
import { getRuleset, RULESET_IDS, type RulesetId } from "../ruleset";
import type { Face } from "../tiles";
import { levelPlay, type BotPosition } from "./bot";
import { BOT_LEVELS, LEVEL_SPECS, levelCandidates, pickByRule } from "./levels";
import type { Candidate } from "./recorder";
import { generatePlays } from "./search";
import { selfPlay } from "./selfplay";

/** A clock that advances a little on every read: the time budgets are far away and the node
 * budgets end every search, so each level's answer is the same on any machine. */
function slowClock(): () => number {
  let t = 0;
  return () => (t += 0.05);
}

/** Mid-game positions: a few best plays (small search) from a seeded bag, then a fresh rack. */
function position(id: RulesetId, seed: string, turns: number): BotPosition {
  const rs = getRuleset(id);
  let bag = newBag(rs, seed);
  const board: Placement[] = [];
  for (let t = 0; t < turns; t++) {
    const d = draw(bag, rs.rackSize);
    bag = d.bag;
    const best = generatePlays(rs, board, d.drawn, { budgetMs: 1e9, maxNodes: 20_000, limit: 1, firstPlay: board.length === 0 })[0];
    if (best) board.push(...best.placements.map((p) => ({ ...p })));
  }
  const d = draw(bag, rs.rackSize);
  return { ruleset: rs, board, rack: d.drawn, bagCount: d.bag.tiles.length, firstPlay: board.length === 0 };
}

const POSITIONS = RULESET_IDS.flatMap((id) => [0, 2, 3].map((turns) => ({ id, turns, pos: position(id, `levels:${id}:${turns}`, turns) })));

const fake = (score: number, tiles: number): Candidate => ({
  placements: Array.from({ length: tiles }, (_, i) => ({ row: 0, col: i, tile: "1" as Face })),
  score,
  ruling: { valid: true } as Candidate["ruling"],
});

describe("bot levels: picking rules", () => {
  const list = Array.from({ length: 12 }, (_, i) => fake(100 - i * 5, 1 + (i % 4)));

  it("top picks the first play; an empty list picks nothing", () => {
    expect(pickByRule({ kind: "top" }, list, "s")).toBe(list[0]);
    expect(pickByRule({ kind: "rank-band", from: 0, to: 0.25 }, [], "s")).toBeNull();
  });

  it("a rank band picks only inside it, the same play for the same seed, more than one over seeds", () => {
    for (const [from, to, lo, hi] of [
      [0, 0.25, 0, 3],
      [0.25, 0.75, 3, 9],
      [0.5, 1, 6, 12],
    ] as const) {
      const seen = new Set<number>();
      for (let s = 0; s < 40; s++) {
        const p = pickByRule({ kind: "rank-band", from, to }, list, `seed-${s}`)!;
        const i = list.indexOf(p);
        expect(i).toBeGreaterThanOrEqual(lo);
        expect(i).toBeLessThan(hi);
        expect(pickByRule({ kind: "rank-band", from, to }, list, `seed-${s}`)).toBe(p);
        seen.add(i);
      }
      expect(seen.size).toBeGreaterThan(1);
    }
  });

  it("a band of a one-play list is that play", () => {
    expect(pickByRule({ kind: "rank-band", from: 0.5, to: 1 }, [list[3]], "x")).toBe(list[3]);
  });

  it("levels get weaker budgets down the list, and each states its rule", () => {
    for (let i = 1; i < BOT_LEVELS.length; i++) {
      const [a, b] = [LEVEL_SPECS[BOT_LEVELS[i - 1]], LEVEL_SPECS[BOT_LEVELS[i]]];
      expect(b.budgetMs).toBeLessThan(a.budgetMs);
      expect(b.maxNodes).toBeLessThan(a.maxNodes);
      expect(b.describe.length).toBeGreaterThan(10);
    }
  });
});

describe("bot levels: on seeded positions", () => {
  for (const id of RULESET_IDS) {
    it(`${id}: best scores at least as much as every other level on the same position`, () => {
      let differs = 0;
      for (const { turns, pos } of POSITIONS.filter((x) => x.id === id && x.turns !== 2)) {
        const best = levelPlay(pos, { level: "best", now: slowClock() });
        expect(best, `after ${turns} plays`).not.toBeNull();
        for (const level of BOT_LEVELS.slice(1)) {
          const p = levelPlay(pos, { level, seed: "s", now: slowClock() });
          if (p === null) continue;
          expect(p.score, `${level} after ${turns} plays`).toBeLessThanOrEqual(best!.score);
          if (p.score < best!.score) differs++;
        }
      }
      // the weaker levels really are weaker somewhere, not equal to best everywhere
      expect(differs).toBeGreaterThan(1);
    });
  }

  it("weaker levels pick inside their rule's band and keep their tile cap", () => {
    for (const { id, pos } of POSITIONS) {
      for (const level of BOT_LEVELS.slice(1)) {
        const spec = LEVEL_SPECS[level];
        const plays = levelCandidates(level, pos.ruleset, pos.board, pos.rack, { now: slowClock() });
        const p = levelPlay(pos, { level, seed: "band", now: slowClock() });
        if (plays.length === 0) {
          expect(p).toBeNull();
          continue;
        }
        expect(p).not.toBeNull();
        expect(plays.length).toBeLessThanOrEqual(spec.keep);
        if (spec.maxTiles !== undefined) for (const x of plays) expect(x.placements.length, `${level} ${id}`).toBeLessThanOrEqual(spec.maxTiles);
        // the same search twice: the pick is the play the rule picks from the same list
        expect(p).toEqual(pickByRule(spec.rule, plays, `${level}:band`));
        const i = plays.findIndex((x) => x.score === p!.score && JSON.stringify(x.placements) === JSON.stringify(p!.placements));
        if (spec.rule.kind === "rank-band") {
          expect(i).toBeGreaterThanOrEqual(Math.min(plays.length - 1, Math.floor(plays.length * spec.rule.from)));
          expect(i).toBeLessThan(Math.max(Math.floor(plays.length * spec.rule.from) + 1, Math.ceil(plays.length * spec.rule.to)));
        }
      }
    }
  });

  it("the same seed gives the same move", () => {
    for (const { pos } of POSITIONS.slice(0, 4)) {
      for (const level of BOT_LEVELS.slice(1)) {
        expect(levelPlay(pos, { level, seed: "again", now: slowClock() })).toEqual(levelPlay(pos, { level, seed: "again", now: slowClock() }));
      }
    }
  });

  for (const id of RULESET_IDS) {
    it(`${id}: a whole beginner game is accepted by the game rules`, () => {
      const r = selfPlay(id, `levels:${id}`, { level: "beginner", now: slowClock() });
      expect(r.state.phase).toBe("over");
      expect(r.actions.filter((a) => a.type === "play").length).toBeGreaterThan(3);
      for (const a of r.actions) if (a.type === "play") expect(a.placements.length).toBeLessThanOrEqual(LEVEL_SPECS.beginner.maxTiles!);
    });
  }
});
