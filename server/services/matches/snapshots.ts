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
import { packRows, restoreState, snapshotState, unpackRows } from "@/engine";
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

/** A scoresheet line as a row (`lines`): these keys in this order, `seq` left out (line i is event
 * i + 1), a play's placements as rows of `PLACEMENT_KEYS`; any other key rides in a last object.
 * Most of a snapshot late in a game is its sheet: as objects it was ≈ 2.2× the bytes (issue 30). */
const LINE_KEYS = ["type", "at", "move", "seat", "text", "points", "totals", "clockMs"] as const;
const PLACEMENT_KEYS = ["row", "col", "tile"] as const;

function packSheet(sheet: readonly SheetEntry[]): unknown[][] {
  return packRows(
    sheet.map(({ seq: _, placements, ...line }) => (placements ? { ...line, placements: packRows(placements, PLACEMENT_KEYS) } : line)),
    LINE_KEYS,
  );
}

function unpackSheet(raw: unknown): SheetEntry[] | null {
  const lines = unpackRows(raw, LINE_KEYS);
  if (!lines) return null;
  const out: SheetEntry[] = [];
  for (const [i, { placements, ...line }] of lines.entries()) {
    if (placements === undefined) out.push({ seq: i + 1, ...line } as unknown as SheetEntry);
    else {
      const ps = unpackRows(placements, PLACEMENT_KEYS);
      if (!ps) return null;
      out.push({ seq: i + 1, ...line, placements: ps } as unknown as SheetEntry);
    }
  }
  return out;
}

/** The JSON stored for `f`: the engine's snapshot and the sheet as rows (`lines`). */
export function snapshotOf(f: Folded): Record<string, unknown> {
  return { engine: snapshotState(f.state), lines: packSheet(f.sheet), sheetText: SHEET_TEXT };
}

/** The folded state a stored snapshot holds at `version`, or null when it cannot be used. A
 * snapshot written before the sheet was packed (`sheet`: one object per line) still restores. */
export function restoreFolded(version: number, raw: unknown): Folded | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { engine, sheet: objects, lines, sheetText } = raw as { engine?: unknown; sheet?: unknown; lines?: unknown; sheetText?: unknown };
  if (sheetText !== SHEET_TEXT) return null;
  const sheet = lines !== undefined ? unpackSheet(lines) : Array.isArray(objects) ? (objects as SheetEntry[]) : null;
  if (!sheet || sheet.length !== version) return null;
  const r = restoreState(engine);
  return r.ok ? { version, state: r.value, sheet } : null;
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
