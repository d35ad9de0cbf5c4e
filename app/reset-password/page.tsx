"use client";
/**
 * Sets a new password from the link in a reset e-mail (`?token=`), then signs in with it. The link
 * is used only when the form is sent, never on opening the page, so a mail scanner that follows
 * links cannot spend it.
 */
import Link from "next/link";
import { Suspense, useState, type FormEvent } from "react";
import { useSearchParams } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { formErrors } from "@/app/_trpc/errors";
import { Card, Field, FormError, SubmitButton } from "@/app/_components/form";
import { useSignIn } from "@/app/_components/use-sign-in";

function ResetForm() {
  const token = useSearchParams().get("token") ?? "";
  const trpc = useTRPC();
  const reset = useMutation(trpc.accounts.resetPassword.mutationOptions());
  const signIn = useSignIn();
  const [password, setPassword] = useState("");
  const [signInError, setSignInError] = useState<string | null>(null);
  const errors = formErrors(reset.error);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSignInError(null);
    let email: string;
    try {
      ({ email } = await reset.mutateAsync({ token, password }));
    } catch {
      return; // shown inline from reset.error
    }
    setSignInError(await signIn(email, password, "/profile"));
  }

  const linkProblem = errors.fields.token;
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <FormError message={linkProblem ?? errors.message ?? signInError} />
      {linkProblem ? (
        <p className="text-sm">
          <Link href="/forgot-password" className="text-indigo-700 underline">Ask for a new link</Link>
        </p>
      ) : null}
      <Field
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.fields.password}
        hint="At least 10 characters, mixing letters with digits or symbols. You will be signed out everywhere else."
      />
      <SubmitButton pending={reset.isPending}>Set my new password</SubmitButton>
    </form>
  );
}

export default function ResetPasswordPage() {
  return (
    <Card title="Choose a new password">
      <Suspense>
        <ResetForm />
      </Suspense>
    </Card>
  );
}
