"use client";
/**
 * A duplicate player's draft on their own copy of the board: the live board's draft reducer
 * (app/play/_components/draft.ts: mouse, keyboard, drag and drop, blanks) over the shared board and
 * rack, cleared when a new turn opens. Submitting sends the play; the player may resubmit until the
 * close.
 */
import { useEffect, useMemo, useReducer, useRef } from "react";
import type { Ruleset } from "@/engine";
import { derive, draftReducer, emptyDraft, type DraftAction, type DraftEnv } from "@/app/play/_components/draft";
import { draftHandlers, type DraftEvent } from "@/app/play/_components/draft-handlers";
import type { DupView } from "./types";

type Tile = { row: number; col: number; tile: string; blank?: boolean };

export function useDupDraft(v: DupView | undefined, ruleset: Ruleset | null, submit: (placements: Tile[]) => void, open: boolean) {
  const [state, dispatch] = useReducer(draftReducer, undefined, () => emptyDraft());
  const rack = v?.turn?.rack ?? null;
  const board = useMemo(() => v?.board ?? [], [v?.board]);
  const supply = useMemo(() => (ruleset ? ruleset.tiles.filter((t) => t.unlimited).map((t) => t.face) : []), [ruleset]);
  const env: DraftEnv = { rack, supply, board, size: ruleset?.layout.size ?? 0, start: ruleset?.layout.start ?? [0, 0], entry: open && !!rack };
  const send = (e: DraftEvent) => dispatch({ ...e, env } as DraftAction);
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

  return {
    state,
    ...d,
    placements,
    board,
    supply,
    submit: doSubmit,
    ...draftHandlers(send, d, state, rack, doSubmit),
  };
}

export type DupDraft = ReturnType<typeof useDupDraft>;
