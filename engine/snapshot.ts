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

/** Bumped whenever `GameState` changes shape: older snapshots are then ignored (replayed instead). */
export const SNAPSHOT_FORMAT = 1;

/** A state as plain JSON (`JSON.stringify`-safe). Opaque to callers: store it, hand it back. */
export interface StateSnapshot {
  format: number;
  ruleset: { id: string; options: unknown };
  state: Record<string, unknown>;
}

/** The JSON form of `state`. */
export function snapshotState(state: GameState): StateSnapshot {
  const { ruleset, ...rest } = state;
  // a JSON round trip: the snapshot shares nothing with the live state (later events never reach it)
  return { format: SNAPSHOT_FORMAT, ruleset: { id: ruleset.id, options: ruleset.options }, state: JSON.parse(JSON.stringify(rest)) as Record<string, unknown> };
}

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
const KEYS = ["options", "players", "seed", "clock", "lastAt", "eventCount", "phase", "board", "bag", "racks", "scores", "turn", "moveNumber"] as const;

/** The state a snapshot holds, or why it cannot be used (then replay the log). */
export function restoreState(raw: unknown): Result<GameState> {
  if (!isObj(raw) || raw.format !== SNAPSHOT_FORMAT) return { ok: false, error: "not a snapshot of this format" };
  const rs = raw.ruleset;
  const id = isObj(rs) ? rs.id : undefined;
  if (!isObj(rs) || !isRulesetId(id)) return { ok: false, error: "unknown ruleset in snapshot" };
  // stored as the resolved options (every key, also those of other rulesets): known keys only
  if (!isObj(rs.options) || Object.keys(rs.options).some((k) => !(k in RULESET_DATA[id].defaultOptions))) return { ok: false, error: "unknown ruleset options in snapshot" };
  const s = raw.state;
  if (!isObj(s) || KEYS.some((k) => !(k in s))) return { ok: false, error: "snapshot lacks a state" };
  // a copy again, so the caller may keep the raw snapshot (or restore it twice) safely
  const state = JSON.parse(JSON.stringify(s)) as Omit<GameState, "ruleset">;
  return { ok: true, value: { ...state, ruleset: getRuleset(id, rs.options as Partial<RulesetOptions>) } as GameState };
}
