/**
 * 'SMATH: a value cut for a probed side with no operator but `×` and `+` (docs/movegen-speed.md "Top
 * play: speed"). When no `−` or `÷` is in the side so far, none can come (none left on the rack,
 * no blank left, none on the board ahead in the side) and no 0 has been or can be laid, every
 * number is at least 1 and the side's value, whatever its brackets, is at least the sum of the
 * products of its `×`-chains (its value read with the usual precedence; touching numbers
 * multiply). By induction on the bracketing: a `×` node is (A + Cl)(Cr + B) ≥ A + Cl·Cr + B
 * with every part ≥ 1 or an empty sum, and a `+` node adds its halves, no chain crossing a `+`.
 * So the completed chains' products plus the current chain's product so far are a lower bound
 * of the value, and a prefix already above every value of the other sides is not completed.
 * Racks of numbers with one or two `×` on long lines (every tile placed, a short other side worth
 * at most 12) are cut after two or three numbers; with a `+` (branch smone) the sides whose `+`
 * is on the board, or on the rack, are cut the same way chain by chain. A `−`, `÷`, 0 or blank
 * left on the rack that every partner pick still possible takes (partners.ts `minUse`) is not
 * left to the side, so it does not stop the cut.
 */
import type { GridCell } from "../play";
import { probeCuts } from "./partners";

/** Tracks the lower bound of a side's value along a depth-first filling (module comment). */
export class ProductCut {
  /** product of the current `×`-chain's numbers before square i; NaN once the side has no bound */
  private readonly prod: Float64Array;
  /** sum of the products of the chains completed (closed by a `+`) before square i */
  private readonly sum: Float64Array;
  /** board `−`, `÷` or 0 at square i or after */
  private readonly boardAhead: Uint8Array;
  /** rack keys whose tiles break the cut (`−`, `÷`, 0, blank) */
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
    this.sum = new Float64Array(n + 1);
    this.prod[0] = 0;
    this.boardAhead = new Uint8Array(n + 1);
    for (let i = n - 1; i >= 0; i--) this.boardAhead[i] = this.boardAhead[i + 1] || (olds[i] !== undefined && breaks(olds[i]!.core)) ? 1 : 0;
    this.breakers = [];
    for (let k = 0; k < keys.length; k++) if (breaks(keys[k]) || keys[k] === "?") this.breakers.push(k);
    // a hair of slack: the cut never removes a value equal to the largest
    this.limit = max * (1 + 1e-9) + 1e-9;
  }

  /** Square i now holds `core` (the rack's `uses` already counting it): false when the side can
   * no longer meet the other sides. */
  step(i: number, core: string, uses: Uint8Array, taken?: (key: number) => number): boolean {
    const p = this.prod[i];
    let s = this.sum[i];
    let q = NaN;
    // 0: the chain holds no number yet (a number is ≥ 1, so no product is 0); an operator there
    // (a sign the grammar does not have) leaves the side without a bound
    if (p === p && !breaks(core)) {
      if (core === "+") {
        if (p > 0) {
          s += p;
          q = 0;
        }
      } else if (core === "×") {
        if (p > 0) q = p;
      } else q = (p > 0 ? p : 1) * Number(core);
    }
    this.prod[i + 1] = q;
    this.sum[i + 1] = s;
    // an empty chain's numbers to come are each ≥ 1, so s + 1 still holds
    if (q !== q || s + Math.max(q, 1) <= this.limit || this.boardAhead[i + 1]) return true;
    for (const k of this.breakers) if (uses[k] < this.counts[k] && (!taken || uses[k] + taken(k) < this.counts[k])) return true;
    probeCuts.product++;
    return false;
  }
}

/** a face after which the value is no longer bounded below by its chains' products */
function breaks(core: string): boolean {
  return core === "-" || core === "÷" || core === "0";
}
