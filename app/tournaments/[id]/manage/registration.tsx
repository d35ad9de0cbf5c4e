"use client";
/** The dashboard's "Registration and check-in" section: add players, check in (one or everyone),
 * withdraw; the entry list with each player's status and entry-form answers (directors see them),
 * the field first, then the waitlist in order (a present waitlisted player is promoted first at the
 * start, docs/entries.md), then withdrawn entries. */
import { FormError } from "@/app/_components/form";
import { errorSentence } from "@/app/_trpc/errors";
import { Section, secondaryButtonClass } from "@/app/clubs/_components/ui";
import { AddPlayers } from "./settings-add-players";
import type { DirectorActions, TournamentData } from "./use-dashboard";

type Entry = TournamentData["entries"][number];

export function Registration({ id, data, a, refresh }: { id: string; data: TournamentData; a: DirectorActions; refresh: () => unknown }) {
  const { tournament: t } = data;
  const rank = (e: Entry) => (e.status === "waitlisted" ? 1 : e.status === "withdrawn" && e.withdrawnAfterRound === null ? 2 : 0);
  const entries = [...data.entries].sort((a, b) => rank(a) - rank(b) || (a.waitlistPosition ?? 0) - (b.waitlistPosition ?? 0));
  const { checkIn, checkInAll, withdraw } = a;
  return (
    <Section title="Registration and check-in" testId="registration">
      <AddPlayers
        tournamentId={id}
        status={t.status}
        onAdded={() => {
          a.pair.reset(); // a refusal to pair ("check in at least 2 players") is stale now
          void refresh();
        }}
      />
      {t.status === "registration" ? (
        <button className={`${secondaryButtonClass} mt-2`} onClick={() => checkInAll.mutate({ tournamentId: id })}>Check in everyone</button>
      ) : null}
      {checkInAll.data ? (
        <p role="status" className="mt-1 text-sm text-emerald-800" data-testid="checked-in-all">
          {checkInAll.data.count === 0 ? "Everyone was already checked in." : `Checked in ${checkInAll.data.count}: ${checkInAll.data.names.join(", ")}.`}
        </p>
      ) : null}
      <FormError message={errorSentence(checkIn.error ?? checkInAll.error ?? withdraw.error)} />
      <ul className="mt-3 divide-y divide-slate-100 text-sm" data-testid="entry-list">
        {entries.map((e) => (
          <li key={e.userId} className="flex flex-wrap items-center justify-between gap-2 py-1">
            <span>
              {e.seed ? `${e.seed}. ` : ""}
              {e.name} <span className="text-xs text-slate-500">{e.email}</span>
              {e.details && Object.keys(e.details).length ? (
                <span className="block text-xs text-slate-600" data-testid="entry-details">
                  {Object.entries(e.details).map(([k, v]) => `${k}: ${v}`).join(" · ")}
                </span>
              ) : null}
            </span>
            <span className="flex items-center gap-2 text-xs">
              <span data-testid="entry-status">
                {e.status === "waitlisted" ? `waitlisted #${e.waitlistPosition}${e.present ? " · present" : ""}` : e.status}
                {e.joinedRound > 1 ? ` (from round ${e.joinedRound})` : ""}
              </span>
              {t.status === "registration" && e.status !== "withdrawn" ? (
                <button className="text-indigo-700 underline" onClick={() => checkIn.mutate({ tournamentId: id, userId: e.userId, checkedIn: !e.present })}>
                  {e.status === "waitlisted" ? (e.present ? "undo present" : "mark present") : e.status === "checked-in" ? "undo check-in" : "check in"}
                </button>
              ) : null}
              {e.status !== "withdrawn" && t.status !== "finished" ? (
                <button
                  className="text-red-700 underline"
                  onClick={() => {
                    if (window.confirm(`Withdraw ${e.name}?`)) withdraw.mutate({ tournamentId: id, userId: e.userId });
                  }}
                >
                  withdraw
                </button>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
