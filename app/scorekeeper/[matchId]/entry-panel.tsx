"use client";
/** The station's entry panel: who is to move, the start square and direction, the tiles laid, the
 * engine's preview, then record the play, pass, exchange (a count: the station sees no rack) or
 * resign for the player on move when the server allows it. */
import { primary, secondary, type StationAction } from "./station-parts";
import type { StationEntry } from "./use-station-entry";

interface Props {
  entry: StationEntry;
  mover: string;
  goesOut: boolean;
  paused: boolean;
  busy: boolean;
  canResign: boolean;
  send: (a: StationAction) => void;
}

export function EntryPanel({ entry, mover, goesOut, paused, busy, canResign, send }: Props) {
  const { preview } = entry;
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-3">
      <p className="font-medium">
        {mover} to move{goesOut ? " — the last play went out: challenge it or pass to accept" : ""}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <label className="text-sm">
          Start square
          <input
            className="mt-1 block w-24 rounded border border-slate-300 px-2 py-3 text-lg uppercase"
            value={entry.square}
            onChange={(e) => entry.typeSquare(e.target.value)}
            placeholder="10H"
            aria-label="Start square"
            data-testid="square"
          />
        </label>
        <div className="flex gap-1" role="group" aria-label="Direction">
          {(["across", "down"] as const).map((d) => (
            <button key={d} type="button" className={entry.direction === d ? primary : secondary} onClick={() => entry.turn(d)}>
              {d === "across" ? "Across →" : "Down ↓"}
            </button>
          ))}
        </div>
      </div>
      <label className="block text-sm">
        Tiles laid (skip tiles already on the board)
        <input
          className="mt-1 block w-full rounded border border-slate-300 px-2 py-3 text-lg"
          value={entry.typed}
          onChange={(e) => entry.setTyped(e.target.value)}
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
        <button type="button" className={primary} disabled={entry.draft.length === 0 || !!entry.error || busy || paused || goesOut} onClick={() => send({ type: "play", placements: entry.draft })} data-testid="record-play">
          Record play
        </button>
        <button type="button" className={secondary} disabled={busy || paused} onClick={() => send({ type: "pass" })}>
          Pass
        </button>
        <span className="flex items-center gap-1">
          <input type="number" min={1} max={20} className="w-16 rounded border border-slate-300 px-2 py-3" value={entry.exchangeCount} onChange={(e) => entry.setExchangeCount(Math.max(1, Number(e.target.value) || 1))} aria-label="Tiles exchanged" />
          <button type="button" className={secondary} disabled={busy || paused} onClick={() => send({ type: "exchange", count: entry.exchangeCount })}>
            Exchange
          </button>
        </span>
        {canResign ? (
          <button
            type="button"
            className={secondary}
            disabled={busy}
            onClick={() => {
              if (window.confirm(`${mover} resigns?`)) send({ type: "resign" });
            }}
          >
            Resign ({mover})
          </button>
        ) : null}
      </div>
    </div>
  );
}
