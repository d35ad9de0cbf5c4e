"use client";
/**
 * The closed turns, newest first (docs/duplicate.md "Reading a game"): the rack, the master play
 * and the reader's own play (with the engine's reason if it did not count, to them alone); every
 * player's play is read when the reader opens that turn (`duplicate.turnPlays`, by page).
 */
import { useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { secondaryButtonClass } from "@/app/clubs/_components/ui";
import { DUP_PAGE, Pager } from "./pager";
import type { DupView } from "./types";

type Play = NonNullable<DupView["history"][number]["own"]>;

function PlayLine({ p }: { p: Play }) {
  return (
    <li>
      {p.name}: {p.text || "—"} — {p.valid ? `${p.score} points` : "0 (not valid)"}
      {p.reason ? <span className="block text-amber-800">Why: {p.reason}</span> : null}
    </li>
  );
}

function TurnPlays({ gameId, turn }: { gameId: string; turn: number }) {
  const trpc = useTRPC();
  const [offset, setOffset] = useState(0);
  const q = useQuery({ ...trpc.duplicate.turnPlays.queryOptions({ gameId, turn, offset, limit: DUP_PAGE }), placeholderData: keepPreviousData });
  if (q.error) return <p role="alert" className="text-red-700">{q.error.message}</p>;
  if (!q.data) return <p className="text-slate-600">Loading the plays…</p>;
  return (
    <div className="mt-1 space-y-1" data-testid="turn-plays">
      <ul className="space-y-0.5 text-slate-700">
        {q.data.plays.map((p) => (
          <PlayLine key={p.userId} p={p} />
        ))}
      </ul>
      {q.data.playCount > DUP_PAGE ? <Pager offset={offset} shown={q.data.plays.length} total={q.data.playCount} what="Plays" onPage={setOffset} /> : null}
    </div>
  );
}

export function TurnHistory({ v }: { v: DupView }) {
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const toggle = (n: number) => setOpened((s) => (s.has(n) ? new Set([...s].filter((x) => x !== n)) : new Set([...s, n])));
  return (
    <ol className="space-y-2" data-testid="dup-history">
      {[...v.history].reverse().map((h) => (
        <li key={h.number} className="rounded border border-slate-200 p-2 text-sm">
          <p>
            <span className="font-medium">Turn {h.number}</span> (rack {h.rack.join(" ")}) — master play:{" "}
            {h.master ? (
              <span data-testid="master-play">
                {h.master.text}, {h.master.score} points
              </span>
            ) : (
              "no play found"
            )}
          </p>
          {h.own && !opened.has(h.number) ? (
            <ul className="mt-1 text-slate-700">
              <PlayLine p={h.own} />
            </ul>
          ) : null}
          {h.playCount > 0 ? (
            <button type="button" className={`${secondaryButtonClass} mt-1 min-h-10`} aria-expanded={opened.has(h.number)} onClick={() => toggle(h.number)}>
              {opened.has(h.number) ? "Hide the plays" : `Show all ${h.playCount} ${h.playCount === 1 ? "play" : "plays"}`}
            </button>
          ) : null}
          {opened.has(h.number) ? <TurnPlays gameId={v.id} turn={h.number} /> : null}
        </li>
      ))}
    </ol>
  );
}
