"use client";
/**
 * The season's director's desk (docs/competitions.md "The director's desk"): for every division,
 * the games waiting for a decision (unplayed past their window, or a disputed result — decided
 * right here with the dashboard's own form), the time proposals nobody has answered, and the
 * games nobody has proposed a time for yet.
 */
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers/_app";
import { useTRPC } from "@/app/_trpc/client";
import { FormError } from "@/app/_components/form";
import { errorSentence } from "@/app/_trpc/errors";
import { BoardDecision } from "@/app/tournaments/[id]/manage/schedule-panel";

type DeskDivision = inferRouterOutputs<AppRouter>["competitions"]["seasonDesk"][number];

const when = (d: Date | string) => new Date(d).toLocaleString(undefined, { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });

export function SeasonDesk({ competitionId }: { competitionId: string }) {
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.competitions.seasonDesk.queryOptions({ competitionId }), refetchInterval: 30_000 });
  if (q.error) return <FormError message={errorSentence(q.error)} />;
  if (!q.data) return <p className="text-sm text-slate-600">Loading the desk…</p>;
  return (
    <div className="space-y-4">
      {q.data.map((d) => <DivisionDesk key={d.tournamentId} d={d} />)}
    </div>
  );
}

function DivisionDesk({ d }: { d: DeskDivision }) {
  const trpc = useTRPC();
  const unplayed = useQuery({ ...trpc.schedule.unplayed.queryOptions({ tournamentId: d.tournamentId }), refetchInterval: 30_000 });
  const boards = unplayed.data?.boards ?? [];
  return (
    <section aria-label={`${d.name}: the director's desk`} className="rounded border border-slate-200 p-3" data-testid="desk-division">
      <h3 className="font-semibold">
        {d.name} · <Link href={`/tournaments/${d.tournamentId}/manage`} className="text-sm font-normal text-indigo-700 underline">dashboard (windows, results)</Link>
      </h3>
      <h4 className="mt-2 text-sm font-medium">Waiting for your decision ({boards.length})</h4>
      {boards.length === 0 ? (
        <p className="text-sm text-slate-600">No game is waiting for a decision.</p>
      ) : (
        <ul className="mt-1 space-y-3">
          {boards.map((b) => (
            <li key={b.pairingId} className="rounded border border-amber-200 bg-amber-50 p-3 text-sm" data-testid="unplayed-board">
              <BoardDecision tournamentId={d.tournamentId} b={b} />
            </li>
          ))}
        </ul>
      )}
      <h4 className="mt-3 text-sm font-medium">Proposals not answered yet ({d.pending.length})</h4>
      {d.pending.length ? (
        <ul className="list-disc pl-5 text-sm" data-testid="desk-pending">
          {d.pending.map((p, i) => (
            <li key={`${p.pairingId}-${i}`}>
              Round {p.round}, table {p.table} ({p.players.join(" v ")}): {p.proposedBy} proposed {p.times.map(when).join(", ")}
              {p.note ? ` — “${p.note}”` : ""}
            </li>
          ))}
        </ul>
      ) : null}
      <h4 className="mt-3 text-sm font-medium">No time proposed yet ({d.silent.length})</h4>
      {d.silent.length ? (
        <ul className="list-disc pl-5 text-sm" data-testid="desk-silent">
          {d.silent.map((b) => (
            <li key={b.pairingId}>
              Round {b.round}, table {b.table}: {b.players.join(" v ")}{b.deadline ? `, play by ${when(b.deadline)}` : ""}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
