"use client";
/**
 * The dashboard's "Before round 1" panel (docs/entries.md): who has not checked in and which
 * waitlisted players are present, and one button that withdraws the absent and promotes the
 * present waitlisted players into the freed places, in one step on the server.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { errorSentence } from "@/app/_trpc/errors";
import { FormError } from "@/app/_components/form";
import { Section, buttonClass } from "@/app/clubs/_components/ui";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function StartStep({ id }: { id: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const check = useQuery({ ...trpc.tournaments.entries.startCheck.queryOptions({ tournamentId: id }), retry: false });
  const remove = useMutation(trpc.tournaments.entries.removeAbsent.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.tournaments.pathKey() }) }));
  const c = check.data;
  if (!c) return null;
  const absent = c.notCheckedIn.map((p) => p.name);
  const promote = c.wouldPromote;
  const nothing = absent.length === 0 && promote.length === 0;
  return (
    <Section title="Before round 1" testId="start-step">
      {nothing ? (
        <p className="text-sm text-slate-600">Everyone in the field has checked in{c.presentWaitlisted.length ? "; no place is free for the waitlisted players who are here" : ""}.</p>
      ) : (
        <div className="space-y-2">
          <p className="text-sm" data-testid="start-step-summary">
            {absent.length ? `${plural(absent.length, "player has", "players have")} not checked in: ${absent.join(", ")}.` : "Everyone in the field has checked in."}{" "}
            {promote.length ? `${plural(promote.length, "waitlisted player is", "waitlisted players are")} here and would take the free places: ${promote.join(", ")}.` : ""}
          </p>
          <button type="button" className={buttonClass} disabled={remove.isPending} onClick={() => remove.mutate({ tournamentId: id })}>
            {absent.length ? `Remove ${plural(absent.length, "absent player", "absent players")}` : "Fill the free places"}
            {promote.length ? ` and promote ${plural(promote.length, "present waitlisted player", "present waitlisted players")}` : ""}
          </button>
        </div>
      )}
      {remove.data ? (
        <p role="status" className="mt-2 text-sm text-emerald-800" data-testid="start-step-done">
          Removed: {remove.data.removed.join(", ") || "nobody"}. Promoted: {remove.data.promoted.join(", ") || "nobody"}.
        </p>
      ) : null}
      <FormError message={errorSentence(remove.error)} />
    </Section>
  );
}
