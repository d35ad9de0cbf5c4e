"use client";
/**
 * The dashboard's self-scheduled games (docs/competitions.md): a round's play-by window (set or
 * cleared), and "Unplayed and disputed" — the boards past their deadline without a result, which
 * wait for the director's decision (forfeit to whom with a reason, double forfeit, or a new
 * deadline; each board once), and the boards whose reported result the opponent disputed (decided
 * with the round's normal result entry below).
 */
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers/_app";
import { useTRPC } from "@/app/_trpc/client";
import { errorSentence } from "@/app/_trpc/errors";
import { FormError, dateTimeLocalValue } from "@/app/_components/form";
import { Section, buttonClass, secondaryButtonClass } from "@/app/clubs/_components/ui";

type Panel = inferRouterOutputs<AppRouter>["schedule"]["unplayed"];
type Board = Panel["boards"][number];

const when = (d: Date | string) => new Date(d).toLocaleString(undefined, { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });
const input = "rounded border border-slate-300 px-2 py-1.5 text-sm";
const DECIDED: Record<string, string> = { forfeit: "forfeit", "double-forfeit": "double forfeit", extend: "deadline extended" };

export function SchedulePanel({ tournamentId }: { tournamentId: string }) {
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.schedule.unplayed.queryOptions({ tournamentId }), refetchInterval: 30_000 });
  if (!q.data) return null;
  const open = q.data.rounds.filter((r) => r.status !== "closed");
  return (
    <Section title="Play-by windows and unplayed games" testId="schedule-panel">
      {open.length ? <WindowForm tournamentId={tournamentId} rounds={open} /> : <p className="text-sm text-slate-600">Pair a round to give it a play-by window.</p>}
      <h3 className="mt-4 font-semibold">Unplayed and disputed</h3>
      {q.data.boards.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="unplayed-empty">No game is waiting for a decision.</p>
      ) : (
        <ul className="mt-2 space-y-3">
          {q.data.boards.map((b) => (
            <li key={b.pairingId} className="rounded border border-amber-200 bg-amber-50 p-3 text-sm" data-testid="unplayed-board">
              <BoardDecision tournamentId={tournamentId} b={b} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function WindowForm({ tournamentId, rounds }: { tournamentId: string; rounds: Panel["rounds"] }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [number, setNumber] = useState(rounds.at(-1)!.number);
  const round = rounds.find((r) => r.number === number) ?? rounds.at(-1)!;
  const [from, setFrom] = useState(round.playFrom ? dateTimeLocalValue(new Date(round.playFrom).getTime()) : "");
  const [by, setBy] = useState(round.playBy ? dateTimeLocalValue(new Date(round.playBy).getTime()) : "");
  const save = useMutation(trpc.schedule.setWindow.mutationOptions({ onSuccess: () => qc.invalidateQueries({ queryKey: trpc.schedule.pathKey() }) }));
  function pick(n: number) {
    const r = rounds.find((x) => x.number === n)!;
    setNumber(n);
    setFrom(r.playFrom ? dateTimeLocalValue(new Date(r.playFrom).getTime()) : "");
    setBy(r.playBy ? dateTimeLocalValue(new Date(r.playBy).getTime()) : "");
  }
  return (
    <form
      className="flex flex-wrap items-end gap-2 text-sm"
      data-testid="window-form"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ tournamentId, roundNumber: number, playFrom: from ? new Date(from) : null, playBy: by ? new Date(by) : null });
      }}
    >
      <label className="flex flex-col">
        <span className="text-slate-600">Round</span>
        <select className={input} value={number} onChange={(e) => pick(Number(e.target.value))}>
          {rounds.map((r) => <option key={r.number} value={r.number}>Round {r.number}{r.playBy ? ` (by ${when(r.playBy)})` : ""}</option>)}
        </select>
      </label>
      <label className="flex flex-col">
        <span className="text-slate-600">Play from</span>
        <input type="datetime-local" className={input} value={from} onChange={(e) => setFrom(e.target.value)} />
      </label>
      <label className="flex flex-col">
        <span className="text-slate-600">Play by</span>
        <input type="datetime-local" className={input} value={by} onChange={(e) => setBy(e.target.value)} />
      </label>
      <button type="submit" className={buttonClass} disabled={save.isPending}>Set the window</button>
      {round.playBy ? (
        <button type="button" className={secondaryButtonClass} disabled={save.isPending} onClick={() => save.mutate({ tournamentId, roundNumber: number, playFrom: null, playBy: null })}>
          Clear it
        </button>
      ) : null}
      {save.isSuccess ? <span role="status" className="text-emerald-800">Saved.</span> : null}
      <div className="w-full"><FormError message={errorSentence(save.error)} /></div>
    </form>
  );
}

export function BoardDecision({ tournamentId, b }: { tournamentId: string; b: Board }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [choice, setChoice] = useState<string>("");
  const [reason, setReason] = useState("");
  const [until, setUntil] = useState("");
  const decide = useMutation(trpc.schedule.decide.mutationOptions({ onSuccess: () => qc.invalidateQueries({ queryKey: trpc.schedule.pathKey() }) }));
  const name = (id: string) => b.players.find((p) => p.userId === id)?.name ?? "?";
  const vs = b.players.map((p) => p.name).join(" v ");
  return (
    <div className="space-y-2">
      <p className="font-medium">
        Round {b.round}, table {b.table}: {vs} · {b.kind === "disputed" ? "result disputed" : `unplayed${b.deadline ? `, deadline ${when(b.deadline)}` : ""}`}
      </p>
      {b.lastDecision ? <p className="text-xs text-slate-600">Last decision: {DECIDED[b.lastDecision.decision]} by {b.lastDecision.byName}, {when(b.lastDecision.at)}</p> : null}
      {b.scheduledAt ? <p className="text-xs text-slate-600">Agreed time was {when(b.scheduledAt)}.</p> : null}
      {b.proposals.length ? (
        <ul className="list-disc pl-5 text-xs text-slate-700">
          {b.proposals.map((p, i) => (
            <li key={i}>{name(p.proposedBy)} proposed {p.times.map(when).join(", ")} ({p.status}){p.note ? ` — “${p.note}”` : ""}</li>
          ))}
        </ul>
      ) : b.kind === "unplayed" ? <p className="text-xs text-slate-600">No times were proposed.</p> : null}
      {b.report ? (
        <p className="text-xs text-slate-700">
          {name(b.report.reportedBy)} reported {b.players.map((p) => `${p.name} ${b.report!.scores[p.userId] ?? "?"}`).join(" – ")} ({b.report.status}){b.report.note ? ` — ${b.report.note}` : ""}
        </p>
      ) : null}
      {b.kind === "disputed" ? (
        <p className="text-xs">Enter the result in the round&apos;s results below: that decides the dispute.</p>
      ) : (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const [decision, who] = choice.split(":");
            decide.mutate({
              tournamentId,
              pairingId: b.pairingId,
              decision: decision as "forfeit" | "double-forfeit" | "extend",
              forfeitUserId: who ?? null,
              playBy: until ? new Date(until) : null,
              reason,
            });
          }}
        >
          <label className="flex flex-col">
            <span className="text-slate-600">Decision</span>
            <select className={input} value={choice} onChange={(e) => setChoice(e.target.value)} required aria-label={`Decision for table ${b.table}`}>
              <option value="">choose…</option>
              {b.players.map((p) => <option key={p.userId} value={`forfeit:${p.userId}`}>{p.name} forfeits</option>)}
              <option value="double-forfeit">Double forfeit</option>
              <option value="extend">Extend the deadline</option>
            </select>
          </label>
          {choice === "extend" ? (
            <label className="flex flex-col">
              <span className="text-slate-600">New deadline</span>
              <input type="datetime-local" className={input} value={until} onChange={(e) => setUntil(e.target.value)} required />
            </label>
          ) : (
            <label className="flex flex-col">
              <span className="text-slate-600">Reason (the players read it)</span>
              <input className={input} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
            </label>
          )}
          <button type="submit" className={buttonClass} disabled={!choice || decide.isPending}>Decide</button>
        </form>
      )}
      <FormError message={errorSentence(decide.error)} />
    </div>
  );
}
