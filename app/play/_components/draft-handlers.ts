/**
 * The handlers a drafting board calls — squares, keys, drops, rack and supply tiles, blanks,
 * recall, shuffle — bound to a draft's `send`. One home for every page that drafts a play on the
 * board (the live game, a duplicate turn); each page adds only its own submit.
 */
import type { KeyboardEvent } from "react";
import type { DropSource } from "@/app/_components/board/Board";
import { typesTile } from "@/app/_components/board/entry";
import { shuffled, type DraftAction, type DraftState } from "./draft";

/** A draft action before the page adds its environment. */
export type DraftEvent = DraftAction extends infer A ? (A extends unknown ? Omit<A, "env"> : never) : never;

export function draftHandlers(
  send: (e: DraftEvent) => void,
  d: { canEnter: boolean; allDraft: readonly unknown[] },
  state: DraftState,
  rack: readonly unknown[] | null,
  submit: () => void,
) {
  function onBoardKey(e: KeyboardEvent, row: number, col: number) {
    if (!d.canEnter) return;
    const command = { Enter: true, " ": true, Escape: true, Backspace: true }[e.key];
    if (!command && !typesTile(e)) return;
    e.preventDefault();
    if (e.key === "Enter" && d.allDraft.length > 0) submit();
    else if (e.key === "Enter" || e.key === " ") send({ type: "square", row, col });
    else if (e.key === "Escape") send({ type: "recall" });
    else if (e.key === "Backspace") send({ type: "backspace" });
    else send({ type: "key", key: e.key, row, col });
  }
  return {
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
