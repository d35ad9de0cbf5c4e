"use client";
/**
 * "Best play here" on the judge's desk (docs/analysis.md): the best plays for the position on the
 * board and the rack typed, from the exact generator within a deadline (`analysis.bestHere`). A
 * list that the deadline cut says so ("unproven"). The disputed play is not part of the position.
 * Each play is shown as the whole line it makes on the board ("672+42+5=719 at A4 across", the
 * engine's `formedLines`), not the new tiles alone.
 */
import { useEffect } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { formErrors } from "@/app/_trpc/errors";
import { FormError } from "@/app/_components/form";
import { playLinesText, rulesetFor, type AdjudicationRequest } from "@/engine";

const secondary = "rounded border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50 disabled:opacity-60";

export function BestHere({ request }: { request: AdjudicationRequest }) {
  const trpc = useTRPC();
  const best = useMutation(trpc.analysis.bestHere.mutationOptions());
  const { reset } = best;
  // an answer belongs to the position it was asked for
  useEffect(() => reset(), [request, reset]);
  const error = best.error ? (formErrors(best.error).message ?? Object.values(formErrors(best.error).fields)[0] ?? "No answer.") : null;
  return (
    <section className="space-y-2" data-testid="best-here">
      <button
        type="button"
        className={secondary}
        disabled={best.isPending || !request.rack?.length}
        title={request.rack?.length ? undefined : "Type the rack of the player on move first"}
        onClick={() => best.mutate({ request: { ...request, play: [] }, top: 5 })}
      >
        {best.isPending ? "Searching…" : "Best play here"}
      </button>
      <FormError message={error} />
      {best.data ? (
        <div className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm">
          {best.data.plays.length === 0 ? (
            <p>No legal play with this rack.</p>
          ) : (
            <ol className="list-decimal pl-5" data-testid="best-here-plays">
              {best.data.plays.map((p, i) => (
                <li key={i}>
                  <span className="font-mono">{playLinesText(rulesetFor(request.ruleset, request.options), request.board, p.placements)}</span> — {p.score}
                </li>
              ))}
            </ol>
          )}
          <p className="text-xs text-slate-600">{best.data.complete ? "Proven best by the exact search." : "Unproven: the search was cut by its deadline."}</p>
        </div>
      ) : null}
    </section>
  );
}
