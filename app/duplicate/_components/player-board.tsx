"use client";
/**
 * A duplicate player's desk: their own copy of the board (mouse, keyboard, drag and drop, as on the
 * live board), the shared rack and the supply, the preview under the game's preview mode, and
 * Submit (again and again until the close: the last one stands).
 */
import { useState } from "react";
import type { Ruleset, RulesetId } from "@/engine";
import { Board } from "@/app/_components/board/Board";
import { Rack, Supply } from "@/app/_components/board/Rack";
import { BlankDialog } from "@/app/_components/board/dialogs";
import { PREMIUM_LABELS } from "@/app/_components/board/squares";
import { FormError } from "@/app/_components/form";
import { DraftPreview } from "@/app/play/_components/draft-preview";
import { buttonClass, secondaryButtonClass } from "@/app/clubs/_components/ui";
import type { DupView } from "./types";
import type { DupDraft } from "./use-dup-draft";

interface Props {
  v: DupView;
  ruleset: Ruleset;
  draft: DupDraft;
  canPlay: boolean;
  busy: boolean;
  error: string | undefined;
  notice: string | null;
}

export function PlayerBoard({ v, ruleset, draft, canPlay, busy, error, notice }: Props) {
  const [zoom, setZoom] = useState(false);
  const rack = v.turn?.rack ?? [];
  const used = new Set(draft.allDraft.flatMap((t) => (t.rackIndex === null ? [] : [t.rackIndex])));
  const sel = draft.state.selected;
  const blankFaces = ruleset.tiles.filter((t) => t.face !== "?" && !t.unlimited).map((t) => t.face);
  const lastMaster = v.history.at(-1)?.master?.placements ?? [];
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className={zoom ? "h-[min(calc(100vw-2rem),calc(100dvh-17rem))] w-full overflow-auto" : "min-w-0"} data-testid="board-window">
        <Board
          layout={ruleset.layout}
          tiles={draft.board}
          draft={draft.allDraft}
          highlight={lastMaster}
          marker={draft.canEnter && draft.cursor ? draft.cursor : null}
          coordinates
          buttons={canPlay}
          premiumLabels={PREMIUM_LABELS[v.ruleset as RulesetId]}
          className={zoom ? "max-w-none" : "max-w-[min(100%,calc(100dvh-17rem))] lg:w-[min(620px,calc(100dvh-17rem))]"}
          squarePx={zoom ? 34 : undefined}
          onSquare={canPlay ? draft.onSquare : undefined}
          onDropTile={canPlay ? draft.onDropTile : undefined}
          onMove={draft.onMove}
          onKey={draft.onBoardKey}
          label={canPlay ? "Your board: arrow keys move, type tiles at the cursor, Enter submits" : "Board"}
        />
      </div>
      {canPlay && v.turn ? (
        <div className="space-y-2 rounded-lg border border-slate-200 bg-white p-2 sm:p-3" data-testid="rack-panel">
          <div className="flex flex-wrap items-center gap-1.5">
            <Rack tiles={rack} order={draft.state.order ?? undefined} points={(f) => ruleset.tileByFace.get(f)?.points} used={used} selected={sel && "rack" in sel ? sel.rack : null} onTile={draft.onRackTile} />
            <Supply faces={draft.supply} selected={sel && "supply" in sel ? sel.supply : null} onFace={draft.onSupplyTile} />
          </div>
          <div className="flex flex-wrap gap-1.5">
            <button type="button" className={secondaryButtonClass} onClick={draft.shuffle}>
              Shuffle
            </button>
            <button type="button" className={secondaryButtonClass} disabled={draft.allDraft.length === 0} onClick={draft.recall}>
              Recall
            </button>
            <button type="button" className={`${secondaryButtonClass} lg:hidden`} aria-pressed={zoom} onClick={() => setZoom(!zoom)}>
              {zoom ? "Zoom out" : "Zoom in"}
            </button>
          </div>
          <DraftPreview mode={v.preview} rs={ruleset} board={draft.board} draft={draft.allDraft} rack={rack} challengeRule="void" />
          <button type="button" className={`${buttonClass} w-full`} disabled={busy || draft.allDraft.length === 0} onClick={draft.submit}>
            {v.mine ? "Submit again (replaces your play)" : "Submit"}
          </button>
          <FormError message={error ?? draft.state.typeError} />
          <p className="text-sm text-slate-700" aria-live="polite" data-testid="submitted">
            {notice ?? (v.mine ? `Your play is in (submission ${v.mine.count}); you may change it until the close.` : "No play submitted yet this turn.")}
          </p>
          <BlankDialog faces={blankFaces} open={draft.state.blankAt !== null} onClose={draft.closeBlank} onPick={draft.onBlankFace} />
        </div>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {draft.state.said}
      </p>
    </div>
  );
}
