"use client";
/** The results of a published or closed round: the whole-round entry, then a row per board (its
 * online game's state, a score box per player, the forfeit) and the byes. */
import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { Field, FormError } from "@/app/_components/form";
import { formErrors } from "@/app/_trpc/errors";
import { MAX_SCORE, scoreProblem, type LossReason } from "@/server/domain";
import { Section, secondaryButtonClass } from "@/app/clubs/_components/ui";
import { LOSS_REASON_LABELS, ROUND_STATUS_LABELS } from "@/app/_lib/labels";
import { ResultEntry } from "../../_components/result-entry";
import { BoardState, type BoardGame, type LiveBoard } from "../../_components/board-state";
import type { Dashboard, TournamentData } from "./use-dashboard";

type Pairing = { id: string; table: number; isBye: boolean; players: { userId: string; name: string; score: number | null }[]; forfeitUserId: string | null; doubleForfeit?: boolean; lossReason?: LossReason | null; reason: string; version: number; hasResult: boolean; resultSource: string | null; manual: boolean };

export function RoundResults({ tournamentId, round: r, d }: { tournamentId: string; round: TournamentData["rounds"][number]; d: Pick<Dashboard, "gameOf" | "liveOf" | "refresh"> }) {
  const { gameOf, liveOf, refresh } = d;
  return (
    <Section title={`Results · round ${r.number} (${ROUND_STATUS_LABELS[r.status]})`} testId={`results-round-${r.number}`}>
      <ResultEntry tournamentId={tournamentId} round={r} onSaved={refresh} />
      <table className="mt-3 w-full text-sm">
        <tbody>
          {r.pairings.filter((p) => !p.isBye).map((p) => (
            <ResultRow key={`${p.id}:${p.version}`} tournamentId={tournamentId} p={p} game={gameOf.get(p.id)} live={gameOf.get(p.id) ? liveOf.get(gameOf.get(p.id)!.matchId) : undefined} onSaved={refresh} />
          ))}
          {r.pairings.filter((p) => p.isBye).map((p) => (
            <tr key={p.id}><td className="py-1 pr-2">–</td><td className="py-1 text-slate-600">{p.players[0]?.name}: bye</td></tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

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
            {p.hasResult ? <span className="ml-2 text-xs text-emerald-700" data-testid="saved">{p.doubleForfeit ? "✓ double forfeit (enter scores to replace it)" : "✓ recorded"}</span> : null}
          </div>
        </form>
        {/* The server's refusal (a stale form, a bracket game without a winner…), as a sentence. */}
        <FormError message={server.fields.scores ?? server.fields.forfeitUserId ?? server.message} />
      </td>
    </tr>
  );
}
