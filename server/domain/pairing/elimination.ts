/**
 * Single and double elimination brackets as plain data: matches with round, position and slots
 * ("seed 3", "winner of W1-2", "loser of W2-1", "bye"), so the UI can draw them and results can
 * advance players. Immutable: `applyResult` returns a new bracket.
 *
 * Rules: entrants are seeded by seed, else rating; the bracket is the next power of two P with the
 * standard order (1 v P, then 1's half against 2's half: 1,8,4,5,2,7,3,6 for P = 8), so the missing
 * seeds are byes and fall to the top seeds. A player facing a bye advances by walkover; a match of
 * two byes is void. Double elimination: losers' round 1 pairs the winners' round 1 losers; each even
 * losers' round brings in the losers of the next winners' round (in reversed order every other
 * round, to delay rematches); grand final none / simple / double (a reset match played only if
 * the losers' champion wins the first). Bronze (third-place) match: single elimination only.
 * Placings: players eliminated at the same stage share the place (e.g. two semi-final losers = 3rd
 * without a bronze match).
 * Why our own module: brackets-manager.js models the same structures but needs a storage layer;
 * a pure module is testable without one and fits the domain layer (see docs/tournament-maths.md).
 */
import { fail, ok, type Player, type Result } from "../types";

export const ELIMINATION_FORMATS = [
  { code: "single", description: "one loss eliminates" },
  { code: "double", description: "two losses eliminate; losers drop into a losers' bracket" },
] as const;
export type EliminationFormat = (typeof ELIMINATION_FORMATS)[number]["code"];

export const GRAND_FINALS = [
  { code: "none", description: "no grand final: the winners' and losers' bracket champions finish 1st and 2nd" },
  { code: "simple", description: "one grand final between the two bracket champions" },
  { code: "double", description: "grand final plus a reset match if the losers' champion wins the first" },
] as const;
export type GrandFinal = (typeof GRAND_FINALS)[number]["code"];

export interface EliminationOptions {
  format?: EliminationFormat;
  /** Third-place match between the semi-final losers (single elimination). */
  bronze?: boolean;
  /** Double elimination only (default "simple"). */
  grandFinal?: GrandFinal;
}

export type Slot =
  | { kind: "seed"; seed: number; playerId: string }
  | { kind: "bye" }
  | { kind: "winnerOf"; matchId: string }
  | { kind: "loserOf"; matchId: string };

export type BracketSide = "winners" | "losers" | "grand-final" | "bronze";
export type BracketMatchStatus = "waiting" | "ready" | "complete" | "walkover" | "void";

export interface BracketMatch {
  id: string;
  side: BracketSide;
  round: number;
  position: number;
  label: string;
  slots: [Slot, Slot];
  /** Resolved entrants (null = not known yet, or a bye). */
  players: [string | null, string | null];
  status: BracketMatchStatus;
  winner: string | null;
  loser: string | null;
  /** Elimination depth used for placings (later stage = better place). */
  stage: number;
  /** Grand-final reset: void unless the losers' champion won this match. */
  resetOf?: string;
}

export interface Bracket {
  format: EliminationFormat;
  grandFinal: GrandFinal;
  bronze: boolean;
  /** Player ids in seed order (index 0 = seed 1). */
  seeds: string[];
  matches: BracketMatch[];
}

const nextPow2 = (n: number) => {
  let p = 1;
  while (p < n) p *= 2;
  return p;
};

/** Standard seeding order for a bracket of size p (a power of two): 1, p, p/2+… so 1 and 2 meet last. */
export function seedOrder(p: number): number[] {
  let order = [1];
  while (order.length < p) {
    const m = order.length * 2;
    order = order.flatMap((s) => [s, m + 1 - s]);
  }
  return order;
}

/** Build a bracket seeded by seed, else rating (best first). */
export function createBracket(players: readonly Player[], options: EliminationOptions = {}): Result<Bracket> {
  if (players.length < 2) return fail("TOO_FEW_PLAYERS", "An elimination bracket needs at least 2 players.");
  const ids = new Set<string>();
  for (const p of players) {
    if (ids.has(p.id)) return fail("DUPLICATE_PLAYER", `Player ${p.id} is listed twice.`);
    ids.add(p.id);
  }
  const format = options.format ?? "single";
  const grandFinal = format === "double" ? (options.grandFinal ?? "simple") : "none";
  const bronze = format === "single" && (options.bronze ?? false);
  const seeded = [...players].sort((a, b) => (a.seed ?? Infinity) - (b.seed ?? Infinity) || b.rating - a.rating || (a.id < b.id ? -1 : 1));
  const seeds = seeded.map((p) => p.id);
  const n = seeds.length;
  const P = nextPow2(n);
  const k = Math.log2(P);
  const matches: BracketMatch[] = [];
  const mk = (id: string, side: BracketSide, round: number, position: number, label: string, slots: [Slot, Slot], stage: number, resetOf?: string) =>
    matches.push({ id, side, round, position, label, slots, players: [null, null], status: "waiting", winner: null, loser: null, stage, ...(resetOf ? { resetOf } : {}) });
  const W = (r: number, i: number) => `W${r}-${i}`;
  const L = (r: number, i: number) => `L${r}-${i}`;
  const order = seedOrder(P);
  const seedSlot = (s: number): Slot => (s <= n ? { kind: "seed", seed: s, playerId: seeds[s - 1] } : { kind: "bye" });
  const wbName = (r: number) => (r === k ? "Final" : r === k - 1 ? "Semi-final" : r === k - 2 ? "Quarter-final" : `Round ${r}`);
  for (let r = 1; r <= k; r++) {
    const count = P >> r;
    for (let i = 1; i <= count; i++) {
      const slots: [Slot, Slot] =
        r === 1 ? [seedSlot(order[2 * i - 2]), seedSlot(order[2 * i - 1])] : [{ kind: "winnerOf", matchId: W(r - 1, 2 * i - 1) }, { kind: "winnerOf", matchId: W(r - 1, 2 * i) }];
      const stage = format === "double" && r === k ? 2 * k - 1 : r;
      const label = format === "double" ? `Winners' ${r === k ? "final" : `round ${r}`}${count > 1 ? `, match ${i}` : ""}` : `${wbName(r)}${count > 1 ? ` ${i}` : ""}`;
      mk(W(r, i), "winners", r, i, label, slots, stage);
    }
  }
  if (format === "double") {
    let lbChampion: Slot = { kind: "loserOf", matchId: W(1, 1) };
    if (k >= 2) {
      const last = 2 * (k - 1);
      const lbLabel = (r: number, i: number, count: number) => `Losers' ${r === last ? "final" : `round ${r}`}${count > 1 ? `, match ${i}` : ""}`;
      for (let i = 1; i <= P >> 2; i++)
        mk(L(1, i), "losers", 1, i, lbLabel(1, i, P >> 2), [{ kind: "loserOf", matchId: W(1, 2 * i - 1) }, { kind: "loserOf", matchId: W(1, 2 * i) }], 1);
      for (let j = 1; j <= k - 1; j++) {
        const count = P >> (j + 1);
        for (let i = 1; i <= count; i++) {
          const dropIdx = j % 2 === 1 ? count + 1 - i : i;
          mk(L(2 * j, i), "losers", 2 * j, i, lbLabel(2 * j, i, count), [{ kind: "winnerOf", matchId: L(2 * j - 1, i) }, { kind: "loserOf", matchId: W(j + 1, dropIdx) }], 2 * j);
        }
        if (j <= k - 2) {
          const c2 = P >> (j + 2);
          for (let i = 1; i <= c2; i++)
            mk(L(2 * j + 1, i), "losers", 2 * j + 1, i, lbLabel(2 * j + 1, i, c2), [{ kind: "winnerOf", matchId: L(2 * j, 2 * i - 1) }, { kind: "winnerOf", matchId: L(2 * j, 2 * i) }], 2 * j + 1);
        }
      }
      lbChampion = { kind: "winnerOf", matchId: L(last, 1) };
    }
    if (grandFinal !== "none") {
      mk("GF1", "grand-final", 1, 1, "Grand final", [{ kind: "winnerOf", matchId: W(k, 1) }, lbChampion], 2 * k - 1);
      if (grandFinal === "double")
        mk("GF2", "grand-final", 2, 1, "Grand final reset", [{ kind: "winnerOf", matchId: "GF1" }, { kind: "loserOf", matchId: "GF1" }], 2 * k, "GF1");
    }
  }
  if (bronze && k >= 2)
    mk("BRONZE", "bronze", k, 1, "Third-place match", [{ kind: "loserOf", matchId: W(k - 1, 1) }, { kind: "loserOf", matchId: W(k - 1, 2) }], k - 0.75);
  return ok({ format, grandFinal, bronze, seeds, matches: settle(matches) });
}

type SlotState = { s: "player"; id: string } | { s: "bye" } | { s: "pending" };

/** Resolve slots and automatic outcomes (walkovers, voids, resets) in creation (= dependency) order. */
function settle(input: readonly BracketMatch[]): BracketMatch[] {
  const byId = new Map<string, BracketMatch>();
  const out: BracketMatch[] = [];
  const resolve = (slot: Slot): SlotState => {
    if (slot.kind === "seed") return { s: "player", id: slot.playerId };
    if (slot.kind === "bye") return { s: "bye" };
    const m = byId.get(slot.matchId)!;
    if (m.status === "void") return { s: "bye" };
    if (m.status === "walkover") return slot.kind === "winnerOf" ? { s: "player", id: m.winner! } : { s: "bye" };
    if (m.status === "complete") return { s: "player", id: (slot.kind === "winnerOf" ? m.winner : m.loser)! };
    return { s: "pending" };
  };
  for (const src of input) {
    let m: BracketMatch = { ...src, players: [...src.players] as [string | null, string | null] };
    if (m.status !== "complete") {
      const [a, b] = [resolve(m.slots[0]), resolve(m.slots[1])];
      const players: [string | null, string | null] = [a.s === "player" ? a.id : null, b.s === "player" ? b.id : null];
      let status: BracketMatchStatus;
      let winner: string | null = null;
      if (m.resetOf) {
        const prev = byId.get(m.resetOf)!;
        if (prev.status === "complete" && prev.winner === prev.players[0]) status = "void";
        else if (prev.status === "void" || prev.status === "walkover") status = "void";
        else status = a.s === "player" && b.s === "player" ? "ready" : "waiting";
      } else if (a.s === "pending" || b.s === "pending") status = "waiting";
      else if (a.s === "player" && b.s === "player") status = "ready";
      else if (a.s === "bye" && b.s === "bye") status = "void";
      else {
        status = "walkover";
        winner = a.s === "player" ? a.id : (b as { id: string }).id;
      }
      m = { ...m, players, status, winner, loser: null };
    }
    byId.set(m.id, m);
    out.push(m);
  }
  return out;
}

/** Record that `winnerId` won match `matchId`; returns the new bracket with players advanced. */
export function applyResult(bracket: Bracket, matchId: string, winnerId: string): Result<Bracket> {
  const idx = bracket.matches.findIndex((m) => m.id === matchId);
  if (idx < 0) return fail("UNKNOWN_MATCH", `No match ${matchId} in this bracket.`);
  const m = bracket.matches[idx];
  if (m.status !== "ready") return fail("MATCH_NOT_READY", `${m.label} is ${m.status}; only a match with two known players and no result can take one.`);
  if (!m.players.includes(winnerId)) return fail("NOT_IN_MATCH", `${winnerId} is not playing in ${m.label}.`);
  const loser = m.players[0] === winnerId ? m.players[1] : m.players[0];
  const matches = bracket.matches.map((x, i) => (i === idx ? { ...x, status: "complete" as const, winner: winnerId, loser } : x));
  return ok({ ...bracket, matches: settle(matches) });
}

/** Matches waiting for a result (both players known). */
export function readyMatches(bracket: Bracket): BracketMatch[] {
  return bracket.matches.filter((m) => m.status === "ready");
}

export interface BracketPlace {
  playerId: string;
  /** The best place the player can still finish in (final once settled). */
  place: number;
  /**
   * The worst: equal to `place` for a place of one's own; a shared place is a range (two
   * semi-final losers without a bronze match finish 3–4, the quarter-final losers 5–8), and a
   * player still in the bracket spans every place they can still reach.
   */
  placeTo: number;
  /** True once the player's place can no longer change (knocked out, or won their last match). */
  settled: boolean;
}

/**
 * Placements from a bracket, final or provisional. Every player leaves the bracket through one
 * exit: the loser (or winner) of a match whose loser (winner) goes nowhere else. An exit is worth
 * its match's stage (a winner's exit ranks above the same match's loser's), and each exit of a
 * match that will be played (not a walkover, not void) takes exactly one player, so the places
 * an exit value gets are known before its matches are played: after all players with better
 * exits. Those still in the bracket range from the exit of winning every match to the exit of
 * losing every match from here on.
 */
export function standingsFromBracket(bracket: Bracket): BracketPlace[] {
  const live = bracket.matches.filter((m) => m.status !== "void");
  const winnerTo = new Map<string, BracketMatch>();
  const loserTo = new Map<string, BracketMatch>();
  for (const m of live)
    for (const s of m.slots) {
      if (s.kind === "winnerOf") winnerTo.set(s.matchId, m);
      if (s.kind === "loserOf") loserTo.set(s.matchId, m);
    }
  const loserExit = (m: BracketMatch) => 4 * m.stage;
  const winnerExit = (m: BracketMatch) => 4 * m.stage + 2;
  // How many players leave at each exit value, once the bracket is played out.
  const count = new Map<number, number>();
  const add = (v: number) => count.set(v, (count.get(v) ?? 0) + 1);
  for (const m of live) {
    if (m.status !== "walkover" && !loserTo.has(m.id)) add(loserExit(m));
    if (!winnerTo.has(m.id)) add(winnerExit(m));
  }
  const firstPlace = (v: number) => 1 + [...count].filter(([u]) => u > v).reduce((a, [, c]) => a + c, 0);
  const lastPlace = (v: number) => firstPlace(v) + (count.get(v) ?? 1) - 1;
  const follow = (m: BracketMatch, win: boolean): number => {
    const next = (win ? winnerTo : loserTo).get(m.id);
    return next ? follow(next, win) : win ? winnerExit(m) : loserExit(m);
  };
  const exitOf = new Map<string, number>();
  for (const m of live) {
    if (m.status !== "complete" && m.status !== "walkover") continue;
    if (m.loser && !loserTo.has(m.id)) exitOf.set(m.loser, loserExit(m));
    if (m.winner && !winnerTo.has(m.id)) exitOf.set(m.winner, winnerExit(m));
  }
  const current = new Map<string, BracketMatch>();
  for (const m of live) if (m.status === "ready" || m.status === "waiting") for (const id of m.players) if (id) current.set(id, m);
  const everyone = bracket.seeds.length;
  const rows = bracket.seeds.map((id, seedIndex): BracketPlace & { seedIndex: number } => {
    const exit = exitOf.get(id);
    if (exit !== undefined) return { playerId: id, place: firstPlace(exit), placeTo: lastPlace(exit), settled: true, seedIndex };
    const m = current.get(id);
    // Not reached by any match yet (cannot happen once the bracket is settled): anything is open.
    if (!m) return { playerId: id, place: 1, placeTo: everyone, settled: false, seedIndex };
    return { playerId: id, place: firstPlace(follow(m, true)), placeTo: lastPlace(follow(m, false)), settled: false, seedIndex };
  });
  rows.sort((a, b) => a.place - b.place || a.placeTo - b.placeTo || a.seedIndex - b.seedIndex);
  return rows.map((r) => ({ playerId: r.playerId, place: r.place, placeTo: r.placeTo, settled: r.settled }));
}

/** "1", "3–4": a place as printed. */
export function placeLabel(p: { place: number; placeTo: number }): string {
  return p.place === p.placeTo ? String(p.place) : `${p.place}–${p.placeTo}`;
}
