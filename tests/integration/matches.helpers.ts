/**
 * Finding plays for tests from whatever rack the seeded bag dealt (shared by the matches
 * integration tests and tests/e2e/matches.spec.ts). Pure: engine imports only, through its front
 * door (Playwright's loader resolves the `@/` path from tsconfig.json).
 */
import { adjudicatePlay, alwaysRefused, getRuleset, type Placement } from "@/engine";

type Tile = { row: number; col: number; tile: string; blank?: boolean };

function* sequences(rack: string[], len: number, used: boolean[] = [], acc: string[] = []): Generator<string[]> {
  if (acc.length === len) {
    yield acc.slice();
    return;
  }
  for (let i = 0; i < rack.length; i++) {
    if (used[i] || rack[i] === "?" || rack.slice(0, i).some((f, j) => f === rack[i] && !used[j])) continue;
    used[i] = true;
    acc.push(rack[i]!);
    yield* sequences(rack, len, used, acc);
    acc.pop();
    used[i] = false;
  }
}

/** A valid first play across row 9 from col 9 (Equate's start square), using "=" from the side
 * supply: tiles left of "=" and a right-hand side, e.g. ["3","+","4","=","7"]. */
export function findOpeningPlay(rack: string[], ruleset: "equate" = "equate"): { faces: string[]; placements: Placement[]; score: number } | null {
  const rs = getRuleset(ruleset);
  for (let len = 2; len <= 4; len++) {
    for (const seq of sequences(rack, len)) {
      for (let eq = 1; eq < seq.length; eq++) {
        const faces = [...seq.slice(0, eq), "=", ...seq.slice(eq)];
        const placements = faces.map((tile, i) => ({ row: 9, col: 9 + i, tile }));
        const r = adjudicatePlay(rs, [], placements, { rack, firstPlay: true });
        if (r.valid) return { faces, placements, score: r.score };
      }
    }
  }
  return null;
}

/** An invalid play that may stand until challenged: "=" and a rack tile hung below a board
 * tile, reading e.g. "3=8" downwards. */
export function findPhonyPlay(board: Tile[], rack: string[], ruleset: "equate" = "equate"): Placement[] | null {
  const rs = getRuleset(ruleset);
  const taken = new Set(board.map((t) => `${t.row},${t.col}`));
  for (const t of board) {
    if (taken.has(`${t.row + 1},${t.col}`) || taken.has(`${t.row + 2},${t.col}`) || taken.has(`${t.row - 1},${t.col}`)) continue;
    for (const face of new Set(rack)) {
      if (face === "?") continue;
      const play = [
        { row: t.row + 1, col: t.col, tile: "=" },
        { row: t.row + 2, col: t.col, tile: face },
      ];
      const r = adjudicatePlay(rs, board, play, { rack, firstPlay: false });
      if (!r.valid && !alwaysRefused(r)) return play;
    }
  }
  return null;
}

/** An invalid play of one rack tile at either end of a row's run (e.g. "3+4=7" → "3+4=75"),
 * which may stand until challenged. */
export function findEndPhony(board: Tile[], rack: string[], ruleset: "equate" = "equate"): Placement | null {
  const rs = getRuleset(ruleset);
  const taken = new Set(board.map((t) => `${t.row},${t.col}`));
  const ends: { row: number; col: number }[] = [];
  for (const t of board) {
    if (!taken.has(`${t.row},${t.col + 1}`)) ends.push({ row: t.row, col: t.col + 1 });
    if (!taken.has(`${t.row},${t.col - 1}`)) ends.push({ row: t.row, col: t.col - 1 });
  }
  for (const e of ends) {
    if (taken.has(`${e.row - 1},${e.col}`) || taken.has(`${e.row + 1},${e.col}`)) continue;
    for (const face of new Set(rack)) {
      if (face === "?") continue;
      const play = [{ row: e.row, col: e.col, tile: face }];
      const r = adjudicatePlay(rs, board, play, { rack, firstPlay: false });
      if (!r.valid && !alwaysRefused(r)) return play[0]!;
    }
  }
  return null;
}
