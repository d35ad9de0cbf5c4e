/**
 * Number Scrabble rulings as a judge reads them out (docs/spec/rulesets.md, "Number Scrabble"):
 * the game reads strictly left to right, and a NOT_EQUAL ruling over that order says so, with
 * the working.
 */
import { describe, expect, it } from "vitest";
import { adjudicatePlay } from "../adjudicate";
import { getRuleset } from "../ruleset";
import { first } from "./helpers";

const ns = getRuleset("number-scrabble");

describe("Number Scrabble: strictly left to right", () => {
  it("2+3×4=14 is refused and the message says the game reads left to right, with the working", () => {
    const r = adjudicatePlay(ns, [], first("number-scrabble", "2 + 3 × 4 = 1 4"), { firstPlay: true });
    expect(r.valid).toBe(false);
    const v = r.violations.find((x) => x.code === "NOT_EQUAL");
    expect(v?.message).toContain("left side 2 + 3 × 4 = 20");
    expect(v?.message).toContain("Number Scrabble reads strictly left to right");
    expect(v?.message).toContain("2 + 3 = 5, then 5 × 4 = 20");
  });

  it("2+3×4=20 stands", () => {
    const r = adjudicatePlay(ns, [], first("number-scrabble", "2 + 3 × 4 = 2 0"), { firstPlay: true });
    expect(r.valid).toBe(true);
  });

  it("a false equation where the order does not matter says nothing about it", () => {
    const r = adjudicatePlay(ns, [], first("number-scrabble", "2 × 3 + 4 = 9"), { firstPlay: true });
    const v = r.violations.find((x) => x.code === "NOT_EQUAL");
    expect(v?.message).toBeDefined();
    expect(v?.message).not.toContain("left to right");
  });

  it("with the `standard` option the message says nothing about the order", () => {
    const std = getRuleset("number-scrabble", { evaluation: "standard" });
    const r = adjudicatePlay(std, [], first("number-scrabble", "2 + 3 × 4 = 2 0"), { firstPlay: true });
    expect(r.violations.find((x) => x.code === "NOT_EQUAL")?.message).not.toContain("left to right");
  });
});
