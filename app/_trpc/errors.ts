/** Reads a tRPC error into what a form shows: a message, and per-field messages from zod or the domain. */
import { TRPCClientError } from "@trpc/client";

export interface FormErrors {
  message: string | null;
  fields: Record<string, string>;
}

export function formErrors(error: unknown): FormErrors {
  if (!(error instanceof TRPCClientError)) return { message: error ? "Something went wrong. Please try again." : null, fields: {} };
  const data = error.data as { zodError?: { fieldErrors?: Record<string, string[] | undefined>; formErrors?: string[] } | null; field?: string | null } | undefined;
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(data?.zodError?.fieldErrors ?? {})) if (v?.[0]) fields[k] = v[0];
  if (data?.field) fields[data.field] = error.message;
  const formLevel = data?.zodError?.formErrors?.[0];
  // An input error's own message is zod's JSON: never shown; its sentences are in fields/formLevel.
  const fallback = data?.zodError ? "Some of the values entered are not valid." : error.message;
  const message = Object.keys(fields).length > 0 ? (formLevel ?? null) : (formLevel ?? fallback);
  return { message, fields };
}

/** One sentence for any error, for a place that shows a single message (never raw zod JSON). */
export function errorSentence(error: unknown): string | null {
  const f = formErrors(error);
  return f.message ?? Object.values(f.fields)[0] ?? null;
}
