"use client";
/**
 * The station's pieces: the big clock buttons (one per player: name, score, time; the player on
 * move, or the next one after a tap, is marked), the controls above the board (pause or resume
 * for a ruling, a challenge button for each other player while a play is open), and the entry
 * panel (start square, direction, tiles, the engine's preview, then record, pass, exchange,
 * resign).
 */
import { formatClock } from "@/app/_components/board/Scoresheet";
import type { StationEntry } from "./use-station-entry";

export const big = "min-h-14 rounded-lg px-4 py-3 text-base font-semibold disabled:opacity-40";
export const primary = `${big} bg-indigo-600 text-white active:bg-indigo-800`;
export const secondary = `${big} border border-slate-300 bg-white active:bg-slate-100`;
const danger = `${big} bg-red-600 text-white active:bg-red-800`;

type Player = { userId: string; name: string; score: number };
export type Tap = { seat: number; at: number; next: number };
export type StationAction = { type: "play"; placements: StationEntry["draft"] } | { type: "pass" } | { type: "exchange"; count: number } | { type: "challenge" } | { type: "resign" };

export function ClockButtons({ players, readings, playing, turn, tap, paused, onClock }: { players: readonly Player[]; readings: readonly (number | null)[]; playing: boolean; turn: number; tap: Tap | null; paused: boolean; onClock: (seat: number) => void }) {
  return (
    <div className={`grid gap-3 ${players.length > 2 ? "grid-cols-2" : "grid-cols-2"}`}>
      {players.map((p, i) => {
        const onMove = playing && (tap ? tap.next === i : turn === i);
        const ms = readings[i];
        return (
          <button
            key={p.userId}
            type="button"
            data-testid={`clock-${i}`}
            aria-pressed={onMove}
            onClick={() => onClock(i)}
            className={`flex min-h-32 flex-col items-center justify-center rounded-2xl border-4 p-4 text-center transition ${
              onMove ? (paused ? "border-amber-500 bg-amber-50" : "border-emerald-600 bg-emerald-50") : "border-slate-200 bg-white"
            }`}
          >
            <span className="text-lg font-semibold">{p.name}</span>
            <span className="text-3xl font-bold tabular-nums" data-testid={`score-${i}`}>
              {p.score}
            </span>
            <span className={`text-2xl tabular-nums ${ms !== null && ms !== undefined && ms < 0 ? "text-red-600" : "text-slate-700"}`}>{ms === null || ms === undefined ? "untimed" : formatClock(ms)}</span>
            {tap?.seat === i ? <span className="text-xs text-indigo-700">clock pressed — enter the move (tap again to undo)</span> : null}
          </button>
        );
      })}
    </div>
  );
}

export function StationControls({ players, timed, canStopClocks, paused, pendingSeat, onPause, send }: { players: readonly Player[]; timed: boolean; canStopClocks: boolean; paused: boolean; pendingSeat: number | null; onPause: () => void; send: (seat: number, a: StationAction) => void }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      {timed && canStopClocks ? (
        <button type="button" className={paused ? primary : secondary} onClick={onPause}>
          {paused ? "Resume clocks" : "Pause for a ruling"}
        </button>
      ) : null}
      {timed && !canStopClocks ? <p className="text-sm text-slate-600">For a ruling, ask the scorekeeper or a director to pause the clocks.</p> : null}
      {pendingSeat !== null
        ? players.map((p, i) =>
            i === pendingSeat ? null : (
              <button key={p.userId} type="button" className={danger} disabled={paused} onClick={() => send(i, { type: "challenge" })} data-testid={`challenge-${i}`}>
                Challenge ({p.name})
              </button>
            ),
          )
        : null}
    </div>
  );
}
