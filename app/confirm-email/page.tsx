"use client";
/**
 * Confirms a new e-mail address from the link sent to it (`?token=`). The link is used by the
 * button, not by opening the page, so a mail scanner that follows links cannot spend it.
 */
import Link from "next/link";
import { Suspense } from "react";
import { useSearchParams } from "next/navigation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { formErrors } from "@/app/_trpc/errors";
import { Card, FormError, SubmitButton } from "@/app/_components/form";

function Confirm() {
  const token = useSearchParams().get("token") ?? "";
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const confirm = useMutation(
    trpc.accounts.confirmEmailChange.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.accounts.me.queryKey() }) }),
  );
  const errors = formErrors(confirm.error);
  if (confirm.isSuccess)
    return (
      <p role="status" className="text-sm text-slate-700">
        Done: your account&apos;s address is now <strong>{confirm.data.email}</strong>. Sign in with it from now on.{" "}
        <Link href="/profile" className="text-indigo-700 underline">Your profile</Link>
      </p>
    );
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        confirm.mutate({ token });
      }}
    >
      <FormError message={errors.fields.token ?? errors.message} />
      <p className="text-sm text-slate-600">Use this address for your Equalis account?</p>
      <SubmitButton pending={confirm.isPending}>Confirm my new address</SubmitButton>
    </form>
  );
}

export default function ConfirmEmailPage() {
  return (
    <Card title="Confirm your new address">
      <Suspense>
        <Confirm />
      </Suspense>
    </Card>
  );
}
