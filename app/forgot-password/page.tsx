"use client";
/** Asks for a password reset link. The answer is the same whether or not the address has an account. */
import Link from "next/link";
import type { FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { formErrors } from "@/app/_trpc/errors";
import { Card, Field, FormError, SubmitButton } from "@/app/_components/form";

export default function ForgotPasswordPage() {
  const trpc = useTRPC();
  const request = useMutation(trpc.accounts.requestPasswordReset.mutationOptions());
  const errors = formErrors(request.error);

  // read from the form (uncontrolled), so text typed before the page hydrates is not lost
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    request.mutate({ email: String(new FormData(e.currentTarget).get("email") ?? "") });
  }

  return (
    <Card title="Forgot your password?">
      {request.isSuccess ? (
        <p role="status" className="text-sm text-slate-700">
          If an account uses <strong>{request.variables.email.trim()}</strong>, we have sent it a link to choose a new password. The link works once, for an hour.
          Nothing there? Check the spam folder, or ask your club&apos;s site admin.
        </p>
      ) : (
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          <p className="text-sm text-slate-600">Enter the address you signed up with and we will e-mail you a link to choose a new password.</p>
          <FormError message={errors.message} />
          <Field label="E-mail" name="email" type="email" autoComplete="email" required error={errors.fields.email} />
          <SubmitButton pending={request.isPending}>Send me a link</SubmitButton>
        </form>
      )}
      <p className="mt-4 text-sm text-slate-600">
        Remembered it? <Link href="/signin" className="text-indigo-700 underline">Sign in</Link>
      </p>
    </Card>
  );
}
