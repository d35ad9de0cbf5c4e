import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseTsh, tshRounds, writeTsh, type TshFile, type TshPlayer } from "./tsh";

const parsed = (text: string): TshFile => {
  const r = parseTsh(text);
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join("\n"));
  return r.file;
};
/** Players without their line numbers (a written file has no comments or blank lines). */
const body = (f: TshFile) => f.players.map(({ line: _line, ...p }) => p);

describe("parseTsh", () => {
  it("reads p12 for who moved first, and a bye's score as its spread", () => {
    const [r1, r2] = tshRounds(parsed("Ann 1500 2 0 ; 400 -50 ; p12 2 0\nBo 1500 1 0 ; 380 ; p12 1 0\n"));
    expect(r1).toEqual({ number: 1, boards: [{ players: [2, 1], scores: [380, 400] }], byes: [], complete: true });
    expect(r2).toEqual({ number: 2, boards: [], byes: [{ player: 1, spread: -50 }, { player: 2, spread: null }], complete: false });
  });

  it("checks that pairings agree both ways", () => {
    const r = parseTsh("Ann 1500 2 ; 400\nBo 1500 3 ; 300\nCy 1500 2 ; 350\n");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]).toEqual({ line: 1, message: expect.stringMatching(/^Line 1, round 1: "Ann" meets player 2 \("Bo"\), but that player's line \(line 2\) has player 3/) });
    const half = parseTsh("Ann 1500 2 ; 400\nBo 1500 1 ;\n");
    expect(!half.ok && half.problems[0]!.message).toMatch(/only one of "Ann" and "Bo" has a score/);
    expect(parseTsh("").ok).toBe(false);
    expect(parseTsh("Ann 1500 5 ; 300").ok).toBe(false);
    expect(parseTsh("Ann 1500 0 ; 300 400").ok).toBe(false);
    const long = parseTsh(`Ann 1500 ${"x".repeat(5000)} ; 1`);
    expect(!long.ok && long.problems[0]!.message.length).toBeLessThan(200);
  });

  it("keeps real files' quirks: empty fields, names without commas", () => {
    const f = parsed("Banuljith Dasnaka        100 ; ; ; p12 \nM.R.F.RIFNA              100 ; ; ; p12 \n");
    expect(f.players[1]).toMatchObject({ name: "M.R.F.RIFNA", rating: 100, opponents: [], scores: [], fields: [["p12", ""]] });
    expect(body(parsed(writeTsh(f)))).toEqual(body(f));
  });
});

describe("writeTsh", () => {
  it("keeps names that would read as a rating or a comment", () => {
    const f: TshFile = { players: [{ line: 1, name: "#1 Fan 2000", rating: 1500, opponents: [], scores: [], fields: [] }] };
    expect(parsed(writeTsh(f)).players[0]!.name).toBe("(#1) Fan (2000)");
  });

  // A random division: each round a random matching with at most one bye, scores for the first k rounds.
  const division = fc
    .record({
      n: fc.integer({ min: 1, max: 9 }),
      rounds: fc.integer({ min: 0, max: 6 }),
      played: fc.integer({ min: 0, max: 6 }),
      seed: fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 200, maxLength: 200 }),
      names: fc.array(fc.array(fc.stringMatching(/^[A-Za-z][A-Za-z.,'-]{0,8}$/), { minLength: 1, maxLength: 3 }), { minLength: 9, maxLength: 9 }),
    })
    .map(({ n, rounds, played, seed, names }) => {
      let k = 0;
      const next = () => seed[k++ % seed.length]!;
      const players: TshPlayer[] = Array.from({ length: n }, (_, i) => ({ line: i + 1, name: names[i]!.join(" "), rating: next() % 2200, opponents: [], scores: [], fields: [] }));
      const p12: string[][] = players.map(() => []);
      for (let r = 0; r < rounds; r++) {
        const order = players.map((_, i) => i).sort((a, b) => (next() % 3) - 1 || a - b);
        for (let j = 0; j < order.length; j += 2) {
          const a = order[j]!;
          const b = order[j + 1];
          const scored = r < played;
          if (b === undefined) {
            players[a]!.opponents.push(0);
            if (scored) players[a]!.scores.push([50, 0, -50][next() % 3]!);
            p12[a]!.push("0");
          } else {
            players[a]!.opponents.push(b + 1);
            players[b]!.opponents.push(a + 1);
            if (scored) {
              players[a]!.scores.push(next() % 600);
              players[b]!.scores.push(next() % 600);
            }
            p12[a]!.push("1");
            p12[b]!.push("2");
          }
        }
      }
      if (rounds) players.forEach((p, i) => p.fields.push(["p12", p12[i]!.join(" ")]));
      return { players };
    });

  it("round-trips any division: parse(write(file)) equals file", () => {
    fc.assert(
      fc.property(division, (f) => {
        const back = parseTsh(writeTsh(f));
        expect(back.ok).toBe(true);
        if (back.ok) expect(body(back.file)).toEqual(body(f));
        // and writing again gives the same text
        if (back.ok) expect(writeTsh(back.file)).toBe(writeTsh(f));
      }),
      { numRuns: 200 },
    );
  });

  it("never throws on any text", () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (s) => void parseTsh(s)), { numRuns: 500 });
  });
});
