"use client";
/**
 * A duplicate player's draft on their own copy of the board: the live board's draft reducer
 * (app/play/_components/draft.ts: mouse, keyboard, drag and drop, blanks) over the shared board and
 * rack, cleared when a new turn opens. Submitting sends the play; the player may resubmit until the
 * close.
 */
import { useEffect, useMemo, useReducer, useRef, type KeyboardEvent } from "react";
import type { Ruleset } from "@/engine";
import type { DropSource } from "@/app/_components/board/Board";
import { typesTile } from "@/app/_components/board/entry";
import { derive, draftReducer, emptyDraft, shuffled, type DraftAction, type DraftEnv } from "@/app/play/_components/draft";
import type { DupView } from "./types";

type Event = DraftAction extends infer A ? (A extends unknown ? Omit<A, "env"> : never) : never;
type Tile = { row: number; col: number; tile: string; blank?: boolean };

export function useDupDraft(v: DupView | undefined, ruleset: Ruleset | null, submit: (placements: Tile[]) => void, open: boolean) {
  const [state, dispatch] = useReducer(draftReducer, undefined, () => emptyDraft());
  const rack = v?.turn?.rack ?? null;
  const board = useMemo(() => v?.board ?? [], [v?.board]);
  const supply = useMemo(() => (ruleset ? ruleset.tiles.filter((t) => t.unlimited).map((t) => t.face) : []), [ruleset]);
  const env: DraftEnv = { rack, supply, board, size: ruleset?.layout.size ?? 0, start: ruleset?.layout.start ?? [0, 0], entry: open && !!rack };
  const send = (e: Event) => dispatch({ ...e, env } as DraftAction);
  const turn = v?.turn?.number ?? 0;
  const seen = useRef(turn);
  useEffect(() => {
    if (seen.current === turn) return;
    seen.current = turn;
    dispatch({ type: "reset", said: turn ? `Turn ${turn}: a new rack.` : "The game is over.", env });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new turn resets the draft
  }, [turn]);
  const d = derive(state, env);
  const placements = d.allDraft.map(({ rackIndex: _r, ...p }) => p);

  function doSubmit() {
    if (!open || d.allDraft.length === 0) return;
    if (d.typing?.error) return send({ type: "error", message: d.typing.error });
    submit(placements);
  }

  function onBoardKey(e: KeyboardEvent, row: number, col: number) {
    if (!d.canEnter) return;
    const command = { Enter: true, " ": true, Escape: true, Backspace: true }[e.key];
    if (!command && !typesTile(e)) return;
    e.preventDefault();
    if (e.key === "Enter" && d.allDraft.length > 0) doSubmit();
    else if (e.key === "Enter" || e.key === " ") send({ type: "square", row, col });
    else if (e.key === "Escape") send({ type: "recall" });
    else if (e.key === "Backspace") send({ type: "backspace" });
    else send({ type: "key", key: e.key, row, col });
  }

  return {
    state,
    ...d,
    placements,
    board,
    supply,
    submit: doSubmit,
    onBoardKey,
    onSquare: (row: number, col: number) => send({ type: "square", row, col }),
    onDropTile: (row: number, col: number, src: DropSource) => send({ type: "drop", row, col, src }),
    onMove: (row: number, col: number) => send({ type: "move", row, col }),
    onRackTile: (index: number) => send({ type: "rackTile", index }),
    onSupplyTile: (face: string) => send({ type: "supplyTile", face }),
    onBlankFace: (face: string) => send({ type: "blankFace", face }),
    closeBlank: () => send({ type: "closeBlank" }),
    recall: () => send({ type: "recall" }),
    shuffle: () => rack && send({ type: "order", order: shuffled(state.order ?? rack.map((_, i) => i)) }),
  };
}

export type DupDraft = ReturnType<typeof useDupDraft>;
