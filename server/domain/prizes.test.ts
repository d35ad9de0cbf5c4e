/**
 * Prize allocation against the hand-worked tables of docs/prizes.md (examples A–F), and the
 * invariant that the payout always adds up to the table's cash sum (fast-check over random fields).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocatePrizes, shareOut, type AllocateInput, type PrizeEntrant, type PrizeRow } from "./prizes";

let n = 0;
const row = (p: Partial<PrizeRow> & Pick<PrizeRow, "kind" | "place">): PrizeRow => ({
  id: `p${++n}`,
  classValue: null,
  ratingMin: null,
  ratingMax: null,
  category: null,
  amount: null,
  item: "",
  position: n,
  ...p,
});
const place = (place: number, amount: number | null, item = "") => row({ kind: "place", place, amount, item });
const who = (name: string, wins: number, spread: number, more: Partial<PrizeEntrant> = {}): PrizeEntrant => ({ playerId: name, name, wins, spread, rating: 1500, ...more });
const run = (input: Partial<AllocateInput> & Pick<AllocateInput, "prizes" | "standings">) => allocatePrizes({ split: "equal", onePrizePerPlayer: true, final: true, currency: "EUR", ...input });
/** name → total cash */
const paid = (lines: ReturnType<typeof allocatePrizes>["lines"]) => {
  const out: Record<string, number> = {};
  for (const l of lines) {
    const k = l.winner === null ? "-" : l.winner.kind === "player" ? l.winner.playerId : `club:${l.winner.club}`;
    out[k] = (out[k] ?? 0) + l.amount;
  }
  return out;
};

describe("allocatePrizes: docs/prizes.md hand-worked tables", () => {
  const ABC = [place(1, 10000), place(2, 6000), place(3, 4000)];
  const field = [who("Ann", 5, 300), who("Bo", 4, 120), who("Cy", 4, 120), who("Di", 4, 120), who("Ed", 3, 0)];

  it("A: a three-way tie across the prize boundary shares 2nd and 3rd equally, the odd cent to the best placed", () => {
    const p = run({ prizes: ABC, standings: field });
    expect(paid(p.lines)).toEqual({ Ann: 10000, Bo: 3334, Cy: 3333, Di: 3333 });
    expect(p.total).toBe(20000);
    const bo = p.lines.find((l) => l.winner?.kind === "player" && l.winner.playerId === "Bo")!;
    expect(bo.label).toBe("2nd–4th place (shared)");
    expect(bo.why).toContain("Bo, Cy, Di are level");
  });

  it("G: a tied player holding a smaller class prize takes the larger share instead, and the class prize passes on", () => {
    // Ann, Bo and Cy are level for 1st–2nd (150.00 between three: 50.00 each); Cy is class C and
    // would otherwise keep the 30.00 class prize, the smaller one. Di, the next class C, takes it.
    const prizes = [place(1, 10000), place(2, 5000), row({ kind: "class", place: 1, classValue: "C", amount: 3000 })];
    const standings = [who("Ann", 2, 100, { class: "A" }), who("Bo", 2, 100, { class: "A" }), who("Cy", 2, 100, { class: "C" }), who("Di", 1, 0, { class: "C" }), who("Ed", 0, -100, { class: "B" })];
    const p = run({ prizes, standings });
    expect(paid(p.lines)).toEqual({ Ann: 5000, Bo: 5000, Cy: 5000, Di: 3000 });
    expect(p.lines.reduce((x, l) => x + l.amount, 0)).toBe(p.total);
    // with a class prize larger than the share, Cy keeps the class prize and Ann and Bo share 150.00
    const big = [place(1, 10000), place(2, 5000), row({ kind: "class", place: 1, classValue: "C", amount: 6000 })];
    expect(paid(run({ prizes: big, standings }).lines)).toEqual({ Ann: 7500, Bo: 7500, Cy: 6000 });
  });

  it("A with split none: the tiebreak order decides", () => {
    const p = run({ prizes: ABC, standings: field, split: "none" });
    expect(paid(p.lines)).toEqual({ Ann: 10000, Bo: 6000, Cy: 4000 });
  });

  const B = () => [place(1, 10000), place(2, 5000), place(3, 3000), row({ kind: "class", place: 1, ratingMax: 1599, amount: 6000 })];
  const bField = [who("Ann", 5, 200, { rating: 1800 }), who("Bo", 4, 100, { rating: 1500 }), who("Cy", 3, 50, { rating: 1900 }), who("Di", 2, 0, { rating: 1400 })];

  it("B: one prize per player — Bo takes the larger class prize and 2nd place passes to Cy", () => {
    const p = run({ prizes: B(), standings: bField });
    expect(paid(p.lines)).toEqual({ Ann: 10000, Bo: 6000, Cy: 5000, Di: 3000 });
    expect(p.lines.find((l) => l.label === "1st rated under 1600")!.why).toContain("Bo takes 1st rated under 1600");
  });

  it("B without the one-prize rule: Bo takes 2nd place and the class prize", () => {
    const p = run({ prizes: B(), standings: bField, onePrizePerPlayer: false });
    expect(paid(p.lines)).toEqual({ Ann: 10000, Bo: 11000, Cy: 3000 });
  });

  const C = () => [place(1, 10000, "trophy"), place(2, 6000)];
  const cField = [who("Ann", 5, 200), who("Bo", 5, 200), who("Cy", 3, 10)];

  it("C: Hort — half of each prize by tiebreak order, half pooled; the trophy is not split", () => {
    const p = run({ prizes: C(), standings: cField, split: "hort" });
    expect(paid(p.lines)).toEqual({ Ann: 9000, Bo: 7000 });
    expect(p.lines.find((l) => l.item === "trophy")!.winner).toEqual({ kind: "player", playerId: "Ann", name: "Ann" });
  });

  it("C with equal shares: 80.00 each", () => {
    expect(paid(run({ prizes: C(), standings: cField }).lines)).toEqual({ Ann: 8000, Bo: 8000 });
  });

  it("D: Hort with odd cents over a prize boundary adds up to the cent", () => {
    const p = run({ prizes: [place(1, 2501), place(2, 1000)], standings: [who("Ann", 4, 50), who("Bo", 4, 50), who("Cy", 4, 50), who("Di", 1, -150)], split: "hort" });
    expect(paid(p.lines)).toEqual({ Ann: 1835, Bo: 1083, Cy: 583 });
    expect(p.lines.reduce((s, l) => s + l.amount, 0)).toBe(3501);
  });

  it("E: class field prize, junior, unrated and best club; a prize nobody can win is listed, not lost", () => {
    const prizes = [
      place(1, 5000),
      row({ kind: "class", place: 1, classValue: "B", amount: 2000 }),
      row({ kind: "category", place: 1, category: "junior", amount: null, item: "book token" }),
      row({ kind: "category", place: 1, category: "unrated", amount: 1000 }),
      row({ kind: "category", place: 1, category: "club", amount: 3000 }),
      row({ kind: "category", place: 1, category: "senior", amount: 500 }),
    ];
    const standings = [
      who("Ann", 5, 100, { class: "A", club: "North", age: "adult" }),
      who("Bo", 4, 80, { class: "B", club: "South", age: "junior" }),
      who("Cy", 4, 20, { class: "B", club: "North", rating: null }),
      who("Di", 3, 0, { class: "B", club: "South", age: "junior" }),
      who("Ed", 1, -200, { club: "North", rating: null }),
    ];
    const p = run({ prizes, standings });
    expect(paid(p.lines)).toEqual({ Ann: 5000, Bo: 2000, Cy: 1000, "club:North": 3000, "-": 500, Di: 0 });
    expect(p.lines.find((l) => l.item === "book token")!.winner).toMatchObject({ playerId: "Di" });
    expect(p.lines.find((l) => l.winner === null)!.why).toMatch(/^Not awarded/);
  });

  it("F: least time used goes to the lowest clock total among players timed in every round", () => {
    const prizes = [row({ kind: "category", place: 1, category: "least-time", amount: 1500 })];
    const standings = [who("Ann", 5, 0, { clockMs: 900_000 }), who("Bo", 4, 0, { clockMs: 600_000 }), who("Cy", 3, 0, { clockMs: null })];
    expect(paid(run({ prizes, standings }).lines)).toEqual({ Bo: 1500 });
  });

  it("every line is provisional until the results are final", () => {
    const p = run({ prizes: ABC, standings: field, final: false });
    expect(p.lines.every((l) => l.provisional)).toBe(true);
  });

  it("shareOut gives the odd units to the first", () => {
    expect(shareOut(10000, 3)).toEqual([3334, 3333, 3333]);
    expect(shareOut(2, 3)).toEqual([1, 1, 0]);
  });
});

describe("allocatePrizes: the money always adds up", () => {
  const entrant = fc.record({
    wins: fc.integer({ min: 0, max: 4 }),
    spread: fc.constantFrom(-50, 0, 50),
    rating: fc.option(fc.integer({ min: 1000, max: 2000 })),
    class: fc.option(fc.constantFrom("A", "B")),
    club: fc.option(fc.constantFrom("N", "S")),
    age: fc.option(fc.constantFrom("junior" as const, "adult" as const, "senior" as const)),
    clockMs: fc.option(fc.integer({ min: 0, max: 5 })),
  });
  const prize = fc.record({
    kind: fc.constantFrom("place" as const, "class" as const, "category" as const),
    place: fc.integer({ min: 1, max: 4 }),
    classValue: fc.constantFrom("A", "B", null),
    band: fc.boolean(),
    category: fc.constantFrom("junior" as const, "senior" as const, "unrated" as const, "club" as const, "least-time" as const),
    amount: fc.option(fc.integer({ min: 0, max: 100_001 })),
  });
  it("lines sum to the table's cash sum, each player listed once per group line, no negative amount", () => {
    fc.assert(
      fc.property(
        fc.array(entrant, { maxLength: 9 }),
        fc.array(prize, { maxLength: 8 }),
        fc.constantFrom("none" as const, "equal" as const, "hort" as const),
        fc.boolean(),
        (es, ps, split, one) => {
          const standings = es
            .map((e, i) => ({ ...e, playerId: `u${i}`, name: `P${i}` }))
            .sort((a, b) => b.wins - a.wins || b.spread - a.spread);
          const prizes: PrizeRow[] = ps.map((p, i) => ({
            id: `r${i}`,
            kind: p.kind,
            place: p.place,
            classValue: p.kind === "class" && !p.band ? (p.classValue ?? "A") : null,
            ratingMin: p.kind === "class" && p.band ? 1200 : null,
            ratingMax: p.kind === "class" && p.band ? 1600 : null,
            category: p.kind === "category" ? p.category : null,
            amount: p.amount,
            item: p.amount === null ? "medal" : "",
            position: i,
          }));
          const out = allocatePrizes({ prizes, standings, split, onePrizePerPlayer: one, final: true });
          const cash = prizes.reduce((s, p) => s + (p.amount ?? 0), 0);
          expect(out.total).toBe(cash);
          expect(out.lines.reduce((s, l) => s + l.amount, 0)).toBe(cash);
          expect(out.lines.every((l) => l.amount >= 0 && Number.isInteger(l.amount))).toBe(true);
          // every table row is paid from exactly once
          const ids = out.lines.flatMap((l) => l.prizeIds);
          expect(new Set(ids)).toEqual(new Set(prizes.map((p) => p.id)));
          if (one) {
            const players = out.lines.flatMap((l) => (l.winner?.kind === "player" ? [l.winner.playerId] : []));
            expect(new Set(players).size).toBe(players.length);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
