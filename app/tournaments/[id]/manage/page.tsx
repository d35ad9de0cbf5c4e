"use client";
/**
 * The director's dashboard: registration and check-in, pair → adjust → publish → results → close,
 * result corrections, staff, and the audit log. Every button calls a director-only procedure; the
 * server decides, this page only shows what it says. The data and the actions: `useDashboard`;
 * each section is a component of this folder.
 */
import Link from "next/link";
import { useParams } from "next/navigation";
import { Loading, TournamentTabs, formatDate } from "../../_components/ui";
import { GameSettingsForm } from "@/app/tournaments/_components/game-settings";
import { TOURNAMENT_STATUS_LABELS } from "@/app/_lib/labels";
import { SettingsForm } from "./settings-form";
import { ForbiddenPairsForm, SeedsForm } from "./settings-pairs";
import { PairingPlanForm } from "./pairing-plan";
import { RoundControl } from "./round-control";
import { DeviceRoundPanel } from "./device-round";
import { SchedulePanel } from "./schedule-panel";
import { RoundResults } from "./result-row";
import { Registration } from "./registration";
import { StartStep } from "./start-step";
import { AuditLog, StaffSection } from "./staff-audit";
import { TshFiles } from "./tsh-files";
import { PrizesSection } from "./prizes";
import { useDashboard, type Dashboard, type TournamentData } from "./use-dashboard";

export default function ManagePage() {
  const { id } = useParams<{ id: string }>();
  const d = useDashboard(id);
  return <Loading q={d.q}>{() => (d.q.data!.viewerRole === "director" ? <DirectorDashboard id={id} data={d.q.data!} d={d} /> : <DirectorsOnly id={id} />)}</Loading>;
}

function DirectorsOnly({ id }: { id: string }) {
  return (
    <div className="space-y-2">
      <h1 className="text-2xl font-semibold">Directors only</h1>
      <p>Only this tournament&apos;s directors (and the club&apos;s owners and directors) can run it.</p>
      <Link href={`/tournaments/${id}`} className="text-indigo-700 underline">Back to the tournament</Link>
    </div>
  );
}

function DirectorDashboard({ id, data, d }: { id: string; data: TournamentData; d: Dashboard }) {
  const { tournament: t, club, entries, rounds } = data;
  const open = rounds.filter((r) => r.status !== "draft").reverse();
  const checkedIn = entries.filter((e) => e.status === "checked-in").length;
  const waiting = entries.filter((e) => e.status === "waitlisted").length;
  const entered = entries.filter((e) => e.status === "registered" || e.status === "checked-in").length;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{t.name}: director&apos;s dashboard</h1>
        <p className="text-sm text-slate-500">
          <Link href={`/clubs/${club.handle}`} className="hover:underline" data-testid="dashboard-club">{club.name}</Link> · {TOURNAMENT_STATUS_LABELS[t.status]} · {checkedIn} checked in · {entered} entries{waiting ? ` · ${waiting} waiting` : ""} · starts {formatDate(t.startsAt)} ·{" "}
          <a href={`/tournaments/${id}/desk`} className="text-indigo-700 underline" data-testid="dashboard-desk">Check-in desk</a> ·{" "}
          <Link href={`/tournaments/${id}/ledger`} className="text-indigo-700 underline" data-testid="dashboard-ledger">Fees and ledger</Link>
        </p>
      </div>
      <TournamentTabs id={id} current="manage" elimination={t.format.endsWith("elimination")} director />
      {t.status === "finished" ? (
        <p className="rounded border border-emerald-300 bg-emerald-50 px-3 py-2 text-emerald-900" role="status" data-testid="finished-banner">
          This tournament is finished. <Link href={`/tournaments/${id}/standings`} className="underline">Final standings</Link>
        </p>
      ) : null}

      {t.status === "registration" ? <StartStep id={id} /> : null}
      <RoundControl id={id} data={data} a={d.actions} refresh={d.refresh} />
      <DeviceRoundPanel id={id} data={data} a={d.actions} refresh={d.refresh} />

      <SchedulePanel tournamentId={id} />

      {open.map((r) => (
        <RoundResults key={r.number} tournamentId={id} round={r} d={d} />
      ))}

      <div className="grid gap-6 lg:grid-cols-2">
        <Registration id={id} data={data} a={d.actions} refresh={d.refresh} />
        <div className="space-y-6">
          {t.format === "swiss" || t.format === "king-of-the-hill" ? (
            <PairingPlanForm tournamentId={id} format={t.format} rounds={t.rounds} plan={t.pairingPlan} status={t.status} paired={rounds.at(-1)?.number ?? 0} />
          ) : null}
          <ForbiddenPairsForm tournamentId={id} status={t.status} format={t.format} entries={entries} />
          <SeedsForm tournamentId={id} status={t.status} entries={entries} />
          <GameSettingsForm tournamentId={id} preview={t.preview} noShowMinutes={t.noShowMinutes} />
          <TshFiles id={id} data={data} onImported={d.refresh} />
          <PrizesSection tournamentId={id} finished={t.status === "finished"} />
          <StaffSection id={id} staff={data.staff} add={d.actions.staff} />
          <AuditLog audit={d.audit} />
        </div>
      </div>
      <SettingsForm tournament={t} />
    </div>
  );
}
