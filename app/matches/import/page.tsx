"use client";
/**
 * Import a finished game from its record (docs/records.md): paste the text notation or the event
 * JSON (what a game page's "Download record" / "Download JSON" gives), or open a file; the server
 * judges every event and either opens the game's replay page or names the line at fault.
 */
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type ChangeEvent, type FormEvent } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { formErrors } from "@/app/_trpc/errors";
import { FormError, SubmitButton } from "@/app/_components/form";

const FORMATS = [
  ["auto", "Recognise it"],
  ["text", "Text record"],
  ["json", "JSON events"],
] as const;

export default function ImportRecordPage() {
  const trpc = useTRPC();
  const router = useRouter();
  const me = useQuery(trpc.accounts.me.queryOptions());
  const importRecord = useMutation(trpc.matches.importRecord.mutationOptions({ onSuccess: (r) => router.push(`/matches/${r.matchId}`) }));
  const [text, setText] = useState("");
  const [format, setFormat] = useState<(typeof FORMATS)[number][0]>("auto");
  const errs = formErrors(importRecord.error);
  const textError = errs.fields.text;

  if (me.isPending) return <p>Loading…</p>;
  if (!me.data)
    return (
      <p>
        <Link href="/signin?next=/matches/import" className="text-indigo-700 underline">
          Sign in
        </Link>{" "}
        to import a game record.
      </p>
    );

  function submit(e: FormEvent) {
    e.preventDefault();
    importRecord.mutate({ text, format });
  }
  async function openFile(e: ChangeEvent<HTMLInputElement>) {
    const f = e.target.files?.[0];
    if (f) setText(await f.text());
  }

  return (
    <section className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-semibold">Import a game record</h1>
      <p className="text-sm text-slate-600">
        A finished game played over the board or elsewhere, in Equalis&apos;s record notation or as its JSON events (a game page&apos;s
        &ldquo;Download record&rdquo; gives both). Every move is checked by the rules engine; the imported game gets its own replay page. It is
        marked as imported and never rated, and its players are names only, not accounts.
      </p>
      <form onSubmit={submit} className="space-y-3" noValidate>
        <div className="space-y-1">
          <label htmlFor="record-text" className="block text-sm font-medium text-slate-700">
            Record
          </label>
          <textarea
            id="record-text"
            name="text"
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={14}
            spellCheck={false}
            aria-invalid={textError ? true : undefined}
            aria-describedby={textError ? "record-text-error" : undefined}
            placeholder={"#equalis-game 1\n#ruleset equate\n…"}
            className={`w-full rounded border px-3 py-2 font-mono text-xs shadow-sm focus:outline-none focus:ring-2 focus:ring-indigo-500 ${textError ? "border-red-500" : "border-slate-300"}`}
          />
          {textError ? (
            <p id="record-text-error" role="alert" className="text-sm text-red-600" data-testid="record-error">
              {textError}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-end gap-4">
          <div className="space-y-1">
            <label htmlFor="record-format" className="block text-sm font-medium text-slate-700">
              Format
            </label>
            <select id="record-format" value={format} onChange={(e) => setFormat(e.target.value as typeof format)} className="min-h-11 rounded border border-slate-300 bg-white px-3 py-2 text-sm">
              {FORMATS.map(([v, label]) => (
                <option key={v} value={v}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1">
            <label htmlFor="record-file" className="block text-sm font-medium text-slate-700">
              Or open a file
            </label>
            <input id="record-file" type="file" accept=".txt,.json,text/plain,application/json" onChange={(e) => void openFile(e)} className="block min-h-11 text-sm" />
          </div>
        </div>
        <FormError message={errs.message} />
        <div className="max-w-xs">
          <SubmitButton pending={importRecord.isPending}>Import the game</SubmitButton>
        </div>
      </form>
    </section>
  );
}
