/**
 * Notices of self-scheduled games (docs/competitions.md "Scheduling a game"), one function per
 * event, called inside the schedule service's transaction. Sentences carry names, times and the
 * round — never a proposal's note (the players read it on their page, where only they and the
 * directors can).
 */
import type { DbOrTx } from "@/db/client";
import { namesOf, notify } from "./notify";

export interface BoardFacts {
  tournamentId: string;
  tournamentName: string;
  round: number;
  table: number;
  pairingId: string;
}

/** Times in sentences: UTC, so a notice (and its e-mail) reads the same anywhere; the page shows local time. */
const at = (d: Date) => `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;
const base = (b: BoardFacts) => ({ href: `/tournaments/${b.tournamentId}#my-games`, tournamentId: b.tournamentId, round: b.round, table: b.table, pairingId: b.pairingId });

async function nameOf(tx: DbOrTx, userId: string): Promise<string> {
  return (await namesOf(tx, [userId])).get(userId) ?? "Your opponent";
}

/** Times proposed (or a counter): the opponent hears who and how many times. */
export async function notifyProposal(tx: DbOrTx, b: BoardFacts, by: string, to: string, times: readonly Date[], counter: boolean): Promise<void> {
  const who = await nameOf(tx, by);
  const list = times.map(at).join(", ");
  const text = `${who} ${counter ? "answers with other times" : "proposes times"} for your round ${b.round} game in ${b.tournamentName}: ${list}.`;
  await notify(tx, to, "game-proposal", { ...base(b), text });
}

/** A proposal declined or withdrawn: the other player hears it. */
export async function notifyProposalClosed(tx: DbOrTx, b: BoardFacts, by: string, to: string, how: "declined" | "withdrawn"): Promise<void> {
  const who = await nameOf(tx, by);
  const text = how === "declined" ? `${who} declined your proposed times for round ${b.round} of ${b.tournamentName}.` : `${who} withdrew the times proposed for round ${b.round} of ${b.tournamentName}.`;
  await notify(tx, to, "game-proposal", { ...base(b), text });
}

/** A time agreed: both players hear it (the agreed time in their notifications). */
export async function notifyScheduled(tx: DbOrTx, b: BoardFacts, players: readonly string[], time: Date): Promise<void> {
  for (const userId of players) await notify(tx, userId, "game-scheduled", { ...base(b), text: `Your round ${b.round} game in ${b.tournamentName} is agreed for ${at(time)}.`, at: time.toISOString() });
}

/** The reminder before an agreed time (sent once per agreed time; services/schedule/reminders.ts). */
export async function notifyReminder(tx: DbOrTx, b: BoardFacts, players: readonly string[], time: Date): Promise<void> {
  for (const userId of players) await notify(tx, userId, "game-reminder", { ...base(b), text: `Your round ${b.round} game in ${b.tournamentName} starts at ${at(time)}.`, at: time.toISOString() });
}

/** A board's deadline passed without a result: its directors hear it once per deadline (services/schedule/due.ts). */
export async function notifyUnplayed(tx: DbOrTx, b: BoardFacts, directors: readonly string[], facts: { players: readonly string[]; deadline: Date; deadlineText: string }): Promise<void> {
  const text = `Round ${b.round}, table ${b.table} of ${b.tournamentName} (${facts.players.join(" v ")}) was not played by ${facts.deadlineText}: decide it (forfeit, double forfeit or a new deadline) on the dashboard.`;
  for (const userId of directors)
    await notify(tx, userId, "game-unplayed", { ...base(b), href: `/tournaments/${b.tournamentId}/manage`, text, deadline: facts.deadline.toISOString() });
}

/** A result reported, confirmed or disputed: the other player hears it. */
export async function notifyReport(tx: DbOrTx, b: BoardFacts, by: string, to: string, what: "reported" | "confirmed" | "disputed", line: string): Promise<void> {
  const who = await nameOf(tx, by);
  const text =
    what === "reported"
      ? `${who} reports your round ${b.round} result in ${b.tournamentName}: ${line}. Confirm it or dispute it.`
      : what === "confirmed"
        ? `${who} confirmed your round ${b.round} result in ${b.tournamentName}: ${line}.`
        : `${who} disputes your round ${b.round} result in ${b.tournamentName}; the director decides.`;
  await notify(tx, to, "result-report", { ...base(b), text });
}
