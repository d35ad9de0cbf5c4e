"use client";
/**
 * The desk's editor column: the game, the active layer (position tiles or the disputed play), the
 * clear buttons, the tile palette (a face, "blank", "remove"), the board (violations of the last
 * ruling outlined, a best play the judge clicked drawn in blue) and, for 'SMATH position tiles
 * with brackets, the "Bracket owners" control.
 */
import { RulesetOptions } from "@/app/_components/ruleset-options";
import type { Dispatch } from "react";
import { RULESET_DATA, type Placement } from "@/engine";
import { Board } from "@/app/_components/board/Board";
import { PREMIUM_LABELS } from "@/app/_components/board/squares";
import { bracketTiles, describeOwners, toPlacements } from "./editor-model";
import { RULESET_NAMES } from "@/engine";
import { type DeskAction, type DeskState } from "./desk";
import { input, secondary } from "./styles";

interface Props {
  desk: DeskState;
  dispatch: Dispatch<DeskAction>;
  /** squares the last ruling's violations name */
  marked: readonly { row: number; col: number }[];
  /** the best play drawn over the board, if any */
  shown: readonly Placement[];
}

export function DeskEditor({ desk, dispatch, marked, shown }: Props) {
  const { ruleset, layer, face, removing } = desk;
  const faces = RULESET_DATA[ruleset].tiles.map((t) => t.face);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm font-medium text-slate-700">
          Game{" "}
          <select className={input} value={ruleset} onChange={(e) => dispatch({ type: "ruleset", id: e.target.value as DeskState["ruleset"] })} aria-label="Game">
            <RulesetOptions />
          </select>
        </label>
        <fieldset className="flex gap-3 text-sm">
          <legend className="sr-only">Layer</legend>
          <label>
            <input type="radio" name="layer" checked={layer === "board"} onChange={() => dispatch({ type: "set", field: "layer", value: "board" })} /> Position tiles
          </label>
          <label>
            <input type="radio" name="layer" checked={layer === "play"} onChange={() => dispatch({ type: "set", field: "layer", value: "play" })} /> Disputed play (new)
          </label>
        </fieldset>
        <button type="button" className={secondary} onClick={() => dispatch({ type: "clearPlay" })}>
          Clear play
        </button>
        <button type="button" className={secondary} onClick={() => dispatch({ type: "clearBoard" })}>
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
            onClick={() => dispatch({ type: "face", face: f })}
            className={`h-8 min-w-8 rounded border px-1 text-sm font-semibold ${!removing && face === f ? "border-indigo-600 bg-indigo-100" : "border-slate-300 bg-amber-50"}`}
          >
            {f}
          </button>
        ))}
        <label className="ml-2 text-sm">
          <input type="checkbox" checked={desk.blank} onChange={(e) => dispatch({ type: "set", field: "blank", value: e.target.checked })} /> blank
        </label>
        <button type="button" aria-pressed={removing} onClick={() => dispatch({ type: "toggleRemove" })} className={`${secondary} ml-2 ${removing ? "border-red-500 bg-red-50" : ""}`}>
          Remove
        </button>
      </div>
      <div className="max-w-[560px]">
        <Board
          layout={RULESET_DATA[ruleset].layout}
          tiles={toPlacements(desk.board)}
          fresh={toPlacements(desk.play)}
          violations={marked}
          coordinates
          buttons
          premiumLabels={PREMIUM_LABELS[ruleset]}
          testId="judge-board"
          onSquare={(row, col) => dispatch({ type: "square", row, col })}
          shown={shown}
          shownLabel="best play"
        />
      </div>
      {RULESET_DATA[ruleset].boardIsStandIn ? <p className="text-xs text-slate-500">The {RULESET_NAMES[ruleset]} board is a stand-in (standard 15×15 geometry).</p> : null}
      <BracketOwners desk={desk} dispatch={dispatch} />
    </div>
  );
}

/** 'SMATH position tiles with brackets: the line each tile's brackets belong to. */
function BracketOwners({ desk, dispatch }: { desk: DeskState; dispatch: Dispatch<DeskAction> }) {
  const owned = bracketTiles(desk.ruleset, desk.board);
  if (owned.length === 0) return null;
  return (
    <fieldset className="rounded-lg border border-slate-200 bg-white p-3 text-sm" data-testid="bracket-owners">
      <legend className="px-1 font-semibold">Bracket owners</legend>
      <p className="text-xs text-slate-600">
        Brackets belong to the line they were played in. A loaded match fills this in; for a pasted or clicked position choose the line, or leave
        “guess” and the engine takes the tile&apos;s longer line (the ruling says when it did).
      </p>
      <ul className="mt-2 space-y-1">
        {owned.map((t) => {
          const value = t.bracketLines ? "split" : (t.brackets ?? "");
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
                    <input type="radio" className="sr-only" name={`owner-${t.key}`} value={v} checked={value === v} onChange={() => dispatch({ type: "owner", key: t.key, value: v })} />
                    {label}
                  </label>
                ))}
              </div>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
