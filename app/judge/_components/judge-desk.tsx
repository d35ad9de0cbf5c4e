"use client";
/**
 * The judge's desk (/judge): set up any position, enter the disputed play, get the engine's ruling
 * with its working, and — signed in — record it against a match or a tournament.
 *
 * Setting up: choose the game; click tiles onto the board (pick a face from the palette, tick
 * "blank" for a blank, or "remove" to take a tile off) on the active layer — the position, or the
 * disputed play (new tiles, amber); paste the engine's position notation; or load a match at move
 * N — numbered as on the scoresheet (its # column), the board before it and its play as the
 * disputed play; no N: the latest play. Tiles can also be typed as a string from a start square
 * in a direction (old tiles included), onto the selected layer like clicked ones. 'SMATH position tiles with
 * brackets get a "Bracket owners" control: the line each tile's brackets belong to (a loaded
 * match fills it in; otherwise the judge sets it, or the engine guesses and its ruling says so).
 * Everything is adjudicated by `adjudication.explain` — no business rules here.
 *
 * The pieces: the desk's state (desk.ts, a reducer), the editor column (desk-editor.tsx), the
 * set-up section (desk-setup.tsx) and recording (desk-record.tsx).
 */
import { useSearchParams } from "next/navigation";
import { useEffect, useMemo, useReducer, useState, type Dispatch, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC, useTRPCClient } from "@/app/_trpc/client";
import { formErrors } from "@/app/_trpc/errors";
import { FormError } from "@/app/_components/form";
import type { AdjudicationRequest, Placement } from "@/engine";
import { RulingView } from "./ruling-view";
import { BestHere } from "./best-here";
import { buildRequest } from "./editor-model";
import { deskReducer, initialDesk, type DeskAction, type DeskState } from "./desk";
import { DeskEditor } from "./desk-editor";
import { DeskSetup } from "./desk-setup";
import { DeskRecord } from "./desk-record";
import { button } from "./styles";


/** The desk's server calls: explain, record, the judge's tournaments, and loading a match position. */
function useDeskCalls(signedIn: boolean, dispatch: Dispatch<DeskAction>) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const explain = useMutation(trpc.adjudication.explain.mutationOptions());
  const record = useMutation(trpc.adjudication.record.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.adjudication.pathKey() }) }));
  const tournaments = useQuery({ ...trpc.adjudication.myTournaments.queryOptions(), enabled: signedIn });
  const loadMatch = useMutation({
    mutationFn: (v: { matchId: string; line?: number }) => client.adjudication.matchPosition.query(v),
    onSuccess: (position) => dispatch({ type: "loadedMatch", position }),
    onError: (e) => dispatch({ type: "error", message: formErrors(e).message ?? Object.values(formErrors(e).fields)[0] ?? "Could not load that game." }),
  });
  return { explain, record, tournaments, loadMatch };
}

function recordInput(desk: DeskState, request: AdjudicationRequest) {
  const who = desk.players.find((p) => p.name && p.name === desk.requestedBy.trim());
  const move = desk.moveNumber.trim() === "" ? null : Number(desk.moveNumber);
  return {
    matchId: desk.matchId.trim() || null,
    tournamentId: desk.matchId.trim() ? null : desk.tournamentId || null,
    moveNumber: move !== null && Number.isInteger(move) ? move : null,
    requestedBy: desk.requestedBy.trim(),
    requestedByUserId: who?.id ?? null,
    note: desk.note,
    request,
  };
}

export function JudgeDesk() {
  const trpc = useTRPC();
  const params = useSearchParams();
  const me = useQuery(trpc.accounts.me.queryOptions());
  const [desk, dispatch] = useReducer(deskReducer, params, initialDesk);
  // a best play the judge clicked in "Best play here", drawn over the board while the position is the one it was found for
  const [bestShown, setBestShown] = useState<{ request: AdjudicationRequest; play: readonly Placement[] } | null>(null);
  const { ruleset, board, play, rack, options } = desk;
  const request = useMemo(() => buildRequest(ruleset, board, play, rack, options), [ruleset, board, play, rack, options]);
  const { explain, record, tournaments, loadMatch } = useDeskCalls(!!me.data, dispatch);

  // A ruling belongs to exactly the request it answered: any edit clears it.
  const { reset: resetExplain } = explain;
  const { reset: resetRecord } = record;
  useEffect(() => {
    resetExplain();
    resetRecord();
  }, [request, resetExplain, resetRecord]);

  // /judge?match=…&move=… loads that position once.
  const preload = params.get("match");
  const { mutate: loadMatchMutate } = loadMatch;
  useEffect(() => {
    if (preload) loadMatchMutate({ matchId: preload, line: Number(params.get("move")) || undefined });
  }, [preload, params, loadMatchMutate]);

  const result = explain.data;
  const marked = useMemo(() => (result?.ruling.violations ?? []).flatMap((v) => v.cells.map(([row, col]) => ({ row, col }))), [result]);
  const recordErrors = formErrors(record.error);

  function submitRecord(e: FormEvent) {
    e.preventDefault();
    record.mutate(recordInput(desk, request));
  }

  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">Judge&apos;s desk</h1>
        <p className="text-slate-600">
          Set up a position, enter the disputed play and get the ruling with its working. No account needed;{" "}
          {me.data ? "as a judge you can record the ruling with the game." : "sign in to record a ruling with a game."}
        </p>
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,42rem)_minmax(0,1fr)]">
        <DeskEditor desk={desk} dispatch={dispatch} marked={marked} shown={bestShown?.request === request ? bestShown.play : []} />

        <div className="space-y-5">
          <DeskSetup desk={desk} dispatch={dispatch} loading={loadMatch.isPending} onLoadMatch={(v) => loadMatch.mutate(v)} />

          <div className="flex items-center gap-3">
            <button type="button" className={button} disabled={explain.isPending || request.play.length === 0} onClick={() => explain.mutate(request)}>
              {explain.isPending ? "Ruling…" : "Get ruling"}
            </button>
            <span className="text-sm text-slate-500">
              {Object.keys(board).length} position tile(s), {Object.keys(play).length} new
            </span>
          </div>
          <FormError message={explain.error ? formErrors(explain.error).message : null} />
          <BestHere request={request} onShow={(p) => setBestShown(p ? { request, play: p } : null)} />
          {result ? <RulingView ruleset={ruleset} ruling={result.ruling} explanation={result.explanation} /> : null}
          {result ? (
            <DeskRecord
              desk={desk}
              dispatch={dispatch}
              signedIn={!!me.data}
              tournaments={tournaments.data ?? []}
              recorded={record.data}
              pending={record.isPending}
              error={recordErrors.message ?? Object.values(recordErrors.fields)[0]}
              onSubmit={submitRecord}
            />
          ) : null}

          <details className="text-sm">
            <summary className="cursor-pointer text-slate-600">Request JSON (for scripts: POST it to /api/adjudicate)</summary>
            <pre className="mt-2 overflow-x-auto rounded bg-slate-900 p-3 text-xs text-slate-100" data-testid="request-json">
              {JSON.stringify(request)}
            </pre>
          </details>
        </div>
      </div>
    </div>
  );
}
