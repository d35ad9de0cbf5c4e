"use client";
/**
 * The profile's "API tokens" section (docs/api.md "Authentication"): make a personal API token
 * for a script (shown once, right after it is made: only its hash is stored), list your tokens
 * with when each was last used, and revoke one (two steps, so a slip does not break a script).
 */
import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers/_app";
import { API_TOKEN_SCOPES, type ApiTokenScope } from "@/server/domain";
import { useTRPC } from "@/app/_trpc/client";
import { formErrors } from "@/app/_trpc/errors";
import { Field, FormError, SubmitButton } from "@/app/_components/form";

type Token = inferRouterOutputs<AppRouter>["apiTokens"]["list"][number];

const SCOPE_LABELS: Record<ApiTokenScope, { label: string; hint: string }> = {
  read: { label: "Read", hint: "standings, pairings, games, ratings; adjudication" },
  "read-write": { label: "Read and write", hint: "also what you may do signed in, e.g. enter results as a director" },
};
const STATUS_LABELS: Record<Token["status"], string> = { active: "Active", revoked: "Revoked", ended: "Ended by a password change" };

const when = (d: Date | null) => (d ? d.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) : "never");

export function ApiTokensSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const tokens = useQuery(trpc.apiTokens.list.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.apiTokens.list.queryKey() });
  const create = useMutation(trpc.apiTokens.create.mutationOptions({ onSuccess: refresh }));
  const [scope, setScope] = useState<ApiTokenScope>("read");
  const [shown, setShown] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const errors = formErrors(create.error);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const name = String(new FormData(form).get("tokenName") ?? "");
    create.mutate(
      { name, scope },
      {
        onSuccess: ({ token }) => {
          setShown(token);
          setCopied(false);
          form.reset();
        },
      },
    );
  }

  async function copy(token: string) {
    try {
      await navigator.clipboard.writeText(token);
      setCopied(true);
    } catch {
      setCopied(false); // no clipboard (an insecure origin): the field is selected for a manual copy
    }
  }

  return (
    <section className="mx-auto max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm" aria-label="API tokens">
      <h2 className="mb-3 text-lg font-semibold">API tokens</h2>
      <p className="mb-4 text-sm text-slate-600">
        A script sends a token as <code className="whitespace-nowrap">Authorization: Bearer …</code> to act as you. See <a href="/api/openapi.json" className="text-indigo-700 underline">the API description</a>.
      </p>

      {shown ? (
        <div className="mb-4 space-y-2 rounded border border-amber-300 bg-amber-50 p-3" role="status" data-testid="new-token">
          <p className="text-sm font-medium text-amber-900">Copy your new token now: it will not be shown again.</p>
          <label htmlFor="new-token-value" className="sr-only">
            Your new API token
          </label>
          <input id="new-token-value" readOnly value={shown} onFocus={(e) => e.currentTarget.select()} className="w-full rounded border border-amber-300 bg-white px-2 py-1 font-mono text-xs" />
          <div className="flex gap-2">
            <button type="button" onClick={() => void copy(shown)} className="rounded border border-amber-400 px-3 py-1 text-sm">
              {copied ? "Copied" : "Copy"}
            </button>
            <button type="button" onClick={() => setShown(null)} className="rounded bg-amber-700 px-3 py-1 text-sm text-white">
              I have copied it
            </button>
          </div>
        </div>
      ) : null}

      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <FormError message={errors.message} />
        <Field label="Token name" name="tokenName" id="tokenName" maxLength={60} placeholder="e.g. standings board" error={errors.fields.name} />
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">May</legend>
          {API_TOKEN_SCOPES.map((s) => (
            <label key={s} className="flex items-start gap-2 text-sm">
              <input type="radio" name="tokenScope" value={s} checked={scope === s} onChange={() => setScope(s)} className="mt-1" />
              <span>
                {SCOPE_LABELS[s].label} <span className="text-slate-500">— {SCOPE_LABELS[s].hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <SubmitButton pending={create.isPending}>Create token</SubmitButton>
      </form>

      <h3 className="mb-2 mt-6 text-sm font-semibold">Your tokens</h3>
      {tokens.isPending ? <p className="text-sm">Loading…</p> : null}
      {tokens.data?.length === 0 ? <p className="text-sm text-slate-600">None yet.</p> : null}
      <ul className="space-y-3" aria-label="Your API tokens">
        {tokens.data?.map((t) => <TokenRow key={t.id} token={t} onRevoked={refresh} />)}
      </ul>
    </section>
  );
}

function TokenRow({ token: t, onRevoked }: { token: Token; onRevoked: () => void }) {
  const trpc = useTRPC();
  const revoke = useMutation(trpc.apiTokens.revoke.mutationOptions({ onSuccess: onRevoked }));
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="rounded border border-slate-200 p-3 text-sm" data-testid="api-token">
      <div className="flex flex-wrap items-baseline justify-between gap-x-2">
        <span className="break-all font-medium">{t.name}</span>
        <span className={t.status === "active" ? "text-green-700" : "text-slate-500"}>{STATUS_LABELS[t.status]}</span>
      </div>
      <p className="text-slate-600">
        <code>{t.prefix}…</code> · {SCOPE_LABELS[t.scope].label.toLowerCase()} · made {when(t.createdAt)} · last used {when(t.lastUsedAt)}
      </p>
      <FormError message={formErrors(revoke.error).message} />
      {t.status === "active" ? (
        confirming ? (
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <span>Scripts using it stop working.</span>
            <button type="button" onClick={() => revoke.mutate({ tokenId: t.id })} disabled={revoke.isPending} className="rounded bg-red-600 px-3 py-1 text-white">
              Revoke now
            </button>
            <button type="button" onClick={() => setConfirming(false)} className="rounded border border-slate-300 px-3 py-1">
              Keep it
            </button>
          </div>
        ) : (
          <button type="button" onClick={() => setConfirming(true)} className="mt-2 rounded border border-red-300 px-3 py-1 text-red-700" aria-label={`Revoke ${t.name}`}>
            Revoke
          </button>
        )
      ) : null}
    </li>
  );
}
