"use client";
/**
 * Club settings for owners and directors. Owners edit details and roles; owners and directors
 * manage invites, join requests, removals and bulk add. The server checks every action again.
 */
import Link from "next/link";
import { useParams } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { formErrors } from "@/app/_trpc/errors";
import { Field, FormError } from "@/app/_components/form";
import type { AppRouter } from "@/server/routers/_app";
import type { inferRouterOutputs } from "@trpc/server";
import { Section, SelectField, SignInPrompt, TextAreaField, buttonClass, dangerButtonClass, secondaryButtonClass } from "../../_components/ui";
import { RULESET_NAMES, type RulesetId } from "@/engine";
import { ROLE_LABELS, VISIBILITY_LABELS } from "@/app/_lib/labels";

type ClubPageData = inferRouterOutputs<AppRouter>["clubs"]["byHandle"];

export default function ClubSettingsPage() {
  const { handle } = useParams<{ handle: string }>();
  const trpc = useTRPC();
  const me = useQuery(trpc.accounts.me.queryOptions());
  const page = useQuery({ ...trpc.clubs.byHandle.queryOptions({ handle }), retry: false });

  if (me.isPending || page.isPending) return <p>Loading…</p>;
  if (!me.data) return <SignInPrompt next={`/clubs/${handle}/settings`} what="to manage this club." />;
  if (page.error) return <FormError message={page.error.message} />;
  const role = page.data.membership?.role;
  if (role !== "owner" && role !== "director")
    return (
      <div className="space-y-3">
        <h1 className="text-2xl font-semibold">Club settings</h1>
        <p className="text-slate-700">Only owners and directors of {page.data.club.name} can open its settings.</p>
        <Link href={`/clubs/${handle}`} className="text-indigo-700 underline">Back to the club page</Link>
      </div>
    );

  const isOwner = role === "owner";
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Settings: {page.data.club.name}</h1>
        <Link href={`/clubs/${handle}`} className="text-sm text-indigo-700 underline">Back to the club page</Link>
      </div>
      {isOwner ? <DetailsSection data={page.data} /> : null}
      <MembersSection data={page.data} myId={me.data.id} isOwner={isOwner} />
      <InvitesSection clubId={page.data.club.id} />
      <JoinRequestsSection clubId={page.data.club.id} />
      <BulkAddSection clubId={page.data.club.id} />
    </div>
  );
}

function useRefreshClubs() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.clubs.pathKey() });
}

function DetailsSection({ data }: { data: ClubPageData }) {
  const trpc = useTRPC();
  const refresh = useRefreshClubs();
  const update = useMutation(trpc.clubs.update.mutationOptions({ onSuccess: refresh }));
  const errors = formErrors(update.error);
  const { club } = data;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    update.mutate({
      clubId: club.id,
      name: String(f.get("name") ?? ""),
      description: String(f.get("description") ?? ""),
      location: String(f.get("location") ?? ""),
      defaultRuleset: String(f.get("defaultRuleset")) as RulesetId,
      visibility: String(f.get("visibility")) as keyof typeof VISIBILITY_LABELS,
    });
  }

  return (
    <Section title="Club details" testId="details">
      <form onSubmit={onSubmit} className="max-w-xl space-y-4" noValidate>
        <FormError message={errors.message} />
        <Field label="Club name" name="name" defaultValue={club.name} error={errors.fields.name} />
        <TextAreaField label="Description" name="description" defaultValue={club.description} error={errors.fields.description} />
        <Field label="Location" name="location" defaultValue={club.location} error={errors.fields.location} />
        <SelectField label="Default game" name="defaultRuleset" options={RULESET_NAMES} defaultValue={club.defaultRuleset} error={errors.fields.defaultRuleset} />
        <SelectField label="Who can join" name="visibility" options={VISIBILITY_LABELS} defaultValue={club.visibility} error={errors.fields.visibility} />
        <div className="flex items-center gap-3">
          <button type="submit" className={buttonClass} disabled={update.isPending}>
            Save details
          </button>
          {update.isSuccess ? <span role="status" className="text-sm text-green-700">Saved.</span> : null}
        </div>
      </form>
    </Section>
  );
}

function MembersSection({ data, myId, isOwner }: { data: ClubPageData; myId: string; isOwner: boolean }) {
  const trpc = useTRPC();
  const refresh = useRefreshClubs();
  const setRole = useMutation(trpc.clubs.setRole.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.clubs.removeMember.mutationOptions({ onSuccess: refresh }));
  const error = setRole.error ?? remove.error;
  const clubId = data.club.id;

  return (
    <Section title="Members and roles" testId="manage-members">
      <FormError message={error?.message} />
      {setRole.isSuccess ? <p role="status" className="mb-2 text-sm text-green-700">Role saved.</p> : null}
      <table className="w-full text-left text-sm">
        <thead className="text-slate-500">
          <tr>
            <th className="py-1">Name</th>
            <th className="py-1">Role</th>
            <th className="py-1" />
          </tr>
        </thead>
        <tbody>
          {data.members.map((m) => (
            <tr key={m.userId} className="border-t border-slate-100" data-testid="manage-member-row">
              <td className="py-2">{m.name}{m.userId === myId ? " (you)" : ""}</td>
              <td className="py-2">
                {isOwner ? (
                  <select
                    aria-label={`Role of ${m.name}`}
                    value={m.role}
                    disabled={setRole.isPending}
                    onChange={(e) => setRole.mutate({ clubId, userId: m.userId, role: e.target.value as keyof typeof ROLE_LABELS })}
                    className="rounded border border-slate-300 px-2 py-1"
                  >
                    {Object.entries(ROLE_LABELS).map(([v, t]) => (
                      <option key={v} value={v}>{t}</option>
                    ))}
                  </select>
                ) : (
                  ROLE_LABELS[m.role]
                )}
              </td>
              <td className="py-2 text-right">
                {m.userId !== myId && (isOwner || m.role !== "owner") ? (
                  <button
                    className={dangerButtonClass}
                    disabled={remove.isPending}
                    onClick={() => {
                      if (window.confirm(`Remove ${m.name} from the club?`)) remove.mutate({ clubId, userId: m.userId });
                    }}
                  >
                    Remove
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

function InvitesSection({ clubId }: { clubId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invites = useQuery(trpc.clubs.invites.list.queryOptions({ clubId }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.clubs.invites.list.queryKey({ clubId }) });
  const create = useMutation(trpc.clubs.invites.create.mutationOptions({ onSuccess: refresh }));
  const revoke = useMutation(trpc.clubs.invites.revoke.mutationOptions({ onSuccess: refresh }));
  const errors = formErrors(create.error ?? revoke.error);
  const origin = typeof window === "undefined" ? "" : window.location.origin;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const maxUses = String(f.get("maxUses") ?? "").trim();
    create.mutate({ clubId, expiresInDays: Number(f.get("expiresInDays") || 7), maxUses: maxUses ? Number(maxUses) : null });
  }

  return (
    <Section title="Invite links" testId="invites">
      <form onSubmit={onSubmit} className="mb-4 flex flex-wrap items-end gap-3" noValidate>
        <div className="w-36">
          <Field label="Valid for (days)" name="expiresInDays" type="number" min={1} max={90} defaultValue={7} error={errors.fields.expiresInDays} />
        </div>
        <div className="w-36">
          <Field label="Maximum uses" name="maxUses" type="number" min={1} placeholder="unlimited" error={errors.fields.maxUses} />
        </div>
        <button type="submit" className={buttonClass} disabled={create.isPending}>
          Create invite link
        </button>
      </form>
      <FormError message={errors.message} />
      {invites.data && invites.data.length > 0 ? (
        <ul className="space-y-2 text-sm">
          {invites.data.map((inv) => (
            <li key={inv.id} className="flex flex-wrap items-center justify-between gap-2 rounded border border-slate-200 p-2" data-testid="invite-row">
              <div>
                <code className={inv.status === "active" ? "text-slate-900" : "text-slate-400 line-through"} data-testid={inv.status === "active" ? "invite-link" : undefined}>
                  {origin}/clubs/join/{inv.code}
                </code>
                <p className="text-xs text-slate-500">
                  {inv.status === "active" ? `expires ${inv.expiresAt.toLocaleDateString()}` : inv.status} · used {inv.uses}
                  {inv.maxUses !== null ? ` of ${inv.maxUses}` : ""} times
                  {inv.createdByName ? ` · by ${inv.createdByName}` : ""}
                </p>
              </div>
              {inv.status === "active" ? (
                <div className="flex gap-2">
                  <button className={secondaryButtonClass} onClick={() => navigator.clipboard?.writeText(`${origin}/clubs/join/${inv.code}`)}>
                    Copy
                  </button>
                  <button className={dangerButtonClass} disabled={revoke.isPending} onClick={() => revoke.mutate({ clubId, inviteId: inv.id })}>
                    Revoke
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No invite links yet.</p>
      )}
    </Section>
  );
}

function JoinRequestsSection({ clubId }: { clubId: string }) {
  const trpc = useTRPC();
  const refresh = useRefreshClubs();
  const requests = useQuery(trpc.clubs.requests.list.queryOptions({ clubId }));
  const decide = useMutation(trpc.clubs.requests.decide.mutationOptions({ onSuccess: refresh }));

  return (
    <Section title="Join requests" testId="join-requests">
      <FormError message={decide.error?.message} />
      {requests.data && requests.data.length > 0 ? (
        <ul className="space-y-2 text-sm">
          {requests.data.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 rounded border border-slate-200 p-2" data-testid="join-request-row">
              <div>
                <span className="font-medium">{r.name}</span> <span className="text-slate-500">{r.email}</span>
                {r.message ? <p className="text-slate-700">“{r.message}”</p> : null}
              </div>
              <div className="flex gap-2">
                <button className={buttonClass} disabled={decide.isPending} onClick={() => decide.mutate({ clubId, requestId: r.id, decision: "approve" })}>
                  Approve
                </button>
                <button className={secondaryButtonClass} disabled={decide.isPending} onClick={() => decide.mutate({ clubId, requestId: r.id, decision: "decline" })}>
                  Decline
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No pending requests.</p>
      )}
    </Section>
  );
}

function BulkAddSection({ clubId }: { clubId: string }) {
  const trpc = useTRPC();
  const refresh = useRefreshClubs();
  const bulk = useMutation(trpc.clubs.bulkAdd.mutationOptions({ onSuccess: refresh }));
  const errors = formErrors(bulk.error);
  const [emails, setEmails] = useState("");
  const report = bulk.data;

  return (
    <Section title="Add members by e-mail" testId="bulk-add">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          bulk.mutate({ clubId, emails });
        }}
        className="max-w-xl space-y-3"
        noValidate
      >
        <FormError message={errors.message} />
        <TextAreaField
          label="E-mail addresses (one a line, or separated by commas)"
          name="emails"
          value={emails}
          onChange={(e) => setEmails(e.target.value)}
          error={errors.fields.emails}
        />
        <button type="submit" className={buttonClass} disabled={bulk.isPending}>
          Add members
        </button>
      </form>
      {report ? (
        <dl className="mt-4 grid gap-2 text-sm" data-testid="bulk-report">
          <ReportLine label="Added" items={report.added} />
          <ReportLine label="Already members" items={report.alreadyMembers} />
          <ReportLine label="No account with this e-mail" items={report.unknown} />
          <ReportLine label="Not an e-mail address" items={report.invalid} />
        </dl>
      ) : null}
    </Section>
  );
}

function ReportLine({ label, items }: { label: string; items: string[] }) {
  return (
    <div>
      <dt className="font-medium">
        {label} ({items.length})
      </dt>
      <dd className="text-slate-600">{items.length ? items.join(", ") : "—"}</dd>
    </div>
  );
}
