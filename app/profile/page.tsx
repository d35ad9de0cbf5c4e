"use client";
import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/app/_trpc/client";
import { formErrors } from "@/app/_trpc/errors";
import { Card, Field, FormError, SubmitButton } from "@/app/_components/form";

export default function ProfilePage() {
  const trpc = useTRPC();
  const me = useQuery(trpc.accounts.me.queryOptions());

  if (me.isPending) return <p>Loading…</p>;
  if (!me.data)
    return (
      <Card title="Your profile">
        <p>
          Please <Link href="/signin?next=/profile" className="text-indigo-700 underline">sign in</Link> to see your profile.
        </p>
      </Card>
    );

  return (
    <Card title="Your profile">
      <p className="mb-4 text-sm text-slate-600">Signed in as {me.data.email}</p>
      <ProfileForm savedName={me.data.name} />
    </Card>
  );
}

/** The form starts from the saved name; it mounts only once the profile has loaded. */
function ProfileForm({ savedName }: { savedName: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(
    trpc.accounts.updateProfile.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.accounts.me.queryKey() }),
    }),
  );
  const [name, setName] = useState(savedName);
  const errors = formErrors(update.error);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    update.mutate({ name });
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <FormError message={errors.message} />
      <Field label="Display name" name="name" value={name} onChange={(e) => setName(e.target.value)} error={errors.fields.name} />
      <SubmitButton pending={update.isPending}>Save</SubmitButton>
      {update.isSuccess ? <p className="text-sm text-green-700" role="status">Saved.</p> : null}
    </form>
  );
}
