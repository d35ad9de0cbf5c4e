import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { applyEvent, closingEvents, replay, toMove, type GameEvent, type GameState, type StartEvent } from "./index";
import { randomGame } from "./random-game";
import { must, startEvent as start } from "./testing";
import { coreFace, type GameChallengeRule } from "../challenge";
import { isBagFace } from "../bag";
import type { Placement } from "../play";

const A = "alice";
const B = "bob";

function refuse(s: GameState | null, e: GameEvent): string {
  const r = applyEvent(s, e);
  if (r.ok) throw new Error("accepted");
  return r.error.code;
}
/** Test surgery: give a player a known rack (optionally empty the bag). */
function rig(s: GameState, racks: Record<number, string[]>, emptyBag = false): GameState {
  const racksN = s.racks.map((r, i) => racks[i] ?? r);
  return { ...s, racks: racksN, bag: emptyBag ? { ...s.bag, tiles: [] } : s.bag };
}
const at = (row: number, col: number, tile: string, blank?: boolean): Placement => (blank ? { row, col, tile, blank } : { row, col, tile });
const threeEqThree = [at(9, 8, "3"), at(9, 9, "="), at(9, 10, "3")];
const threeEqFour = [at(9, 8, "3"), at(9, 9, "="), at(9, 10, "4")];

describe("start", () => {
  it("deals racks from a seeded bag", () => {
    const s = must(null, start());
    expect(s.racks.map((r) => r.length)).toEqual([9, 9]);
    expect(s.bag.tiles.length).toBe(150 - 18);
    expect(s.racks.flat()).not.toContain("=");
    expect(must(null, start())).toEqual(s);
    expect(s.options).toEqual({ challengeRule: "retry", challengeMode: false, maxScorelessTurns: null });
  });
  it.each([
    [{ players: [{ id: A }] }, "BAD_START"],
    [{ players: [{ id: A }, { id: A }] }, "BAD_START"],
    [{ players: [{ id: "a b" }, { id: B }] }, "BAD_START"],
    [{ players: [1, 2, 3, 4, 5].map((i) => ({ id: `p${i}` })) }, "BAD_START"],
    [{ seed: "" }, "BAD_START"],
    [{ ruleset: "chess" }, "BAD_START"],
    [{ options: { valueBonus: "log2" } }, "BAD_START"],
    [{ challengeRule: "triple" }, "BAD_START"],
    [{ timeControl: { initialMs: -5 } }, "BAD_START"],
  ] as Array<[Partial<StartEvent>, string]>)("refuses %j", (o, code) => {
    expect(refuse(null, start(o))).toBe(code);
  });
  it("needs start first, once", () => {
    expect(refuse(null, { type: "pass", at: 0, player: A })).toBe("NOT_STARTED");
    expect(refuse(must(null, start()), start())).toBe("ALREADY_STARTED");
  });
});

describe("turns", () => {
  const s0 = rig(must(null, start()), { 0: ["3", "3", "4", "+", "1", "2", "5", "6", "7"] });
  it("a valid play scores, draws and passes the turn", () => {
    const s = must(s0, { type: "play", at: 10, player: A, placements: threeEqThree });
    expect(s.scores).toEqual([4, 0]); // (1 + 0 + 1) × 2E
    expect(s.racks[0].length).toBe(9);
    expect(s.bag.tiles.length).toBe(s0.bag.tiles.length - 2);
    expect(s.turn).toBe(1);
    expect(s.board.map((t) => t.tile)).toEqual(["3", "=", "3"]);
    expect(s.pending).toBeNull(); // no challenges by default
    expect(s0.board).toEqual([]); // not mutated
  });
  it.each([
    ["invalid arithmetic", { type: "play", at: 10, player: A, placements: threeEqFour }, "INVALID_PLAY"],
    ["not the player's turn", { type: "play", at: 10, player: B, placements: threeEqThree }, "NOT_YOUR_TURN"],
    ["unknown player", { type: "pass", at: 10, player: "carol" }, "UNKNOWN_PLAYER"],
    ["time travel", { type: "pass", at: -1, player: A }, "BAD_EVENT"],
    ["bad placements", { type: "play", at: 10, player: A, placements: "3=3" }, "BAD_EVENT"],
    ["tiles not on rack", { type: "play", at: 10, player: A, placements: [at(9, 9, "9")] }, "INVALID_PLAY"],
    ["exchange not on rack", { type: "exchange", at: 10, player: A, tiles: ["9", "9"] }, "NOT_IN_RACK"],
    ["empty exchange", { type: "exchange", at: 10, player: A, tiles: [] }, "BAD_EVENT"],
    ["challenge, none open", { type: "challenge", at: 10, challenger: B }, "CHALLENGE_NOT_ALLOWED"],
    ["end while playing", { type: "end", at: 10 }, "NOT_FINISHED"],
    ["timeout untimed", { type: "timeout", at: 10, player: A }, "NO_CLOCK"],
    ["resume not paused", { type: "resume", at: 10 }, "NOT_PAUSED"],
    ["unknown type", { type: "castle", at: 10 }, "BAD_EVENT"],
  ] as Array<[string, GameEvent, string]>)("refuses %s", (_n, e, code) => {
    expect(refuse(s0, e)).toBe(code);
  });
  it("INVALID_PLAY carries the ruling", () => {
    const r = applyEvent(s0, { type: "play", at: 10, player: A, placements: threeEqFour });
    expect(!r.ok && r.error.ruling?.violations[0].code).toBe("NOT_EQUAL");
  });
  it("refuses events before the previous one", () => {
    const s = must(s0, { type: "pass", at: 100, player: A });
    expect(refuse(s, { type: "pass", at: 99, player: B })).toBe("TIME_TRAVEL");
  });
  it("exchange keeps the rack size and the bag count", () => {
    const s = must(s0, { type: "exchange", at: 10, player: A, tiles: ["3", "3", "4"] });
    expect(s.racks[0].length).toBe(9);
    expect(s.bag.tiles.length).toBe(s0.bag.tiles.length);
    expect(s.scorelessTurns).toBe(1);
    expect(s.turn).toBe(1);
  });
  it("exchange needs enough tiles in the bag (option)", () => {
    const small = { ...s0, bag: { ...s0.bag, tiles: s0.bag.tiles.slice(0, 2) } };
    expect(refuse(small, { type: "exchange", at: 10, player: A, tiles: ["3", "3", "4"] })).toBe("BAG_TOO_SMALL");
    expect(applyEvent(small, { type: "exchange", at: 10, player: A, tiles: ["3", "3"] }).ok).toBe(true);
    const ns = must(null, start({ ruleset: "number-scrabble" }));
    const nsSmall = { ...ns, bag: { ...ns.bag, tiles: ns.bag.tiles.slice(0, 8) } };
    expect(refuse(nsSmall, { type: "exchange", at: 10, player: A, tiles: [ns.racks[0][0]] })).toBe("BAG_TOO_SMALL");
  });
  it("a blank keeps its face on the board", () => {
    const s1 = rig(s0, { 0: ["3", "?", "1", "2", "4", "5", "6", "7", "8"] });
    const s = must(s1, { type: "play", at: 10, player: A, placements: [at(9, 8, "3"), at(9, 9, "="), at(9, 10, "3", true)] });
    expect(s.board[2]).toMatchObject({ tile: "3", blank: true });
    expect(s.scores[0]).toBe(2);
  });
});

describe("end of game", () => {
  it("all players pass in succession → each loses own rack points; then closing and end", () => {
    let s = rig(must(null, start()), { 0: ["9", "÷"], 1: ["1"] });
    s = must(s, { type: "pass", at: 1, player: A });
    expect(s.phase).toBe("playing");
    s = must(s, { type: "pass", at: 2, player: B });
    expect(s.phase).toBe("finishing");
    expect(s.end).toMatchObject({ reason: "passes", rackSettlement: [-7, -1] });
    expect(s.scores).toEqual([-7, -1]);
    expect(refuse(s, { type: "pass", at: 3, player: A })).toBe("GAME_OVER");
    const close = closingEvents(s, 5);
    expect(close).toEqual([{ type: "end", at: 5 }]);
    s = must(s, close[0]);
    expect(s.phase).toBe("over");
    expect(s.end!.winners).toEqual([1]);
    expect(refuse(s, { type: "end", at: 6 })).toBe("GAME_OVER");
  });
  it("an exchange breaks a run of passes", () => {
    let s = must(null, start());
    s = must(s, { type: "pass", at: 1, player: A });
    s = must(s, { type: "exchange", at: 2, player: B, tiles: [s.racks[1][0]] });
    s = must(s, { type: "pass", at: 3, player: A });
    expect(s.phase).toBe("playing");
  });
  it.each([
    ["transfer", "equate", {}, [4 + 4, -4]],
    ["deduct", "equate", { endSettlement: "deduct" }, [4, -4]],
    ["digit-faces", "number-scrabble", { endSettlement: "digit-faces" }, [0, 0]],
  ] as const)("going out with the bag empty: %s", (_n, ruleset, options, scores) => {
    let s = must(null, start({ ruleset, options }));
    if (ruleset === "equate") {
      s = rig(s, { 0: ["3", "3"], 1: ["9", "7"] }, true);
      s = must(s, { type: "play", at: 1, player: A, placements: threeEqThree });
      expect(s.end).toMatchObject({ reason: "out", player: 0 });
      expect(s.scores).toEqual(scores);
    } else {
      // Number Scrabble: 1=1 on the centre star; bob holds 7 and 2 (4 points... 1 each)
      s = rig(s, { 0: ["1", "=", "1"], 1: ["7", "2", "+"] }, true);
      s = must(s, { type: "play", at: 1, player: A, placements: [at(7, 6, "1"), at(7, 7, "="), at(7, 8, "1")] });
      const base = s.scores[0] - 9;
      expect(s.end).toMatchObject({ reason: "out", rackSettlement: [9, -3] });
      expect(base).toBeGreaterThanOrEqual(0);
    }
  });
  it("resign: the others win", () => {
    let s = must(null, start({ players: [{ id: A }, { id: B }, { id: "carol" }] }));
    s = must(s, { type: "resign", at: 5, player: B });
    s = must(s, closingEvents(s)[0]);
    expect(s.end).toMatchObject({ reason: "resign", player: 1, winners: [0, 2] });
  });
  it("director-end: the game stops where it is, no settlement, no time events, no winner on the board", () => {
    let s = must(null, start({ timeControl: { initialMs: 60_000, leastTimeBonusPoints: 10 } }));
    s = rig(s, { 0: ["3", "=", "3", "1", "2", "4", "5", "6", "7"] });
    s = must(s, { type: "play", at: 1_000, player: A, placements: threeEqThree });
    // B is on move and deep in overtime: still no time penalty, and the open play is not settled
    s = must(s, { type: "director-end", at: 200_000 });
    expect(s.phase).toBe("finishing");
    expect(s.clock?.running).toBeNull();
    expect(s.end).toMatchObject({ reason: "director", player: null, rackSettlement: [0, 0] });
    expect(closingEvents(s)).toEqual([{ type: "end", at: 200_000 }]);
    const scores = s.scores.slice();
    s = must(s, closingEvents(s)[0]);
    expect(s).toMatchObject({ phase: "over", scores, end: { reason: "director", winners: [] } });
    expect(refuse(s, { type: "director-end", at: 200_001 })).toBe("GAME_OVER");
  });
  it("director-end also while paused; not once the game is decided", () => {
    let s = must(null, start());
    s = must(s, { type: "pause", at: 5 });
    expect(must(s, { type: "director-end", at: 6 }).end?.reason).toBe("director");
    s = must(s, { type: "resign", at: 7, player: A });
    expect(refuse(s, { type: "director-end", at: 8 })).toBe("GAME_OVER");
  });
  it("maxScorelessTurns ends the game", () => {
    let s = must(null, start({ maxScorelessTurns: 3 }));
    s = must(s, { type: "exchange", at: 1, player: A, tiles: [s.racks[0][0]] });
    s = must(s, { type: "exchange", at: 2, player: B, tiles: [s.racks[1][0]] });
    s = must(s, { type: "exchange", at: 3, player: A, tiles: [s.racks[0][0]] });
    expect(s.end?.reason).toBe("scoreless");
  });
});

describe("challenges", () => {
  const base = (rule: GameChallengeRule, mode = true) =>
    rig(must(null, start({ challengeRule: rule, challengeMode: mode })), { 0: ["3", "3", "4", "+", "1", "2", "5", "6", "7"] });
  const phony = (s: GameState) => must(s, { type: "play", at: 10, player: A, placements: threeEqFour });
  const valid = (s: GameState) => must(s, { type: "play", at: 10, player: A, placements: threeEqThree });
  const ch = (s: GameState) => must(s, { type: "challenge", at: 20, challenger: B });

  it("void: invalid plays are refused and challenges are off", () => {
    const s = base("void");
    expect(refuse(s, { type: "play", at: 10, player: A, placements: threeEqFour })).toBe("INVALID_PLAY");
    expect(refuse(valid(s), { type: "challenge", at: 20, challenger: B })).toBe("CHALLENGE_NOT_ALLOWED");
  });
  it("without challengeMode an invalid play is refused whatever the rule", () => {
    expect(refuse(base("single", false), { type: "play", at: 10, player: A, placements: threeEqFour })).toBe("INVALID_PLAY");
  });
  it("placement faults are refused even in challenge mode", () => {
    expect(refuse(base("single"), { type: "play", at: 10, player: A, placements: [at(0, 0, "3")] })).toBe("INVALID_PLAY");
  });
  it("a phony stands and scores until challenged", () => {
    const s = phony(base("single"));
    expect(s.scores[0]).toBe(4); // (1 + 0 + 1) × 2 as if true
    expect(s.pending).toMatchObject({ player: 0, valid: false });
    expect(s.turn).toBe(1);
  });
  it.each([
    ["retry", 0, 0],
    ["single", 1, 0],
    ["double", 1, 0],
    ["5-point", 1, 0],
  ] as const)("%s: a successful challenge takes the play off (turn → %i)", (rule, turn, _unused) => {
    const s0 = base(rule);
    const s = ch(phony(s0));
    expect(s.board).toEqual([]);
    expect(s.scores).toEqual([0, 0]);
    expect(s.racks[0]).toEqual(s0.racks[0]);
    expect(s.bag.tiles.slice().sort()).toEqual(s0.bag.tiles.slice().sort());
    expect(s.turn).toBe(turn);
    expect(s.pending).toBeNull();
  });
  it.each([
    ["retry", 1, 4],
    ["single", 1, 4],
    ["double", 0, 4],
    ["5-point", 1, 9],
    ["10-point", 1, 14],
  ] as const)("%s: a failed challenge → turn %i, score %i", (rule, turn, score) => {
    const s = ch(valid(base(rule)));
    expect(s.board.length).toBe(3);
    expect(s.turn).toBe(turn);
    expect(s.scores[0]).toBe(score);
    expect(s.pending).toBeNull();
  });
  it("the window closes when the next player acts", () => {
    const s = must(phony(base("single")), { type: "pass", at: 20, player: B });
    expect(s.pending).toBeNull();
    expect(refuse(s, { type: "challenge", at: 30, challenger: B })).toBe("NO_PLAY_TO_CHALLENGE");
  });
  it("no challenging one's own play", () => {
    expect(refuse(valid(base("single")), { type: "challenge", at: 20, challenger: A })).toBe("CANNOT_CHALLENGE_OWN_PLAY");
  });
  it("going out waits for the final pass or a challenge", () => {
    const s0 = rig(must(null, start({ challengeMode: true, challengeRule: "single" })), { 0: ["3", "3"], 1: ["9"] }, true);
    const s = must(s0, { type: "play", at: 1, player: A, placements: threeEqThree });
    expect(s.phase).toBe("playing");
    expect(s.pending?.goesOut).toBe(true);
    expect(refuse(s, { type: "exchange", at: 2, player: B, tiles: ["9"] })).toBe("FINAL_PASS_REQUIRED");
    expect(toMove(s)).toMatchObject({ player: 1, canPlay: false, challengers: [1] });
    const passed = must(s, { type: "pass", at: 2, player: B });
    expect(passed.end).toMatchObject({ reason: "out", player: 0, rackSettlement: [2, -2] });
    const challenged = must(s, { type: "challenge", at: 2, challenger: B });
    expect(challenged.end?.reason).toBe("out");
    // a phony going out is taken back: the game goes on
    const ph = must(rig(s0, { 0: ["3", "4"] }, true), { type: "play", at: 1, player: A, placements: threeEqFour });
    expect(ph.pending).toMatchObject({ valid: false, goesOut: true });
    const back = must(ph, { type: "challenge", at: 2, challenger: B });
    expect(back.phase).toBe("playing");
    expect(back.racks[0]).toEqual(["3", "4"]);
  });
});

describe("clock in the game", () => {
  const tc = { initialMs: 60_000, maxOvertimeMs: 120_000, leastTimeBonusPoints: 10 };
  it("penalties and least-time bonus are due at the end, then end", () => {
    let s = rig(must(null, start({ timeControl: tc })), { 0: ["1"], 1: ["2"] });
    s = must(s, { type: "pass", at: 121_000, player: A }); // alice: 61 s overtime
    s = must(s, { type: "pass", at: 131_000, player: B });
    expect(s.phase).toBe("finishing");
    const close = closingEvents(s);
    expect(close).toEqual([
      { type: "time-penalty", at: 131_000, player: A, points: 20, overtimeMs: 61_000 },
      { type: "time-bonus", at: 131_000, player: B, points: 10 },
      { type: "end", at: 131_000 },
    ]);
    expect(refuse(s, { type: "end", at: 131_000 })).toBe("CLOSING_INCOMPLETE");
    expect(refuse(s, { ...close[0], points: 10 } as GameEvent)).toBe("WRONG_TIME_EVENT");
    for (const e of close) s = must(s, e);
    expect(s.scores).toEqual([-1 - 20, -1 + 10]);
    expect(s.end!.winners).toEqual([1]);
  });
  it("a tie for least time gains nothing", () => {
    let s = must(null, start({ timeControl: tc }));
    s = must(s, { type: "pass", at: 1000, player: A });
    s = must(s, { type: "pass", at: 2000, player: B });
    expect(closingEvents(s)).toEqual([{ type: "end", at: 2000 }]);
  });
  it("past the maximum overtime: moves refused, timeout loses and charges the maximum", () => {
    const s = must(null, start({ timeControl: tc }));
    expect(refuse(s, { type: "timeout", at: 180_000, player: A })).toBe("NOT_FLAGGED");
    expect(refuse(s, { type: "pass", at: 180_001, player: A })).toBe("TIME_EXPIRED");
    let t = must(s, { type: "timeout", at: 180_001, player: A });
    expect(closingEvents(t)[0]).toMatchObject({ type: "time-penalty", player: A, points: 20, overtimeMs: 120_000 });
    for (const e of closingEvents(t)) t = must(t, e);
    expect(t.end).toMatchObject({ reason: "timeout", winners: [1] });
  });
  it("pause stops the clock; moves wait for resume", () => {
    let s = must(null, start({ timeControl: tc }));
    s = must(s, { type: "pause", at: 10_000 });
    expect(refuse(s, { type: "pass", at: 500_000, player: A })).toBe("PAUSED");
    s = must(s, { type: "resume", at: 500_000 });
    s = must(s, { type: "pass", at: 505_000, player: A });
    expect(s.clock!.used).toEqual([15_000, 0]);
  });
  it("per-move limit: late moves refused, a forfeit pass accepted", () => {
    const s = must(null, start({ timeControl: { ...tc, perMoveLimitMs: 30_000 } }));
    expect(refuse(s, { type: "exchange", at: 30_001, player: A, tiles: [s.racks[0][0]] })).toBe("MOVE_TIME_EXCEEDED");
    expect(must(s, { type: "pass", at: 30_001, player: A, forfeit: true }).turn).toBe(1);
  });
});

describe("replay", () => {
  it("returns the valid prefix and the first error", () => {
    const evs: GameEvent[] = [start(), { type: "pass", at: 1, player: A }, { type: "pass", at: 2, player: A }, { type: "pass", at: 3, player: B }];
    const r = replay(evs);
    expect(r.validPrefix).toBe(2);
    expect(r.error).toMatchObject({ index: 2, code: "NOT_YOUR_TURN" });
    expect(r.state!.turn).toBe(1);
  });
  it("random games replay to the same state (all rulesets, challenge modes, clocks)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("equate", "smath", "number-scrabble"),
        fc.constantFrom<GameChallengeRule>("void", "retry", "single", "double", "5-point"),
        fc.boolean(),
        fc.integer({ min: 2, max: 4 }),
        fc.string({ minLength: 1, maxLength: 8 }),
        (ruleset, rule, timed, n, seed) => {
          const players = Array.from({ length: n }, (_, i) => ({ id: `p${i}` }));
          const st = start({ ruleset, players, seed: `s${seed}`, challengeRule: rule, challengeMode: true, timeControl: timed ? { initialMs: 600_000, leastTimeBonusPoints: 5 } : undefined });
          const g = randomGame(st, seed, { maxEvents: 120, tries: 15 });
          const r = replay(g.events);
          expect(r.error).toBeUndefined();
          expect(r.validPrefix).toBe(g.events.length);
          expect(r.state).toEqual(g.state);
          const onBoard = g.state.board.filter((t) => t.blank || isBagFace(g.state.ruleset, coreFace(g.state.ruleset, t.tile))).length;
          const tiles = onBoard + g.state.racks.flat().length + g.state.bag.tiles.length;
          expect(tiles).toBe(must(null, st).bag.tiles.length + n * must(null, st).ruleset.rackSize);
        },
      ),
      { numRuns: 25 },
    );
  });
  it("random event sequences never throw", () => {
    const arbEvent = fc.oneof(
      fc.record({ type: fc.constantFrom("pass", "resign", "timeout"), at: fc.integer({ min: -5, max: 1e6 }), player: fc.constantFrom(A, B, "x") }),
      fc.record({ type: fc.constant("challenge"), at: fc.nat(1e6), challenger: fc.constantFrom(A, B) }),
      fc.record({ type: fc.constant("exchange"), at: fc.nat(1e6), player: fc.constantFrom(A, B), tiles: fc.array(fc.constantFrom("1", "2", "?", "=", "+")) }),
      fc.record({
        type: fc.constant("play"),
        at: fc.nat(1e6),
        player: fc.constantFrom(A, B),
        placements: fc.array(fc.record({ row: fc.integer({ min: -1, max: 20 }), col: fc.integer({ min: -1, max: 20 }), tile: fc.constantFrom("1", "2", "3", "=", "+", "×", "?", "zz"), blank: fc.boolean() }), { maxLength: 4 }),
      }),
      fc.record({ type: fc.constantFrom("pause", "resume", "end", "bogus"), at: fc.nat(1e6) }),
      fc.record({ type: fc.constantFrom("time-penalty", "time-bonus"), at: fc.nat(1e6), player: fc.constantFrom(A, B), points: fc.integer(), overtimeMs: fc.integer() }),
      fc.anything(),
    );
    fc.assert(
      fc.property(fc.boolean(), fc.array(arbEvent, { maxLength: 30 }), (cm, evs) => {
        const r = replay([start({ challengeMode: cm, challengeRule: "double", timeControl: { initialMs: 1000 } }), ...(evs as GameEvent[])]);
        expect(r.validPrefix).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 300 },
    );
  });
});
