/**
 * Snapshots of a game state: a folded state written as plain JSON, so a server can keep it beside
 * the event log and continue from it instead of replaying the whole log (docs/matches.md, "State
 * snapshots"). The engine owns the format, because it owns `GameState`: everything in a state is
 * plain data except the ruleset, which is stored by id and options and rebuilt with `getRuleset`
 * (it carries derived tables such as `tileByFace`).
 *
 * The log stays the truth (docs/conventions.md, principle 6): a snapshot is a shortcut a reader
 * may ignore. `restoreState` never throws (principle 4): a snapshot of another format version or
 * one that does not look like a state is `ok: false`, and the caller replays the log instead.
 */
import type { GameState } from "./game";
import { getRuleset, isRulesetId, RULESET_DATA, type Result, type RulesetOptions } from "./ruleset";

/** Bumped whenever `GameState` changes shape: older snapshots are then ignored (replayed instead).
 * 2: the board as rows (`[row, col, tile, player, move]`, other keys in a sixth element) instead of
 * one object per tile — the same state in about a third of the bytes (issue 30: a snapshot is
 * written, parsed to jsonb and compressed by PostgreSQL on the move path). Format 1 (objects)
 * still restores. */
export const SNAPSHOT_FORMAT = 2;

/** A state as plain JSON (`JSON.stringify`-safe). Opaque to callers: store it, hand it back. */
export interface StateSnapshot {
  format: number;
  ruleset: { id: string; options: unknown };
  state: Record<string, unknown>;
}

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

/** The keys every object of a row-packed list has, in the row's order; any other key of an
 * object rides in one more element, an object (rare: a blank, 'SMATH brackets). */
export function packRows(items: readonly object[], keys: readonly string[]): unknown[][] {
  return items.map((item) => {
    const o = item as Record<string, unknown>;
    const row: unknown[] = keys.map((k) => o[k]);
    const rest = Object.keys(o).filter((k) => !keys.includes(k) && o[k] !== undefined);
    if (rest.length > 0) row.push(Object.fromEntries(rest.map((k) => [k, o[k]])));
    return row;
  });
}

/** `packRows` undone; null when `raw` is not such a list (never throws). */
export function unpackRows(raw: unknown, keys: readonly string[]): Record<string, unknown>[] | null {
  if (!Array.isArray(raw)) return null;
  const out: Record<string, unknown>[] = [];
  for (const row of raw) {
    if (!Array.isArray(row) || row.length < keys.length || row.length > keys.length + 1) return null;
    const extra: unknown = row.length > keys.length ? row[keys.length] : {};
    if (!isObj(extra)) return null;
    const o: Record<string, unknown> = { ...extra };
    keys.forEach((k, i) => (o[k] = row[i]));
    out.push(o);
  }
  return out;
}

const TILE_KEYS = ["row", "col", "tile", "player", "move"] as const;

/** The JSON form of `state`. */
export function snapshotState(state: GameState): StateSnapshot {
  const { ruleset, board, ...rest } = state;
  // a JSON round trip: the snapshot shares nothing with the live state (later events never reach it)
  const plain = JSON.parse(JSON.stringify({ ...rest, board: packRows(board, TILE_KEYS) })) as Record<string, unknown>;
  return { format: SNAPSHOT_FORMAT, ruleset: { id: ruleset.id, options: ruleset.options }, state: plain };
}

const KEYS = ["options", "players", "seed", "clock", "lastAt", "eventCount", "phase", "board", "bag", "racks", "scores", "turn", "moveNumber"] as const;

/** The state a snapshot holds, or why it cannot be used (then replay the log). */
export function restoreState(raw: unknown): Result<GameState> {
  if (!isObj(raw) || (raw.format !== SNAPSHOT_FORMAT && raw.format !== 1)) return { ok: false, error: "not a snapshot of this format" };
  const rs = raw.ruleset;
  const id = isObj(rs) ? rs.id : undefined;
  if (!isObj(rs) || !isRulesetId(id)) return { ok: false, error: "unknown ruleset in snapshot" };
  // stored as the resolved options (every key, also those of other rulesets): known keys only
  if (!isObj(rs.options) || Object.keys(rs.options).some((k) => !(k in RULESET_DATA[id].defaultOptions))) return { ok: false, error: "unknown ruleset options in snapshot" };
  const s = raw.state;
  if (!isObj(s) || KEYS.some((k) => !(k in s))) return { ok: false, error: "snapshot lacks a state" };
  // a copy again, so the caller may keep the raw snapshot (or restore it twice) safely
  const copy = JSON.parse(JSON.stringify(s)) as Record<string, unknown>;
  const board = raw.format === 1 ? copy.board : unpackRows(copy.board, TILE_KEYS);
  if (!Array.isArray(board)) return { ok: false, error: "snapshot's board is not a list of tiles" };
  const state = { ...copy, board } as unknown as Omit<GameState, "ruleset">;
  return { ok: true, value: { ...state, ruleset: getRuleset(id, rs.options as Partial<RulesetOptions>) } as GameState };
}
