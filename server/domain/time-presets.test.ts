import { describe, expect, it } from "vitest";
import { parseTimeControl, RULESET_IDS } from "@/engine";
import { describeTimeControl, presetTimeControl, TIME_PRESETS } from "./time-presets";

describe("time presets", () => {
  it("every game has blitz, rapid and classic, each a clock the engine accepts, shortest first", () => {
    for (const r of RULESET_IDS) {
      const clocks = TIME_PRESETS.map((p) => presetTimeControl(r, p));
      for (const c of clocks) expect(parseTimeControl(c).ok, `${r}`).toBe(true);
      expect(clocks[0]!.initialMs).toBeLessThan(clocks[1]!.initialMs);
      expect(clocks[1]!.initialMs).toBeLessThan(clocks[2]!.initialMs);
    }
  });
  it("describes a clock in plain words", () => {
    expect(describeTimeControl({ initialMs: 300_000, incrementMs: 3_000 })).toBe("5 min + 3 s");
    expect(describeTimeControl({ initialMs: 1_500_000, incrementMs: 0 })).toBe("25 min");
  });
});
