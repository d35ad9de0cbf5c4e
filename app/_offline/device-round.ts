/**
 * Pairing the next round on the director's device while offline (docs/offline.md): the event as
 * the device last saw it (the cached dashboard data) with the results still queued on the device
 * laid over it, paired by the same domain code as the server (`pairEventRound`,
 * server/domain/event.ts). The pairing and what it was based on (`Basis`) are kept in the
 * browser's storage until the director publishes it; on reconnect the basis is compared with the
 * server's state, so the director sees what moved before publishing.
 */
import { pairEventRound, scoreLine, type EventBoard, type EventData } from "@/server/domain";
import type { TournamentData } from "@/app/tournaments/[id]/manage/use-dashboard";
import type { QueuedWrite } from "./queue";
import type { ResultWriteInput } from "./senders";

type Named = { userId: string; name: string };
/** What the pairing was made from: each board's result in words, and who could be paired. */
export interface Basis {
  results: Record<string, string>;
  active: Named[];
  latestRound: number;
}
export interface DeviceRound {
  roundNumber: number;
  boards: { table: number; players: Named[] }[];
  byes: Named[];
  basis: Basis;
}

const key = (tournamentId: string) => `equalis-device-round:${tournamentId}`;

export function loadDeviceRound(tournamentId: string): DeviceRound | null {
  try {
    const raw = localStorage.getItem(key(tournamentId));
    return raw ? (JSON.parse(raw) as DeviceRound) : null;
  } catch {
    return null;
  }
}
export function saveDeviceRound(tournamentId: string, r: DeviceRound | null): void {
  if (r) localStorage.setItem(key(tournamentId), JSON.stringify(r));
  else localStorage.removeItem(key(tournamentId));
}

/** The event as the domain takes it, with this tournament's queued results laid over the boards. */
export function eventOnDevice(data: TournamentData, queued: readonly QueuedWrite[]): EventData {
  const mine = new Map(queued.filter((w) => w.kind === "result").map((w) => [(w.input as ResultWriteInput).pairingId, w.input as ResultWriteInput]));
  const pairings: EventBoard[] = data.rounds.flatMap((r) =>
    r.pairings.map((p) => {
      const q = mine.get(p.id);
      const stored = p.players.some((x) => x.score !== null) ? Object.fromEntries(p.players.map((x) => [x.userId, x.score ?? 0])) : null;
      return {
        id: p.id,
        roundNumber: r.number,
        tableNumber: p.table,
        players: p.players.map((x) => x.userId),
        isBye: p.isBye,
        scores: q ? q.scores : stored,
        forfeitUserId: q ? q.forfeitUserId : p.forfeitUserId,
        doubleForfeit: q ? false : p.doubleForfeit,
        bracketMatchId: p.bracketMatchId,
      };
    }),
  );
  const losses = new Map(data.rounds.flatMap((r) => r.pairings.flatMap((p) => (p.lossReason && !mine.has(p.id) ? [[p.id, p.lossReason] as const] : []))));
  return { tournament: data.tournament, entries: data.entries, rounds: data.rounds, pairings, losses };
}

/** Boards of the latest round still without a result on this device (tables). */
export function tablesLeft(ev: EventData): number[] {
  const latest = ev.rounds.at(-1)?.number ?? 0;
  return ev.pairings.filter((p) => p.roundNumber === latest && !p.isBye && !p.scores && !p.forfeitUserId && !p.doubleForfeit).map((p) => p.tableNumber);
}

export function basisOf(data: TournamentData, ev: EventData): Basis {
  const names = new Map(data.entries.map((e) => [e.userId, e.name]));
  const players = (ids: string[]) => ids.map((id) => ({ userId: id, name: names.get(id) ?? "(unknown)", score: null }));
  const results: Record<string, string> = {};
  for (const p of ev.pairings) if (!p.isBye) results[p.id] = `Round ${p.roundNumber}, table ${p.tableNumber}: ${p.scores || p.forfeitUserId || p.doubleForfeit ? scoreLine(players(p.players), p.scores, p.forfeitUserId) : "no result"}`;
  const latest = ev.rounds.at(-1)?.number ?? 0;
  const active = data.entries.filter((e) => e.status === "checked-in" && e.joinedRound <= latest + 1).map((e) => ({ userId: e.userId, name: e.name }));
  return { results, active, latestRound: latest };
}

/** Pair the round after the latest on the device, keeping `forbidden` pairs apart as the server
 * would (the list as the device last fetched it); a refusal is a sentence for the director. */
export function pairOnDevice(data: TournamentData, queued: readonly QueuedWrite[], forbidden: readonly (readonly [string, string])[]): { ok: true; round: DeviceRound } | { ok: false; message: string } {
  const ev = eventOnDevice(data, queued);
  const latest = ev.rounds.at(-1);
  if (!latest || latest.status === "draft") return { ok: false, message: "Pair round 1, and publish each round, on the server." };
  const left = tablesLeft(ev);
  if (left.length) return { ok: false, message: `Enter every result of round ${latest.number} first (tables ${left.join(", ")}).` };
  const number = latest.number + 1;
  if (number > data.tournament.rounds) return { ok: false, message: `All ${data.tournament.rounds} rounds have been paired.` };
  // the latest round counts as history now, as it will once closed
  const drafted = pairEventRound({ ...ev, rounds: ev.rounds.map((r) => ({ ...r, status: "closed" as const })) }, number, undefined, forbidden);
  if (!drafted.ok) return { ok: false, message: drafted.error.message };
  const names = new Map(data.entries.map((e) => [e.userId, e.name]));
  const named = (id: string) => ({ userId: id, name: names.get(id) ?? "(unknown)" });
  return {
    ok: true,
    round: {
      roundNumber: number,
      boards: drafted.value.pairings.map((p) => ({ table: p.table, players: p.players.map(named) })),
      byes: drafted.value.byes.map((b) => named(b.playerId)),
      basis: basisOf(data, ev),
    },
  };
}

/** What moved on the server since the device paired (sentences; empty: nothing). */
export function differences(saved: DeviceRound, data: TournamentData): string[] {
  const now = basisOf(data, eventOnDevice(data, []));
  const out: string[] = [];
  if (now.latestRound >= saved.roundNumber) out.push(`Round ${saved.roundNumber} was already paired on the server.`);
  for (const [id, was] of Object.entries(saved.basis.results)) {
    const is = now.results[id];
    if (is === undefined) out.push(`${was} — the board is gone from the server.`);
    else if (is !== was) out.push(`On this device: ${was}. On the server: ${is.replace(/^Round \d+, table \d+: /, "")}.`);
  }
  const before = new Set(saved.basis.active.map((p) => p.userId));
  const after = new Set(now.active.map((p) => p.userId));
  for (const p of saved.basis.active) if (!after.has(p.userId)) out.push(`${p.name} is no longer in the round (withdrawn or not checked in).`);
  for (const p of now.active) if (!before.has(p.userId)) out.push(`${p.name} joined after this device paired.`);
  return out;
}
