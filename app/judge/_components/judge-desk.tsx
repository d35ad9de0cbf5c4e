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
 */
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useEffect, useMemo, useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC, useTRPCClient } from "@/app/_trpc/client";
import { formErrors } from "@/app/_trpc/errors";
import { FormError } from "@/app/_components/form";
import { parsePosition, RULESET_DATA, RULESET_IDS, squares, type AdjudicationRequest, type Placement, type RulesetId } from "@/engine";
import { Board } from "@/app/_components/board/Board";
import { PREMIUM_LABELS } from "@/app/_components/board/squares";
import { RulingView } from "./ruling-view";
import { BestHere } from "./best-here";
import {
  bracketTiles,
  buildRequest,
  describeOwners,
  fromPlacements,
  keyOf,
  layLine,
  placeOnLayer,
  setBracketOwner,
  toPlacements,
  type Layer,
  type Tiles,
} from "./editor-model";

export const RULESET_NAMES: Record<RulesetId, string> = { equate: "Equate", smath: "'SMATH", "number-scrabble": "Number Scrabble" };

const input = "rounded border border-slate-300 px-2 py-1 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-indigo-500";
const button = "rounded bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-60";
const secondary = "rounded border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50 disabled:opacity-60";

export function JudgeDesk() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const params = useSearchParams();
  const me = useQuery(trpc.accounts.me.queryOptions());

  const [ruleset, setRuleset] = useState<RulesetId>("equate");
  const [options, setOptions] = useState<Record<string, unknown> | undefined>(undefined);
  const [board, setBoard] = useState<Tiles>({});
  const [play, setPlay] = useState<Tiles>({});
  // a best play the judge clicked in "Best play here", drawn over the board while the position is the one it was found for
  const [bestShown, setBestShown] = useState<{ request: AdjudicationRequest; play: readonly Placement[] } | null>(null);
  const [layer, setLayer] = useState<Layer>("play");
  const [face, setFace] = useState<string>("1");
  const [blank, setBlank] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [rack, setRack] = useState("");
  const [notation, setNotation] = useState("");
  const [playText, setPlayText] = useState("");
  const [startSquare, setStartSquare] = useState("");
  const [direction, setDirection] = useState<"across" | "down">("across");
  const [setupError, setSetupError] = useState<string | null>(null);
  const [setupNote, setSetupNote] = useState<string | null>(null);

  // match loading and recording
  const [matchId, setMatchId] = useState(params.get("match") ?? "");
  // The scoresheet's # of the disputed play (the number players read beside it); empty: the latest play.
  const [moveNumber, setMoveNumber] = useState(params.get("move") ?? "");
  const [players, setPlayers] = useState<{ id: string; name: string | null }[]>([]);
  const [tournamentId, setTournamentId] = useState(params.get("tournament") ?? "");
  const [requestedBy, setRequestedBy] = useState("");
  const [note, setNote] = useState("");

  const faces = useMemo(() => RULESET_DATA[ruleset].tiles.map((t) => t.face), [ruleset]);
  const size = RULESET_DATA[ruleset].layout.size;
  const request = useMemo(() => buildRequest(ruleset, board, play, rack, options), [ruleset, board, play, rack, options]);

  const explain = useMutation(trpc.adjudication.explain.mutationOptions());
  const record = useMutation(
    trpc.adjudication.record.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.adjudication.pathKey() }) }),
  );
  const tournaments = useQuery({ ...trpc.adjudication.myTournaments.queryOptions(), enabled: !!me.data });
  const loadMatch = useMutation({
    mutationFn: (v: { matchId: string; line?: number }) => client.adjudication.matchPosition.query(v),
    onSuccess: (p) => {
      setRuleset(p.ruleset);
      setOptions(Object.keys(p.options).length ? p.options : undefined);
      setBoard(fromPlacements(p.board));
      setPlay(fromPlacements(p.nextPlay ?? []));
      setPlayers(p.players);
      setRequestedBy("");
      if (p.tournamentId) setTournamentId(p.tournamentId);
      setSetupError(null);
      if (p.line !== null) setMoveNumber(String(p.line));
      setSetupNote(
        `Loaded the board before move ${p.line} of the scoresheet` +
          (p.nextPlay ? `, with ${p.mover?.name ?? "the next player"}'s play (move ${p.line}) as the disputed play.` : `; move ${p.line} was not a play — enter the disputed play.`),
      );
    },
    onError: (e) => setSetupError(formErrors(e).message ?? Object.values(formErrors(e).fields)[0] ?? "Could not load that game."),
  });

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

  function changeRuleset(id: RulesetId) {
    setRuleset(id);
    setOptions(undefined);
    setBoard({});
    setPlay({});
    setFace(RULESET_DATA[id].tiles[1]?.face ?? "1");
    setSetupNote(null);
  }

  function onSquare(row: number, col: number) {
    const k = keyOf(row, col);
    if (removing) {
      if (play[k]) setPlay(({ [k]: _, ...rest }) => rest);
      else if (board[k]) setBoard(({ [k]: _, ...rest }) => rest);
      return;
    }
    const t = { tile: face, blank };
    if (layer === "play") setPlay((p) => ({ ...p, [k]: t }));
    else {
      setBoard((b) => ({ ...b, [k]: t }));
      setPlay(({ [k]: _, ...rest }) => rest);
    }
  }

  function loadNotation() {
    const r = parsePosition(notation);
    if (!r.ok) {
      setSetupError(`That notation does not read: ${r.error}.`);
      return;
    }
    setRuleset(r.value.ruleset);
    setOptions(r.value.options && Object.keys(r.value.options).length ? (r.value.options as Record<string, unknown>) : undefined);
    setBoard(fromPlacements(r.value.board));
    setPlay({});
    const onMove = r.value.racks[r.value.turn];
    setRack(Array.isArray(onMove) ? onMove.join(" ") : "");
    setSetupError(null);
    setSetupNote(`Loaded a ${RULESET_NAMES[r.value.ruleset]} position with ${r.value.board.length} tiles.`);
  }

  function placeTyped(e: FormEvent) {
    e.preventDefault();
    const sq = squares.parse(startSquare, size);
    if (!sq) {
      setSetupError(`Start square: a column letter and a row number, like ${size > 15 ? "J10" : "H8"}.`);
      return;
    }
    const r = layLine(playText, [sq.row, sq.col], direction, board, faces, size);
    if (!r.ok) {
      setSetupError(r.error);
      return;
    }
    // typed tiles go to the layer the judge selected, like clicked ones
    const next = placeOnLayer(layer, board, play, r.play);
    setBoard(next.board);
    setPlay(next.play);
    setSetupError(null);
  }

  const owned = useMemo(() => bracketTiles(ruleset, board), [ruleset, board]);
  function setOwner(key: string, value: string) {
    if (value === "split") return; // the per-bracket owners as loaded
    setBoard((b) => setBracketOwner(b, key, value === "across" || value === "down" ? value : undefined));
  }
  const ownerValue = (t: { brackets?: string; bracketLines?: string[] }) => (t.bracketLines ? "split" : (t.brackets ?? ""));

  const result = explain.data;
  const boardTiles = useMemo(() => toPlacements(board), [board]);
  const playTiles = useMemo(() => toPlacements(play), [play]);
  const marked = useMemo(() => (result?.ruling.violations ?? []).flatMap((v) => v.cells.map(([row, col]) => ({ row, col }))), [result]);
  const explainError = explain.error ? formErrors(explain.error).message : null;
  const recordErrors = formErrors(record.error);

  function submitRecord(e: FormEvent) {
    e.preventDefault();
    const who = players.find((p) => p.name && p.name === requestedBy.trim());
    const move = moveNumber.trim() === "" ? null : Number(moveNumber);
    record.mutate({
      matchId: matchId.trim() || null,
      tournamentId: matchId.trim() ? null : tournamentId || null,
      moveNumber: move !== null && Number.isInteger(move) ? move : null,
      requestedBy: requestedBy.trim(),
      requestedByUserId: who?.id ?? null,
      note,
      request,
    });
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
        <div className="space-y-3">
          <div className="flex flex-wrap items-end gap-3">
            <label className="text-sm font-medium text-slate-700">
              Game{" "}
              <select className={input} value={ruleset} onChange={(e) => changeRuleset(e.target.value as RulesetId)} aria-label="Game">
                {RULESET_IDS.map((id) => (
                  <option key={id} value={id}>
                    {RULESET_NAMES[id]}
                  </option>
                ))}
              </select>
            </label>
            <fieldset className="flex gap-3 text-sm">
              <legend className="sr-only">Layer</legend>
              <label>
                <input type="radio" name="layer" checked={layer === "board"} onChange={() => setLayer("board")} /> Position tiles
              </label>
              <label>
                <input type="radio" name="layer" checked={layer === "play"} onChange={() => setLayer("play")} /> Disputed play (new)
              </label>
            </fieldset>
            <button type="button" className={secondary} onClick={() => setPlay({})}>
              Clear play
            </button>
            <button type="button" className={secondary} onClick={() => (setBoard({}), setPlay({}))}>
              Clear board
            </button>
          </div>
          <div className="flex flex-wrap items-center gap-1" role="toolbar" aria-label="Tile palette">
            {faces.map((f) => (
              <button
                key={f}
                type="button"
                aria-label={`Tile ${f}`}
                aria-pressed={!removing && face === f}
                onClick={() => (setFace(f), setRemoving(false))}
                className={`h-8 min-w-8 rounded border px-1 text-sm font-semibold ${!removing && face === f ? "border-indigo-600 bg-indigo-100" : "border-slate-300 bg-amber-50"}`}
              >
                {f}
              </button>
            ))}
            <label className="ml-2 text-sm">
              <input type="checkbox" checked={blank} onChange={(e) => setBlank(e.target.checked)} /> blank
            </label>
            <button type="button" aria-pressed={removing} onClick={() => setRemoving((x) => !x)} className={`${secondary} ml-2 ${removing ? "border-red-500 bg-red-50" : ""}`}>
              Remove
            </button>
          </div>
          <div className="max-w-[560px]">
            <Board
              layout={RULESET_DATA[ruleset].layout}
              tiles={boardTiles}
              fresh={playTiles}
              violations={marked}
              coordinates
              buttons
              premiumLabels={PREMIUM_LABELS[ruleset]}
              testId="judge-board"
              onSquare={onSquare}
              shown={bestShown?.request === request ? bestShown.play : []}
              shownLabel="best play"
            />
          </div>
          {RULESET_DATA[ruleset].boardIsStandIn ? <p className="text-xs text-slate-500">The {RULESET_NAMES[ruleset]} board is a stand-in (standard 15×15 geometry).</p> : null}
          {owned.length > 0 ? (
            <fieldset className="rounded-lg border border-slate-200 bg-white p-3 text-sm" data-testid="bracket-owners">
              <legend className="px-1 font-semibold">Bracket owners</legend>
              <p className="text-xs text-slate-600">
                Brackets belong to the line they were played in. A loaded match fills this in; for a pasted or clicked position choose the line, or leave
                “guess” and the engine takes the tile&apos;s longer line (the ruling says when it did).
              </p>
              <ul className="mt-2 space-y-1">
                {owned.map((t) => {
                  const value = ownerValue(t);
                  const choices: [string, string][] = [
                    ["", "guess"],
                    ["across", "across"],
                    ["down", "down"],
                    ...(t.bracketLines ? [["split", describeOwners(t.tile, t.bracketLines)] as [string, string]] : []),
                  ];
                  return (
                    <li key={t.key} className="flex flex-wrap items-center gap-2">
                      <span className="w-8 text-slate-500">{t.square}</span>
                      <span className="w-12 font-mono">{t.tile}</span>
                      <div role="radiogroup" aria-label={`Brackets of ${t.tile} on ${t.square}`} className="flex overflow-hidden rounded border border-slate-300">
                        {choices.map(([v, label]) => (
                          <label
                            key={v}
                            className={`cursor-pointer border-l border-slate-300 px-2 py-0.5 first:border-l-0 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500 ${value === v ? "bg-indigo-600 text-white" : "bg-white hover:bg-slate-50"}`}
                          >
                            <input type="radio" className="sr-only" name={`owner-${t.key}`} value={v} checked={value === v} onChange={() => setOwner(t.key, v)} />
                            {label}
                          </label>
                        ))}
                      </div>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          ) : null}
        </div>

        <div className="space-y-5">
          <section className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <h2 className="font-semibold">Set up</h2>
            <form
              className="flex flex-wrap items-end gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                loadMatch.mutate({ matchId: matchId.trim(), line: Number(moveNumber) || undefined });
              }}
            >
              <label className="text-sm">
                Match id <input className={`${input} w-72`} value={matchId} onChange={(e) => setMatchId(e.target.value)} aria-label="Match id" />
              </label>
              <label className="text-sm">
                Move # <input className={`${input} w-16`} type="number" min={1} value={moveNumber} onChange={(e) => setMoveNumber(e.target.value)} aria-label="Move number" placeholder="latest" title="The # beside the play on the scoresheet; empty: the latest play" />
              </label>
              <button className={secondary} disabled={loadMatch.isPending || matchId.trim() === ""}>
                Load match position
              </button>
            </form>
            <div className="space-y-1">
              <label htmlFor="notation" className="text-sm">
                Position notation
              </label>
              <textarea id="notation" className={`${input} w-full font-mono`} rows={2} value={notation} onChange={(e) => setNotation(e.target.value)} />
              <button type="button" className={secondary} onClick={loadNotation} disabled={notation.trim() === ""}>
                Load notation
              </button>
            </div>
            <form className="flex flex-wrap items-end gap-2" onSubmit={placeTyped}>
              <label className="text-sm">
                Play <input className={`${input} w-40 font-mono`} value={playText} onChange={(e) => setPlayText(e.target.value)} aria-label="Play" placeholder="4-6+7=5" />
              </label>
              <label className="text-sm">
                from <input className={`${input} w-16`} value={startSquare} onChange={(e) => setStartSquare(e.target.value)} aria-label="Start square" placeholder="F10" />
              </label>
              <select className={input} value={direction} onChange={(e) => setDirection(e.target.value as "across" | "down")} aria-label="Direction">
                <option value="across">across</option>
                <option value="down">down</option>
              </select>
              <button className={secondary}>Place play</button>
            </form>
            <label className="block text-sm">
              Rack (optional){" "}
              <input className={`${input} w-48 font-mono`} value={rack} onChange={(e) => setRack(e.target.value)} aria-label="Rack" placeholder="3 + ? 1/2" />
            </label>
            {setupNote ? <p className="text-sm text-slate-600" data-testid="setup-note">{setupNote}</p> : null}
            <FormError message={setupError} />
          </section>

          <div className="flex items-center gap-3">
            <button type="button" className={button} disabled={explain.isPending || request.play.length === 0} onClick={() => explain.mutate(request)}>
              {explain.isPending ? "Ruling…" : "Get ruling"}
            </button>
            <span className="text-sm text-slate-500">
              {Object.keys(board).length} position tile(s), {Object.keys(play).length} new
            </span>
          </div>
          <FormError message={explainError} />
          <BestHere request={request} onShow={(p) => setBestShown(p ? { request, play: p } : null)} />
          {result ? <RulingView ruleset={ruleset} ruling={result.ruling} explanation={result.explanation} /> : null}

          {result ? (
            me.data ? (
              <section className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                <h2 className="font-semibold">Record this ruling</h2>
                {record.data ? (
                  <p role="status" className="text-sm text-emerald-800" data-testid="recorded">
                    Ruling recorded.{" "}
                    {record.data.matchId ? (
                      <Link className="text-indigo-700 underline" href={`/play/${record.data.matchId}`}>
                        See it on the match page
                      </Link>
                    ) : record.data.tournamentId ? (
                      <Link className="text-indigo-700 underline" href={`/judge/rulings?tournament=${record.data.tournamentId}`}>
                        See the tournament&apos;s rulings
                      </Link>
                    ) : null}
                  </p>
                ) : (
                  <form className="space-y-2" onSubmit={submitRecord}>
                    <p className="text-xs text-slate-500">
                      Tournament games: the tournament&apos;s judges and directors record. Casual games: their players.
                    </p>
                    <div className="flex flex-wrap gap-2">
                      <label className="text-sm">
                        Match id <input className={`${input} w-72`} value={matchId} onChange={(e) => setMatchId(e.target.value)} aria-label="Ruling match id" />
                      </label>
                      <label className="text-sm">
                        or tournament{" "}
                        <select className={input} value={tournamentId} onChange={(e) => setTournamentId(e.target.value)} aria-label="Tournament" disabled={matchId.trim() !== ""}>
                          <option value="">—</option>
                          {(tournaments.data ?? []).map((t) => (
                            <option key={t.id} value={t.id}>
                              {t.name}
                            </option>
                          ))}
                        </select>
                      </label>
                      <label className="text-sm">
                        Move # <input className={`${input} w-16`} type="number" min={1} value={moveNumber} onChange={(e) => setMoveNumber(e.target.value)} aria-label="Ruling move number" title="The # beside the play on the scoresheet" />
                      </label>
                    </div>
                    <label className="block text-sm">
                      Requested by{" "}
                      <input className={`${input} w-60`} list="judge-players" value={requestedBy} onChange={(e) => setRequestedBy(e.target.value)} aria-label="Requested by" />
                      <datalist id="judge-players">
                        {players.map((p) => (p.name ? <option key={p.id} value={p.name} /> : null))}
                      </datalist>
                    </label>
                    <label className="block text-sm">
                      Note <textarea className={`${input} w-full`} rows={2} value={note} onChange={(e) => setNote(e.target.value)} aria-label="Note" />
                    </label>
                    <FormError message={recordErrors.message ?? Object.values(recordErrors.fields)[0]} />
                    <button className={button} disabled={record.isPending}>
                      {record.isPending ? "Recording…" : "Record ruling"}
                    </button>
                  </form>
                )}
              </section>
            ) : (
              <p className="text-sm text-slate-600" data-testid="sign-in-to-record">
                <Link className="text-indigo-700 underline" href="/signin?next=%2Fjudge">
                  Sign in
                </Link>{" "}
                to record this ruling with a game.
              </p>
            )
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
