/**
 * Test helper for the 'SMATH probe cuts (partners.test.ts, parity.test.ts, groupcheck.test.ts; the boards also for
 * groupbound, smtie and matchedleast tests): on the golden boards
 * with seeded racks drawn from a pool, the exact generator's top 4 with the probe cuts must be the
 * same plays, scores and order as without them, both complete and nothing rejected.
 */
import { expect } from "vitest";
import { parsePosition } from "../../notation/position";
import { createRng } from "../../random";
import { getRuleset, type RulesetId } from "../../ruleset";
import type { Placement } from "../../play";
import type { Face } from "../../tiles";
import { bound, expandSpan, lanesGroups, type Group } from "../bounds";
import { exactPlays, type ExactResult } from "../exact";
import { searchGroup } from "../join";
import { probeCuts } from "../partners";
import { TopList } from "../recorder";
import { SideBoard } from "../sides";

/** The boards (not empty) of one ruleset in the golden positions' text (fixtures/golden-positions.txt,
 * read by the test: this helper, under engine/, reads no files). */
export const boardsOf = (text: string, id: RulesetId): Placement[][] =>
  text
    .split("\n")
    .filter((l) => l.startsWith(`${id} `))
    .map((l) => {
      const p = parsePosition(l.split("\t")[1]);
      if (!p.ok) throw new Error(p.error);
      return p.value.board;
    })
    .filter((b) => b.length > 0);
export const smathBoardsOf = (text: string): Placement[][] => boardsOf(text, "smath");

const run = (board: Parameters<typeof exactPlays>[1], rack: Face[], sw: { on: boolean }, on: boolean, id: RulesetId): ExactResult =>
  searchWith(sw, on, () => exactPlays(getRuleset(id), board, rack, { top: 4, maxWork: 400_000 }));
const shown = (r: ExactResult): string[] => r.plays.map((p) => `${p.score} ${JSON.stringify(p.placements)}`);

/** Twelve seeded racks of 4–7 tiles from `pool`, each searched with and without the cuts (`sw`:
 * the probe cuts, or another switch such as join.ts `groupCheck`); how many were compared (both complete). */
export function sameTopWithAndWithoutCuts(boards: ReadonlyArray<Parameters<typeof exactPlays>[1]>, seed: string, pool: readonly Face[], sw: { on: boolean } = probeCuts, id: RulesetId = "smath"): number {
  expect(boards.length).toBeGreaterThan(3);
  const rng = createRng(seed);
  let compared = 0;
  for (let n = 0; n < 12; n++) {
    const board = boards[n % boards.length];
    const rack: Face[] = [];
    const size = 4 + rng.below(4);
    for (let k = 0; k < size; k++) rack.push(pool[rng.below(pool.length)]);
    const cut = run(board, rack, sw, true, id);
    const full = run(board, rack, sw, false, id);
    if (!cut.complete || !full.complete) continue;
    compared++;
    expect(shown(cut), `rack ${rack.join(" ")} on board ${n % boards.length}`).toEqual(shown(full));
    expect(cut.stats.rejected).toBe(0);
  }
  return compared;
}

/** A play as the tie order reads it: score, brackets, blanks and placements. */
export const shownWithTies = (r: ExactResult): string[] => r.plays.map((p) => `${p.score} ${p.brackets} ${p.blanks} ${JSON.stringify(p.placements)}`);

/** One search with a cut's switch `sw` set to `on` (restored after, whatever happens: a switch
 * that is off by default stays off for the file's next tests). */
export function searchWith(sw: { on: boolean }, on: boolean, search: () => ExactResult): ExactResult {
  const was = sw.on;
  sw.on = on;
  try {
    return search();
  } finally {
    sw.on = was;
  }
}

/**
 * The with-and-without comparison of one cut on seeded racks: `racks` racks of `size[0]` plus up to
 * `size[1] - 1` tiles drawn from `pool`, rack n on board n (mod the boards), each searched at every
 * `tops` with the switch on, then off (`maxWork` steps each); `visit` gets both results (complete or
 * not) and a label naming the rack, to assert what the cut must keep and count what it saves.
 */
export function eachRackWithAndWithout(
  o: { boards: ReadonlyArray<Parameters<typeof exactPlays>[1]>; seed: string; pool: readonly Face[]; sw: { on: boolean }; racks: number; size: [number, number]; tops: readonly number[]; maxWork: number; id?: RulesetId },
  visit: (withIt: ExactResult, without: ExactResult, label: string) => void,
): void {
  const rs = getRuleset(o.id ?? "smath");
  const rng = createRng(o.seed);
  for (let n = 0; n < o.racks; n++) {
    const board = o.boards[n % o.boards.length];
    const rack: Face[] = [];
    const size = o.size[0] + rng.below(o.size[1]);
    for (let k = 0; k < size; k++) rack.push(o.pool[rng.below(o.pool.length)]);
    for (const top of o.tops) {
      const search = () => exactPlays(rs, board, rack, { top, maxWork: o.maxWork });
      const withIt = searchWith(o.sw, true, search);
      const without = searchWith(o.sw, false, search);
      visit(withIt, without, `top ${top}, rack ${rack.join(" ")} on board ${n % o.boards.length}`);
    }
  }
}

/** smath:19 (the bench's `movegen-positions:smath:19`): its 331 is a tie hunt over 26 groups of down lane 7 */
export const SMATH_19 = "smath 15/3[1]7[2]3/3-7-3/1[0]1[2]7[5]1[2]1/1+1+7÷1×1/1[3]+[6]=[9]×[3]÷[3]1[5]1[3]1/1×1+7=1=1/1[4]+[8]÷[4]=[6]=[6]÷[1]=[6]1/1×1-9=1/1[6]1[10]-[0]-[2]=[8]=[8]1[6]1/1÷1=11/1[8]1[6]?11/1=1-11/1[9]?1[3]?11/15 [11][10][11][7][7][7][1][11][12][11]/[5][10]?[2][7]?[3][12]?[7] 145/90 1 53";

/** A pool of numbers (some twice), three blanks and few operators: racks whose groups hunt ties. */
export const TIE_POOL: Face[] = ["1", "2", "3", "5", "7", "10", "12", "1", "?", "?", "?", "-", "+", "×"];

/** smath:19's lane 7 groups `eqs` searched in that order into one list of `n` (floor 331): the list and the steps */
export function smath19(eqs: readonly string[], n = 1): { list: string[]; steps: number } {
  const p = parsePosition(SMATH_19);
  if (!p.ok) throw new Error(p.error);
  const rack = p.value.racks[p.value.turn] as Face[];
  const b = new SideBoard(getRuleset("smath"), p.value.board, rack, { maxWork: 2_000_000 });
  const groups: Group[] = [];
  lanesGroups(b, "down", 7, groups);
  const byEqs = new Map<string, Group>();
  for (const lazy of groups.filter((x) => x.lazy && x.s === 0 && x.e === 14)) {
    expandSpan(b, lazy, (c, sp) => {
      c.bound = bound(b, sp, c);
      byEqs.set(c.eqs.join("/"), c);
    });
  }
  const top = new TopList(n, 331);
  for (const q of eqs) {
    const g = byEqs.get(q);
    if (!g) throw new Error(`no group ${q}`);
    searchGroup(b, top, g);
  }
  expect(b.deadline.hit).toBe(false);
  return { list: top.list.map((c) => `${c.score} ${c.brackets} ${c.blanks} ${c.key}`), steps: b.deadline.work };
}
