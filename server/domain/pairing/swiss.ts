/**
 * Swiss pairing, fast enough for 10,000 players a round.
 *
 * Algorithm ("Dutch-ish greedy + blossom repair", in the spirit of bbpPairings' fast mode used by
 * lichess above 700 players — lila `modules/swiss/src/main/PairingSystem.scala`):
 *  1. Rank by wins (ties ½), spread, then seeding (seed, else rating). Round 1 therefore splits the
 *     field by rating: top half vs bottom half.
 *  2. Bye (odd field): the lowest-ranked player among those with the fewest byes (TSH), i.e. at most
 *     one bye each until everyone has had one. The bye is a phantom vertex so the repair step may
 *     move it to another eligible player when that avoids a repeat.
 *  3. Score groups top-down. Players floated down from the group above are paired first, each with
 *     the highest-ranked compatible resident (Dutch). The residents split into top half S1 and
 *     bottom half S2; S1[i] takes S2[i], else the nearest compatible S2 player, else a later S1
 *     player. Whoever is left floats to the next group — so only the odd player or a player
 *     with no compatible partner floats (the fewest needed in practice).
 *  4. Repair: if players remain unpaired, a window of the lowest-ranked players (16, 64, 256, …,
 *     capped at 3,000 vertices) is re-matched by Edmonds' blossom starting from the greedy pairs, so
 *     a repeat-free pairing of the window is found whenever one exists, changing few pairs.
 *  5. If no repeat-free pairing exists, the constraint is relaxed step by step: pairs may meet at
 *     most 2 times, then 3…; as a last resort a director-forbidden pair is allowed (noted).
 *  "Compatible" = not forbidden and met fewer times than the current limit. First moves follow
 *  ./state `chooseFirst`. First-move balance is part of the objective: inside a group, each choice
 *  above is made in three passes (TURN_PASSES) — first only partners with whom nobody ends the
 *  round at |firsts − seconds| ≥ 2 (./state `turnsCost`), then at most one and never two players
 *  with the same absolute preference (FIDE's colour rule), then anyone — so score groups and
 *  repeats are as before and only who meets whom inside a group changes. Measured against an exact
 *  weighted matching: docs/tournament-maths.md, "First-move balance".
 *  Cost: O(n log n + games) plus the small repair; no global O(n³).
 * Caveats: no float history (a player may float two rounds running), and no weighting of score
 * gaps inside the repair window (blossom is unweighted); both are documented trade-offs for speed.
 */
import { validateField, winsPhrase } from "../results";
import { fail, ok, type Result } from "../types";
import { decideGibsons, type GibsonOptions } from "./gibson";
import { maximumMatching } from "./matching";
import { buildState, byeReason, chooseFirst, pairKey, ranked, recordLabel, turnsCost, type FieldState, type PlayerState } from "./state";
import type { ByeAssignment, PairedRound, Pairing, PairingInput } from "./types";

export interface SwissOptions {
  /** Gibsonize players whose prize place is settled (final rounds; only first by default). */
  gibson?: GibsonOptions;
  /** Largest repair window (vertices) before relaxing constraints (default 3,000). */
  maxRepairWindow?: number;
  /**
   * Players who stay in the field but are not paired this round (withdrawn from the event): their
   * games still count for everyone's wins, spread, repeats and first moves, and for the table
   * order; they get neither a board nor a bye, and cannot be the Gibson or the Gibson's opponent.
   */
  withdrawn?: readonly string[];
}

/** Relaxation ladder, tried in order until a complete pairing exists. */
export const SWISS_CONSTRAINT_LEVELS = [
  { code: "no-repeats", description: "no pair meets twice; forbidden pairs honoured" },
  { code: "repeats-minimised", description: "fewest possible meetings per pair (2, then 3, …); forbidden pairs honoured" },
  { code: "forbidden-relaxed", description: "no pairing honours every forbidden pair; forbidden pairs allowed, repeats minimised" },
] as const;

interface Attempt {
  mate: Int32Array;
  reasons: string[];
}

/** Pair one Swiss round. */
export function pairSwiss(input: PairingInput, options: SwissOptions = {}): Result<PairedRound> {
  const checked = validateField(input.players, input.history, input.forbiddenPairs ?? []);
  if (!checked.ok) return checked;
  const field = buildState(input.players, input.history, input.forbiddenPairs ?? [], input.scoring);
  const round = input.round ?? field.lastRound + 1;
  const withdrawn = new Set(options.withdrawn ?? []);
  for (const id of withdrawn) if (!field.byId.has(id)) return fail("UNKNOWN_PLAYER", `Withdrawn player ${id} is not in the field.`);
  let order = ranked(field).filter((p) => !withdrawn.has(p.id));
  const pairings: Pairing[] = [];
  const byes: ByeAssignment[] = [];
  const notes: string[] = [];

  if (options.gibson) {
    for (const g of decideGibsons(order, round, options.gibson)) {
      if (g.opponent === null) byes.push({ playerId: g.gibson.id, reason: g.reason });
      else {
        const [f, s, why] = chooseFirst(g.gibson, g.opponent, round);
        pairings.push({ players: [f.id, s.id], table: 0, reason: `${g.reason}; ${why}` });
      }
      notes.push(`Gibson: ${g.gibson.name}${g.opponentIsGibson ? `, ${g.opponent!.name}` : ""}`);
      order = order.filter((p) => p !== g.gibson && p !== g.opponent);
    }
  }

  const rest = pairOrdered(field, order, round, options.maxRepairWindow ?? 3000, notes);
  pairings.push(...rest.pairings);
  byes.push(...rest.byes);
  return ok({ round, pairings: numberTables(field, pairings), byes, notes });
}

/** Tables numbered by the best-ranked player at each board (table 1 = top board). */
function numberTables(field: FieldState, pairings: Pairing[]): Pairing[] {
  const rank = new Map(ranked(field).map((p, i) => [p.id, i]));
  const best = (p: Pairing) => Math.min(...p.players.map((id) => rank.get(id) ?? Infinity));
  return [...pairings].sort((a, b) => best(a) - best(b)).map((p, i) => ({ ...p, table: i + 1 }));
}

/** Swiss-pair `order` (best first), with a bye if odd; used by pairSwiss after Gibsons are removed. */
function pairOrdered(
  field: FieldState,
  order: readonly PlayerState[],
  round: number,
  maxWindow: number,
  notes: string[],
): { pairings: Pairing[]; byes: ByeAssignment[] } {
  const m = order.length;
  if (m === 0) return { pairings: [], byes: [] };
  const firstRound = order.every((p) => p.met.size === 0 && p.wins === 0 && p.losses === 0);
  let maxMet = 1;
  for (const p of order) for (const c of p.met.values()) maxMet = Math.max(maxMet, c + 1);
  let result: Attempt | null = null;
  let useForbidden = true;
  let limit = 1;
  for (;;) {
    result = attempt(field, order, round, limit, useForbidden, firstRound, maxWindow);
    if (result) break;
    if (limit < maxMet) {
      limit++;
      continue;
    }
    if (useForbidden && field.forbidden.size > 0) {
      useForbidden = false;
      limit = 1;
      continue;
    }
    // Cannot happen (the complete graph always has a perfect matching), but never loop forever.
    limit++;
    if (limit > maxMet + 2) break;
  }
  if (limit > 1) notes.push(`No pairing without repeats exists; pairs may meet up to ${limit} times.`);
  if (!useForbidden) notes.push("No pairing honours every forbidden pair; a forbidden pair may be paired.");
  const pairings: Pairing[] = [];
  const byes: ByeAssignment[] = [];
  if (!result) return { pairings, byes };
  const { mate, reasons } = result;
  const phantom = m;
  for (let i = 0; i < m; i++) {
    const j = mate[i];
    if (j === phantom) {
      const eligible = countEligible(order);
      byes.push({ playerId: order[i].id, reason: reasons[i] || byeReason(order[i], eligible) });
      continue;
    }
    if (j < i || j === -1) continue;
    const a = order[i];
    const b = order[j];
    const [f, s, why] = chooseFirst(a, b, round);
    const met = a.met.get(b.idx) ?? 0;
    const repeat = met === 0 ? "no repeat" : `repeat: ${met + 1}${met === 1 ? "nd" : met === 2 ? "rd" : "th"} meeting, unavoidable`;
    const forbiddenNote = field.forbidden.has(pairKey(a.idx, b.idx, field.n)) ? "; forbidden pair allowed as no alternative exists" : "";
    pairings.push({ players: [f.id, s.id], table: 0, reason: `${reasons[i]}; ${repeat}${forbiddenNote}; ${why}` });
  }
  return { pairings, byes };
}

/** False when both players must move first (or both second) to keep |firsts − seconds| ≤ 2. */
function turnsFit(a: PlayerState, b: PlayerState): boolean {
  const da = a.firsts - a.seconds;
  const db = b.firsts - b.seconds;
  return !((da >= 2 && db >= 2) || (da <= -2 && db <= -2));
}

/** Passes of the greedy, strictest first: 0 = nobody left at |firsts − seconds| ≥ 2; 1 = at most one, and not two players with the same absolute preference; 2 = anyone. */
const TURN_PASSES = 3;
function turnsOk(pass: number, a: PlayerState, b: PlayerState): boolean {
  if (pass >= 2) return true;
  const c = turnsCost(a, b);
  return pass === 0 ? c === 0 : c <= 1 && turnsFit(a, b);
}

function countEligible(order: readonly PlayerState[]): number {
  let min = Infinity;
  for (const p of order) min = Math.min(min, p.byes);
  return order.filter((p) => p.byes === min).length;
}

/** One greedy + repair pass under a meeting limit; null if no complete pairing was found. */
function attempt(
  field: FieldState,
  order: readonly PlayerState[],
  round: number,
  limit: number,
  useForbidden: boolean,
  firstRound: boolean,
  maxWindow: number,
): Attempt | null {
  const m = order.length;
  const odd = m % 2 === 1;
  const V = odd ? m + 1 : m;
  const phantom = m;
  const n = field.n;
  let minByes = Infinity;
  for (const p of order) minByes = Math.min(minByes, p.byes);
  const compat = (i: number, j: number): boolean => {
    if (i === phantom) return order[j].byes === minByes;
    if (j === phantom) return order[i].byes === minByes;
    const a = order[i];
    const b = order[j];
    if (useForbidden && field.forbidden.has(pairKey(a.idx, b.idx, n))) return false;
    return (a.met.get(b.idx) ?? 0) < limit;
  };
  const mate = new Int32Array(V).fill(-1);
  const reasons: string[] = new Array(m).fill("");
  const pair = (i: number, j: number, why: string) => {
    mate[i] = j;
    mate[j] = i;
    if (i < m) reasons[i] = why;
    if (j < m) reasons[j] = why;
  };

  if (odd) {
    for (let i = m - 1; i >= 0; i--) {
      if (compat(i, phantom)) {
        mate[i] = phantom;
        mate[phantom] = i;
        break;
      }
    }
  }

  // score groups, top-down
  let carry: number[] = [];
  let g = 0;
  while (g < m) {
    let h = g;
    while (h < m && Math.abs(order[h].wins - order[g].wins) < 1e-9) h++;
    const label = recordLabel(order[g]);
    const residents: number[] = [];
    for (let i = g; i < h; i++) if (mate[i] === -1) residents.push(i);
    // 1. floaters first, each with the highest-ranked compatible resident
    const stillCarry: number[] = [];
    for (const f of carry) {
      let done = false;
      for (let pass = 0; pass < TURN_PASSES && !done; pass++) {
        for (const r of residents) {
          if (mate[r] === -1 && compat(f, r) && turnsOk(pass, order[f], order[r])) {
            pair(f, r, `${order[f].name} (${recordLabel(order[f])}) floated down to the ${label} group and meets its top available player`);
            done = true;
            break;
          }
        }
      }
      if (!done) stillCarry.push(f);
    }
    // 2. top half vs bottom half
    const S = residents.filter((r) => mate[r] === -1);
    const half = S.length >> 1;
    const S2len = S.length - half;
    const groupWhy = firstRound
      ? `round 1, seeded by rating: top half vs bottom half`
      : `score group ${label} (${winsPhrase(order[g].wins)}): top half vs bottom half`;
    for (let i = 0; i < half; i++) {
      const p = S[i];
      if (mate[p] !== -1) continue;
      let q = -1;
      // the strictest first-move pass that finds a partner in the group (TURN_PASSES)
      for (let pass = 0; pass < TURN_PASSES && q < 0; pass++) {
        const ok = (c: number) => mate[c] === -1 && compat(p, c) && turnsOk(pass, order[p], order[c]);
        for (let k = i; k < S2len && q < 0; k++) if (ok(S[half + k])) q = S[half + k];
        for (let k = Math.min(i - 1, S2len - 1); k >= 0 && q < 0; k--) if (ok(S[half + k])) q = S[half + k];
        for (let k = i + 1; k < half && q < 0; k++) if (ok(S[k])) q = S[k];
      }
      if (q >= 0) pair(p, q, q === S[half + i] ? groupWhy : `${groupWhy}, nearest compatible opponent`);
    }
    // 3. leftovers pair among themselves, else float
    const left = S.filter((r) => mate[r] === -1);
    for (let pass = 0; pass < TURN_PASSES; pass++) {
      for (let a = 0; a < left.length; a++) {
        if (mate[left[a]] !== -1) continue;
        for (let b = a + 1; b < left.length; b++) {
          if (mate[left[b]] === -1 && compat(left[a], left[b]) && turnsOk(pass, order[left[a]], order[left[b]])) {
            pair(left[a], left[b], `score group ${label}: paired within the group`);
            break;
          }
        }
      }
    }
    carry = [...stillCarry, ...left.filter((r) => mate[r] === -1)];
    g = h;
  }

  const unmatched = (): number => {
    let c = 0;
    for (let i = 0; i < V; i++) if (mate[i] === -1) c++;
    return c;
  };
  if (unmatched() === 0) return { mate, reasons };

  return repair(order, mate, reasons, compat, maxWindow);
}

/**
 * The repair step of `attempt`: maximum matching (blossom) on growing windows of the lowest-ranked
 * players (and the stragglers), keeping the greedy's pairs outside the window; null when no window
 * up to `maxWindow` completes the pairing.
 */
function repair(order: readonly PlayerState[], mate: Int32Array, reasons: string[], compat: (i: number, j: number) => boolean, maxWindow: number): Attempt | null {
  const m = order.length;
  const odd = m % 2 === 1;
  const V = mate.length;
  const phantom = m;
  const before = Int32Array.from(mate);
  for (let w = 16; ; w *= 4) {
    const inWin = new Uint8Array(V);
    const members: number[] = [];
    const add = (v: number) => {
      if (!inWin[v]) {
        inWin[v] = 1;
        members.push(v);
      }
    };
    if (odd) add(phantom);
    for (let i = Math.max(0, m - w); i < m; i++) add(i);
    for (let i = 0; i < V; i++) if (mate[i] === -1) add(i);
    for (const v of [...members]) if (mate[v] !== -1) add(mate[v]);
    const whole = members.length >= V;
    if (members.length > maxWindow && !whole) return null;
    const local = new Map<number, number>();
    members.forEach((v, k) => local.set(v, k));
    const adj: number[][] = members.map(() => []);
    for (let a = 0; a < members.length; a++)
      for (let b = a + 1; b < members.length; b++)
        if (compat(members[a], members[b])) {
          adj[a].push(b);
          adj[b].push(a);
        }
    const lm = new Int32Array(members.length).fill(-1);
    members.forEach((v, k) => {
      if (mate[v] !== -1 && inWin[mate[v]]) lm[k] = local.get(mate[v])!;
    });
    maximumMatching(adj, lm);
    if (lm.every((x) => x !== -1)) {
      members.forEach((v, k) => (mate[v] = members[lm[k]]));
      for (let i = 0; i < m; i++) {
        if (mate[i] !== before[i] && mate[i] !== phantom) {
          reasons[i] = `re-paired by the repair step (score group ${recordLabel(order[i])}) so that the whole field can be paired`;
        } else if (mate[i] === phantom && before[i] !== phantom) {
          reasons[i] = `odd number of players; the bye moves to ${order[i].name}, the lowest-placed eligible player whose bye lets everyone else be paired`;
        }
      }
      return { mate, reasons };
    }
    if (whole || members.length >= maxWindow) return null;
  }
}
