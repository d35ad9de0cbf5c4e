/**
 * What a director's manual swap would break, said before it is applied — as TSH warns when a
 * `pair` command seats a repeat or a forbidden pair. Pure: the round's boards, the earlier games
 * and byes, and the forbidden pairs in; one sentence per problem the swap creates out. Only pairs
 * the swap makes are named (two pod-mates who already shared the board before it are not the
 * swap's doing), so an empty list means "nothing new to warn about".
 */
import type { ByeRecord, GameRecord } from "../types";

export interface SwapBoard {
  table: number;
  isBye: boolean;
  /** Seat order; a bye has one player. */
  players: readonly string[];
}

export interface SwapCheckInput {
  boards: readonly SwapBoard[];
  a: string;
  b: string;
  /** Games and byes of earlier rounds (not the round being edited). */
  games: readonly Pick<GameRecord, "round" | "players">[];
  byes: readonly Pick<ByeRecord, "round" | "playerId">[];
  forbidden: readonly (readonly [string, string])[];
  name: (id: string) => string;
}

const key = (x: string, y: string) => (x < y ? `${x}|${y}` : `${y}|${x}`);
const roundsText = (rs: number[]) => `round${rs.length === 1 ? "" : "s"} ${rs.join(", ")}`;

/** The boards after swapping `a` and `b` (same board: first move flips), as the service applies it. */
export function swappedBoards(boards: readonly SwapBoard[], a: string, b: string): SwapBoard[] {
  return boards.map((bd) => (bd.players.includes(a) || bd.players.includes(b) ? { ...bd, players: bd.players.map((id) => (id === a ? b : id === b ? a : id)) } : bd));
}

/** Sentences for each forbidden pair, repeat or second bye the swap of `a` and `b` creates. */
export function swapWarnings(input: SwapCheckInput): string[] {
  const { boards, a, b, name } = input;
  const before = new Set<string>();
  for (const bd of boards) if (!bd.isBye) for (const x of bd.players) for (const y of bd.players) if (x < y) before.add(key(x, y));
  const forbidden = new Set(input.forbidden.map(([x, y]) => key(x, y)));
  const met = new Map<string, number[]>();
  for (const g of input.games)
    for (const x of g.players)
      for (const y of g.players)
        if (x < y) met.set(key(x, y), [...(met.get(key(x, y)) ?? []), g.round].sort((p, q) => p - q));
  const warnings: string[] = [];
  for (const bd of swappedBoards(boards, a, b)) {
    if (!bd.players.includes(a) && !bd.players.includes(b)) continue;
    if (bd.isBye) {
      const id = bd.players[0]!;
      const had = input.byes.filter((x) => x.playerId === id).map((x) => x.round).sort((p, q) => p - q);
      if (had.length) warnings.push(`${name(id)} would get another bye (already had one in ${roundsText(had)}).`);
      continue;
    }
    for (const x of bd.players)
      for (const y of bd.players) {
        if (x >= y || before.has(key(x, y)) || (x !== a && x !== b && y !== a && y !== b)) continue;
        const [first, second] = [bd.players.indexOf(x) < bd.players.indexOf(y) ? x : y, bd.players.indexOf(x) < bd.players.indexOf(y) ? y : x];
        const pair = `${name(first)} and ${name(second)}`;
        if (forbidden.has(key(x, y))) warnings.push(`${pair} are a forbidden pair: they would meet at table ${bd.table}.`);
        const rounds = met.get(key(x, y));
        if (rounds) warnings.push(`${pair} would meet again at table ${bd.table} (they played in ${roundsText(rounds)}).`);
      }
  }
  return warnings;
}
