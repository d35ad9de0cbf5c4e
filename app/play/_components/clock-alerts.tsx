"use client";
/**
 * Clock feedback under the clocks: the viewer's low-time warning (visual, and a short beep when
 * the player has turned the sound on — remembered in this browser), and for anyone in overtime
 * the points it is costing so far, growing as it accrues (the engine's rule, charged by the server
 * at the end of the game: docs/matches.md "Clocks").
 */
import { useEffect, useRef, useState } from "react";
import { formatClock } from "@/app/_components/board/Scoresheet";
import { lowTimeThresholdMs, overtimeCost } from "./feedback";
import type { MatchView } from "./match-view";

const SOUND_KEY = "equalis.lowTimeSound";

function beep() {
  try {
    const ctx = new AudioContext();
    const o = ctx.createOscillator();
    const g = ctx.createGain();
    o.frequency.value = 880;
    g.gain.value = 0.08;
    o.connect(g).connect(ctx.destination);
    o.start();
    o.stop(ctx.currentTime + 0.15);
    o.onended = () => void ctx.close();
  } catch {
    // no audio device: the visual warning stands alone
  }
}

/** Each player's clock now (the running one ticked locally from the view). */
export function clocksAt(v: MatchView, serverNow: number): (number | null)[] {
  const running = v.game?.clock?.running ?? null;
  return v.players.map((p) => (p.remainingMs === null ? null : running === p.seat && v.status === "active" && !v.game?.paused ? p.remainingMs - Math.max(0, serverNow - v.serverNow) : p.remainingMs));
}

export function ClockAlerts({ v, serverNow }: { v: MatchView; serverNow: number }) {
  // The page renders this only once the view has loaded, in the browser: localStorage is there.
  // (Read on each render: SoundToggle writes it.)
  const sound = typeof window !== "undefined" && window.localStorage.getItem(SOUND_KEY) === "on";
  const tc = v.timeControl;
  const clocks = clocksAt(v, serverNow);
  const mine = v.viewerSeat === null ? null : clocks[v.viewerSeat];
  const threshold = tc ? lowTimeThresholdMs(tc) : 0;
  const low = v.status === "active" && mine !== null && mine !== undefined && mine >= 0 && mine <= threshold && v.game?.clock?.running === v.viewerSeat;

  const beeped = useRef(false);
  useEffect(() => {
    if (low && sound && !beeped.current) beep();
    beeped.current = low;
  }, [low, sound]);

  if (!tc || v.status !== "active") return null;
  const overtime = v.players.flatMap((p, i) => {
    const ms = clocks[i];
    return ms !== null && ms !== undefined && ms < 0 ? [{ p, ms, cost: overtimeCost(tc, ms) }] : [];
  });
  return (
    <div className="space-y-0.5 text-xs" aria-live="polite">
      {low ? (
        <p className="animate-pulse rounded bg-red-50 px-2 py-0.5 font-medium text-red-800" role="alert" data-testid="low-time">
          Low time: {formatClock(mine!)} left (then −{tc.overtimePenaltyPoints} a minute).
        </p>
      ) : null}
      {overtime.map(({ p, ms, cost }) => (
        <p key={p.userId} className="rounded bg-red-50 px-2 py-0.5 text-red-800" data-testid={`overtime-${p.seat}`}>
          {p.seat === v.viewerSeat ? "You are" : `${p.name} is`} in overtime ({formatClock(-ms)}): −{cost} points so far
          {tc.maxOvertimeMs ? `; lost on time at ${formatClock(tc.maxOvertimeMs)}.` : "."}
        </p>
      ))}
    </div>
  );
}

/** The player's switch for the low-time beep (remembered in this browser). */
export function SoundToggle() {
  const [sound, setSound] = useState(() => typeof window !== "undefined" && window.localStorage.getItem(SOUND_KEY) === "on");
  return (
    <label className="mt-2 flex items-center gap-1.5 text-xs text-slate-600">
      <input
        type="checkbox"
        checked={sound}
        onChange={(e) => {
          setSound(e.target.checked);
          window.localStorage.setItem(SOUND_KEY, e.target.checked ? "on" : "off");
        }}
      />
      Beep when my time runs low
    </label>
  );
}
