"use client";
/**
 * The check-in desk (docs/desk.md "Check-in at the desk"), for the event's directors and
 * judges, made for a phone held in one hand: what happened is at the top in large type, and the
 * controls sit in a bar at the bottom within the thumb's reach — the camera button, the name search
 * and a code field (for a pasted code or a hand scanner that types). A scan or a search check-in
 * shows the player's name, fee status and notes; a refusal shows the server's sentence.
 */
import Link from "next/link";
import { useParams } from "next/navigation";
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { useTRPC } from "@/app/_trpc/client";
import { LocalTime } from "@/app/_components/local-time";
import { ENTRY_LABELS, FEE_BADGE, FEE_STATUS_LABELS } from "../../_components/fee-labels";
import { DeskCard, type Banner, type DeskCardData } from "./desk-card";
import { Scanner } from "./scanner";

const hhmm = (d: Date) => d.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
const sentenceOf = (r: { outcome: "checked-in" | "already"; sentence: string; card: DeskCardData }) =>
  r.outcome === "already" && r.card.checkedInAt ? `${r.card.name} is already checked in at ${hhmm(r.card.checkedInAt)}.` : `${r.sentence} ✓`;

export default function DeskPage() {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery({ ...trpc.tournaments.desk.settings.queryOptions({ tournamentId: id }), retry: false });
  const [query, setQuery] = useState("");
  const [code, setCode] = useState("");
  const [camera, setCamera] = useState(false);
  const [card, setCard] = useState<DeskCardData | null>(null);
  const [banner, setBanner] = useState<Banner>(null);
  const search = useQuery({ ...trpc.tournaments.desk.search.queryOptions({ tournamentId: id, query, limit: 20 }), enabled: settings.isSuccess && query.trim().length > 0 });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.tournaments.desk.search.pathKey() });
  const show = (c: DeskCardData | null, b: Banner) => {
    setCard(c);
    setBanner(b);
    void refresh();
  };
  const refused = (e: unknown) => show(null, { kind: "refused", text: e instanceof TRPCClientError ? e.message : "Something went wrong: try again." });
  const scan = useMutation(trpc.tournaments.desk.scan.mutationOptions({ onSuccess: (r) => show(r.card, { kind: r.outcome === "already" ? "already" : "ok", text: sentenceOf(r) }), onError: refused }));
  const checkIn = useMutation(trpc.tournaments.desk.checkIn.mutationOptions({ onSuccess: (r) => show(r.card, { kind: r.outcome === "already" ? "already" : "ok", text: sentenceOf(r) }), onError: refused }));
  const submitCode = (text: string) => {
    if (!text.trim()) return;
    scan.mutate({ tournamentId: id, code: text });
    setCode("");
  };

  if (settings.isPending) return <p>Loading…</p>;
  if (settings.error)
    return (
      <div className="space-y-3">
        <h1 className="text-2xl font-semibold">Check-in desk</h1>
        <p className="text-slate-700">{settings.error.message}</p>
        <Link href={`/tournaments/${id}`} className="text-indigo-700 underline">Back to the event</Link>
      </div>
    );
  const s = settings.data;
  const results = query.trim() ? (search.data ?? []) : [];
  return (
    <div className="mx-auto max-w-xl space-y-4 pb-64">
      <div>
        <p className="text-sm text-slate-500">
          <Link href={`/tournaments/${id}`} className="hover:underline">{s.name}</Link> · <Link href={`/tournaments/${id}/ledger`} className="hover:underline">Fee ledger</Link>
        </p>
        <h1 className="text-2xl font-bold">Check-in desk</h1>
        <p className="text-sm text-slate-600" data-testid="desk-window">
          {s.status !== "registration" ? (
            "Round 1 is paired: check-in is closed."
          ) : s.checkInOpensAt ? (
            <>
              Check-in {s.windowOpen ? "opened" : "opens"} <LocalTime at={s.checkInOpensAt} options={{ weekday: "short", hour: "2-digit", minute: "2-digit" }} /> (directors: any time).
            </>
          ) : (
            "No check-in window: directors check players in."
          )}
        </p>
      </div>
      {camera ? <Scanner onCode={submitCode} onStop={() => setCamera(false)} /> : null}
      {card ? (
        <DeskCard
          key={card.userId}
          tournamentId={id}
          card={card}
          banner={banner}
          entryFee={s.entryFee}
          currency={s.currency}
          checkingIn={checkIn.isPending}
          onCheckIn={() => checkIn.mutate({ tournamentId: id, userId: card.userId })}
          onChange={show}
        />
      ) : banner ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-lg font-semibold text-red-900" data-testid="desk-banner">{banner.text}</p>
      ) : (
        <p className="text-slate-600">Scan a player&apos;s code, or search for their name below.</p>
      )}
      {results.length ? (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" data-testid="desk-results">
          {results.map((r) => (
            <li key={r.userId}>
              <button type="button" onClick={() => show(r, null)} className="flex min-h-14 w-full items-center justify-between gap-2 px-4 py-2 text-left">
                <span className="text-base font-medium">{r.name}</span>
                <span className="flex shrink-0 gap-1 text-xs">
                  <span className="rounded border border-slate-300 px-1.5 py-0.5">{r.checkedInAt ? "In ✓" : ENTRY_LABELS[r.status]}</span>
                  <span className={`rounded border px-1.5 py-0.5 ${FEE_BADGE[r.feeStatus]}`}>{FEE_STATUS_LABELS[r.feeStatus]}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : query.trim() && search.isSuccess ? (
        <p className="text-slate-600">Nobody entered matches “{query.trim()}”.</p>
      ) : null}
      <div className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white/95 p-3 shadow-[0_-2px_8px_rgba(0,0,0,0.06)] backdrop-blur">
        <div className="mx-auto max-w-xl space-y-2">
          <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Search a name" aria-label="Search a name" className="block min-h-12 w-full rounded-lg border border-slate-300 px-3 text-base" data-testid="desk-search" />
          <form className="flex gap-2" onSubmit={(e) => (e.preventDefault(), submitCode(code))}>
            <input value={code} onChange={(e) => setCode(e.target.value)} placeholder="Paste or type a code" aria-label="Check-in code" autoComplete="off" className="block min-h-12 min-w-0 flex-1 rounded-lg border border-slate-300 px-3 font-mono text-sm" data-testid="desk-code" />
            <button type="submit" disabled={scan.isPending} className="min-h-12 rounded-lg border border-indigo-600 px-4 font-medium text-indigo-700">Check</button>
          </form>
          <button type="button" onClick={() => setCamera((c) => !c)} className="block min-h-14 w-full rounded-lg bg-indigo-600 text-lg font-semibold text-white" data-testid="desk-camera">
            {camera ? "Stop scanning" : "Scan with the camera"}
          </button>
        </div>
      </div>
    </div>
  );
}
