"use client";
/**
 * The live board's rack panel (a player's view only): the rack and the supply strip, the tools
 * (shuffle, recall, zoom on phones, shortcuts), the "Type a play" box, the preview of the draft,
 * and the moves — submit, clear, exchange, pass or accept, challenge, resign. The draft's state
 * and handlers come from use-draft.ts; moves are sent through `act`.
 */
import { squares, type Ruleset } from "@/engine";
import { FormError } from "@/app/_components/form";
import { Rack, Supply } from "@/app/_components/board/Rack";
import { btn, primary, secondary } from "./buttons";
import { DraftPreview } from "./draft-preview";
import type { MatchView } from "./match-view";
import type { Draft } from "./use-draft";

type Game = NonNullable<MatchView["game"]>;
export type MoveAction = { type: "exchange"; tiles: string[] } | { type: "pass" } | { type: "challenge" } | { type: "resign" };

interface Props {
  v: MatchView;
  game: Game;
  rack: readonly string[];
  ruleset: Ruleset;
  draft: Draft;
  zoom: boolean;
  onZoom: () => void;
  onHelp: () => void;
  act: (a: MoveAction) => void;
  busy: boolean;
  error: string | undefined;
}

export function RackPanel({ v, game, rack, ruleset, draft, zoom, onZoom, onHelp, act, busy, error }: Props) {
  const { state, allDraft } = draft;
  const used = new Set(allDraft.flatMap((t) => (t.rackIndex === null ? [] : [t.rackIndex])));
  const selected = state.selected;
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 bg-white p-2 sm:p-3" data-testid="rack-panel">
      <div className="flex flex-wrap items-center gap-1.5">
        <Rack
          tiles={rack}
          order={state.order ?? undefined}
          points={(f) => ruleset.tileByFace.get(f)?.points}
          used={used}
          selected={selected && "rack" in selected ? selected.rack : null}
          marked={state.exchanging}
          onTile={draft.onRackTile}
        />
        {game.phase === "playing" && !state.exchanging ? <Supply faces={draft.supply} selected={selected && "supply" in selected ? selected.supply : null} onFace={draft.onSupplyTile} /> : null}
      </div>
      <div className="flex flex-wrap items-center gap-1.5">
        <button type="button" className={secondary} onClick={draft.shuffle}>
          Shuffle
        </button>
        <button type="button" className={secondary} disabled={allDraft.length === 0} onClick={draft.recall}>
          Recall
        </button>
        <button type="button" className={`${secondary} lg:hidden`} aria-pressed={zoom} onClick={onZoom}>
          {zoom ? "Zoom out" : "Zoom in"}
        </button>
        <button type="button" className={secondary} onClick={onHelp} aria-keyshortcuts="?">
          Shortcuts (?)
        </button>
      </div>
      {game.phase === "playing" ? <TypeBox draft={draft} ruleset={ruleset} /> : null}
      <FormError message={state.typeError} />
      {allDraft.length > 0 ? <DraftPreview mode={v.preview} rs={ruleset} board={draft.board} draft={allDraft} rack={rack} challengeRule={v.challengeRule} /> : null}
      <div className="flex flex-wrap gap-1.5">
        {state.exchanging ? (
          <>
            <button className={primary} disabled={!game.can.exchange || state.exchanging.size === 0 || busy} onClick={() => act({ type: "exchange", tiles: [...state.exchanging!].map((i) => rack[i]!) })}>
              Exchange selected tiles
            </button>
            <button className={secondary} onClick={draft.cancelExchange}>
              Cancel exchange
            </button>
          </>
        ) : (
          <MoveButtons game={game} draft={draft} act={act} busy={busy} />
        )}
      </div>
      <FormError message={error} />
    </div>
  );
}

/** "Type a play": text laid from the cursor, or from the start square without one. */
function TypeBox({ draft, ruleset }: { draft: Draft; ruleset: Ruleset }) {
  const { cursor } = draft;
  const [r, c] = ruleset.layout.start;
  return (
    <form onSubmit={draft.onType} className="flex flex-wrap items-center gap-2 text-sm">
      <label htmlFor="typed" className="text-slate-700">
        Type a play
      </label>
      <input
        id="typed"
        value={draft.state.boxText}
        onChange={(e) => draft.setBoxText(e.target.value)}
        placeholder="3+4=7"
        className="w-32 rounded border border-slate-300 px-2 py-1"
        aria-describedby="typed-hint"
      />
      <button type="submit" className={secondary}>
        Place typed tiles
      </button>
      <span id="typed-hint" className="text-xs text-slate-600" data-testid="typed-hint">
        from {cursor ? squares.line(cursor.row, cursor.col, cursor.direction) : `${squares.line(r, c, "across")} (the start square)`}; or click a square and type on the board
      </span>
    </form>
  );
}

function MoveButtons({ game, draft, act, busy }: { game: Game; draft: Draft; act: (a: MoveAction) => void; busy: boolean }) {
  const none = draft.allDraft.length === 0;
  return (
    <>
      <button className={primary} disabled={!game.can.play || none || busy} onClick={draft.submit} aria-keyshortcuts="Enter">
        Submit play
      </button>
      <button className={secondary} disabled={none} onClick={draft.recall}>
        Clear
      </button>
      <button className={secondary} disabled={!game.can.exchange || busy} onClick={draft.startExchange}>
        Exchange…
      </button>
      <button className={secondary} disabled={!game.can.pass || busy} onClick={() => act({ type: "pass" })}>
        {game.pending?.goesOut ? "Accept the last play" : "Pass"}
      </button>
      {game.can.challenge ? (
        <button className={`${btn} bg-amber-700 text-white hover:bg-amber-800`} disabled={busy} onClick={() => act({ type: "challenge" })}>
          Challenge last play
        </button>
      ) : null}
      <button
        className={`${btn} border border-red-300 text-red-700 hover:bg-red-50`}
        disabled={!game.can.resign || busy}
        onClick={() => {
          if (window.confirm("Resign this game?")) act({ type: "resign" });
        }}
      >
        Resign
      </button>
    </>
  );
}
