import { describe, expect, it } from "vitest";
import * as C from "./clock";

const tc = (o: Partial<C.TimeControl> = {}): C.TimeControl => ({ ...C.DEFAULT_TIME_CONTROL, initialMs: 60_000, ...o });

describe("clock", () => {
  it("charges the running player and switches on press", () => {
    let c = C.startClock(tc({ incrementMs: 5_000 }), 2, 0, 1_000);
    c = C.press(c, 11_000, 1);
    expect(C.remaining(c, 0, 11_000)).toBe(60_000 - 10_000 + 5_000);
    expect(C.remaining(c, 1, 21_000)).toBe(50_000);
    expect(C.usedTotals(c, 21_000)).toEqual([10_000, 10_000]);
  });
  it.each([
    [0, 0],
    [1, 10],
    [60_000, 10],
    [61_000, 20],
    [120_000, 20],
    [600_000, 100],
    [900_000, 100], // capped at max overtime
  ])("overtime %i ms costs %i points", (ms, pts) => {
    expect(C.overtimePenalty(tc(), ms)).toBe(pts);
  });
  it("61 s over budget → 20 points", () => {
    const c = C.startClock(tc(), 2, 0, 0);
    const end = C.stop(c, 121_000);
    expect(C.overtimeMs(end, 0, 121_000)).toBe(61_000);
    expect(C.timePenalties(end, 121_000)).toEqual([20, 0]);
  });
  it("flags only beyond the maximum overtime", () => {
    const c = C.startClock(tc({ maxOvertimeMs: 600_000 }), 2, 0, 0);
    expect(C.flagAt(c)).toBe(660_000);
    expect(C.isFlagged(c, 0, 660_000)).toBe(false);
    expect(C.isFlagged(c, 0, 660_001)).toBe(true);
    expect(C.isFlagged(c, 1, 10_000_000)).toBe(false);
  });
  it("pause stops charging, resume restarts", () => {
    let c = C.startClock(tc(), 2, 0, 0);
    c = C.pause(c, 10_000);
    expect(C.remaining(c, 0, 50_000)).toBe(50_000);
    expect(C.flagAt(c)).toBeNull();
    c = C.resume(c, 50_000);
    expect(C.remaining(c, 0, 55_000)).toBe(45_000);
  });
  it("per-move limit: deadline and exceeded, pauses excluded", () => {
    let c = C.startClock(tc({ perMoveLimitMs: 30_000 }), 2, 0, 0);
    expect(C.moveDeadline(c)).toBe(30_000);
    c = C.pause(c, 10_000);
    c = C.resume(c, 100_000);
    expect(C.moveDeadline(c)).toBe(120_000);
    expect(C.moveTimeExceeded(c, 120_000)).toBe(false);
    expect(C.moveTimeExceeded(c, 120_001)).toBe(true);
    c = C.press(c, 110_000, 1);
    expect(C.moveDeadline(c)).toBe(140_000);
  });
  it.each([
    [[10, 20], [5, 0]],
    [[20, 10, 30], [0, 5, 0]],
    [[10, 10], [0, 0]], // tie gains nothing
    [[10, 10, 30], [0, 0, 0]],
  ])("least-time bonus for %j → %j", (used, bonus) => {
    expect(C.leastTimeBonus(tc({ leastTimeBonusPoints: 5 }), used)).toEqual(bonus);
  });
  it("no least-time bonus when it is 0", () => {
    expect(C.leastTimeBonus(tc(), [1, 2])).toEqual([0, 0]);
  });
  it.each([
    [{}, true],
    [{ initialMs: 1000, perMoveLimitMs: null }, true],
    [{ initialMs: -1 }, false],
    [{ initialMs: 0, incrementMs: 0 }, false],
    [{ bogus: 1 }, false],
    [{ perMoveLimitMs: 0 }, false],
    [[], false],
  ])("parseTimeControl(%j) ok=%s", (raw, good) => {
    expect(C.parseTimeControl(raw).ok).toBe(good);
  });
});

describe("move allowance (correspondence: days per move and a bank)", () => {
  const H = 3_600_000;
  const D = 24 * H;
  // 2 days per move + 5 days bank, lost on time once both are spent
  const corr = C.parseTimeControl({ moveAllowanceMs: 2 * D, initialMs: 5 * D, incrementMs: 0, maxOvertimeMs: 0, overtimePenaltyPoints: 0 });
  if (!corr.ok) throw new Error(corr.error);
  const tcc = corr.value;

  it("a turn within the allowance leaves the bank whole; the allowance is refilled every turn", () => {
    let c = C.startClock(tcc, 2, 0, 0);
    expect(C.timeToMove(c, 0, 0)).toBe(7 * D);
    expect(C.timeToMove(c, 0, D + 21 * H)).toBe(5 * D + 3 * H); // "5 days 3 h left to move"
    c = C.press(c, D + 21 * H, 1); // 1 day 21 h: free
    expect(C.remaining(c, 0, D + 21 * H)).toBe(5 * D);
    expect(C.timeToMove(c, 0, D + 21 * H)).toBe(7 * D); // not to move: a whole allowance ahead
    // the opponent takes 3 days: 1 day from the bank
    c = C.press(c, D + 21 * H + 3 * D, 0);
    expect(C.remaining(c, 1, 5 * D)).toBe(4 * D);
    // the unused allowance is not carried over: the next turn again has 2 days, not more
    expect(C.timeToMove(c, 0, D + 21 * H + 3 * D)).toBe(7 * D);
    expect(C.usedTotals(c, D + 21 * H + 3 * D)).toEqual([D + 21 * H, 3 * D]);
  });

  it("loses on time the moment the allowance and the bank are both spent", () => {
    const c = C.startClock(tcc, 2, 0, 1_000);
    expect(C.flagAt(c)).toBe(1_000 + 7 * D);
    expect(C.isFlagged(c, 0, 1_000 + 7 * D)).toBe(false);
    expect(C.isFlagged(c, 0, 1_000 + 7 * D + 1)).toBe(true);
    expect(C.timeToMove(c, 0, 1_000 + 7 * D)).toBe(0);
    // a bank partly used earlier moves the flag forward by as much
    let d = C.press(c, 1_000 + 4 * D, 1); // 2 days free, 2 from the bank
    d = C.press(d, 1_000 + 5 * D, 0);
    expect(C.remaining(d, 0, 1_000 + 5 * D)).toBe(3 * D);
    expect(C.flagAt(d)).toBe(1_000 + 5 * D + 2 * D + 3 * D);
  });

  it("a pause keeps what is left of the turn's allowance; charges in several steps add up", () => {
    let c = C.startClock(tcc, 2, 0, 0);
    c = C.pause(c, D); // a day of the allowance spent
    c = C.resume(c, 10 * D); // the pause costs nothing
    expect(C.timeToMove(c, 0, 10 * D)).toBe(6 * D);
    c = C.charge(c, 11 * D + 12 * H); // 1.5 days more: 12 h past the allowance
    expect(C.remaining(c, 0, 11 * D + 12 * H)).toBe(5 * D - 12 * H);
  });

  it("without an allowance the clock is unchanged (live games)", () => {
    const c = C.press(C.startClock(tc({ moveAllowanceMs: 0 }), 2, 0, 0), 10_000, 1);
    expect(C.remaining(c, 0, 10_000)).toBe(50_000);
    expect(C.timeToMove(c, 1, 10_000)).toBe(60_000);
  });

  it("accepts a clock of allowance only, and refuses a negative allowance", () => {
    expect(C.parseTimeControl({ initialMs: 0, moveAllowanceMs: D }).ok).toBe(true);
    expect(C.parseTimeControl({ moveAllowanceMs: -1 }).ok).toBe(false);
  });
});

describe("describeTimeLeft", () => {
  it.each([
    [2 * 86_400_000 + 3 * 3_600_000 + 59 * 60_000, "2 days 3 h"],
    [86_400_000, "1 day"],
    [5 * 3_600_000 + 20 * 60_000 + 59_000, "5 h 20 min"],
    [3_600_000, "1 h"],
    [12 * 60_000, "12 min"],
    [59_999, "less than a minute"],
    [-5, "less than a minute"],
  ])("%i ms → %s", (ms, text) => {
    expect(C.describeTimeLeft(ms)).toBe(text);
  });
  it("tells a correspondence clock from a live one", () => {
    expect(C.isCorrespondence({ moveAllowanceMs: 86_400_000 })).toBe(true);
    expect(C.isCorrespondence(C.DEFAULT_TIME_CONTROL)).toBe(false);
    expect(C.isCorrespondence(null)).toBe(false);
  });
});
