import { describe, expect, it } from "vitest";
import { crossCellMark } from "@/app/tournaments/_components/ui";

describe("a cross-table cell's mark", () => {
  it("names why a game was lost whatever the scores, for both players", () => {
    expect(crossCellMark({ kind: "forfeit-loss", lossReason: "timeout" })).toBe("L (time)");
    expect(crossCellMark({ kind: "forfeit-win", lossReason: "timeout" })).toBe("W (time)");
    expect(crossCellMark({ kind: "forfeit-loss", lossReason: "forfeit" })).toBe("L (ff)");
    expect(crossCellMark({ kind: "forfeit-win", lossReason: "no-show" })).toBe("W (no-show)");
  });
  it("plain results and byes stay one letter", () => {
    expect(crossCellMark({ kind: "win", lossReason: null })).toBe("W");
    expect(crossCellMark({ kind: "tie", lossReason: null })).toBe("T");
    expect(crossCellMark({ kind: "bye", lossReason: null })).toBe("B");
    expect(crossCellMark({ kind: "none", lossReason: null })).toBe("");
  });
});
