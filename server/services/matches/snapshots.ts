/**
 * Snapshots of a match's folded state (docs/matches.md, "State snapshots"): every
 * `SNAPSHOT_EVERY` events the move path writes the folded state — the engine's `snapshotState`
 * and the scoresheet — into `match_snapshots`, in the same statement as the events. A reader
 * whose in-process cache misses (a second instance, a restart) continues from the snapshot and
 * replays at most `SNAPSHOT_EVERY - 1` events instead of the whole log.
 *
 * A snapshot is a shortcut, never the truth: one the engine cannot restore (an older format, say)
 * is ignored and the log replayed from the start.
 */
import { and, eq, lte } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { matchSnapshots } from "@/db/schema/matches";
import { restoreState, snapshotState } from "@/engine";
import type { Folded, SheetEntry } from "./state";

/** A snapshot is written when a write crosses a multiple of this many events. At ≈ 65 µs a
 * play to replay, a cache miss then costs under 1 ms of folding; one snapshot (a few KB) is
 * written per this many events. */
export const SNAPSHOT_EVERY = 8;

/** Whether a write taking the log from `from` to `to` events writes a snapshot. */
export const snapshotDue = (from: number, to: number): boolean => Math.floor(to / SNAPSHOT_EVERY) > Math.floor(from / SNAPSHOT_EVERY);

/** How the scoresheet's text is written (engine/game/scoresheet.ts). A snapshot stores the sheet's
 * lines as text, so when their wording changes (2: a mixed numeral keeps its space, "46 1/4"),
 * older snapshots are ignored and the log replayed, and no game keeps the old wording. */
export const SHEET_TEXT = 2;

/** The JSON stored for `f`. */
export function snapshotOf(f: Folded): Record<string, unknown> {
  return { engine: snapshotState(f.state), sheet: f.sheet, sheetText: SHEET_TEXT };
}

/** The folded state a stored snapshot holds at `version`, or null when it cannot be used. */
export function restoreFolded(version: number, raw: unknown): Folded | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { engine, sheet, sheetText } = raw as { engine?: unknown; sheet?: unknown; sheetText?: unknown };
  if (sheetText !== SHEET_TEXT || !Array.isArray(sheet) || sheet.length !== version) return null;
  const r = restoreState(engine);
  return r.ok ? { version, state: r.value, sheet: sheet as SheetEntry[] } : null;
}

/** The latest usable snapshot at or before `upTo`, if any. */
export async function readSnapshot(db: DbOrTx, matchId: string, upTo: number): Promise<Folded | null> {
  const [row] = await db
    .select({ version: matchSnapshots.version, state: matchSnapshots.state })
    .from(matchSnapshots)
    .where(and(eq(matchSnapshots.matchId, matchId), lte(matchSnapshots.version, upTo)))
    .limit(1);
  return row ? restoreFolded(row.version, row.state) : null;
}
