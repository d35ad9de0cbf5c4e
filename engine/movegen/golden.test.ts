/**
 * Golden output of the play search: a fixed set of positions for every ruleset (frozen as position
 * strings in fixtures/golden-positions.txt, and a few option variants), each searched several ways with a deterministic budget, written to
 * `__snapshots__/golden.txt`. Any change in the plays found, their order, the nodes visited,
 * the adjudications or the number of clock reads shows up as a diff. A refactor must leave the
 * file unchanged; a deliberate change to the search regenerates it
 * (`npx vitest run engine/movegen/golden.test.ts -u`) and says why in its commit (docs/bot.md).
 *
 * Clocks are fakes, so the result never depends on the machine: `fixed` never advances (only the
 * node budget binds), `ticking` advances 1 ms per read (the time budget binds after a known
 * number of reads, which exercises the time cut deterministically).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parsePosition } from "../notation/position";
import type { Placement } from "../play";
import { getRuleset, RULESET_IDS, type Ruleset, type RulesetId, type RulesetOptions } from "../ruleset";
import type { Face } from "../tiles";
import { playKey, searchPlays, type Candidate, type GenerateOptions } from "./search";

interface Position {
  name: string;
  rs: Ruleset;
  board: readonly Placement[];
  rack: readonly Face[];
  firstPlay: boolean;
}

/** 32-bit FNV-1a of a string: pins a long list of plays in eight hex digits. */
function fnv(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

const fixedClock = (): (() => number) => () => 0;
function tickingClock(): () => number {
  let t = 0;
  return () => t++;
}

const FIRST_RACKS: Record<RulesetId, Face[]> = {
  equate: ["3", "4", "7", "+", "2", "5", "×", "1/2", "8"],
  smath: ["3", "4", "7", "+", "2", "5", "×", "12", "8", "-"],
  "number-scrabble": ["3", "4", "7", "+", "2", "=", "×", "²", "8"],
};

/** The self-play positions, frozen as position strings (fixtures/golden-positions.txt) so that a
 * change to self-play or the bot cannot move the positions the search is checked on. */
function frozenPositions(): Position[] {
  const text = readFileSync(new URL("./fixtures/golden-positions.txt", import.meta.url), "utf8");
  return text
    .split("\n")
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => {
      const [name, pos] = l.split("\t");
      const p = parsePosition(pos);
      if (!p.ok) throw new Error(`golden position "${name}": ${p.error}`);
      const rack = p.value.racks[p.value.turn];
      if (typeof rack === "number") throw new Error(`golden position "${name}": the rack on turn is hidden`);
      const rs = getRuleset(p.value.ruleset, p.value.options);
      return { name, rs, board: p.value.board, rack, firstPlay: p.value.board.length === 0 };
    });
}

function positions(): Position[] {
  const frozen = frozenPositions();
  const out: Position[] = [];
  for (const id of RULESET_IDS) {
    out.push({ name: `${id} first move`, rs: getRuleset(id), board: [], rack: FIRST_RACKS[id], firstPlay: true });
    out.push(...frozen.filter((p) => p.rs.id === id));
  }
  return out;
}

/** 'SMATH old tiles with brackets (self-play never lays any): (1 + 2)(2 + 2) = 12 from the start. */
function bracketPositions(): Position[] {
  const rs = getRuleset("smath");
  const [sr, sc] = rs.layout.start;
  const board = ["(1", "+", "2)", "(2", "+", "2)", "=", "12"].map((tile, i) => ({ row: sr, col: sc + i, tile }));
  return [
    { name: "smath bracketed board", rs, board, rack: ["3", "4", "7", "+", "2", "5", "×", "12", "8", "-"], firstPlay: false },
    { name: "smath bracketed board, a blank", rs, board, rack: ["1", "2", "3", "=", "×", "÷", "6", "?", "9", "10"], firstPlay: false },
  ];
}

/** Option variants of a ruleset, searched on the same boards. */
const RULESET_VARIANTS: Array<{ id: RulesetId; options: Partial<RulesetOptions> }> = [
  { id: "number-scrabble", options: { evaluation: "standard", valueBonus: "log2" } },
  { id: "number-scrabble", options: { valueBonus: "none" } },
  { id: "equate", options: { mixedFractionBelowOne: false, allTilesBonus: 0 } },
];

const RUNS: Array<{ name: string; opts: () => GenerateOptions }> = [
  { name: "all", opts: () => ({ maxNodes: 30_000, budgetMs: 1e9, now: fixedClock() }) },
  { name: "bot", opts: () => ({ limit: 1, maxNodes: 300_000, budgetMs: 1e9, now: fixedClock() }) },
  { name: "cut", opts: () => ({ limit: 5, maxNodes: 4_000, budgetMs: 1e9, now: fixedClock() }) },
  { name: "clock", opts: () => ({ limit: 5, maxNodes: 1e9, budgetMs: 40, now: tickingClock() }) },
];

const OPTION_VARIANTS: Array<{ name: string; opts: () => GenerateOptions }> = [
  { name: "maxDigits 2, maxTiles 4", opts: () => ({ maxDigits: 2, maxTiles: 4, maxNodes: 30_000, budgetMs: 1e9, now: fixedClock() }) },
  { name: "no blanks, one new =", opts: () => ({ blanks: false, maxNewEquals: 1, maxNodes: 30_000, budgetMs: 1e9, now: fixedClock() }) },
];

const line = (c: Candidate): string => `${playKey(c.placements)} = ${c.score}`;

function record(p: Position, name: string, opts: GenerateOptions, rs: Ruleset = p.rs): string {
  const { plays, stats } = searchPlays(rs, p.board, p.rack, { ...opts, firstPlay: p.firstPlay });
  const all = plays.map(line).join("\n");
  const head = plays.slice(0, 8).map((c) => `    ${line(c)}`);
  return [
    `  ${name}: ${plays.length} plays, hash ${fnv(all)}; nodes ${stats.nodes}, adjudications ${stats.adjudications}, crossChecks ${stats.crossChecks}, complete ${stats.complete}, ms ${stats.ms}`,
    ...head,
  ].join("\n");
}

function boardText(b: readonly Placement[]): string {
  return b.length === 0 ? "(empty)" : playKey([...b].sort((x, y) => x.row - y.row || x.col - y.col));
}

describe("movegen golden output", () => {
  it("plays, order and statistics are unchanged on the golden positions", async () => {
    const out: string[] = [];
    const all = positions();
    for (const p of all) {
      out.push(`## ${p.name}`, `board: ${boardText(p.board)}`, `rack: ${p.rack.join(" ")}`);
      for (const run of RUNS) out.push(record(p, run.name, run.opts()));
    }
    // variants on the last self-play position of each ruleset with a non-empty board
    for (const id of RULESET_IDS) {
      const p = all.filter((x) => x.rs.id === id && x.board.length > 0).at(-1)!;
      out.push(`## variants of ${p.name}`);
      for (const v of OPTION_VARIANTS) out.push(record(p, v.name, v.opts()));
      for (const v of RULESET_VARIANTS.filter((x) => x.id === id)) out.push(record(p, `options ${JSON.stringify(v.options)}`, RUNS[0].opts(), getRuleset(id, v.options)));
      const first = all.find((x) => x.rs.id === id && x.firstPlay)!;
      for (const v of RULESET_VARIANTS.filter((x) => x.id === id)) out.push(record(first, `first move, options ${JSON.stringify(v.options)}`, RUNS[0].opts(), getRuleset(id, v.options)));
    }
    for (const p of bracketPositions()) {
      out.push(`## ${p.name}`, `board: ${boardText(p.board)}`, `rack: ${p.rack.join(" ")}`);
      for (const run of RUNS) out.push(record(p, run.name, run.opts()));
    }
    await expect(out.join("\n") + "\n").toMatchFileSnapshot("./__snapshots__/golden.txt");
  }, 300_000);
});
