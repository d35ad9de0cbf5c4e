/**
 * The group check, 'SMATH and Equate (fill.ts `groupCanFill`, join.ts `groupCheck`): a group whose sides
 * cannot all be filled — a side closed by its cross-checks or the automaton, or more operators or
 * numbers needed in all than the rack holds — is dropped before any of its tables is built. On
 * the golden boards with seeded full and short racks, the exact generator's top plays with the
 * check are the same plays, scores and order as without it, and the check fires.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Face } from "../tiles";
import { groupCheck } from "./join";
import { boardsOf, sameTopWithAndWithoutCuts, smathBoardsOf } from "./tests/probe-cuts";

const POOL: Face[] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "0", "+", "-", "×", "÷", "?", "?"];
const EQUATE_POOL: Face[] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "1/2", "3/4", "2/3", "+", "-", "×", "÷", "?"];
const FEW_OPS: Face[] = ["1", "2", "3", "5", "7", "8", "10", "11", "12", "0", "×", "?"];

describe("'SMATH group check (groupCanFill)", () => {
  it("the same top plays with and without it, and it fires", { timeout: 600_000 }, () => {
    const before = groupCheck.closed;
    expect(sameTopWithAndWithoutCuts(smathBoardsOf(readFileSync(path.join(import.meta.dirname, "fixtures", "golden-positions.txt"), "utf8")), "smath-group-check", POOL, groupCheck)).toBeGreaterThanOrEqual(9);
    expect(sameTopWithAndWithoutCuts(smathBoardsOf(readFileSync(path.join(import.meta.dirname, "fixtures", "golden-positions.txt"), "utf8")), "smath-group-check-few-ops", FEW_OPS, groupCheck)).toBeGreaterThanOrEqual(9);
    expect(groupCheck.closed).toBeGreaterThan(before);
  });
});

describe("Equate group check (groupCanFill)", () => {
  it("the same top plays with and without it, and it fires", { timeout: 600_000 }, () => {
    const before = groupCheck.closed;
    const boards = boardsOf(readFileSync(path.join(import.meta.dirname, "fixtures", "golden-positions.txt"), "utf8"), "equate");
    expect(sameTopWithAndWithoutCuts(boards, "equate-group-check", EQUATE_POOL, groupCheck, "equate")).toBeGreaterThanOrEqual(9);
    expect(sameTopWithAndWithoutCuts(boards, "equate-group-check-ops", EQUATE_POOL.slice(9), groupCheck, "equate")).toBeGreaterThanOrEqual(9);
    expect(groupCheck.closed).toBeGreaterThan(before);
  });
});
