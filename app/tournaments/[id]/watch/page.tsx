"use client";
/**
 * The public event page (issue 30): the current round's boards as mini-boards with scores and
 * clocks, the pairings and the standings, kept current by one push stream (use-watch.ts). Nothing
 * here depends on who is looking, so the page is the same for every spectator and can be cached;
 * it makes no other request than the stream.
 */
import Link from "next/link";
import { useParams } from "next/navigation";
import { ROUND_STATUS_LABELS, TOURNAMENT_STATUS_LABELS } from "@/app/_lib/labels";
import { StandingsTable } from "../../_components/standings-table";
import { useNow, useWatch, type ShownBoard } from "./use-watch";

function clockText(ms: number): string {
  const neg = ms < 0;
  const s = Math.floor(Math.abs(ms) / 1000);
  return `${neg ? "-" : ""}${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function MiniBoard({ b, now }: { b: ShownBoard; now: number }) {
  const last = new Set(b.last);
  return (
    <article className="rounded-lg border border-slate-200 bg-white p-2 shadow-sm" data-testid="watch-board" data-match-id={b.matchId} data-version={b.version}>
      <h3 className="mb-1 text-sm font-semibold text-slate-700">Table {b.table}{b.status === "finished" ? " · finished" : ""}</h3>
      <ul className="mb-2 space-y-0.5 text-sm">
        {b.players.map((p) => {
          const running = b.running === p.seat;
          const left = p.remainingMs === null ? null : running ? p.remainingMs - (now - b.receivedAt) : p.remainingMs;
          return (
            <li key={p.seat} className={`flex items-center justify-between gap-2 rounded px-1 ${b.turn === p.seat ? "bg-amber-50" : ""}`}>
              <span className="truncate">{b.turn === p.seat ? "▶ " : ""}{p.name}{p.winner ? " ✓" : ""}</span>
              <span className="flex gap-2 tabular-nums">
                <span className="font-semibold" data-testid="watch-score">{p.score}</span>
                {left !== null ? <span className={running ? "text-indigo-700" : "text-slate-500"} data-testid="watch-clock">{clockText(left)}</span> : null}
              </span>
            </li>
          );
        })}
      </ul>
      <div className="grid aspect-square w-full gap-px bg-slate-200" style={{ gridTemplateColumns: `repeat(${b.size}, minmax(0, 1fr))` }} aria-label={`Board at table ${b.table}`} role="img">
        {[...b.tiles].map((c, i) => (
          <span
            key={i}
            className={`flex items-center justify-center text-[0.5rem] font-bold leading-none sm:text-[0.6rem] ${c === "." ? "bg-slate-50" : last.has(i) ? "bg-amber-300 text-slate-900" : "bg-amber-100 text-slate-900"} ${c !== "." && c === c.toLowerCase() && c !== c.toUpperCase() ? "italic" : ""}`}
            data-testid={c === "." ? undefined : "watch-tile"}
          >
            {c === "." ? "" : c}
          </span>
        ))}
      </div>
    </article>
  );
}

export default function WatchPage() {
  const { id } = useParams<{ id: string }>();
  const { event, boards, connected, missing } = useWatch(id);
  const now = useNow();
  if (missing) return <h1 className="text-2xl font-semibold">Tournament not found</h1>;
  if (!event) return <p>Connecting to the live event…</p>;
  const shown = event.matchIds.flatMap((m) => (boards[m] ? [boards[m]] : []));
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">{event.tournament.name}</h1>
        <p className="text-sm text-slate-500">
          <Link href={`/tournaments/${id}`} className="text-indigo-700 hover:underline">Tournament page</Link> ·{" "}
          {TOURNAMENT_STATUS_LABELS[event.tournament.status as keyof typeof TOURNAMENT_STATUS_LABELS] ?? event.tournament.status}
          {event.round ? ` · Round ${event.round.number} (${ROUND_STATUS_LABELS[event.round.status as keyof typeof ROUND_STATUS_LABELS] ?? event.round.status})` : ""} ·{" "}
          <span role="status" data-testid="watch-connection" className={connected ? "text-emerald-700" : "text-amber-700"}>{connected ? "live" : "reconnecting…"}</span>
        </p>
      </div>
      <section aria-labelledby="watch-boards">
        <h2 id="watch-boards" className="mb-2 text-xl font-semibold">Live boards</h2>
        {shown.length === 0 ? <p className="text-slate-600">No game of this round is on a board yet.</p> : null}
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {shown.map((b) => <MiniBoard key={b.matchId} b={b} now={now} />)}
        </div>
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="watch-pairings">
          <h2 id="watch-pairings" className="mb-2 text-xl font-semibold">Pairings{event.round ? ` · round ${event.round.number}` : ""}</h2>
          {event.pairings.length === 0 ? <p className="text-slate-600">No round has been published yet.</p> : null}
          <table className="w-full text-sm" data-testid="watch-pairings">
            <tbody>
              {event.pairings.map((p) => (
                <tr key={`${p.table}-${p.isBye}`} className="border-b border-slate-100">
                  <td className="py-1 pr-2 text-slate-500">{p.isBye ? "Bye" : p.table}</td>
                  <td className="py-1">{p.players.map((x) => (x.score === null ? x.name : `${x.name} ${x.score}`)).join(" – ")}</td>
                  <td className="py-1 text-right text-slate-500">{p.hasResult ? "result in" : p.isBye ? "" : "playing"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section aria-labelledby="watch-standings">
          <h2 id="watch-standings" className="mb-2 text-xl font-semibold">Standings</h2>
          <StandingsTable testId="watch-standings" rows={event.standings.map((r) => ({ ...r, key: `${r.rank}-${r.name}` }))} />
        </section>
      </div>
    </div>
  );
}
