/**
 * The interval memo's node cache (intervals.ts `IntervalMemo.node`, kept across sequences for
 * the intervals within their shared leading operands, issue 28 smcost): on one memo, seeded
 * random 'SMATH sides that keep a random number of the previous side's leading operands and
 * change the rest (length too), every interval's values from the memo are those of the bigint
 * programme (`sideValues`) on that interval alone. A node kept past a changed operand would give
 * another interval's values.
 */
import { describe, expect, it } from "vitest";
import { createRng } from "../random";
import { rat } from "../rational";
import { IntervalMemo, sideValues, type Operand } from "./brackets";
import { intervalValues, keysOf } from "./intervals";

const OPS: Operand["op"][] = ["+", "-", "×", "÷", "imul"];

describe("IntervalMemo node cache", () => {
  // chunk 16: the values pool's chunks fill, and some intervals take a chunk of their own
  it.each([undefined, 16])("gives every interval its own values across sides sharing leading operands (pool chunk %s)", (chunk) => {
    const rng = createRng("smath-interval-memo");
    const memo = new IntervalMemo(chunk);
    const operand = (i: number): Operand => ({ value: rat(rng.below(8)), op: i === 0 ? "" : OPS[rng.below(OPS.length)], oldOpen: 0, oldClose: 0 });
    let ops: Operand[] = [operand(0), operand(1)];
    let checked = 0;
    for (let t = 0; t < 600; t++) {
      // keep 0..n leading operands (often all but the last, as fillings come), then new ones
      const keep = rng.below(3) ? Math.max(0, ops.length - 1) : rng.below(ops.length + 1);
      const n = Math.max(1, Math.min(7, keep + rng.below(4)));
      ops = [...ops.slice(0, Math.min(keep, n)), ...Array.from({ length: n - Math.min(keep, n) }, (_, k) => operand(Math.min(keep, n) + k))];
      const seq = memo.sequence(ops)!;
      // the intervals in a random order, so nodes are met both from the cache and anew
      const spans: Array<[number, number]> = [];
      for (let i = 0; i < n; i++) for (let j = i; j < n; j++) spans.push([i, j]);
      for (let k = spans.length - 1; k > 0; k--) {
        const r = rng.below(k + 1);
        [spans[k], spans[r]] = [spans[r], spans[k]];
      }
      for (const [i, j] of spans) {
        const got = intervalValues(seq, memo, i, j, memo.node(seq, i, j));
        const part = ops.slice(i, j + 1).map((o, k) => ({ ...o, op: k === 0 ? ("" as const) : o.op }));
        const want = [...sideValues(part)!.values.keys()].sort();
        expect(got ? [...keysOf(got)].sort() : null, `${ops.map((o) => o.op + o.value.n).join(" ")} [${i}, ${j}]`).toEqual(want);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(5000);
  });
});
