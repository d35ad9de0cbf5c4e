"use client";
/** A challenge's outcome, shown to both players and spectators until the next move: who
 * challenged, whether the play stood, the engine's reason in words and the play's squares. */
import type { Ruleset } from "@/engine";
import { challengeOutcome, type SheetRow } from "./feedback";

export function outcomeFor(rs: Ruleset | null, sheet: readonly SheetRow[] | undefined, board: readonly { row: number; col: number; tile: string; blank?: boolean }[]) {
  return rs && sheet ? challengeOutcome(rs, sheet, board) : null;
}

export function ChallengeNotice({ outcome, names }: { outcome: ReturnType<typeof challengeOutcome>; names: string[] }) {
  if (!outcome) return null;
  const player = names[outcome.player] ?? "A player";
  return (
    <section
      role="status"
      className={`rounded border px-3 py-2 text-sm ${outcome.stands ? "border-emerald-300 bg-emerald-50 text-emerald-900" : "border-amber-300 bg-amber-50 text-amber-900"}`}
      data-testid="challenge-outcome"
    >
      <p className="font-semibold">
        {outcome.stands
          ? `Challenge failed: ${player}'s play at ${outcome.squares} stands.`
          : `Challenge upheld: ${player}'s play at ${outcome.squares} comes off the board.`}
      </p>
      <p>Engine: {outcome.reason}.</p>
      <p className="text-xs">Its squares are outlined (dashed) on the board until the next move.</p>
    </section>
  );
}
