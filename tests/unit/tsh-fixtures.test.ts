import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseTsh, tshRounds, writeTsh, type TshFile } from "@/server/domain";

// The hand-written files in tests/fixtures/tsh/ (the property tests are beside server/domain/tsh.ts).
const fixture = (name: string) => readFileSync(`tests/fixtures/tsh/${name}`, "utf8");
const parsed = (text: string): TshFile => {
  const r = parseTsh(text);
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join("\n"));
  return r.file;
};
const body = (f: TshFile) => f.players.map(({ line: _line, ...p }) => p);

describe("TSH fixtures", () => {
  it("reads names, ratings, pairings, scores and fields", () => {
    const f = parsed(fixture("club-swiss.t"));
    expect(f.players).toHaveLength(6);
    expect(f.players[0]).toEqual({ line: 2, name: "Lee, Ann", rating: 1712, opponents: [4, 3, 2, 6], scores: [412, 388, 455], fields: [["p12", "1 2 1 2"]] });
    expect(f.players[4]!.line).toBe(7); // the blank line and the comment are not players
    expect(f.players[5]!.fields).toEqual([["p12", "2 2 2 1"], ["class", "B"]]);
    expect(f.players[5]!.rating).toBe(0);
  });

  it("turns lines into rounds: boards first mover first, byes with their spread", () => {
    const rounds = tshRounds(parsed(fixture("club-swiss.t")));
    expect(rounds.map((r) => r.complete)).toEqual([true, true, true, false]);
    expect(rounds[1]!.boards).toContainEqual({ players: [3, 1], scores: [391, 388] }); // Carla moved first
    expect(rounds[3]!.boards).toContainEqual({ players: [6, 1], scores: null });
    const byes = tshRounds(parsed(fixture("byes.t")));
    expect(byes[1]!.byes).toEqual([{ player: 1, spread: 50 }]);
    expect(byes[2]!.byes).toEqual([{ player: 2, spread: -50 }]);
  });

  it("answers every fault with its line, never a throw", () => {
    const r = parseTsh(fixture("bad.t"));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems.map((p) => p.line)).toEqual([2, 4]);
    expect(r.problems[0]!.message).toMatch(/^Line 2: "x3" is not a player number/);
    expect(r.problems[1]!.message).toMatch(/^Line 4: the line starts with a number/);
  });

  it("writes the fixtures back to the same data", () => {
    for (const name of ["club-swiss.t", "byes.t"]) {
      const f = parsed(fixture(name));
      expect(body(parsed(writeTsh(f)))).toEqual(body(f));
    }
  });

});
