"use client";
/**
 * The live board's draft (draft.ts) bound to the page: the reducer, cleared by a new version of
 * the game (announcing the move that made it), and the handlers the board, the rack and the
 * buttons call. Submitting is the one side effect: it sends the play through `act`.
 */
import { useMemo, useReducer, type FormEvent } from "react";
import type { Ruleset } from "@/engine";
import { useVersionReset } from "@/app/_components/board/use-version-reset";
import { derive, draftReducer, emptyDraft, type DraftAction, type DraftEnv } from "./draft";
import { draftHandlers, type DraftEvent } from "./draft-handlers";
import type { MatchView } from "./match-view";

type Game = NonNullable<MatchView["game"]>;
export type PlayAction = { type: "play"; placements: { row: number; col: number; tile: string; blank?: boolean }[] };

/** The scoresheet's last line as the announcer reads it: "Ann: 3+4=7 at H8, +12." */
function lastLineSaid(v: MatchView | undefined): string {
  const last = v?.game?.sheet.at(-1);
  if (!last) return "";
  return `${last.seat === null ? "" : `${v!.players[last.seat]?.name}: `}${last.text}${last.points ? `, ${last.points > 0 ? "+" : ""}${last.points}` : ""}.`;
}


export function useDraft(v: MatchView | undefined, ruleset: Ruleset | null, act: (a: PlayAction) => void, busy: boolean) {
  const [state, dispatch] = useReducer(draftReducer, undefined, () => emptyDraft());
  const game: Game | null = v?.game ?? null;
  const rack = game?.rack ?? null;
  const board = useMemo(() => game?.board ?? [], [game]);
  const supply = useMemo(() => (ruleset ? ruleset.tiles.filter((t) => t.unlimited).map((t) => t.face) : []), [ruleset]);
  const env: DraftEnv = {
    rack,
    supply,
    board,
    size: ruleset?.layout.size ?? 0,
    start: ruleset?.layout.start ?? [0, 0],
    entry: v?.viewerSeat !== null && v?.viewerSeat !== undefined && !!rack && game?.phase === "playing",
  };
  const send = (e: DraftEvent) => dispatch({ ...e, env } as DraftAction);
  useVersionReset(v?.version, () => send({ type: "reset", said: lastLineSaid(v) }));
  const d = derive(state, env);

  function submit() {
    if (!game?.can.play || d.allDraft.length === 0 || busy) return;
    if (d.typing?.error) return send({ type: "error", message: d.typing.error });
    send({ type: "say", text: `Submitting ${d.allDraft.length} tile${d.allDraft.length === 1 ? "" : "s"}…` });
    act({ type: "play", placements: d.allDraft.map(({ rackIndex: _r, ...p }) => p) });
  }

  return {
    state,
    ...d,
    submit,
    ...draftHandlers(send, d, state, rack, submit),
    setBoxText: (text: string) => send({ type: "boxText", text }),
    onType: (e: FormEvent) => {
      e.preventDefault();
      if (ruleset) send({ type: "typeBox" });
    },
    startExchange: () => send({ type: "startExchange" }),
    cancelExchange: () => send({ type: "cancelExchange" }),
    supply,
    board,
  };
}

export type Draft = ReturnType<typeof useDraft>;
