"use client";
/**
 * The scorekeeper station (tablet first): big clock buttons, one per player — the player on move
 * taps theirs when they finish, which stops their time and starts the next player's at once;
 * the scorekeeper then enters the play (start square + typed tiles, or a click on the board),
 * previewed by the engine in the browser, and records it with the tap's time. Challenge buttons
 * for the other players while a play is open; pause/resume for a ruling; pass, exchange (count)
 * and resignation; the scoresheet and the unseen tiles. The server does the real judging, and
 * says who may resign which seat and stop the clocks (docs/scorekeeper.md): the buttons follow.
 */
import Link from "next/link";
import { useParams } from "next/navigation";
import { useMemo, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { adjudicatePlay, rulesetFor, squares } from "@/engine";
import { useTRPC } from "@/app/_trpc/client";
import { FormError } from "@/app/_components/form";
import { Board } from "@/app/_components/board/Board";
import { Scoresheet, formatClock } from "@/app/_components/board/Scoresheet";
import { Unseen } from "@/app/_components/board/Unseen";
import { typeTiles } from "@/app/_components/board/keyboard";
import { clockReadings, poolOf } from "../_components/station";
import { useServerClock } from "@/app/_components/board/use-server-now";
import { GameRoundClock } from "@/app/tournaments/_components/game-round-clock";

const big = "min-h-14 rounded-lg px-4 py-3 text-base font-semibold disabled:opacity-40";
const primary = `${big} bg-indigo-600 text-white active:bg-indigo-800`;
const secondary = `${big} border border-slate-300 bg-white active:bg-slate-100`;
const danger = `${big} bg-red-600 text-white active:bg-red-800`;

export default function StationPage() {
  const { matchId } = useParams<{ matchId: string }>();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const opts = trpc.matches.scorekeeper.get.queryOptions({ matchId });
  const station = useQuery({ ...opts, retry: false });
  useSubscription(trpc.matches.live.subscriptionOptions({ matchId }, { onData: () => void queryClient.invalidateQueries({ queryKey: opts.queryKey }) }));
  const v = station.data?.view;

  const { now, read: serverTime } = useServerClock(v?.serverNow, station.dataUpdatedAt);

  const [tap, setTap] = useState<{ seat: number; at: number; next: number } | null>(null);
  const [square, setSquare] = useState("");
  const [direction, setDirection] = useState<"across" | "down">("across");
  const [typed, setTyped] = useState("");
  const [exchangeCount, setExchangeCount] = useState(1);
  const [error, setError] = useState<string | null>(null);
  // A new version of the game clears the entry, during the render that shows it (not one later).
  const version = v?.version;
  const [entryVersion, setEntryVersion] = useState(version);
  if (version !== entryVersion) {
    setEntryVersion(version);
    setTyped("");
    setSquare("");
    setTap(null);
  }

  const rulesetId = v?.ruleset;
  const storedOptions = v?.rulesetOptions;
  const ruleset = useMemo(() => (rulesetId ? rulesetFor(rulesetId, storedOptions) : null), [rulesetId, storedOptions]);

  const settled = { onSettled: () => queryClient.invalidateQueries({ queryKey: opts.queryKey }), onError: (e: { message: string }) => setError(e.message), onSuccess: () => setError(null) };
  const move = useMutation(trpc.matches.scorekeeper.move.mutationOptions(settled));
  const clock = useMutation(trpc.matches.scorekeeper.clock.mutationOptions(settled));

  const game = v?.game ?? null;
  const board = useMemo(() => game?.board ?? [], [game]);
  const start = useMemo(() => (ruleset ? squares.parse(square, ruleset.layout.size) : null), [ruleset, square]);
  const entry = useMemo(() => {
    if (!ruleset || !game || !start || typed.trim() === "") return { tiles: [], error: null as string | null };
    const supply = ruleset.tiles.filter((t) => t.unlimited).map((t) => t.face);
    return typeTiles(typed, {
      rack: poolOf(game.unseen),
      supply,
      start,
      direction,
      occupied: (r, c) => board.some((t) => t.row === r && t.col === c),
      size: ruleset.layout.size,
    });
  }, [ruleset, game, start, direction, typed, board]);
  const draft = useMemo(() => entry.tiles.map((t) => (t.blank ? { row: t.row, col: t.col, tile: t.tile, blank: true } : { row: t.row, col: t.col, tile: t.tile })), [entry]);
  const preview = useMemo(() => {
    if (!ruleset || draft.length === 0) return null;
    return adjudicatePlay(ruleset, board.map((t) => (t.blank ? { row: t.row, col: t.col, tile: t.tile, blank: true } : { row: t.row, col: t.col, tile: t.tile })), draft, { firstPlay: board.length === 0 });
  }, [ruleset, board, draft]);

  if (station.isPending) return <p>Loading…</p>;
  if (station.error || !v) return <FormError message={station.error?.message ?? "This game could not be loaded."} />;
  const names = v.players.map((p) => p.name);
  const n = v.players.length;
  const can = station.data!.canKeepScore && v.status === "active" && game?.phase === "playing";
  const turn = game?.turn ?? 0;
  const paused = game?.paused ?? false;
  const pending = game?.pending ?? null;
  const readings = clockReadings(v.players, game?.clock?.running ?? null, paused, v.serverNow, now, tap);
  const tappedAt = tap?.at ?? null;
  const send = (seat: number, action: Parameters<typeof move.mutate>[0]["action"]) =>
    move.mutate({ matchId, expectedSeq: v.version, clientId: crypto.randomUUID(), seat, action, tappedAt });

  function onSquare(row: number, col: number) {
    const here = squares.parse(square, ruleset!.layout.size);
    if (here && here.row === row && here.col === col) {
      const d = direction === "across" ? "down" : "across";
      setDirection(d);
      setSquare(squares.start(row, col, d));
    } else setSquare(squares.start(row, col, direction));
  }

  function onClockButton(seat: number) {
    if (!can || paused) return;
    // stamped at the tap itself: the display's `now` may lag and fall before the last event
    if (seat === turn && !tap) setTap({ seat, at: serverTime(), next: (turn + 1) % n });
    else if (tap && seat === tap.seat) setTap(null); // tapped by mistake: undo
  }

  return (
    <div className="space-y-4" data-testid="station">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-xl font-semibold">Scorekeeper: {names.join(" vs ")}</h1>
        <Link href={`/matches/${matchId}`} className="text-indigo-700 underline">
          Game page and replay
        </Link>
      </div>
      {v.tournamentId && v.board ? (
        <p className="text-sm text-slate-700" data-testid="station-board">
          Round {v.board.round}, table {v.board.table}
          {v.status !== "finished" ? <GameRoundClock tournamentId={v.tournamentId} roundNumber={v.board.round} lead=" · " /> : null}
        </p>
      ) : null}
      {!station.data!.canKeepScore ? <p className="text-sm text-slate-600">You are watching: only the scorekeeper, the players or a director can enter moves.</p> : null}

      <div className={`grid gap-3 ${n > 2 ? "grid-cols-2" : "grid-cols-2"}`}>
        {v.players.map((p, i) => {
          const onMove = game?.phase === "playing" && (tap ? tap.next === i : turn === i);
          const ms = readings[i];
          return (
            <button
              key={p.userId}
              type="button"
              data-testid={`clock-${i}`}
              aria-pressed={onMove}
              onClick={() => onClockButton(i)}
              className={`flex min-h-32 flex-col items-center justify-center rounded-2xl border-4 p-4 text-center transition ${
                onMove ? (paused ? "border-amber-500 bg-amber-50" : "border-emerald-600 bg-emerald-50") : "border-slate-200 bg-white"
              }`}
            >
              <span className="text-lg font-semibold">{p.name}</span>
              <span className="text-3xl font-bold tabular-nums" data-testid={`score-${i}`}>
                {p.score}
              </span>
              <span className={`text-2xl tabular-nums ${ms !== null && ms < 0 ? "text-red-600" : "text-slate-700"}`}>{ms === null ? "untimed" : formatClock(ms)}</span>
              {tap?.seat === i ? <span className="text-xs text-indigo-700">clock pressed — enter the move (tap again to undo)</span> : null}
            </button>
          );
        })}
      </div>

      {v.status === "finished" ? (
        <p className="rounded bg-slate-100 p-3 font-medium" data-testid="result">
          Game over: {v.players.map((p) => `${p.name} ${p.score}`).join(" – ")}
          {v.result?.winners.length ? ` · winner${v.result.winners.length > 1 ? "s" : ""}: ${v.players.filter((p) => p.winner).map((p) => p.name).join(", ")}` : ""}
        </p>
      ) : null}

      {can ? (
        <div className="flex flex-wrap items-center gap-2">
          {game?.clock && station.data!.canStopClocks ? (
            <button type="button" className={paused ? primary : secondary} onClick={() => clock.mutate({ matchId, expectedSeq: v.version, clientId: crypto.randomUUID(), action: paused ? "resume" : "pause" })}>
              {paused ? "Resume clocks" : "Pause for a ruling"}
            </button>
          ) : null}
          {game?.clock && !station.data!.canStopClocks ? <p className="text-sm text-slate-600">For a ruling, ask the scorekeeper or a director to pause the clocks.</p> : null}
          {pending
            ? v.players.map((p, i) =>
                i === pending.seat ? null : (
                  <button key={p.userId} type="button" className={danger} disabled={paused} onClick={() => send(i, { type: "challenge" })} data-testid={`challenge-${i}`}>
                    Challenge ({p.name})
                  </button>
                ),
              )
            : null}
        </div>
      ) : null}

      <FormError message={error} />

      <div className="grid gap-4 lg:grid-cols-[minmax(0,620px)_1fr]">
        <div>
          {ruleset ? <Board layout={ruleset.layout} tiles={board} draft={draft} highlight={pending ? board.filter((t) => t.move === (game?.moveNumber ?? 0) - 1) : []} marker={start} onSquare={can ? onSquare : undefined} /> : null}
        </div>
        <div className="space-y-3">
          {can ? (
            <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-3">
              <p className="font-medium">
                {names[turn]} to move{pending?.goesOut ? " — the last play went out: challenge it or pass to accept" : ""}
              </p>
              <div className="flex flex-wrap items-end gap-2">
                <label className="text-sm">
                  Start square
                  <input
                    className="mt-1 block w-24 rounded border border-slate-300 px-2 py-3 text-lg uppercase"
                    value={square}
                    onChange={(e) => {
                      setSquare(e.target.value);
                      const s = ruleset ? squares.parse(e.target.value, ruleset.layout.size) : null;
                      if (s) setDirection(s.direction);
                    }}
                    placeholder="10H"
                    aria-label="Start square"
                    data-testid="square"
                  />
                </label>
                <div className="flex gap-1" role="group" aria-label="Direction">
                  {(["across", "down"] as const).map((d) => (
                    <button
                      key={d}
                      type="button"
                      className={direction === d ? primary : secondary}
                      onClick={() => {
                        setDirection(d);
                        if (start) setSquare(squares.start(start.row, start.col, d));
                      }}
                    >
                      {d === "across" ? "Across →" : "Down ↓"}
                    </button>
                  ))}
                </div>
              </div>
              <label className="block text-sm">
                Tiles laid (skip tiles already on the board)
                <input
                  className="mt-1 block w-full rounded border border-slate-300 px-2 py-3 text-lg"
                  value={typed}
                  onChange={(e) => setTyped(e.target.value)}
                  placeholder="3+4=7"
                  aria-label="Tiles"
                  data-testid="tiles"
                  autoComplete="off"
                />
              </label>
              {entry.error ? <p className="text-sm text-red-600">{entry.error}</p> : null}
              {preview ? (
                <p className={`text-sm ${preview.valid ? "text-emerald-700" : "text-amber-700"}`} data-testid="preview">
                  {preview.valid ? `Valid: ${preview.score} points.` : `Not valid: ${preview.violations.map((x) => x.message).join("; ")}. It can still be recorded if the rules let it stand until challenged.`}
                </p>
              ) : null}
              <div className="flex flex-wrap gap-2">
                <button type="button" className={primary} disabled={draft.length === 0 || !!entry.error || move.isPending || paused || pending?.goesOut} onClick={() => send(turn, { type: "play", placements: draft })} data-testid="record-play">
                  Record play
                </button>
                <button type="button" className={secondary} disabled={move.isPending || paused} onClick={() => send(turn, { type: "pass" })}>
                  Pass
                </button>
                <span className="flex items-center gap-1">
                  <input type="number" min={1} max={20} className="w-16 rounded border border-slate-300 px-2 py-3" value={exchangeCount} onChange={(e) => setExchangeCount(Math.max(1, Number(e.target.value) || 1))} aria-label="Tiles exchanged" />
                  <button type="button" className={secondary} disabled={move.isPending || paused} onClick={() => send(turn, { type: "exchange", count: exchangeCount })}>
                    Exchange
                  </button>
                </span>
                {station.data!.canResign.includes(turn) ? (
                  <button
                    type="button"
                    className={secondary}
                    disabled={move.isPending}
                    onClick={() => {
                      if (window.confirm(`${names[turn]} resigns?`)) send(turn, { type: "resign" });
                    }}
                  >
                    Resign ({names[turn]})
                  </button>
                ) : null}
              </div>
            </div>
          ) : null}
          {game ? <Unseen unseen={game.unseen} bagCount={game.bagCount} /> : null}
          {game ? <Scoresheet rows={game.sheet} names={names} /> : null}
        </div>
      </div>
    </div>
  );
}
