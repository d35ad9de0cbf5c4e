/** Small building blocks shared by the club pages: select and textarea fields. */
import Link from "next/link";
import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

const inputClass = (error?: string) =>
  `w-full rounded border px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-indigo-500 ${error ? "border-red-500" : "border-slate-300"}`;

function FieldShell({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function SelectField({ label, error, options, ...select }: { label: string; error?: string; options: Record<string, string> } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = select.id ?? select.name ?? label;
  return (
    <FieldShell id={id} label={label} error={error}>
      <select id={id} aria-invalid={error ? true : undefined} className={inputClass(error)} {...select}>
        {Object.entries(options).map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function TextAreaField({ label, error, ...area }: { label: string; error?: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = area.id ?? area.name ?? label;
  return (
    <FieldShell id={id} label={label} error={error}>
      <textarea id={id} aria-invalid={error ? true : undefined} rows={4} className={inputClass(error)} {...area} />
    </FieldShell>
  );
}

export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm" data-testid={testId}>
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

export function SignInPrompt({ next, what }: { next: string; what: string }) {
  return (
    <p className="text-slate-700">
      Please{" "}
      <Link href={`/signin?next=${encodeURIComponent(next)}`} className="text-indigo-700 underline">
        sign in
      </Link>{" "}
      {what}
    </p>
  );
}

export const buttonClass = "rounded bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-60";
export const secondaryButtonClass = "rounded border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50 disabled:opacity-60";
export const dangerButtonClass = "rounded border border-red-300 px-3 py-1.5 text-sm text-red-700 hover:bg-red-50 disabled:opacity-60";
