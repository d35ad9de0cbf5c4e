/**
 * Round robin schedules (single and double) by the circle method.
 *
 * Algorithm: Berger tables (FIDE C.05 Annex 1), the circle method in closed form: with seats 1..N
 * (N even; an odd field adds phantom seat N whose opponent has the bye), in round r seats i, j < N
 * meet when i + j − 1 ≡ r (mod N−1) and seat p meets seat N when 2p − 1 ≡ r (mod N−1). First
 * moves: for i + j odd the lower seat goes first, for i + j even the higher; seat N goes second in
 * odd rounds. This splits every player's firsts within one of half (exactly half for odd fields)
 * and never gives anyone three firsts or seconds in a row (checked for 2..41 players). A double
 * round robin repeats the cycle with every first move swapped, so each pair splits its two games.
 * Caveat: 3–4 player pods are not scheduled here (pods would need a resolvable design / Kirkman
 * system); pairs only.
 */
import { validateField } from "../results";
import { ok, type Player, type Result } from "../types";
import { buildState, compareSeeding, type PlayerState } from "./state";
import type { ByeAssignment, PairedRound, Pairing } from "./types";

export const ROUND_ROBIN_KINDS = [
  { code: "single", description: "everyone meets everyone once" },
  { code: "double", description: "everyone meets everyone twice; the second cycle swaps who moves first" },
] as const;
export type RoundRobinKind = (typeof ROUND_ROBIN_KINDS)[number]["code"];

export interface RoundRobinOptions {
  kind?: RoundRobinKind;
  /** Number given to the first round (default 1). */
  firstRound?: number;
}

/** The whole schedule of a round robin: one PairedRound per round. */
export function roundRobin(players: readonly Player[], options: RoundRobinOptions = {}): Result<PairedRound[]> {
  const checked = validateField(players, { games: [], byes: [] });
  if (!checked.ok) return checked;
  const kind = options.kind ?? "single";
  const first = options.firstRound ?? 1;
  const field = buildState(players, { games: [], byes: [] });
  const order = [...field.players].sort(compareSeeding);
  const n = order.length;
  if (n < 2) return ok([]);
  // Berger numbering: seats 1..N, seat N is the phantom when the field is odd.
  const N = n % 2 === 0 ? n : n + 1;
  const seat = (k: number): PlayerState | null => (k <= n ? order[k - 1] : null);
  const m = N - 1;
  const cycle = m;
  const rounds: PairedRound[] = [];
  for (let r = 1; r <= cycle; r++) {
    const round = first + r - 1;
    const pairings: Pairing[] = [];
    const byes: ByeAssignment[] = [];
    for (let i = 1; i <= m; i++) {
      let j = (((r + 1 - i) % m) + m) % m;
      if (j === 0) j = m;
      let white: number;
      let black: number;
      if (j === i) {
        // seat i meets seat N: seat i moves first in odd rounds
        [white, black] = r % 2 === 1 ? [i, N] : [N, i];
      } else if (i < j) {
        [white, black] = (i + j) % 2 === 1 ? [i, j] : [j, i];
      } else continue;
      const a = seat(white);
      const b = seat(black);
      if (!a || !b) {
        const p = (a ?? b)!;
        byes.push({ playerId: p.id, reason: `round robin with an odd number of players: ${p.name} sits out round ${round} (everyone sits out once)` });
        continue;
      }
      const balance = `${a.name} moves first (Berger table: first moves alternate and split evenly)`;
      pairings.push({
        players: [a.id, b.id],
        table: 0,
        reason: `${kind} round robin, round ${r} of ${cycle} (Berger/circle method); ${balance}`,
      });
    }
    pairings.forEach((p, t) => (p.table = t + 1));
    rounds.push({ round, pairings, byes, notes: [] });
  }
  if (kind === "double") {
    for (let r = 0; r < cycle; r++) {
      const src = rounds[r];
      const round = first + cycle + r;
      rounds.push({
        round,
        pairings: src.pairings.map((p) => ({
          players: [p.players[1], p.players[0]],
          table: p.table,
          reason: `double round robin, second cycle round ${r + 1} of ${cycle}: replays round ${src.round} with first moves swapped`,
        })),
        byes: src.byes.map((b) => ({ playerId: b.playerId, reason: b.reason.replace(`round ${src.round}`, `round ${round}`) })),
        notes: [],
      });
    }
  }
  return ok(rounds);
}
