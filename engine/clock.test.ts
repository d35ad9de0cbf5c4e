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
