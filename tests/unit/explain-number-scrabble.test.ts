/**
 * The judge's desk explanation of a Number Scrabble ruling (docs/spec/rulesets.md, "Number
 * Scrabble"): the value bonus ⌈√|v|⌉ is added to the new tiles BEFORE the equation premium
 * multiplies, the line's total is what it earns (bonus included) so the lines add up to the
 * headline, and a NOT_EQUAL over the order says the game reads strictly left to right.
 */
import { describe, expect, it } from "vitest";
import { adjudicateRequest, type AdjudicationRequest } from "@/engine";
import { explainRuling } from "@/server/services/adjudication/explain";
import { ruleText } from "@/server/services/adjudication/rules-text";

// across through the start square H8 (a double-equation star): 2+3×4=20 reads 20 left to right
const across = (text: string) => text.split(" ").map((tile, i) => ({ row: 7, col: 4 + i, tile }));
const request = (text: string): AdjudicationRequest => ({ ruleset: "number-scrabble", board: [], play: across(text) });

describe("Number Scrabble explanation", () => {
  it("2+3×4=20 on the star: (tiles + ⌈√20⌉ = 5) × 2, and the line's total is the headline", () => {
    const req = request("2 + 3 × 4 = 2 0");
    const ruling = adjudicateRequest(req);
    expect(ruling.valid).toBe(true);
    const x = explainRuling(req, ruling);
    expect(x.lines).toHaveLength(1);
    const line = x.lines[0]!;
    expect(line.multiplier).toBe(2);
    expect(line.valueBonus).toEqual({ points: 5, formula: "⌈√20⌉" });
    expect(line.total).toBe((line.sum + 5) * 2);
    expect(line.agrees).toBe(true);
    // the value bonus is inside its line, not listed again after the multiplier
    expect(x.bonuses.filter((b) => b.kind === "value")).toEqual([]);
    expect(line.total + x.bonuses.reduce((s, b) => s + b.points, 0)).toBe(ruling.score);
  });

  it("2+3×4=14: the violation and the rule both say the game reads strictly left to right", () => {
    const req = request("2 + 3 × 4 = 1 4");
    const x = explainRuling(req, adjudicateRequest(req));
    const v = x.violations.find((y) => y.code === "NOT_EQUAL")!;
    expect(v.message).toContain("reads strictly left to right");
    expect(v.message).toContain("2 + 3 = 5, then 5 × 4 = 20");
    expect(v.rule).toContain("strictly left to right");
    expect(ruleText("number-scrabble", "NOT_EQUAL")).toBe(v.rule);
  });
});
