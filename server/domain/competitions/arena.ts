/**
 * Arena club nights: pair whoever is free right now.
 *
 * Players drop in and out during the evening; each time some are free, `pairArena` groups them at
 * once. Idea from lichess's arena (lila, modules/tournament/src/main/arena/AntmaPairing.scala): pair
 * by rank among the waiting players, never with the opponent just played; this is our own, faster
 * greedy with a repair step rather than lila's weighted matching.
 *
 * Rules (docs/competitions.md, "Club nights"):
 * - Order: the free players by arena points tonight (most first), then who has waited longest,
 *   then id. Groups are filled from the top: each takes the highest free player and the next
 *   players in that order, so close scores meet while the room allows.
 * - Group size: pairs, or pods of 3–4 where the ruleset allows them. With pods of size k, the
 *   sizes used are k and k ± 1 (between 2 and 4): as many pods of k as possible, then the fewest
 *   groups (7 free in pods of 3 → 3 + 4; 8 → 3 + 3 + 2); pods of 4 use 3s, and a pair only when
 *   nothing else fits (5 → 3 + 2). Pods of k come first, the other sizes at the bottom.
 * - No immediate rematch: nobody is grouped with any opponent of their last game. A player
 *   skipped for that takes the next player down; when the last groups still clash, members are
 *   swapped with other groups (or with the player left waiting) to undo it. If nothing helps and
 *   others are still playing in the room, the clashing players wait for the next free player
 *   rather than meet again; only when nobody else is in the room (`inRoom`) do they play again.
 * - Odd one out (pairs): the player who came free last waits (on a tie, the lowest in the order);
 *   they are first in line next time. A single free player waits with a sentence.
 * - Small rooms (up to 10 free) where the greedy and its repair still leave a clash are searched
 *   exhaustively, so there players wait (or meet again) only when no grouping avoids it; the
 *   unit tests check this against every possible grouping.
 * Caveat: larger rooms rely on the swap repair, one swap per clash; with pods and several last
 * opponents a clash it cannot undo makes players wait (or, in an empty room, a noted rematch) even
 * when a cleverer regrouping existed. With one last opponent each (pairs) this has not been seen.
 */
import { firstDuplicate, isInt, nameOf, okC, refuse, type CompResult } from "./types";

export const ARENA_GROUP_SIZES = [2, 3, 4] as const;
export type ArenaGroupSize = (typeof ARENA_GROUP_SIZES)[number];
/** Most players one call pairs (a large club night; the bench measures 1,000). */
export const MAX_ARENA_WAITING = 10_000;

export interface ArenaWaiting {
  id: string;
  name?: string;
  /** Arena points so far tonight. */
  score: number;
  /** The opponents of this player's last game tonight (none before their first). */
  lastOpponents?: readonly string[];
  /** When they came free (injected time, e.g. ms); smaller = waited longer. */
  freeSince?: number;
}
export interface ArenaOptions {
  /** 2 = pairs; 3 or 4 = pods of that size (only where the ruleset allows pods). */
  groupSize?: ArenaGroupSize;
  /** Players in the room tonight, playing or free; default: only the free ones. */
  inRoom?: number;
}
export interface ArenaGroup {
  /** In order of arena points (most first). */
  players: string[];
  reason: string;
}
export interface ArenaPairing {
  groups: ArenaGroup[];
  waiting: { playerId: string; reason: string }[];
  notes: string[];
}

/** Group sizes for `m` free players at preferred size `k` (see the rule above), and how many wait. */
export function arenaGroupSizes(m: number, k: ArenaGroupSize): { sizes: number[]; waiting: number } {
  if (k === 2 || m < 2) return { sizes: Array(Math.floor(m / 2)).fill(2), waiting: m % 2 };
  const near = (s: number) => Math.abs(s - k) <= 1;
  // lexicographic: fewest groups of a size outside k ± 1, most groups of k, fewest groups
  const better = (x: number[], y: number[]) => {
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] < y[i];
    return false;
  };
  let best: { key: number[]; c: [number, number, number] } | undefined;
  for (let c4 = 0; 4 * c4 <= m; c4++)
    for (let c3 = 0; 4 * c4 + 3 * c3 <= m; c3++) {
      const rest = m - 4 * c4 - 3 * c3;
      if (rest % 2) continue;
      const counts: Record<number, number> = { 2: rest / 2, 3: c3, 4: c4 };
      const off = [2, 3, 4].filter((s) => !near(s)).reduce((n, s) => n + counts[s], 0);
      const key = [off, -counts[k], counts[2] + c3 + c4];
      if (!best || better(key, best.key)) best = { key, c: [c4, c3, counts[2]] };
    }
  const [c4, c3, c2] = best!.c;
  const of = (s: number, n: number) => Array<number>(n).fill(s);
  const bySize: Record<number, number[]> = { 4: of(4, c4), 3: of(3, c3), 2: of(2, c2) };
  return { sizes: [...bySize[k], ...[4, 3, 2].filter((s) => s !== k).flatMap((s) => bySize[s])], waiting: 0 };
}

interface P {
  w: ArenaWaiting;
  idx: number;
  last: Set<string>;
}

const clash = (a: P, b: P) => a.last.has(b.w.id) || b.last.has(a.w.id);
const clashes = (g: P[]) => g.some((a, i) => g.some((b, j) => j > i && clash(a, b)));
const pts = (p: P) => `${nameOf(p.w)} (${p.w.score})`;

/** Pair (or pod) the players free at this moment; a refusal only for malformed input. */
export function pairArena(free: readonly ArenaWaiting[], options: ArenaOptions = {}): CompResult<ArenaPairing> {
  const k = options.groupSize ?? 2;
  if (!(ARENA_GROUP_SIZES as readonly number[]).includes(k)) return refuse("BAD_RULE", `Players meet in pairs (2) or pods of 3 or 4; ${String(k)} was given.`, "groupSize");
  if (free.length > MAX_ARENA_WAITING) return refuse("BAD_RULE", `At most ${MAX_ARENA_WAITING} players can be paired at once.`, "players");
  const dup = firstDuplicate(free.map((p) => p.id));
  if (dup !== undefined) return refuse("DUPLICATE_PLAYER", `${dup} is listed twice among the free players.`, "players");
  if (free.some((p) => !Number.isFinite(p.score))) return refuse("BAD_RULE", "Every free player needs their arena points as a number.", "players");
  const inRoom = options.inRoom ?? free.length;
  if (!isInt(inRoom, 0, 1_000_000)) return refuse("BAD_RULE", "The number of players in the room must be a whole number.", "inRoom");
  const ordered: P[] = free
    .map((w) => ({ w, idx: 0, last: new Set(w.lastOpponents ?? []) }))
    .sort((a, b) => b.w.score - a.w.score || (a.w.freeSince ?? 0) - (b.w.freeSince ?? 0) || (a.w.id < b.w.id ? -1 : a.w.id > b.w.id ? 1 : 0));
  ordered.forEach((p, i) => (p.idx = i));
  const out: ArenaPairing = { groups: [], waiting: [], notes: [] };
  if (ordered.length === 1) {
    const only = nameOf(ordered[0].w);
    out.waiting.push({ playerId: ordered[0].w.id, reason: `${only} is the only free player; ${only} plays as soon as someone else is free.` });
    return okC(out);
  }
  const { sizes, waiting } = arenaGroupSizes(ordered.length, k);
  const waiters = pickWaiters(ordered, waiting);
  const passed = new Map<P, P[]>();
  const groups = fill(ordered, sizes, new Set(waiters), passed);
  const benched = new Map<P, P[]>();
  let moved = repair(groups, waiters, benched);
  if (groups.some(clashes) && ordered.length <= EXACT_UP_TO) {
    const exact = exactGrouping(ordered, sizes, waiting);
    if (exact) {
      groups.splice(0, groups.length, ...exact.groups);
      waiters.splice(0, waiters.length, ...exact.waiters);
      benched.clear();
      for (const w of waiters) {
        const met = ordered.filter((b) => b !== w && clash(w, b));
        if (met.length) benched.set(w, met);
      }
      moved = new Set(ordered);
    }
  }
  settle(groups, waiters, { moved, benched, passed }, inRoom > ordered.length, out);
  return okC(out);
}

/** Rooms this small are searched exhaustively when the greedy and its repair leave a clash. */
const EXACT_UP_TO = 10;

/**
 * Every grouping of a small room into `sizes` (plus `waiting` sitting out) without a clash; the one
 * whose waiter came free last (as `pickWaiters`), then with the closest points inside groups.
 */
function exactGrouping(ordered: P[], sizes: number[], waiting: number): { groups: P[][]; waiters: P[] } | null {
  const fresh = new Map(pickWaiters(ordered, ordered.length).map((p, i) => [p, i]));
  const groups: P[][] = sizes.map(() => []);
  const waiters: P[] = [];
  let best: { cost: number; groups: P[][]; waiters: P[] } | null = null;
  const go = (i: number) => {
    if (i === ordered.length) {
      const spread = groups.reduce((s, g) => s + g[g.length - 1].idx - g[0].idx, 0);
      const cost = waiters.reduce((s, w) => s + fresh.get(w)!, 0) * 1000 + spread;
      if (!best || cost < best.cost) best = { cost, groups: groups.map((g) => [...g]), waiters: [...waiters] };
      return;
    }
    const p = ordered[i];
    const triedEmpty = new Set<number>();
    for (const [gi, g] of groups.entries()) {
      if (g.length >= sizes[gi] || g.some((m) => clash(m, p))) continue;
      if (g.length === 0) {
        if (triedEmpty.has(sizes[gi])) continue; // empty groups of one size are interchangeable
        triedEmpty.add(sizes[gi]);
      }
      g.push(p);
      go(i + 1);
      g.pop();
    }
    if (waiters.length < waiting) {
      waiters.push(p);
      go(i + 1);
      waiters.pop();
    }
  };
  go(0);
  return best;
}

/** Who sits out when the count does not divide: the one who came free last, else the lowest. */
function pickWaiters(ordered: P[], n: number): P[] {
  if (n === 0) return [];
  const byFresh = [...ordered].sort((a, b) => (b.w.freeSince ?? 0) - (a.w.freeSince ?? 0) || b.idx - a.idx);
  return byFresh.slice(0, n);
}

/** Greedy: each group takes the highest free player, then the next ones down who clash with nobody in it. */
function fill(ordered: P[], sizes: number[], skip: Set<P>, passed: Map<P, P[]>): P[][] {
  const used = ordered.map((p) => skip.has(p));
  let head = 0;
  const groups: P[][] = [];
  for (const size of sizes) {
    while (used[head]) head++;
    const g = [ordered[head]];
    used[head] = true;
    const take = (i: number) => {
      g.push(ordered[i]);
      used[i] = true;
    };
    const skipped: [P, P][] = [];
    for (let i = head + 1; i < ordered.length && g.length < size; i++) {
      if (used[i]) continue;
      const met = g.find((m) => clash(m, ordered[i]));
      if (met) skipped.push([ordered[i], met]);
      else take(i);
    }
    // remember who was passed over for whom (by the member they just played), for the group's reason
    const lowest = g[g.length - 1].idx;
    for (const [p, m] of skipped) if (p.idx < lowest) passed.set(m, [...(passed.get(m) ?? []), p]);
    // nobody clash-free is left below: take the nearest anyway, the repair step tries to undo it
    for (let i = head + 1; i < ordered.length && g.length < size; i++) if (!used[i]) take(i);
    groups.push(g);
  }
  return groups;
}

/** Swap a clashing member with a member of another group (nearest first) or a waiter so both sides are clash-free. */
function repair(groups: P[][], waiters: P[], benched: Map<P, P[]>): Set<P> {
  const moved = new Set<P>();
  for (let gi = groups.length - 1; gi >= 0; gi--) {
    const g = groups[gi];
    if (!clashes(g)) continue;
    const culprits = g.filter((a) => g.some((b) => b !== a && clash(a, b)));
    let done = false;
    for (const x of culprits) {
      // waiters first (no other group is disturbed), then groups from the nearest outwards
      for (const [wi, y] of waiters.entries()) {
        const ng = g.map((m) => (m === x ? y : m));
        if (!clashes(ng)) {
          groups[gi] = ng;
          waiters[wi] = x;
          benched.set(x, g.filter((b) => b !== x && clash(x, b)));
          moved.add(y);
          done = true;
          break;
        }
      }
      for (let d = 1; !done && d < groups.length; d++)
        for (const hi of [gi - d, gi + d]) {
          if (done || hi < 0 || hi >= groups.length) continue;
          for (const y of groups[hi]) {
            const ng = g.map((m) => (m === x ? y : m));
            const nh = groups[hi].map((m) => (m === y ? x : m));
            if (!clashes(ng) && !clashes(nh)) {
              groups[gi] = ng;
              groups[hi] = nh;
              moved.add(x).add(y);
              done = true;
              break;
            }
          }
        }
      if (done) break;
    }
  }
  return moved;
}

/** Write the groups with reasons; clashes left over wait (others are in the room) or are noted rematches. */
function settle(groups: P[][], waiters: P[], how: { moved: Set<P>; benched: Map<P, P[]>; passed: Map<P, P[]> }, othersInRoom: boolean, out: ArenaPairing): void {
  for (const raw of groups) {
    let g = [...raw].sort((a, b) => a.idx - b.idx);
    if (clashes(g) && othersInRoom) {
      // drop clashing members (lowest first) while a clash-free group of two or more remains
      const keep = [...g];
      for (let i = keep.length - 1; i >= 0 && clashes(keep); i--) if (keep.some((b) => b !== keep[i] && clash(keep[i], b))) keep.splice(i, 1);
      const out2 = g.filter((p) => !keep.includes(p));
      const stays = keep.length >= 2 && !clashes(keep);
      for (const p of stays ? out2 : g) {
        const met = g.filter((b) => b !== p && clash(p, b)).map((b) => nameOf(b.w));
        out.waiting.push({ playerId: p.w.id, reason: `${nameOf(p.w)} just played ${met.join(" and ") || "this group"}; ${nameOf(p.w)} waits for the next free player rather than meet again at once.` });
      }
      if (!stays) continue;
      g = keep;
    }
    const names = g.map(pts);
    const list = names.length === 2 ? names.join(" and ") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
    let reason = `${list}: the closest arena points among the free players`;
    if (clashes(g)) {
      reason = `${list}: a rematch, because nobody else is in the room`;
      out.notes.push(`${g.map((p) => nameOf(p.w)).join(", ")} meet again at once: nobody else is free or playing.`);
    } else if (g.some((p) => how.moved.has(p))) reason += ", regrouped so nobody meets their last opponent again at once";
    else {
      const over = g.flatMap((m) => (how.passed.get(m) ?? []).filter((p) => !g.includes(p) && p.idx > g[0].idx && p.idx < g[g.length - 1].idx).map((p) => [p, m] as const));
      if (over.length) reason += ` (${over.map(([p, m]) => `${nameOf(p.w)} just played ${nameOf(m.w)}`).join("; ")})`;
    }
    out.groups.push({ players: g.map((p) => p.w.id), reason: `${reason}.` });
  }
  for (const p of waiters) {
    const met = how.benched.get(p);
    const why = met
      ? `${nameOf(p.w)} waits for the next free player: an odd number are free, and pairing ${nameOf(p.w)} would mean meeting ${met.map((b) => nameOf(b.w)).join(" and ")} again at once.`
      : `${nameOf(p.w)} waits for the next free player: an odd number are free and ${nameOf(p.w)} came free last${p.w.freeSince === undefined ? " (or is lowest on points)" : ""}.`;
    out.waiting.push({ playerId: p.w.id, reason: why });
  }
}
