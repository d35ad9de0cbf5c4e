"use client";
/**
 * "My games to schedule" (docs/competitions.md "Scheduling a game", "Reporting a result
 * yourselves"): the signed-in player's boards without a result — in rounds with a play-by window
 * anywhere, or every board of one tournament — with the window, proposals to answer, the agreed
 * time and "Open the game", and the result report to make or to confirm. Times are shown and typed
 * in the browser's own time zone; the server checks every time against the window.
 */
import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers/_app";
import { useTRPC } from "@/app/_trpc/client";
import { errorSentence } from "@/app/_trpc/errors";
import { FormError, dateTimeLocalValue } from "@/app/_components/form";
import { Section, buttonClass, secondaryButtonClass } from "@/app/clubs/_components/ui";
import { clock as C } from "@/engine";

type Board = inferRouterOutputs<AppRouter>["schedule"]["mine"][number];

const when = (d: Date | string) => new Date(d).toLocaleString(undefined, { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
/** The browser's time, ticking every 15 s (for "Open the game" becoming available). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const h = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(h);
  }, []);
  return now;
}

const input = "rounded border border-slate-300 px-2 py-1.5 text-sm";

export function MyGames({ tournamentId, title = "My games to schedule" }: { tournamentId?: string; title?: string }) {
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.schedule.mine.queryOptions(tournamentId ? { tournamentId } : {}), refetchInterval: 30_000 });
  if (!q.data || q.data.length === 0) return null;
  return (
    <div id="my-games">
      <Section title={title} testId="my-games">
        <ul className="space-y-4">
          {q.data.map((b) => (
            <li key={b.pairingId} className="rounded border border-slate-200 p-3" data-testid="my-game">
              <BoardCard b={b} showTournament={!tournamentId} />
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}

function BoardCard({ b, showTournament }: { b: Board; showTournament: boolean }) {
  const trpc = useTRPC();
  const router = useRouter();
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.schedule.pathKey() });
  const open = useMutation(trpc.schedule.openGame.mutationOptions({ onSuccess: (r) => router.push(`/play/${r.matchId}`) }));
  const theirs = b.proposals.find((p) => p.status === "open" && !p.mine);
  const mine = b.proposals.find((p) => p.status === "open" && p.mine);
  const withdraw = useMutation(trpc.schedule.withdraw.mutationOptions({ onSuccess: refresh }));
  const now = useNow();
  const canOpen = !!b.opensAt && now >= new Date(b.opensAt).getTime();
  return (
    <div className="space-y-2 text-sm">
      <p className="font-medium">
        {showTournament ? `${b.tournamentName} · ` : ""}Round {b.round}, table {b.table} against {b.opponents.map((o) => o.name).join(", ")}
      </p>
      {b.deadline ? (
        <p className="text-slate-600">
          Play {b.playFrom ? `from ${when(b.playFrom)} ` : ""}by {when(b.deadline)}
          {b.extended ? " (deadline extended by the director)" : ""}
          {b.overdue ? <strong className="ml-1 text-amber-800">— the deadline has passed: the director decides this game.</strong> : null}
        </p>
      ) : null}
      {b.correspondenceMs !== null ? (
        <div className="flex flex-wrap items-center gap-2 rounded bg-sky-50 px-2 py-1.5 text-sky-900" data-testid="correspondence">
          <span>Played by correspondence: {C.describeTimeLeft(b.correspondenceMs)} per move, then the bank; no time to agree.</span>
          <button className={buttonClass} disabled={!canOpen || open.isPending} onClick={() => open.mutate({ pairingId: b.pairingId })}>
            {b.matchId ? "Go to the game" : "Open the game"}
          </button>
        </div>
      ) : b.scheduledAt ? (
        <div className="flex flex-wrap items-center gap-2 rounded bg-emerald-50 px-2 py-1.5 text-emerald-900" data-testid="agreed-time">
          <span>Agreed: {when(b.scheduledAt)}</span>
          <button className={buttonClass} disabled={!canOpen || open.isPending} onClick={() => open.mutate({ pairingId: b.pairingId })}>
            {b.matchId ? "Go to the game" : "Open the game"}
          </button>
          {!canOpen ? <span className="text-xs">opens 10 minutes before</span> : null}
        </div>
      ) : null}
      <FormError message={errorSentence(open.error ?? withdraw.error)} />
      {theirs ? <AnswerProposal b={b} p={theirs} onDone={refresh} /> : null}
      {mine ? (
        <p className="flex flex-wrap items-center gap-2" data-testid="my-proposal">
          <span>You proposed {mine.times.map(when).join(", ")}; waiting for an answer.</span>
          <button className={secondaryButtonClass} disabled={withdraw.isPending} onClick={() => withdraw.mutate({ proposalId: mine.id })}>Withdraw</button>
        </p>
      ) : null}
      {b.deadline && !theirs && !b.overdue ? <ProposeForm b={b} label={mine ? "Replace with other times" : b.scheduledAt ? "Propose another time" : "Propose times"} onDone={refresh} /> : null}
      <ReportPart b={b} onDone={refresh} />
    </div>
  );
}

function AnswerProposal({ b, p, onDone }: { b: Board; p: Board["proposals"][number]; onDone: () => unknown }) {
  const trpc = useTRPC();
  const [time, setTime] = useState(p.times[0]!);
  const [countering, setCountering] = useState(false);
  const accept = useMutation(trpc.schedule.accept.mutationOptions({ onSuccess: onDone }));
  const decline = useMutation(trpc.schedule.decline.mutationOptions({ onSuccess: onDone }));
  return (
    <fieldset className="space-y-2 rounded border border-indigo-200 bg-indigo-50 p-2" data-testid="their-proposal">
      <legend className="px-1 font-medium">{p.byName} proposes</legend>
      {p.note ? <p className="italic text-slate-700">“{p.note}”</p> : null}
      {p.times.map((t) => (
        <label key={t} className="flex items-center gap-2">
          <input type="radio" name={`time-${p.id}`} value={t} checked={time === t} onChange={() => setTime(t)} />
          {when(t)}
        </label>
      ))}
      <div className="flex flex-wrap gap-2">
        <button className={buttonClass} disabled={accept.isPending} onClick={() => accept.mutate({ proposalId: p.id, time: new Date(time) })}>Accept this time</button>
        <button className={secondaryButtonClass} onClick={() => setCountering((c) => !c)} aria-expanded={countering}>Propose other times</button>
        <button className={secondaryButtonClass} disabled={decline.isPending} onClick={() => decline.mutate({ proposalId: p.id })}>Decline</button>
      </div>
      <FormError message={errorSentence(accept.error ?? decline.error)} />
      {countering ? <ProposeForm b={b} counterTo={p.id} label="Send my times instead" onDone={onDone} /> : null}
    </fieldset>
  );
}

/** Up to five start times and a note: a new proposal, or a counter to `counterTo`. */
function ProposeForm({ b, counterTo, label, onDone }: { b: Board; counterTo?: string; label: string; onDone: () => unknown }) {
  const trpc = useTRPC();
  // the first suggestion: the next full hour at least an hour away, inside the window
  const [times, setTimes] = useState<string[]>(() => {
    const first = Math.max(Date.now() + 3_600_000, b.playFrom ? new Date(b.playFrom).getTime() : 0);
    return [dateTimeLocalValue(Math.ceil(first / 3_600_000) * 3_600_000)];
  });
  const [note, setNote] = useState("");
  const [shown, setShown] = useState(!!counterTo);
  const propose = useMutation(trpc.schedule.propose.mutationOptions({ onSuccess: () => (setShown(false), onDone()) }));
  const counter = useMutation(trpc.schedule.counter.mutationOptions({ onSuccess: onDone }));
  const pending = propose.isPending || counter.isPending;
  if (!shown) return <button className={secondaryButtonClass} onClick={() => setShown(true)}>{label}</button>;
  function submit(e: React.FormEvent) {
    e.preventDefault();
    const dates = times.filter(Boolean).map((t) => new Date(t));
    if (counterTo) counter.mutate({ proposalId: counterTo, times: dates, note });
    else propose.mutate({ pairingId: b.pairingId, times: dates, note });
  }
  return (
    <form onSubmit={submit} className="space-y-2" data-testid="propose-form">
      {times.map((t, i) => (
        <label key={i} className="flex flex-wrap items-center gap-2">
          <span className="w-16">Time {i + 1}</span>
          <input
            type="datetime-local"
            className={input}
            value={t}
            min={b.playFrom ? dateTimeLocalValue(new Date(b.playFrom).getTime()) : undefined}
            max={b.deadline ? dateTimeLocalValue(new Date(b.deadline).getTime()) : undefined}
            onChange={(e) => setTimes((xs) => xs.map((x, j) => (j === i ? e.target.value : x)))}
            required
          />
          {times.length > 1 ? <button type="button" className="text-xs text-red-700 underline" onClick={() => setTimes((xs) => xs.filter((_, j) => j !== i))}>remove</button> : null}
        </label>
      ))}
      <div className="flex flex-wrap gap-2">
        {times.length < 5 ? <button type="button" className={secondaryButtonClass} onClick={() => setTimes((xs) => [...xs, xs.at(-1) ?? ""])}>Add another time</button> : null}
      </div>
      <label className="block">
        <span className="text-slate-600">Note for your opponent (only the two of you and the directors see it)</span>
        <input className={`${input} w-full`} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
      </label>
      <button type="submit" className={buttonClass} disabled={pending}>{counterTo ? label : "Send proposal"}</button>
      <FormError message={errorSentence(propose.error ?? counter.error)} />
    </form>
  );
}

/** Report the scores, or answer the opponent's report (confirm, or dispute with a note). */
function ReportPart({ b, onDone }: { b: Board; onDone: () => unknown }) {
  const trpc = useTRPC();
  const [scores, setScores] = useState<Record<string, string>>({});
  const [note, setNote] = useState("");
  const [shown, setShown] = useState(false);
  const report = useMutation(trpc.schedule.report.mutationOptions({ onSuccess: () => (setShown(false), onDone()) }));
  const confirm = useMutation(trpc.schedule.confirm.mutationOptions({ onSuccess: onDone }));
  const dispute = useMutation(trpc.schedule.dispute.mutationOptions({ onSuccess: onDone }));
  const r = b.report;
  const line = r ? b.players.map((p) => `${p.name} ${r.scores[p.userId] ?? "?"}`).join(" – ") : "";
  return (
    <div className="space-y-2">
      {r && r.status === "pending" && !r.mine ? (
        <div className="space-y-2 rounded border border-amber-200 bg-amber-50 p-2" data-testid="their-report">
          <p>{r.byName} reports: <strong>{line}</strong>{r.note ? ` (“${r.note}”)` : ""}</p>
          <div className="flex flex-wrap items-center gap-2">
            <button className={buttonClass} disabled={confirm.isPending} onClick={() => confirm.mutate({ reportId: r.id })}>Confirm this result</button>
            <input className={input} aria-label="Why you dispute it" placeholder="Why you dispute it" value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
            <button className={secondaryButtonClass} disabled={dispute.isPending} onClick={() => dispute.mutate({ reportId: r.id, note })}>Dispute</button>
          </div>
        </div>
      ) : null}
      {r && r.status === "pending" && r.mine ? <p data-testid="my-report">You reported {line}; waiting for your opponent to confirm.</p> : null}
      {r && r.status === "disputed" ? <p className="text-amber-800" data-testid="disputed">The result is disputed: the director decides.</p> : null}
      {!b.matchId && !(r && r.status === "pending" && !r.mine) ? (
        shown ? (
          <form
            className="flex flex-wrap items-end gap-2"
            data-testid="report-form"
            onSubmit={(e) => {
              e.preventDefault();
              report.mutate({ pairingId: b.pairingId, scores: Object.fromEntries(b.players.map((p) => [p.userId, Number(scores[p.userId] ?? "")])), note });
            }}
          >
            {b.players.map((p) => (
              <label key={p.userId} className="flex flex-col">
                <span className="text-slate-600">{p.name}</span>
                <input type="number" inputMode="numeric" required className={`${input} w-24`} value={scores[p.userId] ?? ""} onChange={(e) => setScores((s) => ({ ...s, [p.userId]: e.target.value }))} />
              </label>
            ))}
            <button type="submit" className={buttonClass} disabled={report.isPending}>Send the result</button>
          </form>
        ) : (
          <button className={secondaryButtonClass} onClick={() => setShown(true)}>{r?.mine ? "Report it again" : "Report the result (played over the board)"}</button>
        )
      ) : null}
      <FormError message={errorSentence(report.error ?? confirm.error ?? dispute.error)} />
    </div>
  );
}
