/**
 * Adjudication entry points (docs/spec/adjudication.md):
 * - `parseAdjudicationRequest(raw)`: the contract's request shape → typed request, or a one-line
 *   error (the CLI exits 2 with it; the API answers it as an input error).
 * - `adjudicatePlay(ruleset, board, play, opts)`: typed values → Ruling (engine/game/turns.ts calls it).
 * - `adjudicate(raw)`: never throws; a malformed request gives a BAD_REQUEST ruling.
 * Violations come most fundamental first: placement, rack, `=` count, each line (main first),
 * then the equation requirement.
 */
import { DIRECTIONS, type Direction } from "./board";
import { checkRack, lines as formLines, place, type Guess, type GridCell, type Placement } from "./play";
import { getRuleset, isRulesetId, parseRulesetOptions, RULESET_DATA, type Ruleset, type RulesetId, type RulesetOptions } from "./ruleset";
import type { Result } from "./result";
import type { Line, Note, Ruling, Violation } from "./ruling";
import { isRackTile, scorePlay } from "./score";
import { normaliseFace, splitBrackets, type Face } from "./tiles";
import { checkLine, type CheckedLine } from "./validate";
import * as squares from "./notation/squares";

export interface AdjudicationRequest {
  ruleset: RulesetId;
  board: Placement[];
  play: Placement[];
  rack?: Face[];
  firstPlay?: boolean;
  /** engine extension: ruleset options (validated by parseRulesetOptions) */
  options?: Partial<RulesetOptions>;
}

export interface PlayOptions {
  rack?: readonly Face[];
  firstPlay?: boolean;
}

export type ParseResult = Result<AdjudicationRequest>;

/** Longest `tile` string a request may carry (docs/engine.md "Limits"): every real face, with
 * 'SMATH brackets or an alias ("sqrt"), is a few characters; this bounds the work per tile. */
export const MAX_FACE_LENGTH = 16;

/** "an Equate", "an 'SMATH", "a Number Scrabble" (by the sound of the name). */
const article = (name: string): string => `${/^('S|[AEIOU])/.test(name) ? "an" : "a"} ${name}`;

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

function parsePlacements(raw: unknown, name: string, size: number): Result<Placement[]> {
  if (!Array.isArray(raw)) return { ok: false, error: `"${name}" must be an array of tiles` };
  if (raw.length > size * size) {
    return { ok: false, error: `"${name}" lists ${raw.length} tiles; the ${size}×${size} board has ${size * size} squares` };
  }
  const out: Placement[] = [];
  for (let i = 0; i < raw.length; i++) {
    const t = raw[i];
    const where = `${name}[${i}]`;
    if (!isObj(t)) return { ok: false, error: `${where} must be an object {row, col, tile}` };
    if (typeof t.row !== "number" || !Number.isInteger(t.row)) return { ok: false, error: `${where}.row must be an integer` };
    if (typeof t.col !== "number" || !Number.isInteger(t.col)) return { ok: false, error: `${where}.col must be an integer` };
    if (typeof t.tile !== "string") return { ok: false, error: `${where}.tile must be a string` };
    if (t.tile.length > MAX_FACE_LENGTH) {
      return { ok: false, error: `${where}.tile is ${t.tile.length} characters long; a face has at most ${MAX_FACE_LENGTH}` };
    }
    if (t.blank !== undefined && typeof t.blank !== "boolean") return { ok: false, error: `${where}.blank must be true or false` };
    const p: Placement = { row: t.row, col: t.col, tile: t.tile };
    if (t.blank === true) p.blank = true;
    if (t.brackets !== undefined && !isDirection(t.brackets)) return { ok: false, error: `${where}.brackets must be "across" or "down"` };
    if (t.brackets !== undefined) p.brackets = t.brackets;
    if (t.bracketLines !== undefined) {
      if (t.brackets !== undefined) return { ok: false, error: `${where}: give "brackets" or "bracketLines", not both` };
      const lines = parseBracketLines(t.bracketLines, t.tile, where);
      if (!lines.ok) return lines;
      p.bracketLines = lines.value;
    }
    out.push(p);
  }
  return { ok: true, value: out };
}

const isDirection = (x: unknown): x is Direction => (DIRECTIONS as readonly unknown[]).includes(x);

/** `bracketLines`: "across" | "down" per bracket of the face (opening brackets, then closing). */
function parseBracketLines(raw: unknown, tile: string, where: string): Result<Direction[]> {
  if (!Array.isArray(raw) || !raw.every(isDirection)) {
    return { ok: false, error: `${where}.bracketLines must be a list of "across" or "down", one per bracket of the tile` };
  }
  const b = splitBrackets(normaliseFace(tile));
  const n = b ? b.open + b.close : 0;
  if (raw.length !== n) {
    return { ok: false, error: `${where}.bracketLines lists ${raw.length} line${raw.length === 1 ? "" : "s"}; ${tile} has ${n} bracket${n === 1 ? "" : "s"}` };
  }
  return { ok: true, value: raw.slice() };
}

/** Check the contract's request shape. Semantic problems (unknown faces, cells off the board)
 * are not shape errors: they become violations in the ruling. */
export function parseAdjudicationRequest(raw: unknown): ParseResult {
  if (!isObj(raw)) return { ok: false, error: "request must be a JSON object" };
  if (!isRulesetId(raw.ruleset)) {
    return { ok: false, error: `"ruleset" must be one of "equate", "smath", "number-scrabble"` };
  }
  const size = RULESET_DATA[raw.ruleset].layout.size;
  const board = parsePlacements(raw.board ?? [], "board", size);
  if (!board.ok) return board;
  if (raw.play === undefined) return { ok: false, error: `"play" is required` };
  const play = parsePlacements(raw.play, "play", size);
  if (!play.ok) return play;
  const req: AdjudicationRequest = { ruleset: raw.ruleset, board: board.value, play: play.value };
  if (raw.rack !== undefined && raw.rack !== null) {
    if (!Array.isArray(raw.rack) || !raw.rack.every((x) => typeof x === "string")) {
      return { ok: false, error: `"rack" must be an array of strings` };
    }
    const rsData = RULESET_DATA[raw.ruleset];
    // Equate's always-available "=" may be listed as the rack's tenth tile (decision 16)
    const rack = raw.rack as string[];
    const extras = rsData.rackExtraFaces.filter((f) => rack.includes(f)).length;
    if (raw.rack.length > rsData.rackSize + extras) {
      const also = rsData.rackExtraFaces.length ? ` (and ${rsData.rackExtraFaces.map((f) => `one ${f}`).join(", ")})` : "";
      return { ok: false, error: `"rack" lists ${raw.rack.length} tiles; ${article(rsData.name)} rack holds ${rsData.rackSize}${also}` };
    }
    req.rack = raw.rack as string[];
  }
  if (raw.firstPlay !== undefined && raw.firstPlay !== null) {
    if (typeof raw.firstPlay !== "boolean") return { ok: false, error: `"firstPlay" must be true or false` };
    req.firstPlay = raw.firstPlay;
  }
  if (raw.options !== undefined) {
    const o = parseRulesetOptions(RULESET_DATA[raw.ruleset], raw.options);
    if (!o.ok) return { ok: false, error: o.error };
    req.options = o.value;
  }
  return { ok: true, value: req };
}

function invalid(violations: Violation[], lines: Line[] = []): Ruling {
  return { valid: false, kind: null, score: 0, lines, bonuses: [], violations };
}

/** Notes for the guessed bracket owners that a line of this ruling reads. */
function guessNotes(guesses: readonly Guess[], checked: readonly CheckedLine[]): Note[] {
  const notes: Note[] = [];
  for (const g of guesses) {
    if (!checked.some((l) => l.cells.includes(g.cell))) continue;
    const c = g.cell;
    const why =
      g.acrossRun < 2 && g.downRun < 2
        ? "it has no line on the board"
        : g.acrossRun === g.downRun
          ? "its two lines are the same length"
          : "the longer of its two lines";
    notes.push({
      code: "BRACKETS_GUESSED",
      message: `${g.face} on ${squares.name(c.row, c.col)}: the request does not say which line its brackets were played in; guessed ${g.direction}, ${why}`,
      cells: [[c.row, c.col]],
    });
  }
  return notes;
}

function withNotes(r: Ruling, notes: Note[]): Ruling {
  if (notes.length) r.notes = notes;
  return r;
}

function toLine(l: CheckedLine, points: number): Line {
  return {
    text: l.text,
    direction: l.direction,
    cells: l.cells.map((c: GridCell) => [c.row, c.col]),
    kind: l.kind,
    value: l.valueText,
    points,
    main: l.main,
  };
}

/** Adjudicate one play on a typed board. Never throws on user input. */
export function adjudicatePlay(rs: Ruleset, board: readonly Placement[], play: readonly Placement[], opts: PlayOptions = {}): Ruling {
  const pr = place(rs, board, play, opts.firstPlay);
  if (!pr.board || !pr.direction) return invalid(pr.violations);
  const violations = pr.violations;
  const { placed } = pr;

  const fromRack = placed.filter((c) => c.isNew && isRackTile(rs, c.core, c.blank));
  if (fromRack.length > rs.rackSize) {
    violations.push({
      code: "TOO_MANY_TILES",
      message: `${fromRack.length} tiles from the rack in one turn; ${article(rs.name)} rack holds ${rs.rackSize}`,
      cells: fromRack.map((c) => [c.row, c.col]),
    });
  }
  if (opts.rack) {
    const r = checkRack(rs, placed, opts.rack);
    if (r) violations.push(r);
  }
  const newEquals = placed.filter((c) => c.isNew && c.core === "=");
  if (newEquals.length > rs.maxNewEquals) {
    violations.push({
      code: "NEW_EQUALS_LIMIT",
      message: `${newEquals.length} new = signs in one turn; ${rs.name} allows ${rs.maxNewEquals}`,
      cells: newEquals.map((c) => [c.row, c.col]),
    });
  }

  const checked = formLines(pr.board, placed, pr.direction).map((l) => checkLine(rs, l.cells, l.direction, l.main));
  const main = checked.find((l) => l.main);

  if (pr.firstPlay && rs.startRule === "end" && main) {
    const [sr, sc] = rs.layout.start;
    const a = main.cells[0];
    const b = main.cells[main.cells.length - 1];
    if (!((a.row === sr && a.col === sc) || (b.row === sr && b.col === sc))) {
      violations.push({
        code: "START_NOT_COVERED",
        message: `the first equation must have its first or last tile on the start square ${squares.name(sr, sc)}`,
        cells: [[sr, sc]],
      });
    }
  }
  for (const l of checked) violations.push(...l.violations);

  const anyEquation = checked.some((l) => l.trueEquation);
  // Only the first play can leave a tile alone (any later one touches the board, so it forms a
  // run of two or more): one tile is a number, never an equation or expression, so not a play.
  const lone = pr.firstPlay && main !== undefined && main.cells.length < 2 && checked.length === 1;
  if (lone) {
    violations.push({
      code: "SINGLE_TILE",
      message: `${main.text} alone is not a play: the first play must lay at least two tiles in a line`,
      cells: main.cells.map((c) => [c.row, c.col]),
    });
  } else if (rs.requireEquation === "main" && main && main.kind !== "equation" && main.violations.length === 0) {
    violations.push({
      code: "NO_EQUATION",
      message: `${rs.name}: the play must form an equation along its line (${main.text} is not one)`,
      cells: main.cells.map((c) => [c.row, c.col]),
    });
  } else if (rs.requireEquation === "any" && !anyEquation && !checked.some((l) => l.violations.length > 0)) {
    violations.push({ code: "NO_EQUATION", message: `${rs.name}: the play must form at least one equation`, cells: placed.map((c) => [c.row, c.col]) });
  }

  const notes = pr.guesses.length ? guessNotes(pr.guesses, checked) : [];
  if (violations.length) return withNotes(invalid(violations, checked.map((l) => toLine(l, 0))), notes);
  const s = scorePlay(rs, checked, placed);
  return withNotes(
    {
      valid: true,
      kind: anyEquation ? "equation" : "expression",
      score: s.score,
      lines: checked.map((l, i) => toLine(l, s.linePoints[i])),
      bonuses: s.bonuses,
      violations: [],
    },
    notes,
  );
}

/** Adjudicate a typed request (from `parseAdjudicationRequest`). Never throws: the CLI and the
 * server call this directly, so an engine bug still answers with an INTERNAL ruling. */
export function adjudicateRequest(req: AdjudicationRequest): Ruling {
  try {
    const rs = getRuleset(req.ruleset, req.options);
    return adjudicatePlay(rs, req.board, req.play, { rack: req.rack, firstPlay: req.firstPlay });
  } catch (e) {
    return internal(e);
  }
}

/** A throw inside the engine is a bug; the caller still gets a ruling. */
function internal(e: unknown): Ruling {
  const msg = e instanceof Error ? e.message : String(e);
  return invalid([{ code: "INTERNAL", message: `internal error: ${msg}`, cells: [] }]);
}

/** The contract's function: any input → a ruling; never throws. */
export function adjudicate(request: unknown): Ruling {
  let p: ParseResult;
  try {
    p = parseAdjudicationRequest(request);
  } catch (e) {
    return internal(e);
  }
  if (!p.ok) return invalid([{ code: "BAD_REQUEST", message: p.error, cells: [] }]);
  return adjudicateRequest(p.value);
}
