"use client";
/**
 * "Best play here" on the judge's desk (docs/analysis.md): the best plays for the position on the
 * board and the rack typed, from the exact generator within a deadline (`analysis.bestHere`). A
 * list that the deadline cut says so ("unproven"). The disputed play is not part of the position.
 * Each play is shown as the whole line it makes on the board ("672+42+5=719 at A4 across", the
 * engine's `formedLines`), not the new tiles alone. Each is a button that draws that play on the
 * desk's board (`onShow`; pressed again, or any change to the position, takes it off).
 */
import { useEffect, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { formErrors } from "@/app/_trpc/errors";
import { FormError } from "@/app/_components/form";
import { playLinesText, rulesetFor, type AdjudicationRequest, type Placement } from "@/engine";

const secondary = "rounded border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50 disabled:opacity-60";

export function BestHere({ request, onShow }: { request: AdjudicationRequest; onShow: (play: readonly Placement[] | null) => void }) {
  const trpc = useTRPC();
  const best = useMutation(trpc.analysis.bestHere.mutationOptions());
  // the play drawn belongs to the position it was chosen in (the desk keys it the same way)
  const [pick, setPick] = useState<{ request: AdjudicationRequest; index: number } | null>(null);
  const chosen = pick?.request === request ? pick.index : null;
  const { reset } = best;
  // an answer belongs to the position it was asked for
  useEffect(() => reset(), [request, reset]);
  const choose = (i: number, play: readonly Placement[]) => {
    const again = chosen === i;
    setPick(again ? null : { request, index: i });
    onShow(again ? null : play);
  };
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
                  <button
                    type="button"
                    aria-pressed={i === chosen}
                    title="Show this play on the board"
                    className={`rounded px-1 py-0.5 text-left hover:bg-sky-100 ${i === chosen ? "bg-sky-100 ring-1 ring-sky-600" : ""}`}
                    onClick={() => choose(i, p.placements)}
                  >
                    <span className="font-mono">{playLinesText(rulesetFor(request.ruleset, request.options), request.board, p.placements)}</span> — {p.score}
                  </button>
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
