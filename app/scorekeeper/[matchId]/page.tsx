"use client";
/**
 * The scorekeeper station (tablet first): big clock buttons, one per player — the player on move
 * taps theirs when they finish, which stops their time and starts the next player's at once;
 * the scorekeeper then enters the play (start square + typed tiles, or a click on the board),
 * previewed by the engine in the browser, and records it with the tap's time. Challenge buttons
 * for the other players while a play is open; pause/resume for a ruling; pass, exchange (count)
 * and resignation; the scoresheet and the unseen tiles. The server does the real judging, and
 * says who may resign which seat and stop the clocks (docs/scorekeeper.md): the buttons follow.
 * The pieces: the entry (use-station-entry.ts), the clock buttons and controls (station-parts.tsx),
 * the entry panel (entry-panel.tsx).
 */
import Link from "next/link";
import { useParams } from "next/navigation";
import { useMemo, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { useTRPC } from "@/app/_trpc/client";
import { FormError } from "@/app/_components/form";
import { Board } from "@/app/_components/board/Board";
import { Scoresheet } from "@/app/_components/board/Scoresheet";
import { Unseen } from "@/app/_components/board/Unseen";
import { useServerClock } from "@/app/_components/board/use-server-now";
import { useRuleset } from "@/app/_components/board/use-ruleset";
import { useVersionReset } from "@/app/_components/board/use-version-reset";
import { GameRoundClock } from "@/app/tournaments/_components/game-round-clock";
import { clockReadings } from "../_components/station";
import { useStationEntry } from "./use-station-entry";
import { ClockButtons, StationControls, type StationAction, type Tap } from "./station-parts";
import { EntryPanel } from "./entry-panel";
import { useStationQueue } from "@/app/_offline/use-station-queue";
import { deviceNow } from "@/app/_offline/device-clock";
import { isTransient } from "@/app/_offline/transient";
import { WritesList } from "@/app/_offline/writes-list";

function useStation(matchId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const opts = trpc.matches.scorekeeper.get.queryOptions({ matchId });
  const station = useQuery({ ...opts, retry: false });
  useSubscription(trpc.matches.live.subscriptionOptions({ matchId }, { onData: () => void queryClient.invalidateQueries({ queryKey: opts.queryKey }) }));
  const [error, setError] = useState<string | null>(null);
  const settled = { onSettled: () => queryClient.invalidateQueries({ queryKey: opts.queryKey }), onSuccess: () => setError(null) };
  const move = useMutation(trpc.matches.scorekeeper.move.mutationOptions(settled));
  const clock = useMutation(trpc.matches.scorekeeper.clock.mutationOptions(settled));
  return { station, move, clock, error, setError };
}

export default function StationPage() {
  const { matchId } = useParams<{ matchId: string }>();
  const { station, move, clock, error, setError } = useStation(matchId);
  const offline = useStationQueue(matchId, station.data?.view, station.data?.events, station.dataUpdatedAt);
  const v = offline.view;
  const onDevice = v !== station.data?.view;
  const clockNow = useServerClock(station.data?.view.serverNow, station.dataUpdatedAt);
  // the device's game is drawn at the device's monotonic time; a tap offline is read on it too
  const now = onDevice ? v!.serverNow : clockNow.now;
  const serverTime = offline.queued ? deviceNow : clockNow.read;
  const [tap, setTap] = useState<Tap | null>(null);
  const ruleset = useRuleset(v?.ruleset, v?.rulesetOptions);
  const game = v?.game ?? null;
  const board = useMemo(() => game?.board ?? [], [game]);
  const entry = useStationEntry(ruleset, game?.unseen ?? null, board);
  useVersionReset(v?.version, () => {
    entry.reset();
    setTap(null);
  });

  if (station.isPending) return <p>Loading…</p>;
  // a failed refetch (offline) keeps the last data: the station goes on from it
  if (!v) return <FormError message={station.error?.message ?? "This game could not be loaded."} />;
  const data = station.data!;
  const names = v.players.map((p) => p.name);
  const can = data.canKeepScore && v.status === "active" && game?.phase === "playing";
  const turn = game?.turn ?? 0;
  const paused = game?.paused ?? false;
  const pending = game?.pending ?? null;
  const readings = clockReadings(v.players, game?.clock?.running ?? null, paused, v.serverNow, now, tap);
  // Offline, or with this game's writes waiting: checked and kept on the device (app/_offline/station.ts).
  const queue = (input: Parameters<typeof offline.enqueue>[0], clientId?: string) =>
    void offline.enqueue(input, clientId).then((refused) => {
      setError(refused);
      if (!refused) setTap(null);
    });
  const send = (seat: number, action: StationAction) => {
    const clientId = crypto.randomUUID();
    const at = tap?.at ?? serverTime();
    if (offline.queued) return queue({ op: "move", matchId, seat, action, at }, clientId);
    // no answer (the network went as the move left): the same write, same client id, waits on the device
    move.mutate({ matchId, expectedSeq: v.version, clientId, seat, action, tappedAt: tap?.at ?? null }, { onError: (e) => (isTransient(e) ? queue({ op: "move", matchId, seat, action, at }, clientId) : setError(e.message)) });
  };
  const pause = () => {
    const action = paused ? "resume" : "pause";
    if (offline.queued) return queue({ op: "clock", matchId, action, at: serverTime() });
    clock.mutate({ matchId, expectedSeq: v.version, clientId: crypto.randomUUID(), action }, { onError: (e) => setError(e.message) });
  };

  function onClock(seat: number) {
    if (!can || paused) return;
    // stamped at the tap itself: the display's `now` may lag and fall before the last event
    if (seat === turn && !tap) setTap({ seat, at: serverTime(), next: (turn + 1) % v!.players.length });
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
      {!data.canKeepScore ? <p className="text-sm text-slate-600">You are watching: only the scorekeeper, the players or a director can enter moves.</p> : null}

      <ClockButtons players={v.players} readings={readings} playing={game?.phase === "playing"} turn={turn} tap={tap} paused={paused} onClock={onClock} />

      {v.status === "finished" ? (
        <p className="rounded bg-slate-100 p-3 font-medium" data-testid="result">
          Game over: {v.players.map((p) => `${p.name} ${p.score}`).join(" – ")}
          {v.result?.winners.length ? ` · winner${v.result.winners.length > 1 ? "s" : ""}: ${v.players.filter((p) => p.winner).map((p) => p.name).join(", ")}` : ""}
        </p>
      ) : null}

      {can ? (
        <StationControls
          players={v.players}
          timed={!!game?.clock}
          canStopClocks={data.canStopClocks}
          paused={paused}
          pendingSeat={pending ? pending.seat : null}
          onPause={pause}
          send={send}
        />
      ) : null}

      <FormError message={error} />

      {offline.queued || offline.writes.length > 0 ? (
        <section className="space-y-2 rounded-lg border border-amber-300 bg-amber-50/40 p-3" data-testid="station-offline" aria-label="Kept on this device">
          <p className="text-sm text-amber-950">
            {offline.online ? "Sending this game's moves kept on this device, oldest first." : "Offline: each move is checked and scored on this device and kept here until the network returns."}
            {v.game?.clock ? " Clock times are this device's until then; the server times the moves when they arrive." : ""}
          </p>
          <WritesList writes={offline.writes} />
        </section>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-[minmax(0,620px)_1fr]">
        <div>
          {ruleset ? <Board layout={ruleset.layout} tiles={board} draft={entry.draft} highlight={pending ? board.filter((t) => t.move === (game?.moveNumber ?? 0) - 1) : []} marker={entry.start} onSquare={can ? entry.onSquare : undefined} /> : null}
        </div>
        <div className="space-y-3">
          {can ? <EntryPanel entry={entry} mover={names[turn]!} goesOut={!!pending?.goesOut} paused={paused} busy={move.isPending} canResign={data.canResign.includes(turn)} send={(a) => send(turn, a)} /> : null}
          {game ? <Unseen unseen={game.unseen} bagCount={game.bagCount} /> : null}
          {game ? <Scoresheet rows={game.sheet} names={names} /> : null}
        </div>
      </div>
    </div>
  );
}
