"use client";
/**
 * The live board: the viewer's view (`matches.get`), kept fresh by the `matches.live`
 * subscription (SSE). Entry works as on the best word-game sites (docs/matches.md, "Entering a
 * play"): click a square for a cursor with a direction arrow (click again to turn it), type tiles
 * onto the board, Backspace walks back, Enter submits, Esc recalls; click or drag any rack tile or
 * supply tile ("=") onto a square; a blank asks for its face. The engine previews validity and
 * score in the browser before anything is sent. Clocks tick locally, corrected by the server's
 * `serverNow`; when a flag should have fallen the page re-reads the view, which makes the server
 * record the timeout. Spectators see the same page without a rack.
 *
 * Layout: the players' strip (names, scores, both clocks) sits above the board, and the board is
 * sized to the viewport's height, so board, rack and clocks show without scrolling at 1280×800 and
 * on a 390×844 phone (where a zoom button gives 34 px squares inside a scrolling window).
 */
import Link from "next/link";
import { useParams } from "next/navigation";
import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { flushSync } from "react-dom";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { adjudicatePlay, LEVEL_SPECS, RULESET_DATA, rulesetFor, squares } from "@/engine";
import { useTRPC } from "@/app/_trpc/client";
import { FormError } from "@/app/_components/form";
import { Board, type DropSource } from "@/app/_components/board/Board";
import { Rack, Supply } from "@/app/_components/board/Rack";
import { BlankDialog, ShortcutsDialog } from "@/app/_components/board/dialogs";
import { backspace, cursorAfter, typesTile, type Cursor } from "@/app/_components/board/entry";
import { Scoresheet, formatClock } from "@/app/_components/board/Scoresheet";
import { Unseen } from "@/app/_components/board/Unseen";
import { typeTiles, type TypedTile } from "@/app/_components/board/keyboard";
import { PREMIUM_LABELS } from "@/app/_components/board/squares";
import { centreOnSquares } from "@/app/_components/board/zoom";
import { MatchRulings } from "@/app/judge/_components/match-rulings";
import { ExpectedScoreLine } from "@/app/ratings/_components/expected-score";
import { useServerNow } from "@/app/_components/board/use-server-now";
import { PresenceNotice } from "@/app/play/_components/presence";
import { WaitingRoom } from "@/app/play/_components/waiting-room";
import { PlayerStrip } from "@/app/play/_components/player-strip";
import { GameRoundClock } from "@/app/tournaments/_components/game-round-clock";
import { ClockAlerts, SoundToggle } from "@/app/play/_components/clock-alerts";
import { ChallengeNotice, outcomeFor } from "@/app/play/_components/challenge-notice";
import { lastStandingPlay } from "@/app/play/_components/feedback";
import { DraftPreview } from "@/app/play/_components/draft-preview";
import { GameSummary } from "@/app/play/_components/game-summary";

const btn = "rounded px-3 py-1.5 text-sm font-medium disabled:opacity-50";
const primary = `${btn} bg-indigo-600 text-white hover:bg-indigo-700`;
const secondary = `${btn} border border-slate-300 bg-white hover:bg-slate-50`;

export default function MatchPage() {
  const { matchId } = useParams<{ matchId: string }>();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useQuery(trpc.accounts.me.queryOptions());
  const viewOpts = trpc.matches.get.queryOptions({ matchId });
  const view = useQuery({ ...viewOpts, retry: false });
  const live = useSubscription(
    trpc.matches.live.subscriptionOptions(
      { matchId },
      {
        onData: (v) => {
          const cur = queryClient.getQueryData(viewOpts.queryKey);
          if (!cur || v.version >= cur.version || v.status !== cur.status) queryClient.setQueryData(viewOpts.queryKey, v);
        },
      },
    ),
  );
  const v = view.data;

  const serverNow = useServerNow(v?.serverNow, view.dataUpdatedAt);

  // A flag should have fallen (or a move limit run out): re-read the view, which records it.
  const touched = useRef<number>(-1);
  const clock = v?.game?.clock ?? null;
  const due = v?.status === "active" && clock && ((clock.flagAt !== null && serverNow > clock.flagAt + 300) || (clock.moveDeadline !== null && serverNow > clock.moveDeadline + 300));
  useEffect(() => {
    if (due && v && touched.current !== v.version) {
      touched.current = v.version;
      void view.refetch();
    }
  }, [due, v, view]);

  // Draft play: tiles laid (by mouse, or typed before the cursor moved), the cursor with the text
  // typed from it (re-read on every key, so "1/2" builds up), the chosen rack or supply tile.
  const [draft, setDraft] = useState<TypedTile[]>([]);
  const [selected, setSelected] = useState<{ rack: number } | { supply: string } | null>(null);
  const [anchor, setAnchor] = useState<Cursor | null>(null);
  const [typed, setTyped] = useState("");
  const [boxText, setBoxText] = useState("");
  const [typeError, setTypeError] = useState<string | null>(null);
  const [exchanging, setExchanging] = useState<Set<number> | null>(null);
  const [order, setOrder] = useState<number[] | null>(null);
  const [blankAt, setBlankAt] = useState<{ row: number; col: number; rackIndex: number } | null>(null);
  const [help, setHelp] = useState(false);
  const [zoom, setZoom] = useState(false);
  const boardWindow = useRef<HTMLDivElement>(null);
  const [said, setSaid] = useState("");
  // A new version of the game clears the draft, during the render that shows it (not one later).
  const version = v?.version;
  const [draftVersion, setDraftVersion] = useState(version);
  if (version !== draftVersion) {
    setDraftVersion(version);
    setDraft([]);
    setSelected(null);
    setExchanging(null);
    setAnchor(null);
    setTyped("");
    setBoxText("");
    setTypeError(null);
    setOrder(null);
    setBlankAt(null);
    const last = v?.game?.sheet.at(-1);
    setSaid(last ? `${last.seat === null ? "" : `${v!.players[last.seat]?.name}: `}${last.text}${last.points ? `, ${last.points > 0 ? "+" : ""}${last.points}` : ""}.` : "");
  }

  const rulesetId = v?.ruleset;
  const storedOptions = v?.rulesetOptions;
  const ruleset = useMemo(() => (rulesetId ? rulesetFor(rulesetId, storedOptions) : null), [rulesetId, storedOptions]);

  const move = useMutation(
    trpc.matches.move.mutationOptions({
      onSettled: () => queryClient.invalidateQueries({ queryKey: viewOpts.queryKey }),
    }),
  );
  const claim = useMutation(trpc.matches.claimTimeout.mutationOptions({ onSettled: () => queryClient.invalidateQueries({ queryKey: viewOpts.queryKey }) }));

  const game = v?.game ?? null;
  const rack = game?.rack ?? null;
  const board = useMemo(() => game?.board ?? [], [game]);
  const size = ruleset?.layout.size ?? 0;
  const supply = useMemo(() => (ruleset ? ruleset.tiles.filter((t) => t.unlimited).map((t) => t.face) : []), [ruleset]);
  const onBoard = (r: number, c: number) => board.some((t) => t.row === r && t.col === c);
  const inDraft = (r: number, c: number) => draft.some((t) => t.row === r && t.col === c);
  const usedByDraft = new Set(draft.flatMap((t) => (t.rackIndex === null ? [] : [t.rackIndex])));

  // The tiles typed from the cursor, on top of the laid draft.
  const typing =
    anchor && typed && rack
      ? typeTiles(typed, { rack, supply, start: anchor, direction: anchor.direction, occupied: (r, c) => onBoard(r, c) || inDraft(r, c), size, used: usedByDraft })
      : null;
  const allDraft = typing ? [...draft, ...typing.tiles] : draft;
  const taken = (r: number, c: number) => onBoard(r, c) || allDraft.some((t) => t.row === r && t.col === c);
  const cursor = anchor ? cursorAfter(anchor, typing?.tiles ?? [], taken, size) : null;

  // Keyed by the draft's text: the draft is rebuilt every render (typed text re-read), the preview only when it changes.
  const draftKey = JSON.stringify(allDraft);
  const preview = useMemo(() => {
    const tiles = JSON.parse(draftKey) as TypedTile[];
    if (!ruleset || !rack || tiles.length === 0) return null;
    return adjudicatePlay(
      ruleset,
      board.map((t) => (t.blank ? { row: t.row, col: t.col, tile: t.tile, blank: true } : { row: t.row, col: t.col, tile: t.tile })),
      tiles.map((t) => (t.blank ? { row: t.row, col: t.col, tile: t.tile, blank: true } : { row: t.row, col: t.col, tile: t.tile })),
      { rack, firstPlay: board.length === 0 },
    );
  }, [ruleset, rack, board, draftKey]);

  // "?" anywhere on the page (outside a text box) shows the shortcuts.
  useEffect(() => {
    function onKey(e: globalThis.KeyboardEvent) {
      if (e.key !== "?" || e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement || e.defaultPrevented) return;
      e.preventDefault();
      setHelp((h) => !h);
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  if (view.isPending || me.isPending) return <p>Loading…</p>;
  if (view.error || !v) return <FormError message={view.error?.message ?? "This game could not be loaded."} />;

  const names = v.players.map((p) => p.name);
  const mySeat = v.viewerSeat;
  const isPlayer = mySeat !== null;
  const act = (action: Parameters<typeof move.mutate>[0]["action"]) => move.mutate({ matchId, expectedSeq: v.version, clientId: crypto.randomUUID(), action });
  const canEnter = isPlayer && !!rack && game?.phase === "playing" && !exchanging;
  const name = (r: number, c: number) => squares.name(r, c);

  /** The typed tiles become laid tiles (the cursor is about to move, or a tile is laid by mouse). */
  function freeze(): TypedTile[] {
    const all = allDraft;
    if (typing) {
      setDraft(all);
      setTyped("");
    }
    return all;
  }

  function lay(row: number, col: number, src: DropSource, face?: string) {
    if (!rack || !canEnter || taken(row, col)) return;
    const laid = freeze();
    let tile: TypedTile;
    if ("supply" in src) tile = { row, col, tile: src.supply, rackIndex: null };
    else {
      if (laid.some((t) => t.rackIndex === src.rackIndex)) return;
      const f = rack[src.rackIndex];
      if (f === undefined) return;
      if (f === "?" && !face) {
        setBlankAt({ row, col, rackIndex: src.rackIndex });
        return;
      }
      tile = f === "?" ? { row, col, tile: face!, blank: true, rackIndex: src.rackIndex } : { row, col, tile: f, rackIndex: src.rackIndex };
    }
    setDraft([...laid, tile]);
    setSelected(null);
    setTypeError(null);
    setSaid(`${tile.tile}${tile.blank ? " (blank)" : ""} on ${name(row, col)}.`);
    // Laid at the cursor: the cursor moves on, as if the tile had been typed.
    if (cursor && cursor.row === row && cursor.col === col) {
      const next = cursorAfter(cursor, [tile], (r, c) => taken(r, c) || (r === row && c === col), size);
      setAnchor(next);
    }
  }

  function takeBack(t: TypedTile) {
    const laid = freeze();
    setDraft(laid.filter((x) => !(x.row === t.row && x.col === t.col)));
    setSaid(`${t.tile} taken back from ${name(t.row, t.col)}.`);
  }

  function recall() {
    setDraft([]);
    setTyped("");
    setTypeError(null);
    setSelected(null);
    if (allDraft.length) setSaid("Every tile is back on the rack.");
  }

  function submit() {
    if (!game?.can.play || allDraft.length === 0 || move.isPending) return;
    if (typing?.error) {
      setTypeError(typing.error);
      return;
    }
    setSaid(`Submitting ${allDraft.length} tile${allDraft.length === 1 ? "" : "s"}…`);
    act({ type: "play", placements: allDraft.map(({ rackIndex: _r, ...p }) => p) });
  }

  function onSquare(row: number, col: number) {
    if (!canEnter) return;
    const mine = allDraft.find((t) => t.row === row && t.col === col);
    if (mine) return takeBack(mine);
    if (onBoard(row, col)) return;
    if (selected) return lay(row, col, "rack" in selected ? { rackIndex: selected.rack } : { supply: selected.supply });
    if (cursor && cursor.row === row && cursor.col === col && !typed) {
      const direction = cursor.direction === "across" ? "down" : "across";
      setAnchor({ ...cursor, direction });
      setSaid(`Cursor on ${name(row, col)}, ${direction}.`);
      return;
    }
    freeze();
    setAnchor({ row, col, direction: cursor?.direction ?? "across" });
    setSaid(`Cursor on ${name(row, col)}, ${cursor?.direction ?? "across"}.`);
  }

  function onBoardKey(e: KeyboardEvent, row: number, col: number) {
    if (!canEnter) return;
    if (e.key === "Enter") {
      e.preventDefault();
      if (allDraft.length > 0) submit();
      else onSquare(row, col);
    } else if (e.key === " ") {
      e.preventDefault();
      onSquare(row, col);
    } else if (e.key === "Escape") {
      e.preventDefault();
      recall();
    } else if (e.key === "Backspace") {
      e.preventDefault();
      if (typed && typing) {
        const gone = typing.tiles.at(-1);
        setTyped(backspace(typed, typing.starts));
        if (gone) setSaid(`${gone.tile} taken back from ${name(gone.row, gone.col)}.`);
      } else {
        const last = draft.at(-1);
        if (!last) return;
        setDraft(draft.slice(0, -1));
        setAnchor({ row: last.row, col: last.col, direction: anchor?.direction ?? "across" });
        setSaid(`${last.tile} taken back from ${name(last.row, last.col)}.`);
      }
    } else if (typesTile(e)) {
      e.preventDefault();
      const at = cursor ?? { row, col, direction: "across" as const };
      if (!anchor || (!typed && (anchor.row !== at.row || anchor.col !== at.col))) setAnchor(at);
      const text = typed + e.key;
      const r = typeTiles(text, { rack: rack!, supply, start: anchor && typed ? anchor : at, direction: at.direction, occupied: (a, b) => onBoard(a, b) || inDraft(a, b), size, used: usedByDraft });
      setTyped(text);
      setTypeError(r.error);
      const t = r.tiles.at(-1);
      if (!r.error && t && r.tiles.length > (typing?.tiles.length ?? 0)) setSaid(`${t.tile}${t.blank ? " (blank)" : ""} on ${name(t.row, t.col)}.`);
    }
  }

  function onMove(row: number, col: number) {
    if (!canEnter) return;
    freeze();
    setAnchor({ row, col, direction: cursor?.direction ?? "across" });
  }

  function onRackTile(i: number) {
    if (exchanging) {
      const next = new Set(exchanging);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      setExchanging(next);
      return;
    }
    if (cursor && !taken(cursor.row, cursor.col)) return lay(cursor.row, cursor.col, { rackIndex: i });
    setSelected((s) => (s && "rack" in s && s.rack === i ? null : { rack: i }));
  }

  function onSupplyTile(face: string) {
    if (cursor && !taken(cursor.row, cursor.col)) return lay(cursor.row, cursor.col, { supply: face });
    setSelected((s) => (s && "supply" in s && s.supply === face ? null : { supply: face }));
  }

  function onType(e: FormEvent) {
    e.preventDefault();
    if (!rack || !ruleset) return;
    const start = cursor ?? { row: ruleset.layout.start[0], col: ruleset.layout.start[1], direction: "across" as const };
    const r = typeTiles(boxText, { rack, supply, start, direction: start.direction, occupied: (a, b) => onBoard(a, b), size });
    setTypeError(r.error);
    if (!r.error) {
      setDraft(r.tiles);
      setTyped("");
      setSaid(`${r.tiles.length} tile${r.tiles.length === 1 ? "" : "s"} laid from ${squares.line(start.row, start.col, start.direction)}.`);
    }
  }

  function shuffle() {
    if (!rack) return;
    const next = (order ?? rack.map((_, i) => i)).slice();
    for (let i = next.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [next[i], next[j]] = [next[j]!, next[i]!];
    }
    setOrder(next);
  }

  const used = new Set(allDraft.flatMap((t) => (t.rackIndex === null ? [] : [t.rackIndex])));
  // The ring marks the last play still on the board (not one an upheld challenge took off).
  const lastPlay = lastStandingPlay(game?.sheet ?? []);
  // Zoomed in, the board opens centred on the action — the last play, else the start square — not
  // at A1: zoom synchronously, then scroll its window (app/_components/board/zoom.ts).
  function toggleZoom() {
    const opening = !zoom;
    flushSync(() => setZoom(opening));
    if (opening && boardWindow.current && ruleset) {
      const start = { row: ruleset.layout.start[0], col: ruleset.layout.start[1] };
      const played = lastPlay?.placements ?? [];
      centreOnSquares(boardWindow.current, played.length ? played : [start]);
    }
  }
  const blankFaces = ruleset ? ruleset.tiles.filter((t) => t.face !== "?" && !t.unlimited).map((t) => t.face) : [];
  const chosenSupply = selected && "supply" in selected ? selected.supply : null;
  // The latest challenge, until the next move: its reason under the turn line, its squares outlined on the board.
  const outcome = ruleset && game ? outcomeFor(ruleset, game.sheet, board) : null;

  return (
    <div className="space-y-2 sm:space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-2">
        <h1 className="text-lg font-semibold sm:text-2xl">
          {RULESET_DATA[v.ruleset].name} · {names.join(" vs ")}
        </h1>
        <p className="text-xs text-slate-600 sm:text-sm" data-testid="game-facts">
          {v.rated ? "Rated" : "Casual"} · challenge rule: {v.challengeRule}
          {v.timeControl ? ` · ${formatClock(v.timeControl.initialMs)} per player${v.timeControl.incrementMs ? ` + ${v.timeControl.incrementMs / 1000} s` : ""}` : " · untimed"}
          {v.botLevel ? <span data-testid="bot-level">{` · bot level: ${LEVEL_SPECS[v.botLevel].label}`}</span> : null}
          {v.tournamentId ? (
            <>
              {" · "}
              <Link className="text-indigo-700 underline" href={`/tournaments/${v.tournamentId}`}>
                tournament
              </Link>
              {v.board ? <span data-testid="round-table">{` · round ${v.board.round}, table ${v.board.table}`}</span> : null}
              {/* the separator comes with the clock: before the round starts it shows nothing */}
              {v.board && v.status !== "finished" ? <GameRoundClock tournamentId={v.tournamentId} roundNumber={v.board.round} lead=" · " /> : null}
            </>
          ) : null}
        </p>
        {v.rated && v.status !== "finished" ? <ExpectedScoreLine ruleset={v.ruleset} userIds={v.players.map((p) => p.userId)} /> : null}
      </div>

      <PresenceNotice matchId={matchId} isPlayer={isPlayer} status={v.status} liveStatus={live.status} />
      {v.status === "open" || v.status === "cancelled" ? <WaitingRoom matchId={matchId} v={v} serverNow={serverNow} mySeat={mySeat} /> : null}
      {/* A game decided before it began (a no-show, or a director's result on a waiting board). */}
      {!game && v.status === "finished" ? <GameSummary v={v} /> : null}

      {game && ruleset ? (
        <div className="grid grid-cols-1 gap-3 lg:grid-cols-[auto_minmax(0,1fr)] lg:gap-4">
          {/* min-w-0: the zoomed board's window must not stretch the column (and the page) to its content */}
          <div className="min-w-0 space-y-2">
            {/* Names, scores and both clocks above the board: always in view with it. */}
            <PlayerStrip v={v} game={game} serverNow={serverNow} mySeat={mySeat} />
            <ClockAlerts v={v} serverNow={serverNow} />
            {/* The board is as wide as the column and no taller than the screen leaves room for; zoomed
                (phones), it is 34 px a square inside a square scrolling window. */}
            <div ref={boardWindow} className={zoom ? "h-[min(calc(100vw-2rem),calc(100dvh-17rem))] w-full max-w-[calc(100dvh-17rem)] overflow-auto overscroll-contain" : ""} data-testid="board-window">
              <Board
                layout={ruleset.layout}
                tiles={board}
                draft={allDraft}
                highlight={lastPlay?.placements ?? []}
                challenged={outcome ? { cells: outcome.cells, stands: outcome.stands } : null}
                marker={canEnter && cursor ? cursor : null}
                coordinates
                buttons={isPlayer}
                premiumLabels={PREMIUM_LABELS[v.ruleset]}
                className={zoom ? "max-w-none" : "max-w-[min(100%,calc(100dvh-17rem))] lg:w-[min(620px,calc(100dvh-17rem))]"}
                squarePx={zoom ? 34 : undefined}
                onSquare={isPlayer ? onSquare : undefined}
                onDropTile={isPlayer ? (r, c, src) => lay(r, c, src) : undefined}
                onMove={onMove}
                onKey={onBoardKey}
                label={isPlayer ? "Board: arrow keys move, type tiles at the cursor, Enter submits, ? lists shortcuts" : "Board"}
              />
            </div>
            <p className="sr-only" aria-live="polite" data-testid="announcer">
              {said}
            </p>
          </div>

          <div className="space-y-3">
            {rack ? (
              <div className="space-y-2 rounded-lg border border-slate-200 bg-white p-2 sm:p-3" data-testid="rack-panel">
                <div className="flex flex-wrap items-center gap-1.5">
                  <Rack
                    tiles={rack}
                    order={order ?? undefined}
                    points={(f) => ruleset.tileByFace.get(f)?.points}
                    used={used}
                    selected={selected && "rack" in selected ? selected.rack : null}
                    marked={exchanging}
                    onTile={onRackTile}
                  />
                  {game.phase === "playing" && !exchanging ? <Supply faces={supply} selected={chosenSupply} onFace={onSupplyTile} /> : null}
                </div>
                <div className="flex flex-wrap items-center gap-1.5">
                  <button type="button" className={secondary} onClick={shuffle}>
                    Shuffle
                  </button>
                  <button type="button" className={secondary} disabled={allDraft.length === 0} onClick={recall}>
                    Recall
                  </button>
                  <button type="button" className={`${secondary} lg:hidden`} aria-pressed={zoom} onClick={toggleZoom}>
                    {zoom ? "Zoom out" : "Zoom in"}
                  </button>
                  <button type="button" className={secondary} onClick={() => setHelp(true)} aria-keyshortcuts="?">
                    Shortcuts (?)
                  </button>
                </div>
                {game.phase === "playing" ? (
                  <form onSubmit={onType} className="flex flex-wrap items-center gap-2 text-sm">
                    <label htmlFor="typed" className="text-slate-700">
                      Type a play
                    </label>
                    <input
                      id="typed"
                      value={boxText}
                      onChange={(e) => setBoxText(e.target.value)}
                      placeholder="3+4=7"
                      className="w-32 rounded border border-slate-300 px-2 py-1"
                      aria-describedby="typed-hint"
                    />
                    <button type="submit" className={secondary}>
                      Place typed tiles
                    </button>
                    <span id="typed-hint" className="text-xs text-slate-600" data-testid="typed-hint">
                      from {cursor ? squares.line(cursor.row, cursor.col, cursor.direction) : `${squares.line(ruleset.layout.start[0], ruleset.layout.start[1], "across")} (the start square)`}; or click a square and type on the board
                    </span>
                  </form>
                ) : null}
                <FormError message={typeError} />
                {preview ? <DraftPreview mode={v.preview} rs={ruleset} board={board} draft={allDraft} rack={rack} challengeRule={v.challengeRule} /> : null}
                <div className="flex flex-wrap gap-1.5">
                  {exchanging ? (
                    <>
                      <button className={primary} disabled={!game.can.exchange || exchanging.size === 0 || move.isPending} onClick={() => act({ type: "exchange", tiles: [...exchanging].map((i) => rack[i]!) })}>
                        Exchange selected tiles
                      </button>
                      <button className={secondary} onClick={() => setExchanging(null)}>
                        Cancel exchange
                      </button>
                    </>
                  ) : (
                    <>
                      <button className={primary} disabled={!game.can.play || allDraft.length === 0 || move.isPending} onClick={submit} aria-keyshortcuts="Enter">
                        Submit play
                      </button>
                      <button className={secondary} disabled={allDraft.length === 0} onClick={recall}>
                        Clear
                      </button>
                      <button
                        className={secondary}
                        disabled={!game.can.exchange || move.isPending}
                        onClick={() => {
                          recall();
                          setAnchor(null);
                          setExchanging(new Set());
                        }}
                      >
                        Exchange…
                      </button>
                      <button className={secondary} disabled={!game.can.pass || move.isPending} onClick={() => act({ type: "pass" })}>
                        {game.pending?.goesOut ? "Accept the last play" : "Pass"}
                      </button>
                      {game.can.challenge ? (
                        <button className={`${btn} bg-amber-700 text-white hover:bg-amber-800`} disabled={move.isPending} onClick={() => act({ type: "challenge" })}>
                          Challenge last play
                        </button>
                      ) : null}
                      <button
                        className={`${btn} border border-red-300 text-red-700 hover:bg-red-50`}
                        disabled={!game.can.resign || move.isPending}
                        onClick={() => {
                          if (window.confirm("Resign this game?")) act({ type: "resign" });
                        }}
                      >
                        Resign
                      </button>
                    </>
                  )}
                </div>
                <FormError message={move.error?.message ?? claim.error?.message} />
              </div>
            ) : null}

            <section className="rounded-lg border border-slate-200 bg-white p-3" aria-label="Turn">
              {v.status === "active" ? (
                <p className="text-sm" data-testid="turn">
                  {game.paused ? "The clock is paused." : game.turn === mySeat ? (game.pending?.goesOut ? "The last play went out: challenge it or accept it." : "Your turn.") : `${names[game.turn]} is to move.`}
                  {game.pending ? ` The last play (${game.pending.score} points) can be challenged until the next turn.` : ""}
                </p>
              ) : (
                <p className="text-sm">{v.status === "finished" ? "The game is over." : "The game has not started."}</p>
              )}
              {isPlayer && v.status === "active" && clock?.flagAt !== null && clock?.flagAt !== undefined && serverNow > clock.flagAt && game.turn !== mySeat ? (
                <button className={`${secondary} mt-2`} onClick={() => claim.mutate({ matchId })}>
                  Claim win on time
                </button>
              ) : null}
              <ChallengeNotice outcome={outcome} names={names} />
              {isPlayer && v.timeControl && v.status === "active" ? <SoundToggle /> : null}
            </section>

            {v.status === "finished" && game.end ? <GameSummary v={v} /> : null}

            <section className="rounded-lg border border-slate-200 bg-white p-3">
              <h2 className="mb-2 font-semibold">Scoresheet</h2>
              <Scoresheet rows={game.sheet} names={names} />
            </section>
            <section className="rounded-lg border border-slate-200 bg-white p-3">
              <h2 className="mb-2 font-semibold">Unseen tiles</h2>
              <Unseen unseen={game.unseen} bagCount={game.bagCount} />
            </section>
            <MatchRulings matchId={matchId} />
            {!isPlayer ? <p className="text-xs text-slate-600">You are watching: racks stay hidden.</p> : null}
          </div>
          <BlankDialog
            faces={blankFaces}
            open={blankAt !== null}
            onClose={() => setBlankAt(null)}
            onPick={(f) => {
              const b = blankAt;
              setBlankAt(null);
              if (b) lay(b.row, b.col, { rackIndex: b.rackIndex }, f);
            }}
          />
          <ShortcutsDialog open={help} onClose={() => setHelp(false)} />
        </div>
      ) : null}
    </div>
  );
}
