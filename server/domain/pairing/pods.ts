/**
 * Pods: games of 3–4 players (Equate allows up to four: docs/spec/rulesets.md). Swiss, King of the
 * Hill and round robin pairing into pods; results, standings and ratings already count a pod as
 * one game (../results: wins = (opponents beaten + ½·tied) / (n − 1); Glicko-2 `ratePod`).
 *
 * Rules:
 * - Sizes: the event's pod size k; when the field does not divide, the other size of 3–4 takes
 *   the remainder (k = 3: a few pods of 4; k = 4: a few pods of 3), placed at the bottom of the
 *   standings; only when no mix fits (5 players; fewer than 3) do players get byes — the fewest
 *   byes first, then the lowest-ranked (TSH) — and a field of 2 plays one two-player game.
 * - Swiss: pods are filled top-down in standings order (wins, spread, seeding); each pod takes the
 *   highest-ranked players who have met none of its members (nor are a forbidden pair with one).
 *   Then a repair swaps members between pods while that lowers the number of pod-mates meeting
 *   again; fields up to 12 players that still have a repeat are searched exhaustively, so there a
 *   repeat happens only when no grouping avoids it (brute-force property test). Larger fields
 *   rely on the swap repair (no guarantee; noted on the round when a repeat remains).
 * - King of the Hill: consecutive players by standings (1–2–3, 4–5–6 …), repeats allowed.
 * - Round robin: rounds are grouped by the same procedure on the seeding order, each pod taking
 *   players who have not met its members, until every pair has met (pods containing the most
 *   unmet pairs). Caveat: this greedy is not a resolvable design (Kirkman): 9 players in 3-pods
 *   can be done in 4 rounds, the greedy may need a round or two more.
 * - Seat order (who plays first, second, …): the permutation of the pod (at most 4! = 24) that
 *   gives each player the seats they have sat in least often, and then seats players who have
 *   sat late on average early (rearrangement), with a deterministic coin toss (hash of round
 *   and ids) for what is left. Two-player games use the same rule.
 */
import { validateField } from "../results";
import { fail, ok, type History, type Player, type Result } from "../types";
import { buildState, compareSeeding, hash32, pairKey, pickBye, ranked, recordLabel, type FieldState, type PlayerState } from "./state";
import type { ByeAssignment, PairedRound, Pairing, PairingInput } from "./types";

export const POD_SIZES = [3, 4] as const;
export type PodSize = (typeof POD_SIZES)[number];

export interface PodOptions {
  /** Preferred players per game (3 or 4). */
  podSize: PodSize;
  /** Players who stay in the field but are not grouped this round (withdrawn); as in pairSwiss. */
  withdrawn?: readonly string[];
}

/** Pod sizes for `m` players (best pod first) and how many sit out with a bye. */
export function podSizes(m: number, size: PodSize): { sizes: number[]; byes: number } {
  if (m === 2) return { sizes: [2], byes: 0 };
  const other = size === 3 ? 4 : 3;
  for (let byes = 0; byes <= m; byes++) {
    const rest = m - byes;
    for (let b = 0; b * other <= rest; b++) {
      if ((rest - b * other) % size === 0) return { sizes: [...Array((rest - b * other) / size).fill(size), ...Array(b).fill(other)], byes };
    }
  }
  return { sizes: [], byes: m };
}

/** Seat history: how often each player sat in each seat, and their mean seat (0 = first … 1 = last). */
function seatStats(field: FieldState, history: History): { count: number[][]; mean: number[] } {
  const count = field.players.map(() => [0, 0, 0, 0]);
  const sum = field.players.map(() => 0);
  const games = field.players.map(() => 0);
  for (const g of history.games) {
    g.players.forEach((id, seat) => {
      const i = field.byId.get(id);
      if (i === undefined) return;
      count[i][Math.min(seat, 3)]++;
      sum[i] += g.players.length > 1 ? seat / (g.players.length - 1) : 0;
      games[i]++;
    });
  }
  return { count, mean: sum.map((s, i) => (games[i] ? s / games[i] : 0.5)) };
}

function permutations<T>(xs: readonly T[]): T[][] {
  if (xs.length <= 1) return [[...xs]];
  return xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]));
}

/** Seat order of a pod (index 0 moves first) and a sentence saying why. */
export function seatPod(pod: readonly PlayerState[], stats: { count: number[][]; mean: number[] }, round: number): { seats: PlayerState[]; why: string } {
  const k = pod.length;
  let best: PlayerState[] = [...pod];
  let bestCost = Infinity;
  const ids = pod.map((p) => p.id).sort().join("|");
  for (const perm of permutations(pod)) {
    let cost = 0;
    perm.forEach((p, s) => {
      cost += stats.count[p.idx][s] * 1000 + (k > 1 ? (s / (k - 1)) * stats.mean[p.idx] * 10 : 0);
    });
    cost += (hash32(`${round}:${ids}:${perm.map((p) => p.id).join("|")}`) % 1000) / 1e6; // coin toss for exact ties
    if (cost < bestCost) [best, bestCost] = [perm, cost];
  }
  const before = best.map((p, s) => `${p.name} ${["1st", "2nd", "3rd", "4th"][s]} (sat there ${stats.count[p.idx][s]}×)`);
  return { seats: best, why: `seats balanced: ${before.join(", ")}` };
}

/** Number of pairs in `pod` that met before (a forbidden pair counts as `forbiddenCost`). */
function conflicts(field: FieldState, pod: readonly PlayerState[], forbiddenCost: number): number {
  let c = 0;
  for (let i = 0; i < pod.length; i++)
    for (let j = i + 1; j < pod.length; j++) {
      if (pod[i].met.has(pod[j].idx)) c += pod[i].met.get(pod[j].idx)!;
      if (field.forbidden.has(pairKey(pod[i].idx, pod[j].idx, field.n))) c += forbiddenCost;
    }
  return c;
}

/**
 * Group `order` (best first) into pods of `sizes`, fewest pod-mates meeting again: greedy fill,
 * swap repair, exhaustive search up to 12 players. Returns the pods and their total conflicts.
 */
function groupPods(field: FieldState, order: readonly PlayerState[], sizes: readonly number[]): { pods: PlayerState[][]; conflicts: number } {
  const FORBID = 1000;
  const pairCost = (a: PlayerState, b: PlayerState) => (a.met.get(b.idx) ?? 0) + (field.forbidden.has(pairKey(a.idx, b.idx, field.n)) ? FORBID : 0);
  const used = new Uint8Array(field.n);
  const pods: PlayerState[][] = [];
  let start = 0;
  for (const size of sizes) {
    while (used[order[start].idx]) start++;
    const pod = [order[start]];
    used[order[start].idx] = 1;
    while (pod.length < size) {
      // the highest-ranked unassigned player with the fewest meetings with the pod (0 = none)
      let pick = -1;
      let pickCost = Infinity;
      for (let i = start + 1; i < order.length && pickCost > 0; i++) {
        const c = order[i];
        if (used[c.idx]) continue;
        let cost = 0;
        for (const p of pod) cost += pairCost(p, c);
        if (cost < pickCost) [pick, pickCost] = [i, cost];
      }
      pod.push(order[pick]);
      used[order[pick].idx] = 1;
    }
    pods.push(pod);
  }
  const cost = (pod: readonly PlayerState[]) => conflicts(field, pod, FORBID);
  let total = pods.reduce((s, p) => s + cost(p), 0);
  // swap repair: move a member of a pod with a repeat into a nearby pod, when that lowers the total
  for (let pass = 0; pass < 4 && total > 0; pass++) {
    let improved = false;
    for (let a = 0; a < pods.length; a++) {
      if (cost(pods[a]) === 0) continue;
      for (let dist = 1; dist < Math.min(pods.length, 64) && cost(pods[a]) > 0; dist++) {
        for (const b of [a + dist, a - dist]) {
          if (b < 0 || b >= pods.length) continue;
          const before = cost(pods[a]) + cost(pods[b]);
          let done = false;
          for (let x = 0; x < pods[a].length && !done; x++)
            for (let y = 0; y < pods[b].length && !done; y++) {
              const pa = [...pods[a]];
              const pb = [...pods[b]];
              [pa[x], pb[y]] = [pb[y], pa[x]];
              if (cost(pa) + cost(pb) < before) {
                pods[a] = pa;
                pods[b] = pb;
                total -= before - cost(pa) - cost(pb);
                improved = done = true;
              }
            }
        }
      }
    }
    if (!improved) break;
  }
  if (total > 0 && order.length <= 12) {
    const exact = exhaustive(order, sizes, pairCost);
    if (exact.cost < total) return { pods: exact.pods, conflicts: exact.cost };
  }
  return { pods, conflicts: total };
}

/** Best grouping by exhaustive search (small fields only): fewest conflicts, then the order's. */
function exhaustive(order: readonly PlayerState[], sizes: readonly number[], pairCost: (a: PlayerState, b: PlayerState) => number): { pods: PlayerState[][]; cost: number } {
  let best: PlayerState[][] = [];
  let bestCost = Infinity;
  const pods: PlayerState[][] = sizes.map(() => []);
  const go = (i: number, cost: number) => {
    if (cost >= bestCost) return;
    if (i === order.length) {
      best = pods.map((p) => [...p]);
      bestCost = cost;
      return;
    }
    const p = order[i];
    let openedEmpty = false;
    for (let k = 0; k < pods.length; k++) {
      const pod = pods[k];
      if (pod.length >= sizes[k]) continue;
      if (pod.length === 0) {
        // empty pods of the same size are interchangeable: try only the first one
        if (openedEmpty && sizes[k] === sizes[k - 1]) continue;
        openedEmpty = true;
      }
      let add = 0;
      for (const q of pod) add += pairCost(p, q);
      pod.push(p);
      go(i + 1, cost + add);
      pod.pop();
      if (bestCost === 0) return;
    }
  };
  go(0, 0);
  // keep pods in standings order of their best player
  const rank = new Map(order.map((p, i) => [p.idx, i]));
  best.sort((a, b) => Math.min(...a.map((p) => rank.get(p.idx)!)) - Math.min(...b.map((p) => rank.get(p.idx)!)));
  return { pods: best, cost: bestCost };
}

function boards(
  field: FieldState,
  history: History,
  round: number,
  pods: PlayerState[][],
  describe: (pod: PlayerState[]) => string,
): Pairing[] {
  const stats = seatStats(field, history);
  return pods.map((pod, i) => {
    const { seats, why } = seatPod(pod, stats, round);
    let met = 0;
    for (let a = 0; a < pod.length; a++) for (let b = a + 1; b < pod.length; b++) met += pod[a].met.has(pod[b].idx) ? 1 : 0;
    const repeat = met === 0 ? "no pod-mates met before" : `${met} pair${met === 1 ? "" : "s"} meet${met === 1 ? "s" : ""} again (no grouping avoids it)`;
    return { players: seats.map((p) => p.id), table: i + 1, reason: `${describe(pod)}; ${repeat}; ${why}` };
  });
}

function takeByes(order: PlayerState[], count: number, label: string): { rest: PlayerState[]; byes: ByeAssignment[] } {
  const out: ByeAssignment[] = [];
  const gone = new Set<number>();
  for (let i = 0; i < count; i++) {
    const b = pickBye(order, gone);
    gone.add(b.idx);
    out.push({
      playerId: b.id,
      reason: `${label}: ${order.length} players do not fill pods of 3–4, so ${count} sit${count === 1 ? "s" : ""} out; ${b.name} is the lowest-ranked among those with the fewest byes (${b.byes})`,
    });
  }
  return { rest: order.filter((p) => !gone.has(p.idx)), byes: out };
}

function prepare(input: PairingInput, withdrawnIds: readonly string[] = []): Result<{ field: FieldState; round: number; order: PlayerState[] }> {
  const checked = validateField(input.players, input.history, input.forbiddenPairs ?? []);
  if (!checked.ok) return checked;
  const field = buildState(input.players, input.history, input.forbiddenPairs ?? [], input.scoring);
  const withdrawn = new Set(withdrawnIds);
  for (const id of withdrawn) if (!field.byId.has(id)) return fail("UNKNOWN_PLAYER", `Withdrawn player ${id} is not in the field.`);
  return ok({ field, round: input.round ?? field.lastRound + 1, order: ranked(field).filter((p) => !withdrawn.has(p.id)) });
}

/** Swiss round in pods: score order, no repeated pod-mates while avoidable, balanced seats. */
export function pairSwissPods(input: PairingInput, options: PodOptions): Result<PairedRound> {
  const prep = prepare(input, options.withdrawn);
  if (!prep.ok) return prep;
  const { field, round, order } = prep.value;
  const { sizes, byes: byeCount } = podSizes(order.length, options.podSize);
  const { rest, byes } = takeByes(order, byeCount, "Swiss in pods");
  if (sizes.length === 0) return ok({ round, pairings: [], byes, notes: [] });
  const firstRound = rest.every((p) => p.met.size === 0 && p.wins === 0 && p.losses === 0);
  const { pods, conflicts: left } = groupPods(field, rest, sizes);
  const rank = new Map(rest.map((p, i) => [p.idx, i + 1]));
  const describe = (pod: PlayerState[]) => {
    const who = pod.map((p) => `#${rank.get(p.idx)} ${p.name} (${recordLabel(p)})`).join(", ");
    return firstRound ? `round 1, seeded by rating: pod of ${pod.length} (${who})` : `Swiss pod of ${pod.length} by standings: ${who}`;
  };
  const notes: string[] = [];
  if (left > 0) notes.push(left >= 1000 ? "No grouping honours every forbidden pair; a forbidden pair shares a pod." : "No grouping avoids every repeat; some pod-mates meet again.");
  return ok({ round, pairings: boards(field, input.history, round, pods, describe), byes, notes });
}

/** King of the Hill in pods: 1–2–3(–4), the next 3–4 … by standings; repeats allowed. */
export function pairKingOfTheHillPods(input: PairingInput, options: PodOptions): Result<PairedRound> {
  const prep = prepare(input, options.withdrawn);
  if (!prep.ok) return prep;
  const { field, round, order } = prep.value;
  const { sizes, byes: byeCount } = podSizes(order.length, options.podSize);
  const { rest, byes } = takeByes(order, byeCount, "King of the Hill in pods");
  const pods: PlayerState[][] = [];
  let at = 0;
  for (const size of sizes) {
    pods.push(rest.slice(at, at + size));
    at += size;
  }
  const describe = (pod: PlayerState[]) => `King of the Hill pod: ${pod.map((p) => `#${rest.indexOf(p) + 1} ${p.name} (${recordLabel(p)})`).join(", ")}`;
  const pairings = boards(field, input.history, round, pods, describe).map((b) => ({ ...b, reason: b.reason.replace("(no grouping avoids it)", "(allowed in King of the Hill)") }));
  return ok({ round, pairings, byes, notes: [] });
}

/**
 * Round robin in pods: rounds until every pair has shared a pod (seeding order; see the module
 * comment). `maxRounds` bounds the schedule (default: the field size).
 */
export function roundRobinPods(players: readonly Player[], options: { podSize: PodSize; maxRounds?: number; firstRound?: number }): Result<PairedRound[]> {
  const checked = validateField(players, { games: [], byes: [] });
  if (!checked.ok) return checked;
  const n = players.length;
  if (n < 2) return ok([]);
  const history: History = { games: [], byes: [] };
  const rounds: PairedRound[] = [];
  const pairsTotal = (n * (n - 1)) / 2;
  const metPairs = new Set<string>();
  const first = options.firstRound ?? 1;
  for (let r = 0; r < (options.maxRounds ?? n) && metPairs.size < pairsTotal; r++) {
    const round = first + r;
    const field = buildState(players, history);
    const order = [...field.players].sort(compareSeeding);
    const { sizes, byes: byeCount } = podSizes(n, options.podSize);
    const { rest, byes } = takeByes(order, byeCount, "round robin in pods");
    const { pods } = groupPods(field, rest, sizes);
    const describe = (pod: PlayerState[]) => `round robin in pods, round ${r + 1}: pod of ${pod.length} players who have not all met`;
    const pairings = boards(field, history, round, pods, describe).map((b) => ({ ...b, reason: b.reason.replace("(no grouping avoids it)", "(every grouping repeats someone by now)") }));
    for (const p of pairings) {
      history.games.push({ round, players: p.players });
      for (let a = 0; a < p.players.length; a++)
        for (let b = a + 1; b < p.players.length; b++) metPairs.add([p.players[a], p.players[b]].sort().join("|"));
    }
    for (const b of byes) history.byes.push({ round, playerId: b.playerId });
    rounds.push({ round, pairings, byes, notes: [] });
  }
  return ok(rounds);
}
