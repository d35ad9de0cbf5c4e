"use client";
/**
 * The outbox: mail the server kept instead of sending, because no SMTP server is configured
 * (`SMTP_URL` unset, the embedded default). Site admins only; they pass reset links on by hand.
 */
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { formErrors } from "@/app/_trpc/errors";
import { FormError } from "@/app/_components/form";

export default function OutboxPage() {
  const trpc = useTRPC();
  const outbox = useQuery({ ...trpc.accounts.outbox.queryOptions(), retry: false });
  return (
    <section className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-semibold">Outbox</h1>
      <p className="text-sm text-slate-600">
        No SMTP server is set up, so messages are kept here (14 days) and written to the server log. Pass a reset link on only to the person it is addressed to.
        To send real mail, set <code>SMTP_URL</code> (docs/deployment.md).
      </p>
      {outbox.isPending ? <p>Loading…</p> : null}
      {outbox.error ? (
        <>
          <FormError message={formErrors(outbox.error).message} />
          <Link href="/signin?next=/admin/outbox" className="text-sm text-indigo-700 underline">Sign in as a site admin</Link>
        </>
      ) : null}
      {outbox.data?.length === 0 ? <p className="text-sm">The outbox is empty.</p> : null}
      <ul className="space-y-3">
        {outbox.data?.map((m) => (
          <li key={m.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <p className="text-sm text-slate-600">
              To <strong className="text-slate-900">{m.to}</strong> · {m.createdAt.toLocaleString()}
            </p>
            <p className="font-medium">{m.subject}</p>
            <pre className="mt-2 whitespace-pre-wrap break-words text-sm">{m.body}</pre>
          </li>
        ))}
      </ul>
    </section>
  );
}
