"use client";
import Link from "next/link";
import { Suspense, useState, type FormEvent } from "react";
import { useSearchParams } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { formErrors } from "@/app/_trpc/errors";
import { Card, Field, FormError, SubmitButton } from "@/app/_components/form";
import { useSignIn } from "@/app/_components/use-sign-in";

const TAKEN_OR_WRONG =
  "We could not sign you in. If this address already has an account, we have e-mailed its owner: sign in, or reset the password from the link in that e-mail.";

/** `?next=/path` (e.g. an invite link): where the new account lands once signed in. */
function SignUpForm() {
  const next = useSearchParams().get("next") ?? "/";
  const trpc = useTRPC();
  const signUp = useMutation(trpc.accounts.signUp.mutationOptions());
  const signIn = useSignIn();
  const [signInError, setSignInError] = useState<string | null>(null);
  const errors = formErrors(signUp.error);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const input = { name: String(form.get("name")), email: String(form.get("email")), password: String(form.get("password")) };
    setSignInError(null);
    try {
      await signUp.mutateAsync(input);
    } catch {
      return; // shown inline from signUp.error
    }
    // Sign-up answers the same whether or not the address was taken (its owner gets an e-mail), so
    // a failed sign-in here means the address already had an account with another password.
    const failed = await signIn(input.email, input.password, next);
    setSignInError(failed ? TAKEN_OR_WRONG : null);
  }

  return (
    <>
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <FormError message={errors.message ?? signInError} />
        <Field label="Display name" name="name" autoComplete="nickname" required error={errors.fields.name} />
        <Field label="E-mail" name="email" type="email" autoComplete="email" required error={errors.fields.email} />
        <Field label="Password" name="password" type="password" autoComplete="new-password" required error={errors.fields.password} hint="At least 10 characters, mixing letters with digits or symbols." />
        <SubmitButton pending={signUp.isPending}>Sign up</SubmitButton>
      </form>
      <p className="mt-4 text-sm text-slate-600">
        Already have an account? <Link href={next === "/" ? "/signin" : `/signin?next=${encodeURIComponent(next)}`} className="text-indigo-700 underline">Sign in</Link>
      </p>
    </>
  );
}

export default function SignUpPage() {
  return (
    <Card title="Create your account">
      <Suspense>
        <SignUpForm />
      </Suspense>
    </Card>
  );
}
