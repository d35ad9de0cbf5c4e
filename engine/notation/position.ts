/**
 * Position notation (in the spirit of CGP for Scrabble), one line of space-separated fields:
 *
 *   <ruleset> <board> <racks> <scores> <turn> <bag>[ <options>]
 *
 * - board: the rows top to bottom separated by `/`; in a row, a decimal number is that many empty
 *   squares and tiles are tokens (notation/tokens.ts): `7[2]+[2]=[4]8` is row "7 empty, 2+2=4,
 *   8 empty" on a 19-wide board. Every row accounts for exactly the board's width.
 * - racks: per player, `/`-separated: tokens with `?` for a blank (`[2][3]+?`), empty for an
 *   empty rack, or `*N` for a hidden rack of N tiles (a player's view).
 * - scores: `/`-separated integers (may be negative). turn: index of the player on move.
 * - bag: tiles left in the bag. options: compact JSON of ruleset options, when not the defaults.
 * Example: `equate 19/…/7[2]+[2]=[4]8/…/19 [3][5]×?/*9 12/0 1 113`.
 * Round trip: `parsePosition(formatPosition(p))` equals p with the board in reading order.
 */
import { isRulesetId, RULESET_DATA, type Result, type RulesetId, type RulesetOptions } from "../ruleset";
import { plainPlacement, type Placement } from "../play";
import { normaliseFace, splitBrackets, type Face } from "../tiles";
import { decodeRack, encodeRack, encodeTile, readTile, splitOutside } from "./tokens";

export interface Position {
  ruleset: RulesetId;
  /** in reading order (row, then column) */
  board: Placement[];
  /** a rack, or the number of tiles of a hidden rack */
  racks: Array<Face[] | number>;
  scores: number[];
  turn: number;
  bag: number;
  options?: Partial<RulesetOptions>;
}

const byReading = (a: Placement, b: Placement): number => a.row - b.row || a.col - b.col;

export function formatPosition(p: Position): string {
  const size = RULESET_DATA[p.ruleset].layout.size;
  const board = p.board.slice().sort(byReading);
  const rows: string[] = [];
  let k = 0;
  for (let r = 0; r < size; r++) {
    let s = "";
    let empty = 0;
    for (let c = 0; c < size; c++) {
      const t = board[k];
      if (t && t.row === r && t.col === c) {
        if (empty) s += String(empty);
        empty = 0;
        s += encodeTile(t);
        k++;
      } else empty++;
    }
    if (empty) s += String(empty);
    rows.push(s);
  }
  const racks = p.racks.map((r) => (typeof r === "number" ? `*${r}` : encodeRack(r))).join("/");
  const fields = [p.ruleset, rows.join("/"), racks, p.scores.map(String).join("/"), String(p.turn), String(p.bag)];
  if (p.options && Object.keys(p.options).length) fields.push(JSON.stringify(p.options));
  return fields.join(" ");
}

const INT = /^-?\d+$/;

export function parsePosition(text: string): Result<Position> {
  const err = (e: string): Result<Position> => ({ ok: false, error: e });
  const f = text.trim().split(" ");
  if (f.length < 6) return err("a position has at least 6 fields: ruleset board racks scores turn bag");
  const [rid, boardF, racksF, scoresF, turnF, bagF] = f;
  if (!isRulesetId(rid)) return err(`unknown ruleset "${rid}"`);
  const size = RULESET_DATA[rid].layout.size;
  const rows = splitOutside(boardF, "/");
  if (rows.length !== size) return err(`the board has ${rows.length} rows; ${rid} has ${size}`);
  const board: Placement[] = [];
  for (let r = 0; r < size; r++) {
    const row = rows[r];
    let c = 0;
    let i = 0;
    while (i < row.length) {
      const m = /^\d+/.exec(row.slice(i));
      if (m) {
        const n = Number(m[0]);
        if (n === 0) return err(`row ${r + 1}: an empty run of 0`);
        c += n;
        i += m[0].length;
        continue;
      }
      const t = readTile(row, i);
      if (!t) return err(`row ${r + 1}: cannot read a tile at "${row.slice(i)}"`);
      const p: Placement = { row: r, col: c, tile: t.tile.face };
      if (t.tile.blank) p.blank = true;
      if (t.tile.brackets) p.brackets = t.tile.brackets;
      if (t.tile.bracketLines) {
        const owners = t.tile.bracketLines;
        const b = splitBrackets(normaliseFace(p.tile));
        const n = b ? b.open + b.close : 0;
        if (owners.length !== n) {
          const letters = owners.map((d) => d[0]).join("");
          return err(`row ${r + 1}: ${p.tile} has ${n} bracket${n === 1 ? "" : "s"} but ${owners.length} owners (:${letters})`);
        }
        p.bracketLines = owners;
      }
      board.push(p);
      c++;
      i = t.next;
    }
    if (c !== size) return err(`row ${r + 1} covers ${c} squares, not ${size}`);
  }
  const racks: Array<Face[] | number> = [];
  for (const r of splitOutside(racksF, "/")) {
    if (/^\*\d+$/.test(r)) racks.push(Number(r.slice(1)));
    else {
      const d = decodeRack(r);
      if (!d) return err(`cannot read the rack "${r}"`);
      racks.push(d);
    }
  }
  const scores = scoresF.split("/");
  if (!scores.every((x) => INT.test(x))) return err("scores must be integers separated by /");
  if (scores.length !== racks.length) return err("as many scores as racks");
  if (!/^\d+$/.test(turnF) || Number(turnF) >= racks.length) return err("turn must be a player index");
  if (!/^\d+$/.test(bagF)) return err("bag must be a count");
  const out: Position = { ruleset: rid, board, racks, scores: scores.map(Number), turn: Number(turnF), bag: Number(bagF) };
  if (f.length > 6) {
    try {
      const o = JSON.parse(f.slice(6).join(" "));
      if (typeof o !== "object" || o === null || Array.isArray(o)) return err("options must be a JSON object");
      out.options = o;
    } catch {
      return err("options must be JSON");
    }
  }
  return { ok: true, value: out };
}

/** The position of a game state, as seen by `viewer` (others' racks hidden), or in full (undefined). */
export function positionOf(
  s: { ruleset: { id: RulesetId }; board: Placement[]; racks: Face[][]; scores: number[]; turn: number; bag: { tiles: readonly Face[] }; players: { id: string }[] },
  viewer?: string | null,
): Position {
  return {
    ruleset: s.ruleset.id,
    board: s.board.map(plainPlacement).sort(byReading),
    racks: s.racks.map((r, i) => (viewer === undefined || s.players[i].id === viewer ? r.slice() : r.length)),
    scores: s.scores.slice(),
    turn: s.turn,
    bag: s.bag.tiles.length,
  };
}
