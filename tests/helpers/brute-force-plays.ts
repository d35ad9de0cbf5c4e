/**
 * Brute force, the exact generator's reference (tests/unit/movegen-exact-*.test.ts): every
 * placement of up to `maxNew` tiles in one row or column, every assignment of faces from the
 * rack (blanks as every bag face, unlimited faces as many times as the ruleset's `maxNewEquals`
 * allows, or `maxEquals`; 'SMATH number tiles also as "(n", "n)" and "(n)" unless `brackets` is
 * false, and then a refused play is tried again with "(n", "n)" or "(n)" laid over the board
 * number just before or after it in its line — either line for a lone tile), each sent to
 * `adjudicatePlay`. It
 * shares no code with engine/movegen: obviously correct, and slow. The only filter before the
 * adjudicator is the connection rule it would apply anyway (a new tile next to an old one; the
 * first play on the start square).
 *
 * `maxTries` caps the work: past that many adjudications it gives up and returns null (the fast
 * tier's per-position budget, tests/helpers/exact-property.ts), so one huge position (a blank in a
 * full rack tries every face on every square) cannot make a run ten times slower than the next.
 */
import { adjudicatePlay, BLANK, normaliseFace, type Face, type Placement, type Ruleset } from "@/engine";

export interface BrutePlay {
  placements: Placement[];
  score: number;
}

/** Reading-order key of a play; 'SMATH keys leave brackets and overlays out. */
export function playKeyOf(rs: Ruleset, board: readonly Placement[], ps: readonly Placement[]): string {
  const taken = new Set(board.map((t) => `${t.row},${t.col}`));
  const smath = rs.grammar.brackets;
  const sorted = [...ps].sort((a, b) => a.row - b.row || a.col - b.col);
  let s = "";
  for (const p of sorted) {
    if (smath && taken.has(`${p.row},${p.col}`)) continue;
    const tile = smath ? p.tile.replace(/[()]/g, "") : p.tile;
    s += `${p.row.toString().padStart(2, "0")},${p.col.toString().padStart(2, "0")}:${tile}${p.blank ? "?" : ""} `;
  }
  return s;
}

export function bruteForcePlays(
  rs: Ruleset,
  board: readonly Placement[],
  rack: readonly Face[],
  opts: { firstPlay?: boolean; maxNew?: number; maxEquals?: number; brackets?: boolean; maxTries?: number } = {},
): Map<string, BrutePlay> | null {
  const size = rs.layout.size;
  const firstPlay = opts.firstPlay ?? board.length === 0;
  const taken = new Set(board.map((t) => t.row * size + t.col));
  const isTaken = (r: number, c: number): boolean => taken.has(r * size + c);
  const onBoard = (r: number, c: number): boolean => r >= 0 && c >= 0 && r < size && c < size;
  const unlimited = rs.tiles.filter((t) => t.unlimited && t.face !== "()").map((t) => t.face);
  const blankFaces = rs.tiles.filter((t) => t.inBag && t.face !== BLANK && t.face !== "=").map((t) => t.face);
  const left = new Map<Face, number>();
  for (const f of rack.map(normaliseFace)) if (!unlimited.includes(f)) left.set(f, (left.get(f) ?? 0) + 1);
  const rackFaces = [...left.keys()].sort();
  const maxEquals = Math.min(rs.maxNewEquals, opts.maxEquals ?? Infinity);
  const maxNew = opts.maxNew ?? rack.length + (unlimited.includes("=") ? Math.min(maxEquals, rack.length) : 0);
  const out = new Map<string, BrutePlay>();
  const brackets = rs.grammar.brackets && opts.brackets !== false;
  const variants = (face: Face): Face[] => (brackets && /^\d+$/.test(face) ? [face, `(${face}`, `${face})`, `(${face})`] : [face]);

  const maxTries = opts.maxTries ?? Infinity;
  let tries = 0;
  const faceAt = new Map(board.map((t) => [t.row * size + t.col, t.tile]));
  const adjudicate = (ps: Placement[]): boolean => {
    if (++tries > maxTries) throw OVER_BUDGET;
    const r = adjudicatePlay(rs, board, ps, { rack, firstPlay });
    if (!r.valid) return false;
    const key = playKeyOf(rs, board, ps);
    if (!out.has(key)) out.set(key, { placements: ps.map((p) => ({ ...p })), score: r.score });
    return true;
  };
  // 'SMATH: a play its new tiles cannot make alone may need brackets on a board number next to
  // them in its line ("(2)7", issue 28); a lone tile's line is either of its two.
  const tryPlay = (ps: Placement[]): void => {
    if (adjudicate(ps) || !brackets) return;
    const dirs: Array<[number, number]> = ps.length === 1 ? [[0, 1], [1, 0]] : ps[0].row === ps[ps.length - 1].row ? [[0, 1]] : [[1, 0]];
    for (const [dr, dc] of dirs) {
      for (const [r, c] of [[ps[0].row - dr, ps[0].col - dc], [ps[ps.length - 1].row + dr, ps[ps.length - 1].col + dc]]) {
        const face = onBoard(r, c) ? faceAt.get(r * size + c) : undefined;
        if (face === undefined || !/\d/.test(face)) continue;
        for (const tile of [`(${face}`, `${face})`, `(${face})`]) if (adjudicate([...ps, { row: r, col: c, tile }])) return;
      }
    }
  };

  try {
    search();
  } catch (e) {
    if (e === OVER_BUDGET) return null;
    throw e;
  }
  return out;

  function search(): void {
    for (const dir of ["across", "down"] as const) {
      const [dr, dc] = dir === "across" ? [0, 1] : [1, 0];
      for (let r0 = 0; r0 < size; r0++) {
        for (let c0 = 0; c0 < size; c0++) {
          if (isTaken(r0, c0)) continue;
          // the first k empty squares from (r0, c0) onwards
          const cells: Array<[number, number]> = [];
          for (let r = r0, c = c0; onBoard(r, c) && cells.length < maxNew; r += dr, c += dc) if (!isTaken(r, c)) cells.push([r, c]);
          for (let k = 1; k <= cells.length; k++) {
            if (k === 1 && dir === "down") continue; // a single tile is the same play either way
            const use = cells.slice(0, k);
            const connected = firstPlay
              ? use.some(([r, c]) => r === rs.layout.start[0] && c === rs.layout.start[1])
              : use.some(([r, c]) => [[-1, 0], [1, 0], [0, -1], [0, 1]].some(([a, b]) => isTaken(r + a, c + b)));
            if (!connected) continue;
            const ps: Placement[] = [];
            let eqs = 0;
            const assign = (i: number): void => {
              if (i === k) {
                tryPlay(ps);
                return;
              }
              const [r, c] = use[i];
              for (const f of rackFaces) {
                const n = left.get(f)!;
                if (n === 0) continue;
                left.set(f, n - 1);
                if (f === BLANK) {
                  for (const b of blankFaces) {
                    for (const v of variants(b)) {
                      ps.push({ row: r, col: c, tile: v, blank: true });
                      assign(i + 1);
                      ps.pop();
                    }
                  }
                } else {
                  for (const v of variants(f)) {
                    ps.push({ row: r, col: c, tile: v });
                    assign(i + 1);
                    ps.pop();
                  }
                }
                left.set(f, n);
              }
              for (const f of unlimited) {
                if (f === "=" && eqs >= maxEquals) continue;
                eqs++;
                ps.push({ row: r, col: c, tile: f });
                assign(i + 1);
                ps.pop();
                eqs--;
              }
            };
            assign(0);
          }
        }
      }
    }
  }
}

const OVER_BUDGET = Symbol("over budget");
