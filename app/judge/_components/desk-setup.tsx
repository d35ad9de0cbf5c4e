"use client";
/**
 * The desk's "Set up" section: load a match at move N (numbered as on the scoresheet; empty: the
 * latest play), paste the engine's position notation, type a play from a start square in a
 * direction (old tiles included) onto the selected layer, and the optional rack.
 */
import { useState, type Dispatch, type FormEvent } from "react";
import { FormError } from "@/app/_components/form";
import type { DeskAction, DeskState } from "./desk";
import { input, secondary } from "./styles";

interface Props {
  desk: DeskState;
  dispatch: Dispatch<DeskAction>;
  loading: boolean;
  onLoadMatch: (v: { matchId: string; line?: number }) => void;
}

export function DeskSetup({ desk, dispatch, loading, onLoadMatch }: Props) {
  const [notation, setNotation] = useState("");
  const [playText, setPlayText] = useState("");
  const [startSquare, setStartSquare] = useState("");
  const [direction, setDirection] = useState<"across" | "down">("across");
  const { matchId, moveNumber } = desk;

  function placeTyped(e: FormEvent) {
    e.preventDefault();
    dispatch({ type: "placeTyped", text: playText, startSquare, direction });
  }

  return (
    <section className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="font-semibold">Set up</h2>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          onLoadMatch({ matchId: matchId.trim(), line: Number(moveNumber) || undefined });
        }}
      >
        <label className="text-sm">
          Match id <input className={`${input} w-72`} value={matchId} onChange={(e) => dispatch({ type: "set", field: "matchId", value: e.target.value })} aria-label="Match id" />
        </label>
        <label className="text-sm">
          Move #{" "}
          <input
            className={`${input} w-16`}
            type="number"
            min={1}
            value={moveNumber}
            onChange={(e) => dispatch({ type: "set", field: "moveNumber", value: e.target.value })}
            aria-label="Move number"
            placeholder="latest"
            title="The # beside the play on the scoresheet; empty: the latest play"
          />
        </label>
        <button className={secondary} disabled={loading || matchId.trim() === ""}>
          Load match position
        </button>
      </form>
      <div className="space-y-1">
        <label htmlFor="notation" className="text-sm">
          Position notation
        </label>
        <textarea id="notation" className={`${input} w-full font-mono`} rows={2} value={notation} onChange={(e) => setNotation(e.target.value)} />
        <button type="button" className={secondary} onClick={() => dispatch({ type: "notation", text: notation })} disabled={notation.trim() === ""}>
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
        <input className={`${input} w-48 font-mono`} value={desk.rack} onChange={(e) => dispatch({ type: "set", field: "rack", value: e.target.value })} aria-label="Rack" placeholder="3 + ? 1/2" />
      </label>
      {desk.setupNote ? (
        <p className="text-sm text-slate-600" data-testid="setup-note">
          {desk.setupNote}
        </p>
      ) : null}
      <FormError message={desk.setupError} />
    </section>
  );
}
