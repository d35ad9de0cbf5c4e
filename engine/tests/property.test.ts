/** Properties (fast-check): adjudicate never throws on any input, random boards/plays give a
 * well-formed, deterministic ruling, and a valid ruling's score equals its parts. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { adjudicate } from "../adjudicate";
import { RULESET_IDS, type RulesetId } from "../ruleset";
import { VIOLATION_CODES } from "../ruling";

const FACES: Record<RulesetId, string[]> = {
  equate: ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "1/2", "3/4", "2/2", "+", "-", "×", "÷", "=", "x", "/"],
  smath: ["0", "1", "2", "3", "10", "12", "(2", "3)", "(4)", "+", "-", "×", "÷", "=", "13"],
  "number-scrabble": ["0", "1", "2", "3", "4", "9", "+", "-", "×", "÷", "=", "²", "√", "^2", "sqrt"],
};

const placement = (faces: string[]) =>
  fc.record(
    {
      row: fc.integer({ min: 4, max: 11 }),
      col: fc.integer({ min: 4, max: 11 }),
      tile: fc.constantFrom(...faces),
      blank: fc.boolean(),
    },
    { requiredKeys: ["row", "col", "tile"] },
  );

const request = fc.constantFrom(...RULESET_IDS).chain((ruleset) =>
  fc.record({
    ruleset: fc.constant(ruleset),
    board: fc.array(placement(FACES[ruleset]), { maxLength: 25 }),
    // a line of new tiles, sometimes scattered
    play: fc.oneof(
      fc.tuple(fc.integer({ min: 3, max: 10 }), fc.integer({ min: 3, max: 10 }), fc.boolean(), fc.array(fc.constantFrom(...FACES[ruleset]), { minLength: 1, maxLength: 9 })).map(
        ([r, c, acrossDir, faces]) => faces.map((tile, i) => (acrossDir ? { row: r, col: c + i, tile } : { row: r + i, col: c, tile })),
      ),
      fc.array(placement(FACES[ruleset]), { maxLength: 4 }),
    ),
  }),
);

describe("properties", () => {
  it("random requests: never throws, well-formed, deterministic", () =>
    fc.assert(
      fc.property(request, (req) => {
        const a = adjudicate(req);
        const b = adjudicate(JSON.parse(JSON.stringify(req)));
        expect(JSON.stringify(a)).toBe(JSON.stringify(b));
        for (const v of a.violations) {
          expect(VIOLATION_CODES).toContain(v.code);
          expect(v.code).not.toBe("INTERNAL");
        }
        if (a.valid) {
          expect(a.violations).toEqual([]);
          const total = a.lines.reduce((s, l) => s + l.points, 0) + a.bonuses.reduce((s, x) => s + x.points, 0);
          expect(a.score).toBe(total);
        } else expect(a.score).toBe(0);
      }),
      { numRuns: 1500 },
    ));

  it("arbitrary JSON never throws", () =>
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const r = adjudicate(v);
        expect(r.valid).toBe(false);
      }),
      { numRuns: 500 },
    ));

  it("objects of almost the right shape never throw", () =>
    fc.assert(
      fc.property(
        fc.record({
          ruleset: fc.oneof(fc.constantFrom(...RULESET_IDS), fc.string()),
          board: fc.anything(),
          play: fc.oneof(fc.anything(), fc.array(fc.record({ row: fc.anything(), col: fc.anything(), tile: fc.anything() }))),
          rack: fc.anything(),
          firstPlay: fc.anything(),
        }),
        (v) => {
          expect(() => adjudicate(v)).not.toThrow();
        },
      ),
      { numRuns: 500 },
    ));
});
