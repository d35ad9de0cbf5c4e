"use client";
/**
 * Adding players on the dashboard: a picker of the club's members not yet entered (type-ahead,
 * several at once) and a box for e-mail addresses of any account. Both clear once their players
 * are added.
 *
 * The picker follows the WAI-ARIA combobox pattern with a multi-select listbox
 * (https://www.w3.org/WAI/ARIA/apg/patterns/combobox/): the focus stays in the text box, ↓/↑ move
 * the active option (aria-activedescendant), Enter picks or unpicks it (not Space: names have
 * spaces), Escape closes the list. Each picked member shows as a button
 * that removes them; options and buttons are at least 44 px tall for a finger on a phone.
 */
import { useId, useState, type FormEvent, type KeyboardEvent } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { errorSentence } from "@/app/_trpc/errors";
import { FormError } from "@/app/_components/form";
import { buttonClass, secondaryButtonClass } from "@/app/clubs/_components/ui";

type Member = { userId: string; name: string; email: string };
type Report = { added: string[]; lateEntries: string[]; already: string[]; notMembers: string[]; unknownEmails: string[] };

function ReportLine({ report, testId }: { report: Report; testId: string }) {
  return (
    <p className="text-xs text-slate-600" role="status" data-testid={testId}>
      Added {report.added.length + report.lateEntries.length}
      {report.already.length ? `; already entered: ${report.already.join(", ")}` : ""}
      {report.notMembers.length ? `; not club members: ${report.notMembers.join(", ")}` : ""}
      {report.unknownEmails.length ? `; no account: ${report.unknownEmails.join(", ")}` : ""}
    </p>
  );
}

/** The type-ahead over the club's members, picking several, then adding them all. */
function MemberPicker({ tournamentId, late, onAdded }: { tournamentId: string; late: boolean; onAdded: () => void }) {
  const trpc = useTRPC();
  const ids = useId();
  const listId = `${ids}-list`;
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [picked, setPicked] = useState<Member[]>([]);
  const [checkIn, setCheckIn] = useState(false);
  const found = useQuery({ ...trpc.tournaments.players.search.queryOptions({ tournamentId, query: query.trim(), limit: 10 }), enabled: open });
  const add = useMutation(
    trpc.tournaments.players.add.mutationOptions({
      onSuccess: () => {
        // The box clears: the members are entered now, and the search would no longer offer them.
        setPicked([]);
        setQuery("");
        setOpen(false);
        onAdded();
      },
    }),
  );
  const options = found.data ?? [];
  const isPicked = (m: Member) => picked.some((p) => p.userId === m.userId);
  const toggle = (m: Member) => setPicked((cur) => (cur.some((p) => p.userId === m.userId) ? cur.filter((p) => p.userId !== m.userId) : [...cur, m]));
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0));
  const showList = open && options.length > 0;

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!open) return setOpen(true);
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive(options.length ? (activeIndex + step + options.length) % options.length : 0);
    } else if (e.key === "Enter") {
      e.preventDefault();
      const m = options[activeIndex];
      if (showList && m) toggle(m);
    } else if (e.key === "Escape") {
      setOpen(false);
    }
  }

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (picked.length) add.mutate({ tournamentId, userIds: picked.map((p) => p.userId), emails: "", checkIn });
  }

  return (
    <form onSubmit={submit} className="space-y-2" data-testid="member-picker">
      <label htmlFor={`${ids}-input`} className="block text-sm font-medium">
        Add club members {late ? "(late entries)" : ""}
      </label>
      {/* The add button sits beside the box, so the open list (over what follows) never hides it. */}
      <div className="flex items-start gap-2">
        <div className="relative min-w-0 flex-1">
          <input
            id={`${ids}-input`}
            type="text"
            role="combobox"
            aria-expanded={showList}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={showList ? `${ids}-opt-${activeIndex}` : undefined}
            autoComplete="off"
            placeholder="type a name or e-mail"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(0);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
            className="w-full rounded border border-slate-300 px-3 py-2 text-base sm:text-sm"
          />
          <ul
            id={listId}
            role="listbox"
            aria-multiselectable="true"
            aria-label="Club members not yet entered"
            hidden={!showList}
            className="absolute z-10 mt-1 max-h-72 w-full overflow-y-auto rounded border border-slate-300 bg-white shadow-lg"
          >
            {options.map((m, i) => (
              <li
                key={m.userId}
                id={`${ids}-opt-${i}`}
                role="option"
                aria-selected={isPicked(m)}
                // mousedown, not click: the box keeps its focus (and the list stays open for the next pick)
                onMouseDown={(e) => {
                  e.preventDefault();
                  setActive(i);
                  toggle(m);
                }}
                className={`flex min-h-11 cursor-pointer items-center justify-between gap-2 px-3 py-2 text-sm ${i === activeIndex ? "bg-indigo-50" : ""}`}
              >
                <span>
                  <span className="font-medium">{m.name}</span> <span className="text-xs text-slate-500">{m.email}</span>
                </span>
                <span aria-hidden="true" className="text-indigo-700">{isPicked(m) ? "✓" : ""}</span>
              </li>
            ))}
          </ul>
        </div>
        <button type="submit" className={`${buttonClass} min-h-11 shrink-0`} disabled={picked.length === 0 || add.isPending}>
          {picked.length ? `Add ${picked.length} member${picked.length === 1 ? "" : "s"}` : "Add members"}
        </button>
      </div>
      {open && found.isSuccess && options.length === 0 ? (
        <p className="text-xs text-slate-500" role="status">
          {query.trim() ? `No club member not yet entered matches “${query.trim()}”.` : "Every club member is entered."}
        </p>
      ) : null}
      {picked.length ? (
        <ul className="flex flex-wrap gap-2" aria-label="Members to add" data-testid="picked">
          {picked.map((m) => (
            <li key={m.userId}>
              <button type="button" className="min-h-11 rounded-full border border-indigo-300 bg-indigo-50 px-3 text-sm" aria-label={`Remove ${m.name}`} onClick={() => toggle(m)}>
                {m.name} ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input type="checkbox" checked={checkIn} onChange={(e) => setCheckIn(e.target.checked)} /> Check them in now
      </label>
      {add.data ? <ReportLine report={add.data} testId="picker-report" /> : null}
      <FormError message={errorSentence(add.error)} />
    </form>
  );
}

/** Any account by e-mail (one a line, or separated by commas); the box clears once they are added. */
function EmailAdd({ tournamentId, late, onAdded }: { tournamentId: string; late: boolean; onAdded: () => void }) {
  const trpc = useTRPC();
  const [emails, setEmails] = useState("");
  const [checkIn, setCheckIn] = useState(false);
  const add = useMutation(
    trpc.tournaments.players.add.mutationOptions({
      onSuccess: (r) => {
        // Keep what found no account, so a typo can be fixed in place.
        setEmails(r.unknownEmails.join("\n"));
        onAdded();
      },
    }),
  );
  const ids = useId();
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        add.mutate({ tournamentId, emails, checkIn, userIds: [] });
      }}
    >
      <label htmlFor={`${ids}-emails`} className="block text-sm font-medium">Add players by e-mail {late ? "(late entries)" : ""}</label>
      <textarea id={`${ids}-emails`} name="emails" rows={3} value={emails} onChange={(e) => setEmails(e.target.value)} className="w-full rounded border border-slate-300 px-2 py-1 text-base sm:text-sm" placeholder="one address a line" />
      <label className="flex min-h-11 items-center gap-2 text-sm"><input type="checkbox" name="checkIn" checked={checkIn} onChange={(e) => setCheckIn(e.target.checked)} /> Check them in now</label>
      <button type="submit" className={`${secondaryButtonClass} min-h-11`} disabled={add.isPending}>Add players</button>
      {add.data ? <ReportLine report={add.data} testId="add-report" /> : null}
      <FormError message={errorSentence(add.error)} />
    </form>
  );
}

/** Both ways of adding players; nothing to add once the tournament is finished. */
export function AddPlayers({ tournamentId, status, onAdded }: { tournamentId: string; status: "registration" | "running" | "finished"; onAdded: () => void }) {
  if (status === "finished") return <p className="text-sm text-slate-600">The tournament is finished: no more players can be added.</p>;
  const late = status === "running";
  return (
    <div className="space-y-4">
      <MemberPicker tournamentId={tournamentId} late={late} onAdded={onAdded} />
      <EmailAdd tournamentId={tournamentId} late={late} onAdded={onAdded} />
    </div>
  );
}
