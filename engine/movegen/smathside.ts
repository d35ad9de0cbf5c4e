/**
 * An 'SMATH side's fillings read as operands for the bracket search (brackets.ts): the operands of
 * a filled side, every value of a tabled filling, the probe's leaf, and the brackets a value needs
 * once it makes a play. Split from fill.ts, which fills the squares for every ruleset.
 */

import type { Direction } from "../board";
import type { GridCell } from "../play";
import { probeCuts } from "./partners";
import { bracketCounts, bracketingOf, bracketsAtLeast, sideValueSet, sideWays, visitSideValues, type Operand, type SideWays } from "./brackets";
import type { OtherSide, Probe, RawFill } from "./fill";
import type { SideBoard } from "./sides";

/** no bracket on a cell (fill.ts has its own: this module must not import fill.ts at run time) */
const NO_BR = { open: 0, close: 0 };

/** An 'SMATH filling's operands and the side cell of each (its witnesses: `smathWitness`). */
export interface SmathWit {
  ops: Operand[];
  cellOfOp: number[];
  n: number;
  /** the bigint programme's ways (brackets.ts `sideWays`), once asked for: a filling with many
   * values making candidates computed it again for each (issue 28, smcost); only the values
   * asked for are then written out (`bracketingOf`; writing all was a twelfth of the garbage) */
  sv?: SideWays | null;
  /** `bracketsAtLeast(ops)`, once asked for: every value of a filling shares it (smcost3) */
  least?: number;
  /** `smathWitnessBrackets`' count per value, once asked for (null: no ways) */
  counts?: Map<string, number> | null;
}

/** 'SMATH: every value of a filled side over its bracketings; all share the filling's pool entry
 * and one `SmathWit`, from which the brackets of a value are written only when it makes a play. */
export function smathFillings(b: SideBoard, dir: Direction, cells: GridCell[], olds: Array<GridCell | undefined>, off: () => number, out: RawFill[]): void {
  const wit = tableOperands(b, dir, cells, olds);
  const vs = sideValueSet(wit.ops, b.smathMemo);
  if (!vs) return;
  // every value of this filling shares its tile counts and choices ('SMATH scores no value: the
  // key stands for it)
  let at = -1;
  for (const vkey of vs) {
    if (at < 0) at = off();
    out.push({ off: at, vkey, value: vkey, open: null, close: null, wit });
  }
}

const isOperator = (core: string): boolean => core === "+" || core === "-" || core === "×" || core === "÷";

const OP_INDEX: Record<Operand["op"], number> = { "": 0, "+": 1, "-": 2, "×": 3, "÷": 4, imul: 5 };

/** The side cells holding numbers, by their mask (bit i: cell i), one array per mask for every
 * search: a tabled filling's `cellOfOp` is only read (`smathWitness`); sides longer than 30 (none:
 * a line is 15 squares) get their own. */
const cellsOfMask = new Map<number, number[]>();

/** A tabled filling's `SmathWit`: arrays of its exact size and operands shared by every filling
 * of the search (`SideBoard.smathOperands`, per number face: operator × board brackets × old).
 * Tables keep every filling's witness for the whole search (smath:19: ≈ 230 MB of 555 MB live at
 * 800,000 steps, most of it per-filling operand objects and arrays grown by `push`), and what
 * survives is what the young generation's collector copies (issue 28, smcost4). Sharing is sound:
 * an operand is only read once made (`smathOperands` writes into the probe's own objects only), and
 * equal fields make an equal operand; so are the cells of the operands (`cellsOfMask`). */
function tableOperands(b: SideBoard, dir: Direction, cells: GridCell[], olds: Array<GridCell | undefined>): SmathWit {
  const n = cells.length;
  let m = 0;
  let mask = 0;
  for (let i = 0; i < n; i++) {
    if (isOperator(cells[i].core)) continue;
    m++;
    mask |= 1 << i;
  }
  const ops = new Array<Operand>(m);
  let cellOfOp = n <= 30 ? cellsOfMask.get(mask) : undefined;
  if (!cellOfOp) {
    cellOfOp = [];
    for (let i = 0; i < n; i++) if (!isOperator(cells[i].core)) cellOfOp.push(i);
    if (n <= 30) cellsOfMask.set(mask, cellOfOp);
  }
  m = 0;
  let pending: Operand["op"] = "";
  for (let i = 0; i < n; i++) {
    const core = cells[i].core;
    if (isOperator(core)) {
      pending = core as Operand["op"];
      continue;
    }
    const br = olds[i] ? olds[i]![dir] : NO_BR;
    const op = m === 0 ? "" : pending || "imul";
    const old = olds[i] !== undefined;
    let shared = b.smathOperands.get(core);
    if (!shared) b.smathOperands.set(core, (shared = []));
    // board brackets per tile are few; past 7 either way the operand is not shared
    const at = br.open < 8 && br.close < 8 ? OP_INDEX[op] + 6 * ((old ? 1 : 0) + 2 * (br.open + 8 * br.close)) : -1;
    let o = at >= 0 ? shared[at] : undefined;
    if (!o) {
      o = { value: b.smallRat(core), op, oldOpen: br.open, oldClose: br.close, old };
      if (at >= 0) shared[at] = o;
    }
    ops[m++] = o;
    pending = "";
  }
  return { ops, cellOfOp, n, sv: undefined, least: undefined, counts: undefined };
}

/** A filled 'SMATH side's operands (number tiles, the operator before each, board brackets),
 * written into `into` when given: the probe's leaves reuse one `SmathWit` and its operand
 * objects (read only while the filling's values are visited), where a new one per leaf was much
 * of the garbage (issue 28, smcost); a table's fillings keep theirs (`tableOperands`). */
function smathOperands(b: SideBoard, dir: Direction, cells: GridCell[], olds: Array<GridCell | undefined>, into: SmathWit): SmathWit {
  const n = cells.length;
  const wit = into;
  const { ops, cellOfOp } = wit;
  let m = 0;
  let pending: Operand["op"] = "";
  for (let i = 0; i < n; i++) {
    const core = cells[i].core;
    if (isOperator(core)) {
      pending = core as Operand["op"];
      continue;
    }
    const br = olds[i] ? olds[i]![dir] : NO_BR;
    const value = b.smallRat(core);
    const op = m === 0 ? "" : pending || "imul";
    const o = ops[m];
    if (o) {
      o.value = value;
      o.op = op;
      o.oldOpen = br.open;
      o.oldClose = br.close;
      o.old = olds[i] !== undefined;
    } else ops.push({ value, op, oldOpen: br.open, oldClose: br.close, old: olds[i] !== undefined });
    cellOfOp[m++] = i;
    pending = "";
  }
  if (ops.length !== m) ops.length = cellOfOp.length = m;
  wit.n = n;
  wit.sv = undefined;
  wit.least = undefined;
  wit.counts = undefined;
  return wit;
}

/** `on`: off only in the test that compares plays with and without the skips (witnessskip.test.ts);
 * `skipped`: witnesses not written because their fewest brackets already lose (`witnessAtLeast`). */
export const witnessSkips = { on: true, skipped: 0 };

/** At most the brackets an entry's witness writes for any value (its written brackets when it has
 * no `wit`): the bigint programme (`sideWays`) was a quarter of the allocation on tie hunts and in
 * `othersLeastByOps` (issue 28, smfix), and most of those witnesses only confirm a loss. */
export function witnessAtLeast(e: { open: number[] | null; close: number[] | null; wit?: SmathWit }): number {
  return e.wit && !witnessSkips.on ? 0 : bracketsBelow(e);
}

/** `witnessAtLeast` whatever its switch (a bound, not a skip: vecbrackets.ts) */
export function bracketsBelow(e: { open: number[] | null; close: number[] | null; wit?: SmathWit }): number {
  if (e.wit) return (e.wit.least ??= bracketsAtLeast(e.wit.ops));
  let n = 0;
  if (e.open) for (let i = 0; i < e.open.length; i++) n += e.open[i] + e.close![i];
  return n;
}

/** The brackets a value of an 'SMATH filling needs, per cell of the side (null arrays: none). */
export function smathWitness(wit: SmathWit, vkey: string): { open: number[] | null; close: number[] | null } {
  if (wit.sv === undefined) wit.sv = sideWays(wit.ops);
  const w = wit.sv ? bracketingOf(wit.sv, vkey) : undefined;
  if (!w || (!w.open.some((x) => x > 0) && !w.close.some((x) => x > 0))) return { open: null, close: null };
  const open = new Array<number>(wit.n).fill(0);
  const close = new Array<number>(wit.n).fill(0);
  for (let k = 0; k < w.open.length; k++) {
    open[wit.cellOfOp[k]] = w.open[k];
    close[wit.cellOfOp[k]] = w.close[k];
  }
  return { open, close };
}

/** The count of brackets `smathWitness` writes for `vkey` (the sum of its arrays), without writing
 * them per cell: the tie cut's bounds only count them (tableleast.ts `entryBrackets`, smcost3). Every
 * value's count is kept on the filling (`counts`), not the programme (`sv`), which tables kept for
 * each filling counted (smath:19: 72 MB live; issue 28, smcost4). */
export function smathWitnessBrackets(wit: SmathWit, vkey: string): number {
  if (wit.counts === undefined) wit.counts = bracketCounts(wit.sv !== undefined ? wit.sv : sideWays(wit.ops));
  return wit.counts?.get(vkey) ?? 0;
}

/** The probe's 'SMATH leaf: every value of the filling to `probe`. One operand list per operand
 * count (an array cut shorter and grown again is reallocated) and one visit for every filling
 * (`smathOperands`). */
export function smathProbeLeaf(b: SideBoard, dir: Direction, cells: GridCell[], olds: Array<GridCell | undefined>, probe: Probe, uses: Uint8Array, chosen: Uint8Array, other: OtherSide | null): () => void {
  const n = cells.length;
  const wits: SmathWit[] = [];
  let wit: SmathWit | undefined;
  const visit = (iv: number, vkey: string | null): void => probe(uses, chosen, iv, vkey, wit);
  const lo = probeCuts.on ? (other?.min ?? -Infinity) : -Infinity;
  const hi = probeCuts.on ? (other?.max ?? Infinity) : Infinity;
  const ints = probeCuts.on ? (other?.ints ?? null) : null;
  return () => {
    let m = 0;
    for (let i = 0; i < n; i++) if (!isOperator(cells[i].core)) m++;
    wit = smathOperands(b, dir, cells, olds, (wits[m] ??= { ops: [], cellOfOp: [], n, sv: undefined, least: undefined, counts: undefined }));
    visitSideValues(wit.ops, b.smathMemo, other?.fracs ?? true, visit, lo, hi, ints);
  };
}
