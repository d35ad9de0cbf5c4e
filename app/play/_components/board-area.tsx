"use client";
/**
 * The live board's left column: the players' strip (names, scores, both clocks) above the board,
 * the clock alerts, the board in its window and the screen reader's announcer. The board is as
 * wide as the column and no taller than the screen leaves room for; zoomed (phones), it is 34 px a
 * square inside a square scrolling window, opened centred on the action (zoom.ts).
 */
import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { Ruleset } from "@/engine";
import { Board } from "@/app/_components/board/Board";
import { PREMIUM_LABELS } from "@/app/_components/board/squares";
import { centreOnSquares } from "@/app/_components/board/zoom";
import { PlayerStrip } from "./player-strip";
import { ClockAlerts } from "./clock-alerts";
import type { outcomeFor } from "./challenge-notice";
import type { MatchView } from "./match-view";
import type { Draft } from "./use-draft";

type Game = NonNullable<MatchView["game"]>;
type Square = { row: number; col: number };

/** Zoomed in, the board opens centred on the action — the last play, else the start square — not
 * at A1: zoom synchronously, then scroll its window (app/_components/board/zoom.ts). */
export function useZoom(ruleset: Ruleset | null, lastPlayed: readonly Square[]) {
  const [zoom, setZoom] = useState(false);
  const boardWindow = useRef<HTMLDivElement>(null);
  function toggleZoom() {
    const opening = !zoom;
    flushSync(() => setZoom(opening));
    if (opening && boardWindow.current && ruleset) {
      const start = { row: ruleset.layout.start[0], col: ruleset.layout.start[1] };
      centreOnSquares(boardWindow.current, lastPlayed.length ? lastPlayed : [start]);
    }
  }
  return { zoom, boardWindow, toggleZoom };
}

interface Props {
  v: MatchView;
  game: Game;
  ruleset: Ruleset;
  serverNow: number;
  draft: Draft;
  lastPlayed: readonly Square[];
  outcome: ReturnType<typeof outcomeFor>;
  zoom: ReturnType<typeof useZoom>;
}

export function BoardArea({ v, game, ruleset, serverNow, draft, lastPlayed, outcome, zoom: { zoom, boardWindow } }: Props) {
  const isPlayer = v.viewerSeat !== null;
  const { cursor } = draft;
  return (
    // min-w-0: the zoomed board's window must not stretch the column (and the page) to its content
    <div className="min-w-0 space-y-2">
      {/* Names, scores and both clocks above the board: always in view with it. */}
      <PlayerStrip v={v} game={game} serverNow={serverNow} mySeat={v.viewerSeat} />
      <ClockAlerts v={v} serverNow={serverNow} />
      <div ref={boardWindow} className={zoom ? "h-[min(calc(100vw-2rem),calc(100dvh-17rem))] w-full max-w-[calc(100dvh-17rem)] overflow-auto overscroll-contain" : ""} data-testid="board-window">
        <Board
          layout={ruleset.layout}
          tiles={draft.board}
          draft={draft.allDraft}
          highlight={lastPlayed}
          challenged={outcome ? { cells: outcome.cells, stands: outcome.stands } : null}
          marker={draft.canEnter && cursor ? cursor : null}
          coordinates
          buttons={isPlayer}
          premiumLabels={PREMIUM_LABELS[v.ruleset]}
          className={zoom ? "max-w-none" : "max-w-[min(100%,calc(100dvh-17rem))] lg:w-[min(620px,calc(100dvh-17rem))]"}
          squarePx={zoom ? 34 : undefined}
          onSquare={isPlayer ? draft.onSquare : undefined}
          onDropTile={isPlayer ? draft.onDropTile : undefined}
          onMove={draft.onMove}
          onKey={draft.onBoardKey}
          label={isPlayer ? "Board: arrow keys move, type tiles at the cursor, Enter submits, ? lists shortcuts" : "Board"}
        />
      </div>
      <p className="sr-only" aria-live="polite" data-testid="announcer">
        {draft.state.said}
      </p>
    </div>
  );
}
