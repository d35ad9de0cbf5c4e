/**
 * The witness of one 'SMATH value (brackets.ts `bracketingOf` on `sideWays`, as smathside.ts
 * `smathWitness` asks for it) is the bracketing `sideValues` lists for that value: on seeded
 * random sides (touching numbers, board tiles, a board group now and then), every value asked
 * for in a random order, each twice (the second from `done`), and a value the side lacks.
 */
import { describe, expect, it } from "vitest";
import { createRng } from "../random";
import { rat } from "../rational";
import { bracketingOf, sideValues, sideWays, type Operand } from "./brackets";

const OPS: Operand["op"][] = ["+", "-", "×", "÷", "imul"];

describe("bracketingOf", () => {
  it("writes the bracketing sideValues lists, one value at a time", () => {
    const rng = createRng("smath-witness-lazy");
    let checked = 0;
    for (let t = 0; t < 300; t++) {
      const n = 2 + rng.below(5);
      const ops: Operand[] = Array.from({ length: n }, (_, i) => ({ value: rat(rng.below(13)), op: i === 0 ? "" : OPS[rng.below(OPS.length)], oldOpen: 0, oldClose: 0, old: rng.below(3) === 0 }));
      if (n >= 3 && rng.below(3) === 0) {
        // a board group over operands a..b
        const a = rng.below(n - 1);
        ops[a].oldOpen = 1;
        ops[a + 1 + rng.below(n - a - 1)].oldClose = 1;
      }
      const all = sideValues(ops);
      const ways = sideWays(ops);
      if (!all || !ways) {
        expect(ways === null || all === null).toBe(true);
        continue;
      }
      const keys = [...all.values.keys()];
      for (let k = keys.length - 1; k > 0; k--) {
        const r = rng.below(k + 1);
        [keys[k], keys[r]] = [keys[r], keys[k]];
      }
      for (const key of [...keys, ...keys]) {
        expect(bracketingOf(ways, key), `${ops.map((o) => `${o.oldOpen ? "(" : ""}${o.op}${o.value.n}${o.oldClose ? ")" : ""}`).join(" ")} = ${key}`).toEqual(all.values.get(key));
        checked++;
      }
      expect(bracketingOf(ways, "1/0")).toBeUndefined();
    }
    expect(checked).toBeGreaterThan(2000);
  });
});
