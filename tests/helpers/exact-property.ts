/**
 * The exact generator against brute force (tests/helpers/brute-force-plays.ts) on seeded random
 * positions: games grow by random legal plays of small racks, and at every turn the generator
 * (`exactPlays`, no `top`) must list exactly the plays brute force finds, with the same scores.
 * 'SMATH: the generator may also find plays brute force cannot write (deeper brackets, overlays
 * on board tiles); every play it returns is adjudicated anyway, so those only need to be legal.
 *
 * The fast tier caps brute force's work per position (`maxTries`): a position over the cap loses
 * its rack's last tile until it fits (counted in `shrunk`), so a run's time no longer depends on
 * whether its seed deals a blank into a full Equate rack (one such position took 24 s, the other
 * 29 together 8 s). The deep tier sets no cap and checks every rack whole.
 */
import { adjudicatePlay, createRng, exactPlays, getRuleset, shuffled, type Face, type Placement, type Ruleset, type RulesetId } from "@/engine";
import { bruteForcePlays, playKeyOf } from "./brute-force-plays";

export interface PropertyReport {
  /** random positions checked (KNOWN_HARD ones are counted in `known`) */
  positions: number;
  known: number;
  plays: number;
  misses: string[];
  extra: string[];
  invalid: string[];
  /** positions whose rack lost tiles to fit `maxTries` (0 without a cap) */
  shrunk: number;
}

export interface PropertyOptions {
  /** rack sizes to draw, uniformly */
  rackSizes: readonly number[];
  /** brute force: at most this many new `=` ('SMATH has no cap) */
  maxEquals?: number;
  /** brute force tries 'SMATH bracket variants at every k-th position (they are slow) */
  bracketsEvery?: number;
  /** tiles of each game's opening play (default 6) */
  opening?: number;
  /** brute force: at most this many adjudications per random position (fast tier); over it, the rack loses its last tile */
  maxTries?: number;
}

/** Each game opens with a 6-tile play (`opening`) (one of the generator's 20 best, not itself a test
 * position) so the small racks meet a board with something on it. */
export function runExactProperty(id: RulesetId, seed: string, positions: number, o: PropertyOptions): PropertyReport {
  const rs = getRuleset(id);
  const report: PropertyReport = { positions: 0, known: 0, plays: 0, misses: [], extra: [], invalid: [], shrunk: 0 };
  for (const k of KNOWN_HARD[id]) {
    comparePosition(rs, k.board, k.rack, { firstPlay: false, brackets: rs.grammar.brackets, maxEquals: o.maxEquals }, `${id} known: ${k.name}`, report)!;
    report.known++;
  }
  const rng = createRng(`${seed}:moves`);
  const full: Face[] = rs.tiles.flatMap((t) => (t.inBag ? Array<Face>(t.count).fill(t.face) : []));
  let game = 0;
  const draw = (bag: Face[], n: number): Face[] => {
    const rack: Face[] = [];
    // Number Scrabble's `=` is a bag tile: half the racks get one, or nothing could be played
    if (id === "number-scrabble" && rng.below(2) === 0 && bag.includes("=")) rack.push(...bag.splice(bag.indexOf("="), 1));
    let blanks = 0;
    while (rack.length < n && bag.length) {
      const f = bag.shift()!;
      if (f === "?" && blanks++ >= 1) continue; // at most one blank: brute force tries every face for it
      rack.push(f);
    }
    return rack;
  };
  while (report.positions < positions) {
    const bag = shuffled(full, `${seed}:game:${game++}`);
    const board: Placement[] = [];
    const opening = draw(bag, o.opening ?? 6);
    const first = exactPlays(rs, board, opening, { top: 20 }).plays;
    if (first.length) board.push(...first[rng.below(first.length)].placements.map((p) => ({ ...p })));
    for (let turn = 0; turn < 8 && report.positions < positions; turn++) {
      const n = o.rackSizes[rng.below(o.rackSizes.length)];
      let rack = draw(bag, n);
      if (rack.length === 0) break;
      const firstPlay = board.length === 0;
      const brackets = rs.grammar.brackets && report.positions % (o.bracketsEvery ?? 1) === 0;
      report.positions++;
      const compare = () => comparePosition(rs, board, rack, { firstPlay, brackets, maxEquals: o.maxEquals, maxTries: o.maxTries }, `${id} ${seed} game ${game} turn ${turn}`, report);
      let brute = compare();
      if (brute === null) report.shrunk++;
      while (brute === null) {
        rack = rack.slice(0, -1);
        brute = compare();
      }
      if (brute.size === 0) continue;
      // grow the board by a random legal play
      const keys = [...brute.keys()].sort();
      const pick = brute.get(keys[rng.below(keys.length)])!;
      for (const p of pick.placements) {
        const i = board.findIndex((b) => b.row === p.row && b.col === p.col);
        if (i >= 0) board[i] = { ...p };
        else board.push({ ...p });
      }
    }
  }
  return report;
}

/** Positions that once fooled a generator (the bounded search's blind spots, issue 16): every run
 * checks them against brute force before its random positions, whatever its size. */
export const KNOWN_HARD: Record<RulesetId, Array<{ name: string; board: Placement[]; rack: Face[] }>> = {
  equate: [{ name: "0=0 then a zero product's last operand (×9÷8)", board: row(9, 9, ["0", "=", "0"]), rack: ["×", "9", "÷", "8"] }],
  smath: [
    // issue 28: a lone 7 whose across line needs an overlay on the board's 2: "(2)7" across, 12-5=7 down
    { name: "12-5= down and 2 beside its end: (2)7 with an overlay", board: [...col(3, 7, ["12", "-", "5", "="]), { row: 7, col: 6, tile: "2" }], rack: ["7"] },
  ],
  "number-scrabble": [{ name: "6=6 then a last operand written 1² (÷1²)", board: row(7, 6, ["6", "=", "6"]), rack: ["÷", "1", "²"] }],
};

function row(r: number, c: number, faces: string[]): Placement[] {
  return faces.map((tile, i) => ({ row: r, col: c + i, tile }));
}

function col(r: number, c: number, faces: string[]): Placement[] {
  return faces.map((tile, i) => ({ row: r + i, col: c, tile }));
}

/** Brute force and the generator on one position; differences go into the report. Null (and nothing reported) when brute force went over `maxTries`. */
function comparePosition(
  rs: Ruleset,
  board: readonly Placement[],
  rack: readonly Face[],
  { firstPlay, brackets, maxEquals, maxTries }: { firstPlay: boolean; brackets: boolean; maxEquals?: number; maxTries?: number },
  label: string,
  report: PropertyReport,
) {
  const brute = bruteForcePlays(rs, board, rack, { firstPlay, maxEquals, brackets, maxTries });
  if (brute === null) return null; // over the cap: the caller shrinks the rack
  const exact = exactPlays(rs, board, rack, { firstPlay });
  const where = `${label} board ${JSON.stringify(board)} rack ${JSON.stringify(rack)}`;
  const got = new Map<string, number>();
  for (const p of exact.plays) {
    const key = playKeyOf(rs, board, p.placements);
    got.set(key, p.score);
    const r = adjudicatePlay(rs, board, p.placements, { rack, firstPlay });
    if (!r.valid || r.score !== p.score) report.invalid.push(`${where}: ${key} ${r.valid} ${r.score} vs ${p.score}`);
    const overlay = p.placements.some((x) => board.some((b) => b.row === x.row && b.col === x.col));
    const bracketed = p.placements.some((x) => (brackets ? /\(\(|\)\)/ : /[()]/).test(x.tile));
    const equals = p.placements.filter((x) => x.tile === "=").length;
    const outside = overlay || bracketed || equals > (maxEquals ?? Infinity);
    if (!brute.has(key) && !outside) report.extra.push(`${where}: ${key}`);
  }
  if (exact.stats.rejected > 0 || !exact.complete) report.invalid.push(`${where}: rejected ${exact.stats.rejected} complete ${exact.complete}`);
  for (const [key, b] of brute) {
    report.plays++;
    const s = got.get(key);
    if (s === undefined) report.misses.push(`${where}: missed ${key} (${b.score})`);
    else if (s !== b.score) report.misses.push(`${where}: ${key} scored ${s}, brute force ${b.score}`);
  }
  return brute;
}
