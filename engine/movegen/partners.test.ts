/**
 * The 'SMATH probe cuts (partners.ts: the other sides' tiles; product.ts: a side of numbers and
 * `×` only; fill.ts `leastAt`: the score cut with the tiles left; brackets.ts: the probed side's values outside the other
 * sides' range or integers no other side has not visited) never change the answer: on the golden boards with seeded operator-poor racks (the
 * racks the cuts are for: numbers, `×`, blanks, now and then a `+`), the exact generator's top
 * plays with the cuts are the same plays, scores and order as without them, both complete; and
 * both cuts do fire on these racks, so the comparison tests them.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Face } from "../tiles";
import { valueSkips } from "./brackets";
import { probeCuts } from "./partners";
import { sameTopWithAndWithoutCuts, smathBoardsOf } from "./tests/probe-cuts";

const POOL: Face[] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "0", "×", "×", "?", "?", "+"];

describe("'SMATH probe cuts (partners.ts, product.ts)", () => {
  it("the same top plays with and without the cuts, on seeded operator-poor racks; both cuts fire", { timeout: 600_000 }, () => {
    const before = { ...probeCuts };
    const skipsBefore = valueSkips.n;
    const intsBefore = valueSkips.ints;
    const compared = sameTopWithAndWithoutCuts(smathBoardsOf(readFileSync(path.join(import.meta.dirname, "fixtures", "golden-positions.txt"), "utf8")), "smath-probe-cuts", POOL);
    expect(compared).toBeGreaterThanOrEqual(9);
    expect(probeCuts.partner).toBeGreaterThan(before.partner);
    expect(probeCuts.product).toBeGreaterThan(before.product);
    // the probed side's values outside the other sides' range (brackets.ts visitSideValues)
    expect(valueSkips.n).toBeGreaterThan(skipsBefore);
    // and the integers no other table has (brackets.ts intFilter)
    expect(valueSkips.ints).toBeGreaterThan(intsBefore);
  });
});
