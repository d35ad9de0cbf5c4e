"use client";
/**
 * The event page's live state: one EventSource on `/api/watch/<id>` (server/watch-http.ts). The
 * first frame is a snapshot; then `event` frames (round, pairings, standings, new boards) and
 * `board` frames (one game after a move). EventSource reconnects by itself and every connection
 * starts with a fresh snapshot, so nothing missed while away stays missing. Each board remembers
 * when it arrived: its clocks tick down locally from there.
 */
import { useEffect, useState } from "react";
import type { WatchBoard, WatchEvent } from "@/server/domain";

export interface ShownBoard extends WatchBoard {
  /** this browser's time when the board arrived (clocks count down from it) */
  receivedAt: number;
}

export interface WatchState {
  event: WatchEvent | null;
  boards: Record<string, ShownBoard>;
  connected: boolean;
  missing: boolean;
}

function withBoards(boards: Record<string, ShownBoard>, incoming: WatchBoard[], now: number): Record<string, ShownBoard> {
  const out = { ...boards };
  for (const b of incoming) {
    const held = out[b.matchId];
    if (!held || held.version <= b.version) out[b.matchId] = { ...b, receivedAt: now };
  }
  return out;
}

export function useWatch(tournamentId: string): WatchState {
  const [state, setState] = useState<WatchState>({ event: null, boards: {}, connected: false, missing: false });
  useEffect(() => {
    let es: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const connect = () => {
      const source = (es = new EventSource(`/api/watch/${tournamentId}`));
      const on = (name: string, apply: (s: WatchState, data: never, now: number) => WatchState) =>
        source.addEventListener(name, (e) => {
          const data = JSON.parse((e as MessageEvent<string>).data) as never;
          setState((s) => apply(s, data, Date.now()));
        });
      on("snapshot", (_s, d: { event: WatchEvent; boards: WatchBoard[] }, now) => ({ event: d.event, boards: withBoards({}, d.boards, now), connected: true, missing: false }));
      on("event", (s, d: { event: WatchEvent; boards: WatchBoard[] }, now) => {
        const keep = new Set(d.event.matchIds);
        const boards = Object.fromEntries(Object.entries(s.boards).filter(([id]) => keep.has(id)));
        return { ...s, event: d.event, boards: withBoards(boards, d.boards, now) };
      });
      on("board", (s, d: { board: WatchBoard }, now) => ({ ...s, boards: withBoards(s.boards, [d.board], now) }));
      source.onerror = () => {
        setState((s) => ({ ...s, connected: false }));
        if (source.readyState !== EventSource.CLOSED || stopped) return;
        // EventSource gives up on a refusal (404, 503): a missing tournament says so, anything else is tried again
        void fetch(`/api/watch/${tournamentId}`, { headers: { accept: "text/event-stream" } })
          .then((r) => {
            void r.body?.cancel();
            return r.status;
          })
          .catch(() => 0)
          .then((status) => {
            if (stopped) return;
            if (status === 404) setState((s) => ({ ...s, missing: true }));
            else retry = setTimeout(connect, 5_000);
          });
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      es?.close();
    };
  }, [tournamentId]);
  return state;
}

/** Re-renders every `ms` (the clocks). */
export function useNow(ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}
