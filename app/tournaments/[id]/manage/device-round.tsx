"use client";
/**
 * "Pair round N on this device" (docs/offline.md): offline, the director pairs the next round from
 * the results on the device (app/_offline/device-round.ts), sees and prints it; it is kept in the
 * browser's storage. Back online, once the results are sent, "Publish" closes the round, stores
 * the device's pairing as the next round and publishes it — unless the server's state moved
 * meanwhile: then the differences come first, and the director keeps the device's pairing or
 * pairs again on the server.
 */
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { errorSentence } from "@/app/_trpc/errors";
import { useSync } from "@/app/_offline/sync";
import { printSolo } from "@/app/_lib/print";
import { differences, loadDeviceRound, pairOnDevice, saveDeviceRound, type DeviceRound } from "@/app/_offline/device-round";
import { Section, buttonClass, dangerButtonClass, secondaryButtonClass } from "@/app/clubs/_components/ui";
import type { DirectorActions, TournamentData } from "./use-dashboard";

export function DeviceRoundPanel({ id, data, a, refresh }: { id: string; data: TournamentData; a: DirectorActions; refresh: () => unknown }) {
  const trpc = useTRPC();
  const sync = useSync();
  const queryClient = useQueryClient();
  const fromDevice = useMutation(trpc.tournaments.rounds.fromDevice.mutationOptions());
  // fetched while online so the service worker keeps a copy for pairing offline
  const forbidden = useQuery(trpc.tournaments.forbiddenPairs.forPairing.queryOptions({ tournamentId: id }));
  // the panel renders only once the tournament data is there (in the browser), so storage is readable
  const [saved, setSaved] = useState<DeviceRound | null>(() => (typeof window === "undefined" ? null : loadDeviceRound(id)));
  const [problem, setProblem] = useState<string | null>(null);
  const [diffs, setDiffs] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const t = data.tournament;
  const last = data.rounds.at(-1);
  const queued = sync.writes.filter((w) => w.scope === `tournament:${id}`);
  const swissLike = t.format === "swiss" || t.format === "king-of-the-hill";
  if (!swissLike || (!saved && (sync.online || t.status !== "running" || last?.status !== "published"))) return null;

  const keep = (r: DeviceRound | null) => {
    saveDeviceRound(id, r);
    setSaved(r);
    setDiffs(null);
  };
  function pair() {
    const made = pairOnDevice(data, queued, forbidden.data ?? []);
    if (!made.ok) return setProblem(made.message);
    setProblem(null);
    keep(made.round);
  }
  async function publish(force: boolean) {
    if (!saved) return;
    if (queued.length) return setProblem("Results on this device are not sent yet: wait until the indicator says everything is synced.");
    setBusy(true);
    setProblem(null);
    try {
      // the server's state now (not the page's last copy), to compare with what the device paired from
      const fresh = await queryClient.fetchQuery({ ...trpc.tournaments.byId.queryOptions({ tournamentId: id }), staleTime: 0 });
      const moved = differences(saved, fresh);
      if (moved.length && !force) return setDiffs(moved);
      const prev = fresh.rounds.find((r) => r.number === saved.roundNumber - 1);
      if (prev?.status === "published") await a.close.mutateAsync({ tournamentId: id, roundNumber: prev.number });
      await fromDevice.mutateAsync({ tournamentId: id, roundNumber: saved.roundNumber, boards: saved.boards.map((b) => ({ table: b.table, players: b.players.map((p) => p.userId) })), byes: saved.byes.map((p) => p.userId) });
      await a.publish.mutateAsync({ tournamentId: id, roundNumber: saved.roundNumber });
      keep(null);
    } catch (err) {
      setProblem(errorSentence(err) ?? "The server did not answer; try again.");
    } finally {
      setBusy(false);
      await refresh();
    }
  }
  async function repairOnServer() {
    if (!saved) return;
    setBusy(true);
    try {
      const prev = data.rounds.find((r) => r.number === saved.roundNumber - 1);
      if (prev?.status === "published") await a.close.mutateAsync({ tournamentId: id, roundNumber: prev.number });
      if (!data.rounds.some((r) => r.number === saved.roundNumber)) await a.pair.mutateAsync({ tournamentId: id });
      keep(null);
    } catch (err) {
      setProblem(errorSentence(err) ?? "The server did not answer; try again.");
    } finally {
      setBusy(false);
      await refresh();
    }
  }

  const next = (last?.number ?? 0) + 1;
  return (
    <Section title={saved ? `Round ${saved.roundNumber}, paired on this device` : "Pairing offline"} testId="device-round">
      {!saved ? (
        <div className="space-y-2">
          <p className="text-sm text-slate-700">No network. You can pair round {next} here from the results on this device, print it, and publish it when the network returns.</p>
          <button className={buttonClass} onClick={pair}>
            Pair round {next} on this device
          </button>
        </div>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-slate-700" role="status">
            {sync.online ? "Not published yet: players see it once you publish." : "Kept on this device, not yet published. Publish it when the network returns."}
          </p>
          <table className="print-solo w-full max-w-lg text-sm" data-testid="device-round-sheet">
            <caption className="text-left font-semibold">Round {saved.roundNumber} pairings</caption>
            <thead>
              <tr className="text-left">
                <th scope="col">Table</th>
                <th scope="col">Players (first to move first)</th>
              </tr>
            </thead>
            <tbody>
              {saved.boards.map((b) => (
                <tr key={b.table} className="border-t border-slate-200">
                  <td className="py-1">{b.table}</td>
                  <td>{b.players.map((p) => p.name).join(" vs ")}</td>
                </tr>
              ))}
              {saved.byes.map((p) => (
                <tr key={p.userId} className="border-t border-slate-200">
                  <td className="py-1">bye</td>
                  <td>{p.name}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="flex flex-wrap gap-2 print:hidden">
            <button className={secondaryButtonClass} onClick={printSolo}>
              Print
            </button>
            {sync.online ? (
              <button className={buttonClass} disabled={busy} onClick={() => void publish(false)}>
                Publish round {saved.roundNumber}
              </button>
            ) : null}
            <button className={dangerButtonClass} disabled={busy} onClick={() => keep(null)}>
              Discard this pairing
            </button>
          </div>
          {diffs ? (
            <div role="alert" className="space-y-2 rounded border border-amber-400 bg-amber-50 p-3 text-sm" data-testid="device-round-diff">
              <p className="font-semibold">The server changed since this device paired round {saved.roundNumber}:</p>
              <ul className="list-disc pl-5">
                {diffs.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
              <div className="flex flex-wrap gap-2">
                <button className={buttonClass} disabled={busy} onClick={() => void publish(true)}>
                  Publish this device&apos;s pairing anyway
                </button>
                <button className={secondaryButtonClass} disabled={busy} onClick={() => void repairOnServer()}>
                  Pair again on the server
                </button>
              </div>
            </div>
          ) : null}
        </div>
      )}
      {problem ? (
        <p role="alert" className="text-sm text-red-700" data-testid="device-round-problem">
          {problem}
        </p>
      ) : null}
    </Section>
  );
}
