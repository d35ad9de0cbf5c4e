/**
 * 'SMATH: a value cut for a probed side with no operator but `×` (docs/engine.md "Top play:
 * speed"). When no `+`, `−` or `÷` is in the side so far, none can come (none left on the rack, no
 * blank left, none on the board ahead in the side) and no 0 has been or can be laid, the side's
 * value is the product of its numbers whatever its brackets (`×` and the multiplication of
 * bracketed neighbours only), every number is at least 1, and so the product so far is a lower
 * bound of the value. A prefix whose product is already above every value of the other sides is
 * not completed. Racks of numbers with one or two `×` on long lines (every tile placed, a short
 * other side worth at most 12) are cut after two or three numbers.
 */
import type { GridCell } from "../play";
import { probeCuts } from "./partners";

/** Tracks the product of a side's numbers along a depth-first filling (module comment). */
export class ProductCut {
  /** product of the numbers of squares before i; NaN once the side is not a pure product */
  private readonly prod: Float64Array;
  /** board `+ − ÷` or 0 at square i or after */
  private readonly boardAhead: Uint8Array;
  /** rack keys whose tiles break the cut (`+ − ÷`, 0, blank) */
  private readonly breakers: number[];
  private readonly limit: number;

  constructor(
    olds: Array<GridCell | undefined>,
    keys: readonly string[],
    private readonly counts: readonly number[],
    max: number,
  ) {
    const n = olds.length;
    this.prod = new Float64Array(n + 1);
    this.prod[0] = 1;
    this.boardAhead = new Uint8Array(n + 1);
    for (let i = n - 1; i >= 0; i--) this.boardAhead[i] = this.boardAhead[i + 1] || (olds[i] !== undefined && breaks(olds[i]!.core)) ? 1 : 0;
    this.breakers = [];
    for (let k = 0; k < keys.length; k++) if (breaks(keys[k]) || keys[k] === "?") this.breakers.push(k);
    // a hair of slack: the cut never removes a value equal to the largest
    this.limit = max * (1 + 1e-9) + 1e-9;
  }

  /** Square i now holds `core` (the rack's `uses` already counting it): false when the side can
   * no longer meet the other sides. */
  step(i: number, core: string, uses: Uint8Array): boolean {
    const p = this.prod[i];
    let q = NaN;
    if (p === p && !breaks(core)) q = core === "×" ? p : p * Number(core);
    this.prod[i + 1] = q;
    if (q !== q || q <= this.limit || this.boardAhead[i + 1]) return true;
    for (const k of this.breakers) if (uses[k] < this.counts[k]) return true;
    probeCuts.product++;
    return false;
  }
}

/** a face after which the value is no longer a product of numbers at least 1 */
function breaks(core: string): boolean {
  return core === "+" || core === "-" || core === "÷" || core === "0";
}
