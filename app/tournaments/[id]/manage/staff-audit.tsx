"use client";
/** The dashboard's staff (add a judge or a director by e-mail) and the audit log. */
import { FormError } from "@/app/_components/form";
import { errorSentence } from "@/app/_trpc/errors";
import { Section, secondaryButtonClass } from "@/app/clubs/_components/ui";
import { formatDate } from "../../_components/ui";
import type { Dashboard, DirectorActions, TournamentData } from "./use-dashboard";

export function StaffSection({ id, staff, add }: { id: string; staff: TournamentData["staff"]; add: DirectorActions["staff"] }) {
  return (
    <Section title="Staff">
      <ul className="text-sm">{staff.map((s) => <li key={s.userId}>{s.name} — {s.role}</li>)}</ul>
      <p className="text-xs text-slate-500">Club owners and directors direct every club tournament.</p>
      <form
        className="mt-2 flex flex-wrap gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          add.mutate({ tournamentId: id, email: String(f.get("staffEmail")), role: f.get("staffRole") as "judge" });
        }}
      >
        <input name="staffEmail" type="email" aria-label="Staff e-mail" placeholder="e-mail" className="rounded border border-slate-300 px-2 py-1 text-sm" />
        <select name="staffRole" aria-label="Staff role" className="rounded border border-slate-300 px-2 py-1 text-sm">
          <option value="judge">judge</option>
          <option value="director">director</option>
        </select>
        <button className={secondaryButtonClass} type="submit">Add</button>
      </form>
      <FormError message={errorSentence(add.error)} />
    </Section>
  );
}

export function AuditLog({ audit }: { audit: Dashboard["audit"] }) {
  return (
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
  );
}
