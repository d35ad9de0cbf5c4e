/**
 * The live board's draft play as one reducer (no React): the tiles laid, the entry cursor with the
 * text typed from it (re-read on every key, so "1/2" builds up), the chosen rack or supply tile,
 * the exchange picks, the rack's order, the blank waiting for its face, the last error and the
 * sentence for screen readers. Entry rules as docs/matches.md "Entering a play"; the cursor and
 * typing helpers are app/_components/board/entry.ts and keyboard.ts. Unit-tested in
 * tests/unit/play-draft.test.ts.
 *
 * Every action carries the render's `env` (the rack, the board, whether the viewer may enter),
 * so the reducer reads exactly what the handlers read before it was one.
 */
import { squares } from "@/engine";
import type { DropSource } from "@/app/_components/board/Board";
import { backspace, cursorAfter, type Cursor } from "@/app/_components/board/entry";
import { typeTiles, type TypedTile } from "@/app/_components/board/keyboard";

export type Selection = { rack: number } | { supply: string };

export interface DraftState {
  /** laid tiles: by mouse, or typed before the cursor moved */
  draft: TypedTile[];
  selected: Selection | null;
  anchor: Cursor | null;
  /** the text typed on the board since the cursor was set */
  typed: string;
  /** the "Type a play" box */
  boxText: string;
  typeError: string | null;
  /** rack indices picked for an exchange; null: not exchanging */
  exchanging: ReadonlySet<number> | null;
  /** the rack's display order after a shuffle */
  order: number[] | null;
  blankAt: { row: number; col: number; rackIndex: number } | null;
  /** the announcer's sentence */
  said: string;
}

export interface DraftEnv {
  rack: readonly string[] | null;
  supply: readonly string[];
  board: readonly { row: number; col: number }[];
  size: number;
  /** the start square, where the typed box starts without a cursor */
  start: readonly [number, number];
  /** a player with a rack, in the playing phase (exchanging turns entry off on top) */
  entry: boolean;
}

export const emptyDraft = (said = ""): DraftState => ({
  draft: [],
  selected: null,
  anchor: null,
  typed: "",
  boxText: "",
  typeError: null,
  exchanging: null,
  order: null,
  blankAt: null,
  said,
});

export interface Derived {
  /** the tiles typed from the cursor, on top of the laid draft */
  typing: ReturnType<typeof typeTiles> | null;
  allDraft: TypedTile[];
  cursor: Cursor | null;
  onBoard: (r: number, c: number) => boolean;
  taken: (r: number, c: number) => boolean;
  canEnter: boolean;
}

/** What the page draws and the handlers read: the typed text re-read on top of the laid draft. */
export function derive(s: DraftState, env: DraftEnv): Derived {
  const onBoard = (r: number, c: number) => env.board.some((t) => t.row === r && t.col === c);
  const inDraft = (r: number, c: number) => s.draft.some((t) => t.row === r && t.col === c);
  const typing =
    s.anchor && s.typed && env.rack
      ? typeTiles(s.typed, { rack: env.rack, supply: env.supply, start: s.anchor, direction: s.anchor.direction, occupied: (r, c) => onBoard(r, c) || inDraft(r, c), size: env.size, used: usedBy(s.draft) })
      : null;
  const allDraft = typing ? [...s.draft, ...typing.tiles] : s.draft;
  const taken = (r: number, c: number) => onBoard(r, c) || allDraft.some((t) => t.row === r && t.col === c);
  const cursor = s.anchor ? cursorAfter(s.anchor, typing?.tiles ?? [], taken, env.size) : null;
  return { typing, allDraft, cursor, onBoard, taken, canEnter: env.entry && !s.exchanging };
}

const usedBy = (tiles: readonly TypedTile[]) => new Set(tiles.flatMap((t) => (t.rackIndex === null ? [] : [t.rackIndex])));
const name = (r: number, c: number) => squares.name(r, c);
const onFace = (t: TypedTile) => `${t.tile}${t.blank ? " (blank)" : ""} on ${name(t.row, t.col)}.`;

export type DraftAction = { env: DraftEnv } & (
  | { type: "reset"; said: string }
  | { type: "square"; row: number; col: number }
  | { type: "drop"; row: number; col: number; src: DropSource; face?: string }
  | { type: "blankFace"; face: string }
  | { type: "closeBlank" }
  | { type: "move"; row: number; col: number }
  | { type: "key"; key: string; row: number; col: number }
  | { type: "backspace" }
  | { type: "recall" }
  | { type: "rackTile"; index: number }
  | { type: "supplyTile"; face: string }
  | { type: "boxText"; text: string }
  | { type: "typeBox" }
  | { type: "startExchange" }
  | { type: "cancelExchange" }
  | { type: "order"; order: number[] }
  | { type: "error"; message: string | null }
  | { type: "say"; text: string }
);

/** The typed tiles become laid tiles (the cursor is about to move, or a tile is laid by mouse). */
function freeze(s: DraftState, d: Derived): DraftState {
  return d.typing ? { ...s, draft: d.allDraft, typed: "" } : s;
}

function lay(s: DraftState, env: DraftEnv, row: number, col: number, src: DropSource, face?: string): DraftState {
  const d = derive(s, env);
  if (!env.rack || !d.canEnter || d.taken(row, col)) return s;
  const frozen = freeze(s, d);
  const laid = frozen.draft;
  let tile: TypedTile;
  if ("supply" in src) tile = { row, col, tile: src.supply, rackIndex: null };
  else {
    if (laid.some((t) => t.rackIndex === src.rackIndex)) return frozen;
    const f = env.rack[src.rackIndex];
    if (f === undefined) return frozen;
    if (f === "?" && !face) return { ...frozen, blankAt: { row, col, rackIndex: src.rackIndex } };
    tile = f === "?" ? { row, col, tile: face!, blank: true, rackIndex: src.rackIndex } : { row, col, tile: f, rackIndex: src.rackIndex };
  }
  const next: DraftState = { ...frozen, draft: [...laid, tile], selected: null, typeError: null, said: onFace(tile) };
  // Laid at the cursor: the cursor moves on, as if the tile had been typed.
  const { cursor } = d;
  if (cursor && cursor.row === row && cursor.col === col) next.anchor = cursorAfter(cursor, [tile], (r, c) => d.taken(r, c) || (r === row && c === col), env.size);
  return next;
}

function square(s: DraftState, env: DraftEnv, row: number, col: number): DraftState {
  const d = derive(s, env);
  if (!d.canEnter) return s;
  const mine = d.allDraft.find((t) => t.row === row && t.col === col);
  if (mine) {
    const frozen = freeze(s, d);
    return { ...frozen, draft: frozen.draft.filter((x) => !(x.row === mine.row && x.col === mine.col)), said: `${mine.tile} taken back from ${name(mine.row, mine.col)}.` };
  }
  if (d.onBoard(row, col)) return s;
  if (s.selected) return lay(s, env, row, col, "rack" in s.selected ? { rackIndex: s.selected.rack } : { supply: s.selected.supply });
  const { cursor } = d;
  if (cursor && cursor.row === row && cursor.col === col && !s.typed) {
    const direction = cursor.direction === "across" ? "down" : "across";
    return { ...s, anchor: { ...cursor, direction }, said: `Cursor on ${name(row, col)}, ${direction}.` };
  }
  const direction = cursor?.direction ?? "across";
  return { ...freeze(s, d), anchor: { row, col, direction }, said: `Cursor on ${name(row, col)}, ${direction}.` };
}

/** A printable key typed on the board: the text from the cursor grows by it and is re-read. */
function typeKey(s: DraftState, env: DraftEnv, key: string, row: number, col: number): DraftState {
  const d = derive(s, env);
  if (!d.canEnter) return s;
  const at = d.cursor ?? { row, col, direction: "across" as const };
  const anchor = !s.anchor || (!s.typed && (s.anchor.row !== at.row || s.anchor.col !== at.col)) ? at : s.anchor;
  const text = s.typed + key;
  const inDraft = (a: number, b: number) => s.draft.some((t) => t.row === a && t.col === b);
  const r = typeTiles(text, { rack: env.rack!, supply: env.supply, start: s.anchor && s.typed ? s.anchor : at, direction: at.direction, occupied: (a, b) => d.onBoard(a, b) || inDraft(a, b), size: env.size, used: usedBy(s.draft) });
  const t = r.tiles.at(-1);
  const grew = !r.error && t && r.tiles.length > (d.typing?.tiles.length ?? 0);
  return { ...s, anchor, typed: text, typeError: r.error, said: grew ? onFace(t) : s.said };
}

function backspaceKey(s: DraftState, env: DraftEnv): DraftState {
  const d = derive(s, env);
  if (!d.canEnter) return s;
  if (s.typed && d.typing) {
    const gone = d.typing.tiles.at(-1);
    return { ...s, typed: backspace(s.typed, d.typing.starts), said: gone ? `${gone.tile} taken back from ${name(gone.row, gone.col)}.` : s.said };
  }
  const last = s.draft.at(-1);
  if (!last) return s;
  return { ...s, draft: s.draft.slice(0, -1), anchor: { row: last.row, col: last.col, direction: s.anchor?.direction ?? "across" }, said: `${last.tile} taken back from ${name(last.row, last.col)}.` };
}

function recall(s: DraftState, env: DraftEnv): DraftState {
  const had = derive(s, env).allDraft.length > 0;
  return { ...s, draft: [], typed: "", typeError: null, selected: null, said: had ? "Every tile is back on the rack." : s.said };
}

/** A rack or supply tile clicked: lay it at a free cursor, else select it (a second click unselects). */
function pick(s: DraftState, env: DraftEnv, src: DropSource): DraftState {
  const { cursor, taken } = derive(s, env);
  if (cursor && !taken(cursor.row, cursor.col)) return lay(s, env, cursor.row, cursor.col, src);
  const same = "rackIndex" in src ? s.selected && "rack" in s.selected && s.selected.rack === src.rackIndex : s.selected && "supply" in s.selected && s.selected.supply === src.supply;
  return { ...s, selected: same ? null : "rackIndex" in src ? { rack: src.rackIndex } : { supply: src.supply } };
}

/** The "Type a play" box: its text laid from the cursor (else the start square), replacing the draft. */
function typeBox(s: DraftState, env: DraftEnv): DraftState {
  if (!env.rack) return s;
  const d = derive(s, env);
  const start = d.cursor ?? { row: env.start[0], col: env.start[1], direction: "across" as const };
  const r = typeTiles(s.boxText, { rack: env.rack, supply: env.supply, start, direction: start.direction, occupied: d.onBoard, size: env.size });
  if (r.error) return { ...s, typeError: r.error };
  return { ...s, typeError: null, draft: r.tiles, typed: "", said: `${r.tiles.length} tile${r.tiles.length === 1 ? "" : "s"} laid from ${squares.line(start.row, start.col, start.direction)}.` };
}

export function draftReducer(s: DraftState, a: DraftAction): DraftState {
  const { env } = a;
  switch (a.type) {
    case "reset":
      return emptyDraft(a.said);
    case "square":
      return square(s, env, a.row, a.col);
    case "drop":
      return lay(s, env, a.row, a.col, a.src, a.face);
    case "blankFace":
      return s.blankAt ? lay({ ...s, blankAt: null }, env, s.blankAt.row, s.blankAt.col, { rackIndex: s.blankAt.rackIndex }, a.face) : s;
    case "closeBlank":
      return { ...s, blankAt: null };
    case "move": {
      const d = derive(s, env);
      return d.canEnter ? { ...freeze(s, d), anchor: { row: a.row, col: a.col, direction: d.cursor?.direction ?? "across" } } : s;
    }
    case "key":
      return typeKey(s, env, a.key, a.row, a.col);
    case "backspace":
      return backspaceKey(s, env);
    case "recall":
      return recall(s, env);
    case "rackTile":
      if (s.exchanging) {
        const next = new Set(s.exchanging);
        if (next.has(a.index)) next.delete(a.index);
        else next.add(a.index);
        return { ...s, exchanging: next };
      }
      return pick(s, env, { rackIndex: a.index });
    case "supplyTile":
      return pick(s, env, { supply: a.face });
    case "boxText":
      return { ...s, boxText: a.text };
    case "typeBox":
      return typeBox(s, env);
    case "startExchange":
      return { ...recall(s, env), anchor: null, exchanging: new Set() };
    case "cancelExchange":
      return { ...s, exchanging: null };
    case "order":
      return { ...s, order: a.order };
    case "error":
      return { ...s, typeError: a.message };
    case "say":
      return { ...s, said: a.text };
  }
}

/** The rack's order after a shuffle (Fisher–Yates over the current order); `random` is injected for tests. */
export function shuffled(order: readonly number[], random: () => number = Math.random): number[] {
  const next = order.slice();
  for (let i = next.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [next[i], next[j]] = [next[j]!, next[i]!];
  }
  return next;
}
