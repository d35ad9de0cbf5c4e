"use client";
/** A club's ladder: standings over its club nights by the stated rule (docs/competitions.md, "Ladder"). */
import Link from "next/link";
import { useParams } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { Section } from "@/app/clubs/_components/ui";

export default function LadderPage() {
  const { ladderId } = useParams<{ ladderId: string }>();
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.arena.ladder.queryOptions({ ladderId }), refetchInterval: 10_000, retry: false });
  if (q.isPending) return <p>Loading…</p>;
  if (q.error) return <p role="alert" className="text-red-700">{q.error.message}</p>;
  const { ladder, nights, rows } = q.data;
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{ladder.name}</h1>
        <p className="text-sm text-slate-600">{ladder.rule} · {ladder.rated ? "rated: its nights' games change ratings" : "unrated: its nights' games leave ratings alone"}</p>
      </header>
      <Section title="Standings" testId="ladder">
        {rows.length ? (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left text-xs text-slate-500">
                  <th scope="col" className="py-1">#</th>
                  <th scope="col">Player</th>
                  <th scope="col" className="text-right">Total</th>
                  <th scope="col" className="text-right">Nights</th>
                  {nights.map((n) => (
                    <th key={n.id} scope="col" className="hidden text-right sm:table-cell">{n.name}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.playerId} className="border-t border-slate-100" data-testid="ladder-row">
                    <td className="py-1">{r.rank ?? "–"}</td>
                    <td>
                      {r.name}
                      {r.note ? <span className="block text-xs text-slate-500">{r.note}</span> : null}
                    </td>
                    <td className="text-right font-medium">{r.value}</td>
                    <td className="text-right">{r.nights}</td>
                    {r.cells.map((c) => (
                      <td key={c.nightId} className={`hidden text-right sm:table-cell ${c.counted ? "" : "text-slate-400 line-through"}`}>{c.points ?? "–"}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="text-sm text-slate-600">No results yet: attach a club night to this ladder when you open it.</p>
        )}
      </Section>
      <Section title="Nights" testId="ladder-nights">
        <ul className="space-y-1 text-sm">
          {nights.map((n) => (
            <li key={n.id}>
              <Link href={`/arena/${n.id}`} className="text-indigo-700 hover:underline">{n.name}</Link> <span className="text-xs text-slate-500">{new Date(n.startsAt).toLocaleDateString()}</span>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
