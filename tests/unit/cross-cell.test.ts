import { describe, expect, it } from "vitest";
import { crossCellMark, crossCellText } from "@/app/tournaments/_components/ui";

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

describe("a cross-table cell's text", () => {
  const cell = { lossReason: null, firstMove: false, opponents: [{ rank: 1 }, { rank: 3 }, { rank: 4 }] };
  it("a pod's result is a placing with the top score (the winner: the next best), not a loss", () => {
    expect(crossCellText({ ...cell, kind: "loss", own: 290, against: 310, place: 2 })).toBe("2nd of 4 290 (top 310)");
    expect(crossCellText({ ...cell, kind: "win", own: 310, against: 290, place: 1 })).toBe("1st of 4 310 (next 290)");
    expect(crossCellText({ ...cell, opponents: [{ rank: 1 }, { rank: 2 }], kind: "loss", own: 200, against: 310, place: 3 })).toBe("3rd of 3 200 (top 310)");
  });
  it("a game without a result, pod or not, reads as not yet played", () => {
    expect(crossCellText({ ...cell, kind: "pending", own: null, against: null, place: null })).toBe("not yet played");
    expect(crossCellText({ ...cell, opponents: [{ rank: 4 }], kind: "pending", own: null, against: null, place: null })).toBe("not yet played");
  });
  it("a head-to-head game keeps result, score, opponent's rank and first move", () => {
    expect(crossCellText({ ...cell, opponents: [{ rank: 3 }], firstMove: true, kind: "win", own: 412, against: 380, place: null })).toBe("W 412–380 #3*");
  });
});
