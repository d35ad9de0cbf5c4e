"use client";
/**
 * The director's dashboard: registration and check-in, pair → adjust → publish → results → close,
 * result corrections, staff, and the audit log. Every button calls a director-only procedure; the
 * server decides, this page only shows what it says.
 */
import Link from "next/link";
import { useParams } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { useTournamentLive } from "../../_components/use-tournament-live";
import { Field, FormError } from "@/app/_components/form";
import { errorSentence, formErrors } from "@/app/_trpc/errors";
import { LOSS_REASON_LABELS, MAX_SCORE, PAIRING_METHODS, methodForRound, scoreProblem, type LossReason, type PairingMethod } from "@/server/domain";
import { Section, buttonClass, dangerButtonClass, secondaryButtonClass } from "@/app/clubs/_components/ui";
import { FORMAT_LABELS, Loading, ROUND_STATUS_LABELS, STATUS_LABELS, TournamentTabs, formatDate } from "../../_components/ui";
import { GameSettingsForm } from "@/app/tournaments/_components/game-settings";
import { ResultEntry } from "../../_components/result-entry";
import { RoundClock, StartRoundForm, clockedRound } from "../../_components/round-clock";
import { BoardState, type BoardGame, type LiveBoard } from "../../_components/board-state";
import { PrintLinks } from "../../_components/print-links";
import { SettingsForm } from "./settings-form";
import { AddPlayers } from "./settings-add-players";
import { ForbiddenPairsForm, SeedsForm } from "./settings-pairs";
import { PairingPlanForm } from "./pairing-plan";
import { ConfirmDialog } from "../../_components/confirm-dialog";

type Pairing = { id: string; table: number; isBye: boolean; players: { userId: string; name: string; score: number | null }[]; forfeitUserId: string | null; lossReason?: LossReason | null; reason: string; version: number; hasResult: boolean; resultSource: string | null; manual: boolean };

/** One board's result: a score box per player, checked with the server's own rule (`scoreProblem`)
 * so each mistake reads as a sentence under its box; the server's refusals read as a sentence
 * under the row (`formErrors`), never as raw JSON. */
function ResultRow({ tournamentId, p, game, live, onSaved }: { tournamentId: string; p: Pairing; game: BoardGame | undefined; live: LiveBoard | undefined; onSaved: () => void }) {
  const running = game?.status === "active";
  const trpc = useTRPC();
  const save = useMutation(trpc.tournaments.enterResult.mutationOptions({ onSuccess: onSaved }));
  const [forfeit, setForfeit] = useState(p.forfeitUserId ?? "");
  const [boxErrors, setBoxErrors] = useState<Record<string, string>>({});
  const server = formErrors(save.error);
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const raw = Object.fromEntries(p.players.map((pl) => [pl.userId, String(f.get(pl.userId) ?? "")]));
    const errors = Object.fromEntries(p.players.flatMap((pl) => {
      const text = raw[pl.userId]!.trim();
      const message = scoreProblem(text === "" ? undefined : Number(text));
      return message ? [[pl.userId, message === "Enter a score." ? `Enter a score for ${pl.name}.` : message]] : [];
    }));
    setBoxErrors(errors);
    if (Object.keys(errors).length > 0) return save.reset();
    const scores = Object.fromEntries(p.players.map((pl) => [pl.userId, Number(raw[pl.userId])]));
    save.mutate({ tournamentId, pairingId: p.id, scores, forfeitUserId: forfeit || null, expectedVersion: p.version });
  }
  return (
    <tr className="border-b border-slate-100 align-top" data-testid="result-row">
      <td className="py-1 pr-2">{p.table}</td>
      <td className="py-1" colSpan={3}>
        <p className="text-sm">
          <span data-testid="first-player">{p.players[0]?.name}</span> v <span data-testid="second-player">{p.players[1]?.name}</span>
          {running ? (
            <span className="ml-2 text-xs text-amber-800" data-testid="game-running">
              Their online game is still being played: saving a result ends it.
            </span>
          ) : null}
        </p>
        <BoardState pairingId={p.id} hasResult={p.hasResult} resultSource={p.resultSource} game={game} live={live} onChanged={onSaved} />
        <form onSubmit={submit} noValidate className="mt-1 flex flex-wrap items-start gap-2">
          {p.players.map((pl) => (
            <div key={pl.userId} className="w-40">
              <Field
                label={`Score for ${pl.name}`}
                id={`score-${p.id}-${pl.userId}`}
                name={pl.userId}
                type="number"
                inputMode="numeric"
                min={0}
                max={MAX_SCORE}
                step={1}
                required
                defaultValue={pl.score ?? ""}
                error={boxErrors[pl.userId]}
              />
            </div>
          ))}
          <div className="space-y-1">
            <label htmlFor={`forfeit-${p.id}`} className="block text-sm font-medium text-slate-700">Forfeit</label>
            <select id={`forfeit-${p.id}`} value={forfeit} onChange={(e) => setForfeit(e.target.value)} className="rounded border border-slate-300 px-1 py-2 text-sm">
              <option value="">no forfeit</option>
              {p.players.map((pl) => (
                // A game lost by resigning or on time was played (rated, real scores): say so, not "forfeit".
                <option key={pl.userId} value={pl.userId}>
                  {pl.userId === p.forfeitUserId && (p.lossReason === "resign" || p.lossReason === "timeout") ? `${pl.name} ${LOSS_REASON_LABELS[p.lossReason]}` : `forfeit by ${pl.name}`}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1 pt-6">
            <button type="submit" className={secondaryButtonClass} disabled={save.isPending}>
              {p.hasResult ? "Correct" : "Save"}
            </button>
            {p.hasResult ? <span className="ml-2 text-xs text-emerald-700" data-testid="saved">✓ recorded</span> : null}
          </div>
        </form>
        {/* The server's refusal (a stale form, a bracket game without a winner…), as a sentence. */}
        <FormError message={server.fields.scores ?? server.fields.forfeitUserId ?? server.message} />
      </td>
    </tr>
  );
}

export default function ManagePage() {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  useTournamentLive(id);
  const queryClient = useQueryClient();
  const q = useQuery({ ...trpc.tournaments.byId.queryOptions({ tournamentId: id }), retry: false });
  const audit = useQuery({ ...trpc.tournaments.audit.queryOptions({ tournamentId: id }), retry: false, enabled: q.data?.viewerRole === "director" });
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: trpc.tournaments.pathKey() }), queryClient.invalidateQueries({ queryKey: trpc.matches.pathKey() })]);
  // Boards whose online game is running: the director's result ends it (docs/tournaments.md "Results").
  const boardIds = (q.data?.rounds ?? []).filter((r) => r.status !== "draft").flatMap((r) => r.pairings.filter((p) => !p.isBye).map((p) => p.id)).slice(-500);
  const games = useQuery({ ...trpc.matches.forPairings.queryOptions({ pairingIds: boardIds }), enabled: boardIds.length > 0 && q.data?.viewerRole === "director" });
  const gameOf = new Map((games.data ?? []).map((g) => [g.pairingId, g]));
  // Live score and clocks of the boards in play (refreshed while any game runs).
  const anyPlaying = (games.data ?? []).some((g) => g.status === "active");
  const live = useQuery({ ...trpc.matches.liveNow.queryOptions({ tournamentId: id, limit: 100 }), enabled: anyPlaying && q.data?.viewerRole === "director", refetchInterval: 5_000 });
  const liveOf = new Map((live.data?.games ?? []).map((g) => [g.id, g]));
  const m = (o: object) => ({ ...o, onSuccess: refresh });
  const checkIn = useMutation(trpc.tournaments.players.checkIn.mutationOptions(m({})));
  const checkInAll = useMutation(trpc.tournaments.players.checkInAll.mutationOptions(m({})));
  const withdraw = useMutation(trpc.tournaments.players.withdraw.mutationOptions(m({})));
  const pair = useMutation(trpc.tournaments.rounds.pair.mutationOptions(m({})));
  const publish = useMutation(trpc.tournaments.rounds.publish.mutationOptions(m({})));
  const close = useMutation(trpc.tournaments.rounds.close.mutationOptions(m({})));
  const deleteDraft = useMutation(trpc.tournaments.rounds.deleteDraft.mutationOptions(m({})));
  const swap = useMutation(trpc.tournaments.rounds.swap.mutationOptions(m({})));
  const flip = useMutation(trpc.tournaments.rounds.flip.mutationOptions(m({})));
  const staff = useMutation(trpc.tournaments.staff.add.mutationOptions(m({})));
  const [swapA, setSwapA] = useState("");
  const [swapB, setSwapB] = useState("");
  // A swap the server warned about (forbidden pair, repeat, second bye): applied only once confirmed.
  const [swapWarning, setSwapWarning] = useState<{ roundNumber: number; a: string; b: string; warnings: string[] } | null>(null);
  // The method for the next round: "" = the pairing plan's.
  const [pairMethod, setPairMethod] = useState<"" | PairingMethod>("");
  function trySwap(input: { roundNumber: number; a: string; b: string }, confirm = false) {
    swap.mutate({ tournamentId: id, ...input, confirm }, { onSuccess: (r) => setSwapWarning(r.applied ? null : { ...input, warnings: r.warnings }), onError: () => setSwapWarning(null) });
  }
  // A refusal to pair ("check in at least 2 players") is stale once the field changed after it.
  const pairError = pair.submittedAt > Math.max(checkIn.submittedAt, checkInAll.submittedAt, withdraw.submittedAt) ? pair.error : null;
  const roundError = errorSentence(pairError ?? publish.error ?? close.error ?? deleteDraft.error ?? swap.error ?? flip.error);

  return (
    <Loading q={q}>
      {() => {
        const { tournament: t, club, entries, rounds, viewerRole, serverNow } = q.data!;
        if (viewerRole !== "director")
          return (
            <div className="space-y-2">
              <h1 className="text-2xl font-semibold">Directors only</h1>
              <p>Only this tournament&apos;s directors (and the club&apos;s owners and directors) can run it.</p>
              <Link href={`/tournaments/${id}`} className="text-indigo-700 underline">Back to the tournament</Link>
            </div>
          );
        const last = rounds.at(-1);
        const draft = last?.status === "draft" ? last : null;
        const open = rounds.filter((r) => r.status !== "draft").reverse();
        const checkedIn = entries.filter((e) => e.status === "checked-in").length;
        const clocked = clockedRound(rounds);
        const next = (last?.number ?? 0) + 1;
        // Swiss and King of the Hill: the plan's method for the next round (others fix their rounds).
        const planned = t.format === "swiss" || t.format === "king-of-the-hill" ? methodForRound(t.format, t.pairingPlan, next) : null;
        return (
          <div className="space-y-6">
            <div>
              <h1 className="text-2xl font-bold">{t.name}: director&apos;s dashboard</h1>
              <p className="text-sm text-slate-500">
                <Link href={`/clubs/${club.handle}`} className="hover:underline" data-testid="dashboard-club">{club.name}</Link> · {STATUS_LABELS[t.status]} · {checkedIn} checked in · {entries.length} entries · starts {formatDate(t.startsAt)}
              </p>
            </div>
            <TournamentTabs id={id} current="manage" elimination={t.format.endsWith("elimination")} director />
            {t.status === "finished" ? (
              <p className="rounded border border-emerald-300 bg-emerald-50 px-3 py-2 text-emerald-900" role="status" data-testid="finished-banner">
                This tournament is finished. <Link href={`/tournaments/${id}/standings`} className="underline">Final standings</Link>
              </p>
            ) : null}

            <Section title="Rounds" testId="round-control">
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-sm" data-testid="round-state">
                  {last ? `Round ${last.number}: ${last.status}` : "No round paired yet"}
                </span>
                {t.status !== "finished" && (!last || last.status === "closed") ? (
                  <>
                    {planned ? (
                      <select
                        aria-label={`Method for round ${next}`}
                        value={pairMethod}
                        onChange={(e) => setPairMethod(e.target.value as "" | PairingMethod)}
                        className="rounded border border-slate-300 px-2 py-1.5 text-sm"
                        data-testid="pair-method"
                      >
                        <option value="">{`By the plan: ${FORMAT_LABELS[planned]}`}</option>
                        {PAIRING_METHODS.map((m) => (
                          <option key={m.code} value={m.code}>{`${FORMAT_LABELS[m.code]} (this round only)`}</option>
                        ))}
                      </select>
                    ) : null}
                    <button
                      className={buttonClass}
                      disabled={pair.isPending}
                      onClick={() => pair.mutate({ tournamentId: id, ...(pairMethod ? { method: pairMethod } : {}) }, { onSuccess: () => setPairMethod("") })}
                    >
                      Pair round {next}
                    </button>
                  </>
                ) : null}
                {draft ? (
                  <>
                    <button className={buttonClass} disabled={publish.isPending} onClick={() => publish.mutate({ tournamentId: id, roundNumber: draft.number })}>
                      Publish round {draft.number}
                    </button>
                    <button className={dangerButtonClass} disabled={deleteDraft.isPending} onClick={() => deleteDraft.mutate({ tournamentId: id, roundNumber: draft.number })}>
                      Delete draft (to re-pair)
                    </button>
                  </>
                ) : null}
                {last?.status === "published" ? (
                  <button className={buttonClass} disabled={close.isPending} onClick={() => close.mutate({ tournamentId: id, roundNumber: last.number })}>
                    Close round {last.number}
                  </button>
                ) : null}
              </div>
              <FormError message={roundError} />
              {open[0] ? <PrintLinks tournamentId={id} round={open[0].number} /> : null}
              {last?.status === "published" ? (
                <div className="mt-4 space-y-3">
                  {clocked ? <RoundClock round={clocked} serverNow={serverNow} /> : null}
                  <StartRoundForm
                    key={`${last.number}:${last.durationMs ?? 0}`}
                    tournamentId={id}
                    round={last}
                    defaultMinutes={Math.ceil((2 * t.timeControl.initialMs) / 60_000) + 10}
                    onStarted={refresh}
                  />
                </div>
              ) : null}
              {draft ? (
                <div className="mt-4 space-y-2" data-testid="draft">
                  <h3 className="font-semibold">Draft of round {draft.number}</h3>
                  {draft.pairingMethod ? (
                    <p className="text-sm text-slate-600" data-testid="draft-method">
                      Paired by {PAIRING_METHODS.find((m) => m.code === draft.pairingMethod)?.description ?? draft.pairingMethod}
                    </p>
                  ) : null}
                  {draft.notes.length ? <ul className="list-disc pl-5 text-xs text-amber-800">{draft.notes.map((n) => <li key={n}>{n}</li>)}</ul> : null}
                  <table className="w-full text-sm">
                    <tbody>
                      {draft.pairings.map((p) => (
                        <tr key={p.id} className="border-b border-slate-100 align-top" data-testid="draft-row">
                          <td className="py-1 pr-2">{p.isBye ? "bye" : p.table}</td>
                          <td className="py-1 pr-2">{p.players.map((x) => x.name).join(" v ")}{p.manual ? " (manual)" : ""}</td>
                          <td className="py-1 pr-2 text-xs text-slate-500">{p.reason}</td>
                          <td className="py-1">
                            {!p.isBye ? <button className="text-xs text-indigo-700 underline" onClick={() => flip.mutate({ tournamentId: id, pairingId: p.id })}>swap first move</button> : null}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                  <div className="flex flex-wrap items-center gap-2 text-sm">
                    <span>Swap</span>
                    {[
                      [swapA, setSwapA, "Swap player A"],
                      [swapB, setSwapB, "Swap player B"],
                    ].map(([v, set, label]) => (
                      <select key={label as string} aria-label={label as string} value={v as string} onChange={(e) => (set as (x: string) => void)(e.target.value)} className="rounded border border-slate-300 px-2 py-1">
                        <option value="">choose…</option>
                        {draft.pairings.flatMap((p) => p.players).map((x) => (
                          <option key={x.userId} value={x.userId}>{x.name}</option>
                        ))}
                      </select>
                    ))}
                    <button className={secondaryButtonClass} disabled={!swapA || !swapB || swap.isPending} onClick={() => trySwap({ roundNumber: draft.number, a: swapA, b: swapB })}>
                      Swap
                    </button>
                  </div>
                  <ConfirmDialog
                    open={!!swapWarning}
                    title="Swap anyway?"
                    confirmLabel="Swap anyway"
                    testId="swap-warning"
                    onConfirm={() => swapWarning && trySwap(swapWarning, true)}
                    onCancel={() => setSwapWarning(null)}
                  >
                    <ul className="list-disc space-y-1 pl-5 text-sm text-amber-900">
                      {(swapWarning?.warnings ?? []).map((w) => <li key={w}>{w}</li>)}
                    </ul>
                  </ConfirmDialog>
                </div>
              ) : null}
            </Section>

            {open.map((r) => (
              <Section key={r.number} title={`Results · round ${r.number} (${ROUND_STATUS_LABELS[r.status]})`} testId={`results-round-${r.number}`}>
                <ResultEntry tournamentId={id} round={r} onSaved={refresh} />
                <table className="mt-3 w-full text-sm">
                  <tbody>
                    {r.pairings.filter((p) => !p.isBye).map((p) => (
                      <ResultRow key={`${p.id}:${p.version}`} tournamentId={id} p={p} game={gameOf.get(p.id)} live={gameOf.get(p.id) ? liveOf.get(gameOf.get(p.id)!.matchId) : undefined} onSaved={refresh} />
                    ))}
                    {r.pairings.filter((p) => p.isBye).map((p) => (
                      <tr key={p.id}><td className="py-1 pr-2">–</td><td className="py-1 text-slate-600">{p.players[0]?.name}: bye</td></tr>
                    ))}
                  </tbody>
                </table>
              </Section>
            ))}

            <div className="grid gap-6 lg:grid-cols-2">
              <Section title="Registration and check-in" testId="registration">
                <AddPlayers
                  tournamentId={id}
                  status={t.status}
                  onAdded={() => {
                    pair.reset(); // a refusal to pair ("check in at least 2 players") is stale now
                    void refresh();
                  }}
                />
                {t.status === "registration" ? (
                  <button className={`${secondaryButtonClass} mt-2`} onClick={() => checkInAll.mutate({ tournamentId: id })}>Check in everyone</button>
                ) : null}
                {checkInAll.data ? (
                  <p role="status" className="mt-1 text-sm text-emerald-800" data-testid="checked-in-all">
                    {checkInAll.data.count === 0 ? "Everyone was already checked in." : `Checked in ${checkInAll.data.count}: ${checkInAll.data.names.join(", ")}.`}
                  </p>
                ) : null}
                <FormError message={errorSentence(checkIn.error ?? checkInAll.error ?? withdraw.error)} />
                <ul className="mt-3 divide-y divide-slate-100 text-sm" data-testid="entry-list">
                  {entries.map((e) => (
                    <li key={e.userId} className="flex flex-wrap items-center justify-between gap-2 py-1">
                      <span>
                        {e.seed ? `${e.seed}. ` : ""}
                        {e.name} <span className="text-xs text-slate-500">{e.email}</span>
                      </span>
                      <span className="flex items-center gap-2 text-xs">
                        <span data-testid="entry-status">{e.status}{e.joinedRound > 1 ? ` (from round ${e.joinedRound})` : ""}</span>
                        {t.status === "registration" ? (
                          <button className="text-indigo-700 underline" onClick={() => checkIn.mutate({ tournamentId: id, userId: e.userId, checkedIn: e.status !== "checked-in" })}>
                            {e.status === "checked-in" ? "undo check-in" : "check in"}
                          </button>
                        ) : null}
                        {e.status !== "withdrawn" && t.status !== "finished" ? (
                          <button
                            className="text-red-700 underline"
                            onClick={() => {
                              if (window.confirm(`Withdraw ${e.name}?`)) withdraw.mutate({ tournamentId: id, userId: e.userId });
                            }}
                          >
                            withdraw
                          </button>
                        ) : null}
                      </span>
                    </li>
                  ))}
                </ul>
              </Section>

              <div className="space-y-6">
                {t.format === "swiss" || t.format === "king-of-the-hill" ? (
                  <PairingPlanForm tournamentId={id} format={t.format} rounds={t.rounds} plan={t.pairingPlan} status={t.status} paired={last?.number ?? 0} />
                ) : null}
                <ForbiddenPairsForm tournamentId={id} status={t.status} format={t.format} entries={entries} />
                <SeedsForm tournamentId={id} status={t.status} entries={entries} />
                <GameSettingsForm tournamentId={id} preview={t.preview} noShowMinutes={t.noShowMinutes} />
                <Section title="Staff">
                  <ul className="text-sm">{q.data!.staff.map((s) => <li key={s.userId}>{s.name} — {s.role}</li>)}</ul>
                  <p className="text-xs text-slate-500">Club owners and directors direct every club tournament.</p>
                  <form
                    className="mt-2 flex flex-wrap gap-2"
                    onSubmit={(e) => {
                      e.preventDefault();
                      const f = new FormData(e.currentTarget);
                      staff.mutate({ tournamentId: id, email: String(f.get("staffEmail")), role: f.get("staffRole") as "judge" });
                    }}
                  >
                    <input name="staffEmail" type="email" aria-label="Staff e-mail" placeholder="e-mail" className="rounded border border-slate-300 px-2 py-1 text-sm" />
                    <select name="staffRole" aria-label="Staff role" className="rounded border border-slate-300 px-2 py-1 text-sm">
                      <option value="judge">judge</option>
                      <option value="director">director</option>
                    </select>
                    <button className={secondaryButtonClass} type="submit">Add</button>
                  </form>
                  <FormError message={errorSentence(staff.error)} />
                </Section>
                <Section title="Audit log" testId="audit-log">
                  <ol className="max-h-96 space-y-1 overflow-y-auto text-xs">
                    {(audit.data ?? []).map((a) => (
                      <li key={a.id} className="border-b border-slate-100 pb-1">
                        <span className="text-slate-500">{formatDate(a.createdAt)}</span> · <strong>{a.actorName ?? "system"}</strong> {a.summary}
                        {a.detail ? <span className="block pl-2 text-slate-700" data-testid="audit-detail">{a.detail}</span> : null}
                      </li>
                    ))}
                  </ol>
                </Section>
              </div>
            </div>
            <SettingsForm tournament={t} />
          </div>
        );
      }}
    </Loading>
  );
}
