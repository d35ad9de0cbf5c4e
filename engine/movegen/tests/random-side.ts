/**
 * Test helper: a random 'SMATH side as the witness programme reads it (brackets.ts `Operand`s):
 * 1–6 numbers 0–12, each after a random operator or none (numbers side by side), on a third of the
 * sides a board group (brackets already on two operands). Shared by the witness tests.
 */
import type { Rng } from "../../random";
import * as Q from "../../rational";
import type { Operand } from "../brackets";

export function randomSide(rng: Rng): Operand[] {
  const len = 1 + rng.below(6);
  const ops: Operand[] = [];
  for (let k = 0; k < len; k++) {
    const op = k === 0 ? "" : (["+", "-", "×", "÷", "imul", "imul", "imul"] as const)[rng.below(7)];
    ops.push({ value: Q.rat(rng.below(13)), op, oldOpen: 0, oldClose: 0, old: rng.below(2) === 0 });
  }
  if (len >= 2 && rng.below(3) === 0) {
    const i = rng.below(len - 1);
    const j = i + 1 + rng.below(len - 1 - i);
    ops[i].oldOpen++;
    ops[j].oldClose++;
  }
  return ops;
}
