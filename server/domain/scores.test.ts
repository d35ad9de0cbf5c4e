import { describe, expect, it } from "vitest";
import { MAX_SCORE, scoreProblem } from "./scores";

describe("scoreProblem", () => {
  it.each([
    [undefined, "Enter a score."],
    [Number.NaN, "Enter a score."],
    [12.5, "Scores are whole numbers."],
    [-5, "A score cannot be negative."],
    [99_999, "A score is at most 9,999."],
    [0, null],
    [MAX_SCORE, null],
  ])("%s → %s", (value, sentence) => {
    expect(scoreProblem(value)).toBe(sentence);
  });
});
