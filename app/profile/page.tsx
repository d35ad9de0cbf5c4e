"use client";
/**
 * The profile: display name, theme, notification e-mails, e-mail address, password, the data
 * download and deleting the account. Each section is its own small form; each mounts once the
 * profile has loaded, so its state starts from the saved values (docs/conventions.md "Adding a page").
 */
import { useState, type FormEvent, type ReactNode } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { signOut } from "next-auth/react";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers/_app";
import { NOTIFICATION_KINDS, THEMES, type NotificationKind, type Theme } from "@/server/domain";
import { useTRPC } from "@/app/_trpc/client";
import { formErrors } from "@/app/_trpc/errors";
import { Card, Field, FormError, SubmitButton } from "@/app/_components/form";
import { useSignIn } from "@/app/_components/use-sign-in";
import { ApiTokensSection } from "./_components/api-tokens";
import { CalendarLink } from "@/app/_components/calendar-link";

type Profile = NonNullable<inferRouterOutputs<AppRouter>["accounts"]["me"]>;

const THEME_LABELS: Record<Theme, string> = { system: "Follow my device", light: "Light", dark: "Dark" };
const KIND_LABELS: Record<NotificationKind, string> = {
  "club-invitation": "A club invites me",
  "club-approval": "A club approves my request to join",
  "game-invitation": "Someone challenges me to a game",
  "round-paired": "A round is paired (my table and opponent)",
  "game-started": "My game has started",
  ruling: "A ruling is recorded on my game",
  "rating-changed": "My rating changed",
  "entry-promoted": "I move from a waitlist into a tournament",
  "game-proposal": "My opponent proposes or answers times for our game",
  "game-scheduled": "A time for my game is agreed",
  "game-reminder": "My scheduled game starts within the hour",
  "result-report": "My opponent reports, confirms or disputes our result",
  "game-unplayed": "A game of an event I direct was not played by its deadline",
  "your-turn": "It is my move in a correspondence game",
};

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

  const p = me.data;
  return (
    <div className="space-y-6">
      <Card title="Your profile">
        <p className="mb-4 text-sm text-slate-600" data-testid="signed-in-as">
          Signed in as {p.email}
        </p>
        <NameForm savedName={p.name} />
        {p.siteAdmin ? (
          <p className="mt-4 text-sm">
            Site admin: <Link href="/admin/outbox" className="text-indigo-700 underline">the outbox</Link> (mail kept when no SMTP server is set up)
          </p>
        ) : null}
      </Card>
      <Section title="Appearance">
        <ThemeForm saved={p.theme} />
      </Section>
      <Section title="E-mail me when…">
        <NotificationsForm saved={p.notificationPrefs} />
      </Section>
      <Section title="E-mail address">
        <EmailForm current={p.email} />
      </Section>
      <Section title="Password">
        <PasswordForm />
      </Section>
      <Section title="Calendar">
        <CalendarSection />
      </Section>
      <ApiTokensSection />
      <Section title="Your data">
        <DataSection />
      </Section>
      <Section title="Delete your account">
        <DeleteForm />
      </Section>
    </div>
  );
}

function CalendarSection() {
  const trpc = useTRPC();
  const link = useQuery(trpc.accounts.calendarLink.queryOptions());
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600">The events you entered and their rounds, in the calendar of your phone or computer. The address is private: share it with no one.</p>
      {link.data ? <CalendarLink path={link.data.path} label="Subscribe to my calendar" /> : <p className="text-sm">Loading…</p>}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm" aria-label={title}>
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function useSaveProfile() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.accounts.updateProfile.mutationOptions({
      onSuccess: (saved) => queryClient.setQueryData(trpc.accounts.me.queryKey(), saved),
    }),
  );
}

function Saved({ show, children = "Saved." }: { show: boolean; children?: ReactNode }) {
  return show ? (
    <p className="text-sm text-green-700" role="status">
      {children}
    </p>
  ) : null;
}

function NameForm({ savedName }: { savedName: string }) {
  const update = useSaveProfile();
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
      <Saved show={update.isSuccess} />
    </form>
  );
}

/**
 * Saved as soon as a choice is made (a radio group needs no button). The choice is local state, so
 * the radio shows it at once (the mutation's own state arrives a render later); a refusal puts
 * the saved one back.
 */
function ThemeForm({ saved }: { saved: Theme }) {
  const update = useSaveProfile();
  const [theme, setTheme] = useState(saved);
  function choose(t: Theme) {
    setTheme(t);
    update.mutate({ theme: t }, { onError: () => setTheme(saved) });
  }
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm text-slate-600">Colours</legend>
      {THEMES.map((t) => (
        <label key={t} className="flex items-center gap-2 text-sm">
          <input type="radio" name="theme" value={t} checked={theme === t} onChange={() => choose(t)} />
          {THEME_LABELS[t]}
        </label>
      ))}
      <FormError message={formErrors(update.error).message} />
    </fieldset>
  );
}

function NotificationsForm({ saved }: { saved: Profile["notificationPrefs"] }) {
  const update = useSaveProfile();
  const [prefs, setPrefs] = useState(saved);
  const errors = formErrors(update.error);
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate({ notificationPrefs: prefs });
      }}
    >
      <p className="text-sm text-slate-600">You always see these in the app; tick the ones you also want by e-mail.</p>
      {NOTIFICATION_KINDS.map((k) => (
        <label key={k} className="flex items-center gap-2 text-sm">
          <input type="checkbox" name={k} checked={prefs[k] ?? false} onChange={(e) => setPrefs({ ...prefs, [k]: e.target.checked })} />
          {KIND_LABELS[k]}
        </label>
      ))}
      <FormError message={errors.message} />
      <SubmitButton pending={update.isPending}>Save my choices</SubmitButton>
      <Saved show={update.isSuccess} />
    </form>
  );
}

function EmailForm({ current }: { current: string }) {
  const trpc = useTRPC();
  const request = useMutation(trpc.accounts.requestEmailChange.mutationOptions());
  const errors = formErrors(request.error);
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    request.mutate({ newEmail: String(form.get("newEmail") ?? ""), currentPassword: String(form.get("emailPassword") ?? "") });
  }
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <p className="text-sm text-slate-600">Now: {current}. We send a link to the new address; it changes once you open it.</p>
      <FormError message={errors.message} />
      <Field label="New e-mail" name="newEmail" type="email" autoComplete="email" error={errors.fields.newEmail} />
      <Field label="Current password" id="emailPassword" name="emailPassword" type="password" autoComplete="current-password" error={errors.fields.currentPassword} />
      <SubmitButton pending={request.isPending}>Send the confirmation link</SubmitButton>
      <Saved show={request.isSuccess}>Check the new address&apos;s inbox for the link (it works for 24 hours).</Saved>
    </form>
  );
}

/** After the change every session ends, this one too: sign in again with the new password. */
function PasswordForm() {
  const trpc = useTRPC();
  const change = useMutation(trpc.accounts.changePassword.mutationOptions());
  const signIn = useSignIn();
  const [signInError, setSignInError] = useState<string | null>(null);
  const errors = formErrors(change.error);
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const newPassword = String(form.get("newPassword") ?? "");
    setSignInError(null);
    let email: string;
    try {
      ({ email } = await change.mutateAsync({ currentPassword: String(form.get("currentPassword") ?? ""), newPassword }));
    } catch {
      return; // shown inline from change.error
    }
    setSignInError(await signIn(email, newPassword, "/profile"));
  }
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <FormError message={errors.message ?? signInError} />
      <Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" error={errors.fields.currentPassword} />
      <Field
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        error={errors.fields.newPassword}
        hint="At least 10 characters, mixing letters with digits or symbols. Your other devices will be signed out."
      />
      <SubmitButton pending={change.isPending}>Change my password</SubmitButton>
      <Saved show={change.isSuccess && !signInError}>Password changed. Other devices are signed out.</Saved>
    </form>
  );
}

function DataSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function download() {
    setPending(true);
    setError(null);
    try {
      const data = await queryClient.fetchQuery({ ...trpc.accounts.exportData.queryOptions(), staleTime: 0 });
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
      const a = document.createElement("a");
      a.href = url;
      a.download = "equalis-my-data.json";
      a.click();
      URL.revokeObjectURL(url);
    } catch (e) {
      setError(formErrors(e).message);
    } finally {
      setPending(false);
    }
  }
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">Your account, clubs, tournament entries, games and ratings, as a JSON file.</p>
      <FormError message={error} />
      <button
        type="button"
        onClick={download}
        disabled={pending}
        className="w-full rounded border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50 disabled:opacity-60"
      >
        {pending ? "Please wait…" : "Download my data"}
      </button>
    </div>
  );
}

function DeleteForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const remove = useMutation(
    trpc.accounts.deleteAccount.mutationOptions({
      onSuccess: async () => {
        await signOut({ redirect: false });
        await queryClient.resetQueries();
        router.push("/");
        router.refresh();
      },
    }),
  );
  const [sure, setSure] = useState(false);
  const errors = formErrors(remove.error);
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    remove.mutate({ password: String(new FormData(e.currentTarget).get("deletePassword") ?? "") });
  }
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <p className="text-sm text-slate-600">
        Your games, results and ratings stay for the other players, under an anonymous name. Your address, name, clubs and settings go, and you are signed out everywhere. This cannot be undone.
      </p>
      <FormError message={errors.message} />
      <Field label="Password" id="deletePassword" name="deletePassword" type="password" autoComplete="current-password" error={errors.fields.password} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={sure} onChange={(e) => setSure(e.target.checked)} />I understand: delete my account
      </label>
      <button type="submit" disabled={!sure || remove.isPending} className="w-full rounded bg-red-600 px-4 py-2 text-sm font-medium text-white hover:bg-red-700 disabled:opacity-60">
        {remove.isPending ? "Please wait…" : "Delete my account"}
      </button>
    </form>
  );
}
