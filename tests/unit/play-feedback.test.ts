/** The live board's feedback helpers (app/play/_components/feedback.ts): preview modes, low
 * time, overtime cost, a challenge's outcome in words. */
import { describe, expect, it } from "vitest";
import { adjudicatePlay, DEFAULT_TIME_CONTROL, getRuleset, phonyScore } from "@/engine";
import { challengeOutcome, lastStandingPlay, lowTimeThresholdMs, overtimeCost, previewOf, tilePoints } from "@/app/play/_components/feedback";

const rs = getRuleset("equate");
const rack = ["3", "+", "4", "7", "8", "1", "2"];
const across = (faces: string[], row = 9, col = 9) => faces.map((tile, i) => ({ row, col: col + i, tile }));
const valid = across(["3", "+", "4", "=", "7"]);
const phony = across(["3", "+", "4", "=", "8"]);

describe("previewOf", () => {
  it("full: valid or not, with the engine's reasons", () => {
    expect(previewOf("full", rs, [], valid, rack, "single")).toMatchObject({ tone: "valid", text: expect.stringMatching(/^Valid: \d+ points \(3\+4=7\)$/) });
    expect(previewOf("full", rs, [], phony, rack, "single")).toMatchObject({ tone: "invalid", text: expect.stringMatching(/^Not valid: .*— you may still submit it; it can be challenged\.$/) });
  });

  it("score only: the same kind of answer for a valid play and a phony, never the word valid", () => {
    const a = previewOf("score", rs, [], valid, rack, "single")!;
    const b = previewOf("score", rs, [], phony, rack, "single")!;
    expect(a.text).toMatch(/^If it stands: \d+ points$/);
    expect(b.text).toMatch(/^If it stands: \d+ points$/);
    expect(a.tone).toBe("neutral");
    expect(b.tone).toBe("neutral");
    // the phony is scored as the engine scores a phony that stands (as if its equation were true)
    expect(b.text).toBe(`If it stands: ${phonyScore(rs, [], phony, adjudicatePlay(rs, [], phony, { rack, firstPlay: true }))} points`);
  });

  it("a lone tile is no play: the engine's reason, and it cannot be submitted (not a phony to challenge)", () => {
    const lone = [{ row: 9, col: 9, tile: "3" }];
    expect(previewOf("full", rs, [], lone, rack, "single")).toEqual({ tone: "invalid", text: "Not valid: 3 alone is not a play: the first play must lay at least two tiles in a line" });
    for (const mode of ["score", "off"] as const) expect(previewOf(mode, rs, [], lone, rack, "single")).toMatchObject({ tone: "invalid", text: expect.stringMatching(/^Cannot be played: 3 alone is not a play/) });
    // 'SMATH and Number Scrabble give the same reason, not "no equation"
    for (const id of ["smath", "number-scrabble"] as const) {
      const other = getRuleset(id);
      const [r, c] = other.layout.start;
      expect(adjudicatePlay(other, [], [{ row: r, col: c, tile: "3" }], { firstPlay: true }).violations.map((v) => v.code)).toEqual(["SINGLE_TILE"]);
    }
  });

  it("off: only the placed tiles' face points", () => {
    expect(previewOf("off", rs, [], valid, rack, "single")).toEqual({ tone: "neutral", text: `Tile points: ${tilePoints(rs, valid)}` });
    expect(previewOf("off", rs, [], phony, rack, "single")).toEqual({ tone: "neutral", text: `Tile points: ${tilePoints(rs, phony)}` });
  });

  it("a placement fault is named in every mode: the server refuses it whatever the rule", () => {
    const scattered = [
      { row: 9, col: 9, tile: "3" },
      { row: 11, col: 12, tile: "4" },
    ];
    for (const mode of ["score", "off"] as const) expect(previewOf(mode, rs, [], scattered, rack, "single")).toMatchObject({ tone: "invalid", text: expect.stringMatching(/^Cannot be played: /) });
    expect(previewOf("off", rs, [], [], rack, "single")).toBeNull();
  });
});

describe("clock feedback", () => {
  it("warns at a tenth of the initial time, between 10 s and a minute", () => {
    expect(lowTimeThresholdMs({ initialMs: 25 * 60_000 })).toBe(60_000);
    expect(lowTimeThresholdMs({ initialMs: 3 * 60_000 })).toBe(18_000);
    expect(lowTimeThresholdMs({ initialMs: 30_000 })).toBe(10_000);
  });

  it("overtime costs the penalty per started minute, as the server charges it", () => {
    const tc = { ...DEFAULT_TIME_CONTROL, overtimePenaltyPoints: 10, maxOvertimeMs: 600_000 };
    expect(overtimeCost(tc, 5_000)).toBe(0);
    expect(overtimeCost(tc, -1)).toBe(10);
    expect(overtimeCost(tc, -60_000)).toBe(10);
    expect(overtimeCost(tc, -60_001)).toBe(20);
  });
});

describe("challengeOutcome", () => {
  const base = [{ seq: 1, type: "start", seat: null, text: "game started", points: 0 }];
  const board = valid.map((t) => ({ ...t }));
  it("a phony challenged off: the engine's reason and the squares named", () => {
    const sheet = [
      ...base,
      { seq: 2, type: "play", seat: 0, text: "3+4=7 at J10 across", placements: valid, points: 20 },
      { seq: 3, type: "play", seat: 1, text: "…", placements: [{ row: 9, col: 14, tile: "8" }], points: 5 },
      { seq: 4, type: "challenge", seat: 1, text: "challenged by A: play withdrawn", points: -5 },
    ];
    const o = challengeOutcome(rs, sheet, board)!;
    expect(o).toMatchObject({ seq: 4, player: 1, challenger: null, stands: false, squares: "O10" });
    expect(o.reason).toMatch(/78|false|not/i);
    expect(o.cells).toEqual([{ row: 9, col: 14 }]);
  });

  it("a play that stood: valid, with its lines; news only until the next move", () => {
    const sheet = [
      ...base,
      { seq: 2, type: "play", seat: 0, text: "3+4=7 at J10 across", placements: valid, points: 20 },
      { seq: 3, type: "challenge", seat: 1, text: "challenged A's play: the play stands", points: 0 },
    ];
    expect(challengeOutcome(rs, sheet, board)).toMatchObject({ stands: true, player: 0, challenger: 1, reason: "the play is valid: 3+4=7", squares: "J10, K10, L10, M10, N10" });
    expect(challengeOutcome(rs, [...sheet, { seq: 4, type: "pass", seat: 1, text: "passed", points: 0 }], board)).toBeNull();
    expect(challengeOutcome(rs, sheet.slice(0, 2), board)).toBeNull();
  });
});

describe("lastStandingPlay", () => {
  const start = { seq: 1, type: "start", seat: null, text: "game started", points: 0 };
  const first = { seq: 2, type: "play", seat: 0, text: "3+4=7 at J10 across", placements: valid, points: 20 };
  const second = { seq: 3, type: "play", seat: 1, text: "…", placements: [{ row: 9, col: 14, tile: "8" }], points: 5 };
  it("the latest play, or the one before it once an upheld challenge withdrew it", () => {
    expect(lastStandingPlay([start])).toBeNull();
    expect(lastStandingPlay([start, first, second])).toBe(second);
    expect(lastStandingPlay([start, first, second, { seq: 4, type: "challenge", seat: 1, text: "challenged by A: play withdrawn", points: -5 }])).toBe(first);
    expect(lastStandingPlay([start, first, { seq: 3, type: "challenge", seat: 0, text: "challenged by B: play withdrawn", points: -20 }])).toBeNull();
    // a failed challenge leaves the play on the board; a pass after it changes nothing either
    const stood = { seq: 4, type: "challenge", seat: 0, text: "challenged B's play: the play stands", points: 0 };
    expect(lastStandingPlay([start, first, second, stood, { seq: 5, type: "pass", seat: 0, text: "passed", points: 0 }])).toBe(second);
  });
});
