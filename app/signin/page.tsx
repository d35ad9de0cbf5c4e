"use client";
import Link from "next/link";
import { Suspense, useState, type FormEvent } from "react";
import { useSearchParams } from "next/navigation";
import { Card, Field, FormError, SubmitButton } from "@/app/_components/form";
import { useSignIn } from "@/app/_components/use-sign-in";

function SignInForm() {
  const signIn = useSignIn();
  const next = useSearchParams().get("next") ?? "/";
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    const fields: Record<string, string> = {};
    if (!email) fields.email = "Enter your e-mail address.";
    if (!password) fields.password = "Enter your password.";
    setFieldErrors(fields);
    setError(null);
    if (Object.keys(fields).length) return;
    setPending(true);
    setError(await signIn(email, password, next));
    setPending(false);
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <FormError message={error} />
      <Field label="E-mail" name="email" type="email" autoComplete="email" required error={fieldErrors.email} />
      <Field label="Password" name="password" type="password" autoComplete="current-password" required error={fieldErrors.password} />
      <SubmitButton pending={pending}>Sign in</SubmitButton>
    </form>
  );
}

/** "Create an account", keeping `?next=` (an invite link): the new account lands there too. */
function SignUpLink() {
  const next = useSearchParams().get("next");
  return (
    <p className="mt-2 text-sm text-slate-600">
      New to Equalis? <Link href={next ? `/signup?next=${encodeURIComponent(next)}` : "/signup"} className="text-indigo-700 underline">Create an account</Link>
    </p>
  );
}

export default function SignInPage() {
  return (
    <Card title="Sign in">
      <Suspense>
        <SignInForm />
      </Suspense>
      <p className="mt-4 text-sm text-slate-600">
        <Link href="/forgot-password" className="text-indigo-700 underline">Forgot your password?</Link>
      </p>
      <Suspense>
        <SignUpLink />
      </Suspense>
    </Card>
  );
}
