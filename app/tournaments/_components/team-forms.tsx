"use client";
/**
 * The director's team forms (docs/teams.md): the event's team settings, and a new team with its
 * captain and roster. The roster's order is the order players are ticked (board 1 first), which is
 * the captain's fixed order when the team chooses it; reserves are ticked as such.
 */
import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers/_app";
import { useTRPC } from "@/app/_trpc/client";
import { FormError } from "@/app/_components/form";
import { TEAM_SCORINGS, type TeamBoardOrder, type TeamScoring } from "@/server/domain";

type EventView = inferRouterOutputs<AppRouter>["teams"]["event"];
const input = "rounded border border-slate-300 px-2 py-1.5 text-sm";
const button = "rounded bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-60";
export const SCORING_LABELS: Record<TeamScoring, string> = { "match-points": "match points", "game-points": "game points" };

export function TeamSettingsForm({ ev }: { ev: EventView }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const s = ev.settings;
  const [kind, setKind] = useState<"team" | "table">(s && s.boards === null ? "table" : "team");
  const [boards, setBoards] = useState(String(s?.boards ?? 3));
  const [primary, setPrimary] = useState<TeamScoring>(s?.primaryScore ?? "match-points");
  const [bestK, setBestK] = useState(String(s?.bestK ?? 3));
  const [noTeammates, setNoTeammates] = useState(s?.noTeammates ?? true);
  const [minutes, setMinutes] = useState(s?.lineupMinutes ? String(s.lineupMinutes) : "");
  const [saved, setSaved] = useState(false);
  const m = useMutation(trpc.teams.settings.mutationOptions({ onSuccess: () => (setSaved(true), qc.invalidateQueries()) }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    m.mutate({
      tournamentId: ev.tournament.id,
      boards: kind === "team" ? Number(boards) : null,
      primaryScore: primary,
      bestK: kind === "table" ? Number(bestK) : null,
      noTeammates: kind === "table" && noTeammates,
      lineupMinutes: kind === "team" && minutes ? Number(minutes) : null,
    });
  };
  return (
    <form onSubmit={submit} className="space-y-3 rounded border border-slate-200 p-4" aria-label="Team settings">
      <h2 className="text-lg font-semibold">Team settings</h2>
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="sr-only">Kind of event</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="kind" checked={kind === "team"} onChange={() => setKind("team")} /> Team event (matches over boards)
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="kind" checked={kind === "table"} onChange={() => setKind("table")} /> Individual event with a team table
        </label>
      </fieldset>
      {kind === "team" ? (
        <div className="flex flex-wrap gap-4">
          <span className="text-sm">
            <label htmlFor="team-boards">Boards per match</label> <input id="team-boards" className={`${input} ml-1 w-20`} type="number" min={1} max={16} value={boards} onChange={(e) => setBoards(e.target.value)} />
          </span>
          <span className="text-sm">
            <label htmlFor="team-primary">Rank teams by</label>{" "}
            <select id="team-primary" className={input} value={primary} onChange={(e) => setPrimary(e.target.value as TeamScoring)}>
              {TEAM_SCORINGS.map((x) => (
                <option key={x} value={x}>{SCORING_LABELS[x]}</option>
              ))}
            </select>
          </span>
          <span className="text-sm">
            <label htmlFor="team-lineup-minutes">Line-ups close after (minutes)</label>{" "}
            <input id="team-lineup-minutes" className={`${input} ml-1 w-24`} type="number" min={1} max={10080} value={minutes} placeholder="at set boards" onChange={(e) => setMinutes(e.target.value)} />
          </span>
        </div>
      ) : (
        <div className="flex flex-wrap gap-4">
          <span className="text-sm">
            <label htmlFor="team-best-k">Results counted per team (best K)</label>{" "}
            <input id="team-best-k" className={`${input} ml-1 w-20`} type="number" min={1} max={50} value={bestK} onChange={(e) => setBestK(e.target.value)} />
          </span>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={noTeammates} onChange={(e) => setNoTeammates(e.target.checked)} /> Never pair teammates (Swiss)
          </label>
        </div>
      )}
      <p className="text-xs text-slate-500">Pods stay out of team events: a team match is played board by board, one player against one.</p>
      <FormError message={m.error?.message} />
      {saved ? <p role="status" className="text-sm text-green-700">Team settings saved.</p> : null}
      <button className={button} disabled={m.isPending}>Save team settings</button>
    </form>
  );
}

type Entry = { userId: string; name: string; status: string };

export function NewTeamForm({ tournamentId, entries }: { tournamentId: string; entries: Entry[] }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [name, setName] = useState("");
  const [picked, setPicked] = useState<string[]>([]);
  const [reserves, setReserves] = useState<string[]>([]);
  const [captain, setCaptain] = useState("");
  const [order, setOrder] = useState<TeamBoardOrder>("rating");
  const m = useMutation(
    trpc.teams.create.mutationOptions({
      onSuccess: () => {
        setName("");
        setPicked([]);
        setReserves([]);
        setCaptain("");
        void qc.invalidateQueries();
      },
    }),
  );
  const toggle = (id: string) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]));
  const nameOf = (id: string) => entries.find((e) => e.userId === id)?.name ?? "";
  const submit = (e: FormEvent) => {
    e.preventDefault();
    m.mutate({ tournamentId, name, captainId: captain || picked[0] || "", boardOrder: order, members: picked.map((userId) => ({ userId, reserve: reserves.includes(userId) })) });
  };
  return (
    <form onSubmit={submit} className="space-y-3 rounded border border-slate-200 p-4" aria-label="New team">
      <h2 className="text-lg font-semibold">New team</h2>
      <p className="text-sm">
        <label htmlFor="new-team-name">Team name</label> <input id="new-team-name" className={`${input} ml-1`} value={name} onChange={(e) => setName(e.target.value)} />
      </p>
      <fieldset>
        <legend className="text-sm font-medium">Roster (tick in board order)</legend>
        <ul className="mt-1 grid gap-1 sm:grid-cols-2">
          {entries.map((e) => (
            <li key={e.userId} className="flex flex-wrap items-center gap-3 text-sm">
              <label className="flex items-center gap-1">
                <input type="checkbox" checked={picked.includes(e.userId)} onChange={() => toggle(e.userId)} /> {e.name}
              </label>
              {picked.includes(e.userId) ? (
                <label className="flex items-center gap-1 text-xs text-slate-600">
                  <input type="checkbox" aria-label={`${e.name} is a reserve`} checked={reserves.includes(e.userId)} onChange={() => setReserves((r) => (r.includes(e.userId) ? r.filter((x) => x !== e.userId) : [...r, e.userId]))} /> reserve
                </label>
              ) : null}
            </li>
          ))}
        </ul>
        {picked.length ? <p className="mt-1 text-xs text-slate-600">Roster order: {picked.map(nameOf).join(", ")}</p> : null}
      </fieldset>
      <div className="flex flex-wrap gap-4">
        <span className="text-sm">
          <label htmlFor="new-team-captain">Captain</label>{" "}
          <select id="new-team-captain" className={input} value={captain || picked[0] || ""} onChange={(e) => setCaptain(e.target.value)}>
            {picked.map((id) => (
              <option key={id} value={id}>{nameOf(id)}</option>
            ))}
          </select>
        </span>
        <span className="text-sm">
          <label htmlFor="new-team-order">Board order</label>{" "}
          <select id="new-team-order" className={input} value={order} onChange={(e) => setOrder(e.target.value as TeamBoardOrder)}>
            <option value="rating">by rating</option>
            <option value="captain">the captain&apos;s order (the roster order)</option>
          </select>
        </span>
      </div>
      <FormError message={m.error?.message} />
      <button className={button} disabled={m.isPending}>Form team</button>
    </form>
  );
}

/** Enter one of the club's own teams into this event (a copy of its roster; its players must be entered). */
export function EnterClubTeam({ tournamentId, clubTeams }: { tournamentId: string; clubTeams: { id: string; name: string; roster: string[] }[] }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [pick, setPick] = useState("");
  const m = useMutation(trpc.teams.enterClubTeam.mutationOptions({ onSuccess: () => qc.invalidateQueries() }));
  if (clubTeams.length === 0) return null;
  const chosen = pick || clubTeams[0]!.id;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        m.mutate({ tournamentId, clubTeamId: chosen });
      }}
      className="space-y-2 rounded border border-slate-200 p-4"
      aria-label="Enter a club team"
    >
      <h2 className="text-lg font-semibold">Enter a club team</h2>
      <p className="text-sm">
        <label htmlFor="club-team">Club team</label>{" "}
        <select id="club-team" className={input} value={chosen} onChange={(e) => setPick(e.target.value)}>
          {clubTeams.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name} ({t.roster.join(", ")})
            </option>
          ))}
        </select>
      </p>
      <FormError message={m.error?.message} />
      <button className={button} disabled={m.isPending}>Enter this team</button>
    </form>
  );
}
