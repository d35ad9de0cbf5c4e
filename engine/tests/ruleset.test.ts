/** Ruleset data and options (docs/spec/rulesets.md; data in engine/rulesets/*.ts). */
import { describe, expect, it } from "vitest";
import { getRuleset, parseRulesetOptions, RULESET_DATA, RULESET_IDS, rulesetFor } from "../ruleset";

describe("rulesets", () => {
  it("sizes, racks, starts and bonuses match docs/spec/rulesets.md", () => {
    expect(RULESET_IDS.map((id) => [getRuleset(id).layout.size, getRuleset(id).rackSize, getRuleset(id).options.allTilesBonus])).toEqual([
      [19, 9, 40],
      [15, 10, 25],
      [15, 9, 50],
    ]);
    expect(getRuleset("equate").layout.start).toEqual([9, 9]);
  });
  it("tile counts: Number Scrabble has 102 tiles", () => {
    expect(getRuleset("number-scrabble").tiles.reduce((s, t) => s + t.count, 0)).toBe(102);
  });
  it("challenge defaults", () => {
    expect(RULESET_IDS.map((id) => getRuleset(id).options.challenge)).toEqual(["retry", "single", "double"]);
  });
  it("parses options with defaults and rejects bad ones", () => {
    expect(parseRulesetOptions(RULESET_DATA["number-scrabble"], { evaluation: "standard" })).toMatchObject({
      ok: true,
      value: { evaluation: "standard", valueBonus: "sqrt", challenge: "double" },
    });
    expect(parseRulesetOptions(RULESET_DATA.equate, { evaluation: "standard" }).ok).toBe(false);
    expect(parseRulesetOptions(RULESET_DATA.equate, { challenge: "never" }).ok).toBe(false);
    expect(parseRulesetOptions(RULESET_DATA.equate, { allTilesBonus: 1.5 }).ok).toBe(false);
    expect(parseRulesetOptions(RULESET_DATA.equate, "x").ok).toBe(false);
    expect(parseRulesetOptions(RULESET_DATA.smath, undefined)).toEqual({ ok: true, value: RULESET_DATA.smath.defaultOptions });
  });
});

describe("rulesetFor (a stored game's id and options)", () => {
  it("applies the stored options, and gives the same instance for the same id and options", () => {
    const a = rulesetFor("smath", { allTilesBonus: 20 });
    expect(a.options.allTilesBonus).toBe(20);
    expect(rulesetFor("smath", { allTilesBonus: 20 })).toBe(a);
    expect(rulesetFor("smath", { allTilesBonus: 30 })).not.toBe(a);
  });
  it("no options, or options this engine refuses, give the defaults", () => {
    const d = getRuleset("equate").options;
    expect(rulesetFor("equate", undefined).options).toEqual(d);
    expect(rulesetFor("equate", {}).options).toEqual(d);
    expect(rulesetFor("equate", { noSuchOption: 1 }).options).toEqual(d);
    expect(rulesetFor("equate", "not an object").options).toEqual(d);
  });
});
