"use client";
/** Create a club; the creator becomes its owner. */
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { formErrors } from "@/app/_trpc/errors";
import { Card, Field, FormError, SubmitButton } from "@/app/_components/form";
import { SelectField, SignInPrompt, TextAreaField } from "../_components/ui";
import { RULESET_NAMES, type RulesetId } from "@/engine";
import { VISIBILITY_LABELS } from "@/app/_lib/labels";

export default function NewClubPage() {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const me = useQuery(trpc.accounts.me.queryOptions());
  const create = useMutation(
    trpc.clubs.create.mutationOptions({
      onSuccess: async (club) => {
        await queryClient.invalidateQueries({ queryKey: trpc.clubs.pathKey() });
        router.push(`/clubs/${club.handle}`);
      },
    }),
  );
  const errors = formErrors(create.error);

  if (me.isPending) return <p>Loading…</p>;
  if (!me.data)
    return (
      <Card title="Create a club">
        <SignInPrompt next="/clubs/new" what="to create a club." />
      </Card>
    );

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    create.mutate({
      name: String(f.get("name") ?? ""),
      handle: String(f.get("handle") ?? ""),
      description: String(f.get("description") ?? ""),
      location: String(f.get("location") ?? ""),
      defaultRuleset: String(f.get("defaultRuleset")) as RulesetId,
      visibility: String(f.get("visibility")) as keyof typeof VISIBILITY_LABELS,
    });
  }

  return (
    <Card title="Create a club">
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <FormError message={errors.message} />
        <Field label="Club name" name="name" required error={errors.fields.name} />
        <Field label="Handle" name="handle" required error={errors.fields.handle} hint="Lowercase letters, digits and hyphens; your club's address will be /clubs/handle." />
        <TextAreaField label="Description" name="description" error={errors.fields.description} />
        <Field label="Location" name="location" error={errors.fields.location} />
        <SelectField label="Default game" name="defaultRuleset" options={RULESET_NAMES} defaultValue="equate" error={errors.fields.defaultRuleset} />
        <SelectField label="Who can join" name="visibility" options={VISIBILITY_LABELS} defaultValue="public" error={errors.fields.visibility} />
        <SubmitButton pending={create.isPending}>Create club</SubmitButton>
      </form>
      <p className="mt-4 text-sm text-slate-600">
        <Link href="/clubs" className="text-indigo-700 underline">Back to the club directory</Link>
      </p>
    </Card>
  );
}
