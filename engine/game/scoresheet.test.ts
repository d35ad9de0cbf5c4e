/**
 * The scoresheet lines (`describeEvent`, `lineText`) and the events a server owes at a moment
 * (`nextDueEvent`), which moved here from the match service so the engine owns the game's words
 * and its due-time rule.
 */
import { describe as group, expect, it } from "vitest";
import { nextDueEvent, type GameEvent, type GameState } from "./index";
import { describeEvent as describe, lineText } from "./scoresheet";
import { must, startEvent as start } from "./testing";


/** Test surgery: alice holds 3 = 3 4. */
const rigged = (s: GameState): GameState => ({ ...s, racks: [["3", "=", "3", "4"], s.racks[1]] });

group("scoresheet lines", () => {
  it("names a play's line by its first square and direction, like J10 across", () => {
    const s0 = rigged(must(null, start()));
    const play: GameEvent = { type: "play", at: 1, player: "alice", placements: [{ row: 9, col: 8, tile: "3" }, { row: 9, col: 9, tile: "=" }, { row: 9, col: 10, tile: "3" }] };
    const s1 = must(s0, play);
    const line = describe(s0, s1, play);
    expect(line.text).toBe("3=3 at I10 across");
    expect(line.seat).toBe(0);
    expect(line.points).toBe(s1.scores[0]);
    expect(line.placements).toHaveLength(3);
    expect(lineText(s1, { row: 9, col: 10 }, "across")).toBe("3=3 at I10 across");
    expect(lineText(s1, { row: 9, col: 9 }, "down")).toBe("= at J10 down");
  });

  it("prints a mixed numeral with its space: 46 1/4, never 461/4", () => {
    // alice holds 4 6 1/4 = 1 8 5 ÷ 4: 46 1/4=185÷4 across J10
    const s0 = { ...must(null, start()), racks: [["4", "6", "1/4", "=", "1", "8", "5", "÷", "4"], ["1"]] } as GameState;
    const faces = ["4", "6", "1/4", "=", "1", "8", "5", "÷", "4"];
    const play: GameEvent = { type: "play", at: 1, player: "alice", placements: faces.map((tile, i) => ({ row: 9, col: 5 + i, tile })) };
    const s1 = must(s0, play);
    expect(describe(s0, s1, play).text).toBe("46 1/4=185÷4 at F10 across");
  });

  it("says how many tiles an exchange sent back, never which", () => {
    const s0 = rigged(must(null, start()));
    const ex: GameEvent = { type: "exchange", at: 1, player: "alice", tiles: ["3", "4"] };
    const line = describe(s0, must(s0, ex), ex);
    expect(line).toEqual({ seat: 0, text: "exchanged 2 tiles", points: 0 });
  });

  it("the start names the players", () => {
    const e = start();
    expect(describe(null, must(null, e), e).text).toBe("game started: Alice, bob");
  });
});

group("nextDueEvent", () => {
  it("owes nothing in an untimed game or before any limit", () => {
    expect(nextDueEvent(must(null, start()), 10 ** 9)).toBeNull();
    const timed = must(null, start({ timeControl: { initialMs: 60_000, maxOvertimeMs: 10_000 } }));
    expect(nextDueEvent(timed, 70_000)).toBeNull();
  });

  it("a timeout once the player on move passed the maximum overtime, stamped when it fell due", () => {
    const s = must(null, start({ timeControl: { initialMs: 60_000, maxOvertimeMs: 10_000 } }));
    expect(nextDueEvent(s, 70_001)).toEqual({ type: "timeout", at: 70_001, player: "alice" });
    expect(nextDueEvent(s, 500_000)).toEqual({ type: "timeout", at: 70_001, player: "alice" });
  });

  it("a forfeit pass when the per-move limit ran out first", () => {
    const s = must(null, start({ timeControl: { initialMs: 60_000, perMoveLimitMs: 30_000 } }));
    expect(nextDueEvent(s, 30_000)).toBeNull();
    expect(nextDueEvent(s, 45_000)).toEqual({ type: "pass", at: 30_000, player: "alice", forfeit: true });
  });

  it("once decided, the closing events one by one, then nothing", () => {
    let s = must(null, start({ timeControl: { initialMs: 60_000 } }));
    s = must(s, { type: "resign", at: 5, player: "alice" });
    expect(s.phase).toBe("finishing");
    const e = nextDueEvent(s, 1000);
    expect(e).toEqual({ type: "end", at: 5 });
    s = must(s, e!);
    expect(nextDueEvent(s, 2000)).toBeNull();
  });
});
