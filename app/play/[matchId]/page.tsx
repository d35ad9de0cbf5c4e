"use client";
/**
 * The live board: the viewer's view (`matches.get`), kept fresh by the `matches.live`
 * subscription (SSE). Players place tiles by click (rack tile, then square), by drag and drop,
 * or by typing ("3+4=7") from a start square across or down; the engine previews validity and
 * score in the browser before anything is sent. Clocks tick locally, corrected by the server's
 * `serverNow`; when a flag should have fallen the page re-reads the view, which makes the server
 * record the timeout. Spectators see the same page without a rack.
 */
import Link from "next/link";
import { useParams } from "next/navigation";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { adjudicatePlay, getRuleset, parseRulesetOptions, RULESET_DATA, type RulesetId } from "@/engine";
import { useTRPC } from "@/app/_trpc/client";
import { FormError } from "@/app/_components/form";
import { Board } from "@/app/_components/board/Board";
import { Rack } from "@/app/_components/board/Rack";
import { Scoresheet, formatClock } from "@/app/_components/board/Scoresheet";
import { Unseen } from "@/app/_components/board/Unseen";
import { typeTiles, type TypedTile } from "@/app/_components/board/keyboard";
import { MatchRulings } from "@/app/judge/_components/match-rulings";
import { ExpectedScoreLine } from "@/app/ratings/_components/expected-score";
import { useServerNow } from "@/app/_components/board/use-server-now";

const REASONS: Record<string, string> = {
  out: "a player went out",
  passes: "every player passed in turn",
  scoreless: "too many scoreless turns",
  resign: "resignation",
  timeout: "time",
  director: "the tournament director's result",
};
const RULESET_NAMES: Record<RulesetId, string> = { equate: "Equate", smath: "'SMATH", "number-scrabble": "Number Scrabble" };
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
  useSubscription(
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

  // Draft play, selection, keyboard entry, exchange mode.
  const [draft, setDraft] = useState<TypedTile[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [marker, setMarker] = useState<{ row: number; col: number } | null>(null);
  const [direction, setDirection] = useState<"across" | "down">("across");
  const [typed, setTyped] = useState("");
  const [typeError, setTypeError] = useState<string | null>(null);
  const [exchanging, setExchanging] = useState<Set<number> | null>(null);
  // A new version of the game clears the draft, during the render that shows it (not one later).
  const version = v?.version;
  const [draftVersion, setDraftVersion] = useState(version);
  if (version !== draftVersion) {
    setDraftVersion(version);
    setDraft([]);
    setSelected(null);
    setExchanging(null);
    setTyped("");
    setTypeError(null);
  }

  const ruleset = useMemo(() => {
    if (!v) return null;
    const o = parseRulesetOptions(RULESET_DATA[v.ruleset], v.rulesetOptions);
    return getRuleset(v.ruleset, o.ok ? o.value : undefined);
  }, [v?.ruleset, v?.rulesetOptions]); // eslint-disable-line react-hooks/exhaustive-deps

  const move = useMutation(
    trpc.matches.move.mutationOptions({
      onSettled: () => queryClient.invalidateQueries({ queryKey: viewOpts.queryKey }),
    }),
  );
  const claim = useMutation(trpc.matches.claimTimeout.mutationOptions({ onSettled: () => queryClient.invalidateQueries({ queryKey: viewOpts.queryKey }) }));
  const accept = useMutation(trpc.matches.accept.mutationOptions({ onSettled: () => queryClient.invalidateQueries({ queryKey: viewOpts.queryKey }) }));
  const cancel = useMutation(trpc.matches.cancel.mutationOptions({ onSettled: () => queryClient.invalidateQueries({ queryKey: viewOpts.queryKey }) }));

  const game = v?.game ?? null;
  const rack = game?.rack ?? null;
  const board = useMemo(() => game?.board ?? [], [game]);
  const occupied = (r: number, c: number) => board.some((t) => t.row === r && t.col === c) || draft.some((t) => t.row === r && t.col === c);

  const preview = useMemo(() => {
    if (!ruleset || !rack || draft.length === 0) return null;
    return adjudicatePlay(
      ruleset,
      board.map((t) => (t.blank ? { row: t.row, col: t.col, tile: t.tile, blank: true } : { row: t.row, col: t.col, tile: t.tile })),
      draft.map((t) => (t.blank ? { row: t.row, col: t.col, tile: t.tile, blank: true } : { row: t.row, col: t.col, tile: t.tile })),
      { rack, firstPlay: board.length === 0 },
    );
  }, [ruleset, rack, board, draft]);

  if (view.isPending || me.isPending) return <p>Loading…</p>;
  if (view.error || !v) return <FormError message={view.error?.message ?? "This game could not be loaded."} />;

  const names = v.players.map((p) => p.name);
  const mySeat = v.viewerSeat;
  const isPlayer = mySeat !== null;
  const act = (action: Parameters<typeof move.mutate>[0]["action"]) => move.mutate({ matchId, expectedSeq: v.version, clientId: crypto.randomUUID(), action });

  function place(row: number, col: number, rackIndex: number) {
    if (!rack || occupied(row, col) || draft.some((t) => t.rackIndex === rackIndex)) return;
    let face = rack[rackIndex]!;
    let blank = false;
    if (face === "?") {
      const f = window.prompt("Which tile does the blank stand for?")?.trim();
      if (!f) return;
      face = f;
      blank = true;
    }
    setDraft((d) => [...d, blank ? { row, col, tile: face, blank: true, rackIndex } : { row, col, tile: face, rackIndex }]);
    setSelected(null);
  }

  function onSquare(row: number, col: number) {
    const inDraft = draft.find((t) => t.row === row && t.col === col);
    if (inDraft) {
      setDraft((d) => d.filter((t) => t !== inDraft));
      return;
    }
    if (board.some((t) => t.row === row && t.col === col)) return;
    if (selected !== null) place(row, col, selected);
    else if (marker && marker.row === row && marker.col === col) setDirection((d) => (d === "across" ? "down" : "across"));
    else setMarker({ row, col });
  }

  function onType(e: FormEvent) {
    e.preventDefault();
    if (!rack || !ruleset) return;
    const start = marker ?? { row: ruleset.layout.start[0], col: ruleset.layout.start[1] };
    const supply = ruleset.tiles.filter((t) => t.unlimited).map((t) => t.face);
    const r = typeTiles(typed, { rack, supply, start, direction, occupied: (a, b) => board.some((t) => t.row === a && t.col === b), size: ruleset.layout.size });
    setTypeError(r.error);
    if (!r.error) setDraft(r.tiles);
  }

  const used = new Set(draft.flatMap((t) => (t.rackIndex === null ? [] : [t.rackIndex])));
  const lastPlay = [...(game?.sheet ?? [])].reverse().find((s) => s.type === "play" && s.placements);
  const winners = v.players.filter((p) => p.winner).map((p) => p.name);
  const myAccept = v.status === "open" && isPlayer && !v.players[mySeat!]!.accepted;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold">
          {RULESET_NAMES[v.ruleset]} · {names.join(" vs ")}
        </h1>
        <p className="text-sm text-slate-600">
          {v.rated ? "Rated" : "Casual"} · challenge rule: {v.challengeRule}
          {v.timeControl ? ` · ${formatClock(v.timeControl.initialMs)} per player${v.timeControl.incrementMs ? ` + ${v.timeControl.incrementMs / 1000} s` : ""}` : " · untimed"}
          {v.tournamentId ? (
            <>
              {" · "}
              <Link className="text-indigo-700 underline" href={`/tournaments/${v.tournamentId}`}>
                tournament
              </Link>
            </>
          ) : null}
        </p>
        {v.rated && v.status !== "finished" ? <ExpectedScoreLine ruleset={v.ruleset} userIds={v.players.map((p) => p.userId)} /> : null}
      </div>

      {v.status === "open" || v.status === "cancelled" ? (
        <section className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm" data-testid="waiting-room">
          {v.status === "cancelled" ? (
            <p>This challenge was withdrawn.</p>
          ) : (
            <>
              <p className="mb-2">Waiting for every player to accept ({v.players.length} of {v.seats} seats taken).</p>
              <ul className="mb-3 list-disc pl-5 text-sm">
                {v.players.map((p) => (
                  <li key={p.userId}>
                    {p.name} {p.accepted ? "— ready" : "— invited"}
                  </li>
                ))}
              </ul>
              {v.joinCode ? (
                <p className="mb-3 text-sm">
                  Share this link to fill the open seat:{" "}
                  <code className="rounded bg-slate-100 px-1" data-testid="join-link">
                    {typeof window !== "undefined" ? `${window.location.origin}/play/join/${v.joinCode}` : `/play/join/${v.joinCode}`}
                  </code>
                </p>
              ) : null}
              <div className="flex gap-2">
                {myAccept ? (
                  <button className={primary} onClick={() => accept.mutate({ matchId })} disabled={accept.isPending}>
                    Accept challenge
                  </button>
                ) : null}
                {isPlayer ? (
                  <button className={secondary} onClick={() => cancel.mutate({ matchId })} disabled={cancel.isPending}>
                    {myAccept ? "Decline" : "Withdraw challenge"}
                  </button>
                ) : null}
              </div>
              <FormError message={accept.error?.message ?? cancel.error?.message} />
            </>
          )}
        </section>
      ) : null}

      {game && ruleset ? (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,620px)_1fr]">
          <div className="space-y-3">
            <Board
              layout={ruleset.layout}
              tiles={board}
              draft={draft}
              highlight={lastPlay?.placements ?? []}
              marker={isPlayer && marker ? { ...marker, direction } : null}
              onSquare={isPlayer ? onSquare : undefined}
              onDropTile={isPlayer ? (r, c, i) => place(r, c, i) : undefined}
            />
            {rack ? (
              <div className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
                <Rack
                  tiles={rack}
                  points={(f) => ruleset.tileByFace.get(f)?.points}
                  used={used}
                  selected={selected}
                  marked={exchanging}
                  onTile={(i) => {
                    if (exchanging) {
                      const next = new Set(exchanging);
                      if (next.has(i)) next.delete(i);
                      else next.add(i);
                      setExchanging(next);
                    } else setSelected((s) => (s === i ? null : i));
                  }}
                />
                {game.phase === "playing" ? (
                  <form onSubmit={onType} className="flex flex-wrap items-center gap-2 text-sm">
                    <label htmlFor="typed" className="text-slate-700">
                      Type a play
                    </label>
                    <input
                      id="typed"
                      value={typed}
                      onChange={(e) => setTyped(e.target.value)}
                      placeholder="3+4=7"
                      className="w-40 rounded border border-slate-300 px-2 py-1"
                      aria-describedby="typed-hint"
                    />
                    <button type="button" className={secondary} onClick={() => setDirection((d) => (d === "across" ? "down" : "across"))} aria-label={`Direction: ${direction}`}>
                      {direction === "across" ? "Across →" : "Down ↓"}
                    </button>
                    <button type="submit" className={secondary}>
                      Place typed tiles
                    </button>
                    <span id="typed-hint" className="text-xs text-slate-500">
                      from {marker ? `row ${marker.row + 1}, column ${marker.col + 1}` : "the start square"} (click an empty square to choose)
                    </span>
                  </form>
                ) : null}
                <FormError message={typeError} />
                {preview ? (
                  <p data-testid="preview" className={`text-sm ${preview.valid ? "text-emerald-700" : "text-amber-700"}`}>
                    {preview.valid
                      ? `Valid: ${preview.score} points (${preview.lines.map((l) => l.text).join(", ")})`
                      : `Not valid: ${preview.violations.map((x) => x.message).join("; ")}${v.challengeRule !== "void" ? " — you may still submit it; it can be challenged." : ""}`}
                  </p>
                ) : null}
                <div className="flex flex-wrap gap-2">
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
                      <button className={primary} disabled={!game.can.play || draft.length === 0 || move.isPending} onClick={() => act({ type: "play", placements: draft.map(({ rackIndex: _r, ...p }) => p) })}>
                        Submit play
                      </button>
                      <button className={secondary} disabled={draft.length === 0} onClick={() => setDraft([])}>
                        Clear
                      </button>
                      <button className={secondary} disabled={!game.can.exchange || move.isPending} onClick={() => { setDraft([]); setExchanging(new Set()); }}>
                        Exchange…
                      </button>
                      <button className={secondary} disabled={!game.can.pass || move.isPending} onClick={() => act({ type: "pass" })}>
                        {game.pending?.goesOut ? "Accept the last play" : "Pass"}
                      </button>
                      {game.can.challenge ? (
                        <button className={`${btn} bg-amber-500 text-white hover:bg-amber-600`} disabled={move.isPending} onClick={() => act({ type: "challenge" })}>
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
          </div>

          <div className="space-y-3">
            <section className="rounded-lg border border-slate-200 bg-white p-3" aria-label="Players and clocks">
              <ul className="space-y-1">
                {v.players.map((p) => {
                  const running = clock?.running === p.seat && v.status === "active" && !game.paused;
                  const ms = p.remainingMs === null ? null : running ? p.remainingMs - Math.max(0, serverNow - v.serverNow) : p.remainingMs;
                  const onMove = game.phase === "playing" && game.turn === p.seat;
                  return (
                    <li key={p.userId} className={`flex items-center justify-between rounded px-2 py-1 ${onMove ? "bg-indigo-50" : ""}`} data-testid={`player-${p.seat}`}>
                      <span>
                        {onMove ? "▶ " : ""}
                        <span className="font-medium">{p.name}</span>
                        {p.seat === mySeat ? " (you)" : ""} <span className="text-xs text-slate-500">{p.rackCount} tiles</span>
                      </span>
                      <span className="flex items-center gap-3">
                        <span className="font-semibold tabular-nums" data-testid={`score-${p.seat}`}>
                          {p.score}
                        </span>
                        {ms !== null ? (
                          <span className={`w-16 text-right font-mono tabular-nums ${ms < 0 ? "text-red-600" : ""}`} data-testid={`clock-${p.seat}`}>
                            {formatClock(ms)}
                          </span>
                        ) : null}
                      </span>
                    </li>
                  );
                })}
              </ul>
              {v.status === "active" ? (
                <p className="mt-2 text-sm" data-testid="turn">
                  {game.paused ? "The clock is paused." : game.turn === mySeat ? (game.pending?.goesOut ? "The last play went out: challenge it or accept it." : "Your turn.") : `${names[game.turn]} is to move.`}
                  {game.pending ? ` The last play (${game.pending.score} points) can be challenged until the next turn.` : ""}
                </p>
              ) : null}
              {isPlayer && v.status === "active" && clock?.flagAt !== null && clock?.flagAt !== undefined && serverNow > clock.flagAt && game.turn !== mySeat ? (
                <button className={`${secondary} mt-2`} onClick={() => claim.mutate({ matchId })}>
                  Claim win on time
                </button>
              ) : null}
            </section>

            {v.status === "finished" && game.end ? (
              <section className="rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-sm" data-testid="game-summary">
                <h2 className="mb-1 text-lg font-semibold">Game over</h2>
                <p>
                  {winners.length > 1 ? `Tie: ${winners.join(" and ")}` : `${winners[0]} won`} — ended by {REASONS[game.end.reason] ?? game.end.reason}.
                </p>
                <ul className="mt-1">
                  {v.players.map((p, i) => (
                    <li key={p.userId}>
                      {p.name}: {v.result?.scores[p.userId] ?? p.score}
                      {game.end!.rackSettlement[i] ? ` (rack ${game.end!.rackSettlement[i]! > 0 ? "+" : ""}${game.end!.rackSettlement[i]})` : ""}
                      {game.end!.timePenalties[i] ? ` (time penalty ${game.end!.timePenalties[i]})` : ""}
                      {game.end!.timeBonuses[i] ? ` (time bonus +${game.end!.timeBonuses[i]})` : ""}
                    </li>
                  ))}
                </ul>
                {v.result?.adjusted ? <p className="mt-1 text-amber-800">The result was adjusted by a tournament director: {v.adjustments[0]?.reason}</p> : null}
                <p className="mt-2 flex gap-3">
                  <a className="text-indigo-700 underline" href={`/matches/${matchId}/record`}>
                    Game record
                  </a>
                  <Link className="text-indigo-700 underline" href="/play">
                    Back to my games
                  </Link>
                </p>
              </section>
            ) : null}

            <section className="rounded-lg border border-slate-200 bg-white p-3">
              <h2 className="mb-2 font-semibold">Scoresheet</h2>
              <Scoresheet rows={game.sheet} names={names} />
            </section>
            <section className="rounded-lg border border-slate-200 bg-white p-3">
              <h2 className="mb-2 font-semibold">Unseen tiles</h2>
              <Unseen unseen={game.unseen} bagCount={game.bagCount} />
            </section>
            <MatchRulings matchId={matchId} />
            {!isPlayer ? <p className="text-xs text-slate-500">You are watching: racks stay hidden.</p> : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
