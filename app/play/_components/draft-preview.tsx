"use client";
/** The preview line under the rack, under the game's preview mode (feedback.ts `previewOf`;
 * the server sets the mode: docs/matches.md "The preview"). */
import { useMemo } from "react";
import type { Ruleset } from "@/engine";
import { previewOf, type PreviewMode } from "./feedback";

type Tile = { row: number; col: number; tile: string; blank?: boolean };

export function DraftPreview({ mode, rs, board, draft, rack, challengeRule }: { mode: PreviewMode; rs: Ruleset; board: readonly Tile[]; draft: readonly Tile[]; rack: readonly string[]; challengeRule: string }) {
  const key = JSON.stringify(draft);
  const line = useMemo(() => previewOf(mode, rs, board, JSON.parse(key) as Tile[], rack, challengeRule), [mode, rs, board, key, rack, challengeRule]);
  if (!line) return null;
  const colour = line.tone === "valid" ? "text-emerald-700" : line.tone === "invalid" ? "text-amber-700" : "text-slate-700";
  return (
    <p data-testid="preview" className={`text-sm ${colour}`}>
      {line.text}
    </p>
  );
}
