/**
 * The director's audit log: every change to a tournament (settings, entries, pairings, results)
 * is written in the same transaction as the change, with who did it and what changed.
 */
import { desc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { tournamentAudit, users } from "@/db/schema";
import { formatClock, formatMoney, scoreLine } from "@/server/domain";

/** Stable action codes with the sentence the dashboard shows. */
export const AUDIT_ACTIONS = {
  "tournament.created": "created the tournament",
  "tournament.updated": "changed the settings",
  "tournament.finished": "finished the tournament",
  "staff.added": "added a staff member",
  "staff.removed": "removed a staff member",
  "player.registered": "registered a player",
  "player.removed": "removed a registration",
  "player.late-entry": "added a late entry",
  "player.checked-in": "checked a player in",
  "player.checked-out": "undid a check-in",
  "player.withdrawn": "withdrew a player",
  "player.seeded": "set a seed",
  "player.entered": "entered from the event's page",
  "player.waitlisted": "joined the waitlist",
  "player.promoted": "promoted a player from the waitlist",
  "player.absent-removed": "removed players who had not checked in",
  "player.code-renewed": "renewed their check-in code",
  "fee.recorded": "recorded a fee",
  "forbidden.added": "kept two players apart",
  "forbidden.removed": "let two players meet again",
  "round.paired": "paired a round (draft)",
  "round.unpaired": "deleted a draft round",
  "round.published": "published a round",
  "round.closed": "closed a round",
  "round.started": "started the round clock",
  "pairing.swapped": "swapped two players in a draft",
  "pairing.flipped": "swapped who moves first",
  "result.recorded": "recorded a result",
  "result.corrected": "corrected a result",
  "tsh.imported": "imported a TSH file",
  "prize.saved": "saved a prize row",
  "prize.removed": "removed a prize row",
  "prize.settings": "changed how prizes are shared",
  "results.final": "marked the results final (prizes paid)",
  "results.reopened": "reopened the results (prizes provisional again)",
  // self-scheduled games (services/schedule; docs/competitions.md)
  "round.window-set": "set a round's play-by window",
  "game.scheduled": "agreed a time for a game",
  "unplayed.forfeit": "decided an unplayed game: forfeit",
  "unplayed.double-forfeit": "decided an unplayed game: double forfeit",
  "unplayed.extended": "extended an unplayed game's deadline",
  "report.confirmed": "confirmed a result the opponent reported",
  "report.disputed": "disputed a result the opponent reported",
  // team events (services/teams; docs/teams.md)
  "teams.settings": "changed the team settings",
  "teams.created": "formed a team",
  "teams.withdrawn": "withdrew a team",
  "teams.round-paired": "paired a team round (draft)",
  "teams.lineup": "submitted a line-up",
  "teams.boards-set": "set a team match's boards from the line-ups",
  "teams.double-forfeit": "recorded a board forfeited by both teams",
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** Append one entry; call inside the transaction that makes the change. */
export async function writeAudit(db: DbOrTx, tournamentId: string, actorId: string | null, action: AuditAction, details: Record<string, unknown> = {}): Promise<void> {
  await db.insert(tournamentAudit).values({ tournamentId, actorId, action, details, createdAt: new Date() });
}

export interface AuditRow {
  id: string;
  action: string;
  summary: string;
  actorName: string | null;
  details: Record<string, unknown>;
  /** What changed, with players' names: "Ann 412 – Bo 380 → Ann 380 – Bo 412" for a correction. */
  detail: string | null;
  createdAt: Date;
}

type Scores = Record<string, number> | null | undefined;
const isId = (v: unknown): v is string => typeof v === "string" && /^[0-9a-f-]{36}$/i.test(v);

/** The user ids an entry's details name (players of a result, a swap, an entry). */
function idsIn(d: Record<string, unknown>): string[] {
  const before = (d.before ?? {}) as { scores?: Scores; forfeitUserId?: unknown };
  return [...Object.keys((d.scores as Scores) ?? {}), ...Object.keys(before.scores ?? {}), d.forfeitUserId, before.forfeitUserId, d.userId, d.a, d.b].filter(isId);
}

/** Names of settings in sentences (those not listed read as their key: "name", "rounds"…). */
const SETTING_NAMES: Record<string, string> = {
  startsAt: "start",
  endsAt: "end",
  ruleset: "game",
  rulesetOptions: "game options",
  challengeRule: "challenge rule",
  playersPerGame: "players per game",
  byeWins: "bye value",
  byeSpread: "bye spread",
  forfeitSpread: "forfeit spread",
  spreadCap: "spread cap",
  lateEntryWins: "late entry wins",
  gibson: "Gibsonization",
  gibsonSpread: "Gibson spread",
  gibsonPlaces: "Gibson places",
  prizePlaces: "prize places",
  pairingPlan: "pairing plan",
  bronzeMatch: "bronze match",
  grandFinal: "grand final",
  noShowMinutes: "no-show rule",
  preview: "play preview",
  entryOpensAt: "entries open",
  entryClosesAt: "entries close",
  entryCap: "entry cap",
  entryOpenTo: "entries open to",
  entryFields: "entry form fields",
  timeControl: "clock",
  allTilesBonus: "all-tiles bonus",
  exchangeMinimum: "exchange minimum",
  endSettlement: "end settlement",
  mixedFractionBelowOne: "mixed fractions below one",
  valueBonus: "value bonus",
  initialMs: "time per player",
  incrementMs: "increment",
  perMoveLimitMs: "per-move limit",
  overtimePenaltyPoints: "overtime penalty",
  maxOvertimeMs: "maximum overtime",
  leastTimeBonusPoints: "least-time bonus",
};

/** What a setting is called in sentences (the log, and refusals naming settings that cannot change). */
export const settingName = (key: string): string => SETTING_NAMES[key] ?? key;

/** One stored value in words: "none" for null, clocks as times, lists joined. */
function valueText(key: string, v: unknown): string {
  if (v === null || v === undefined) return "none";
  if (typeof v === "number" && key.endsWith("Ms")) return formatClock(v);
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (Array.isArray(v)) return v.length ? v.map((x) => (typeof x === "object" && x ? Object.values(x as Record<string, unknown>).join(" ") : String(x))).join(", ") : "none";
  if (typeof v === "object") return Object.entries(v as Record<string, unknown>).map(([k, x]) => `${k} ${String(x)}`).join(", ");
  const text = String(v);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** "rounds 5 → 7; per-move limit none → 1:00" from a settings change's `changes`. */
export function changesText(changes: Record<string, { from: unknown; to: unknown }>): string {
  const parts: string[] = [];
  for (const [key, { from, to }] of Object.entries(changes)) {
    // The clock and the game options are one setting of several parts: name only the parts that
    // changed (the options' challenge only when the challenge rule itself is not listed).
    if (from && to && typeof from === "object" && typeof to === "object" && !Array.isArray(from) && !Array.isArray(to)) {
      const f = from as Record<string, unknown>;
      const t = to as Record<string, unknown>;
      for (const k of Object.keys(t)) {
        if (JSON.stringify(f[k]) === JSON.stringify(t[k]) || (key === "rulesetOptions" && k === "challenge" && "challengeRule" in changes)) continue;
        parts.push(`${SETTING_NAMES[k] ?? k} ${valueText(k, f[k])} → ${valueText(k, t[k])}`);
      }
      continue;
    }
    parts.push(`${SETTING_NAMES[key] ?? key} ${valueText(key, from)} → ${valueText(key, to)}`);
  }
  return parts.join("; ");
}

/** The entry's change in words; names come from `names` (seat order is the scores' key order). */
export function auditDetail(action: string, d: Record<string, unknown>, names: Map<string, string>): string | null {
  // Seat order from `players` (jsonb does not keep an object's key order); older entries lack it.
  const seats = Array.isArray(d.players) ? d.players.filter(isId) : null;
  const players = (s: Scores) => (seats ?? Object.keys(s ?? {})).map((userId) => ({ userId, name: names.get(userId) ?? "(unknown)" }));
  const where = typeof d.round === "number" ? `Round ${d.round}${typeof d.table === "number" && d.table > 0 ? `, table ${d.table}` : ""}` : null;
  if (action === "result.recorded" || action === "result.corrected") {
    const scores = d.scores as Scores;
    const now = scoreLine(players(scores), scores, (d.forfeitUserId as string | null) ?? null);
    const via = d.source === "match" ? " (from the online game)" : "";
    if (action === "result.recorded") return `${where}: ${now}${via}`;
    const before = (d.before ?? {}) as { scores?: Scores; forfeitUserId?: string | null };
    const was = scoreLine(players(before.scores ?? scores), before.scores, before.forfeitUserId ?? null);
    return `${where}: ${was} → ${now}${via}`;
  }
  if (action === "round.started" && typeof d.durationMs === "number") return `${where}: ${formatClock(d.durationMs)} on the clock${d.restarted ? " (restarted)" : ""}${typeof d.waitingGames === "number" && d.waitingGames > 0 ? `, starting ${d.waitingGames} waiting online game${d.waitingGames === 1 ? "" : "s"}` : ""}`;
  if (action === "player.absent-removed" && Array.isArray(d.removed)) return `Removed: ${d.removed.join(", ") || "nobody"}; promoted: ${Array.isArray(d.promoted) && d.promoted.length ? d.promoted.join(", ") : "nobody"}`;
  if (action === "player.checked-in" && d.all && Array.isArray(d.names) && d.names.length) return `Checked in: ${d.names.join(", ")}`;
  if (action === "pairing.swapped" && isId(d.a) && isId(d.b))
    return `${where}: ${names.get(d.a) ?? "?"} ⇄ ${names.get(d.b) ?? "?"}${Array.isArray(d.warnings) && d.warnings.length ? ` (confirmed despite: ${d.warnings.join(" ")})` : ""}`;
  if ((action === "forbidden.added" || action === "forbidden.removed") && isId(d.a) && isId(d.b)) return `${names.get(d.a) ?? "(unknown)"} and ${names.get(d.b) ?? "(unknown)"}`;
  if (action === "tournament.updated" && d.changes && typeof d.changes === "object") return changesText(d.changes as Record<string, { from: unknown; to: unknown }>) || null;
  if (action === "player.seeded" && isId(d.userId)) {
    const seed = (v: unknown) => (typeof v === "number" ? String(v) : "none");
    return `${names.get(d.userId) ?? "(unknown)"}, seed ${"from" in d ? `${seed(d.from)} → ` : ""}${seed(d.seed)}`;
  }
  if (action === "fee.recorded" && isId(d.userId)) {
    const money = typeof d.amount === "number" && typeof d.currency === "string" && d.status === "paid" ? ` ${formatMoney(d.amount, d.currency)}${typeof d.method === "string" ? ` by ${d.method}` : ""}` : "";
    return `${names.get(d.userId) ?? "(unknown)"}: fee ${String(d.status)}${money}`;
  }
  if (isId(d.userId)) return `${names.get(d.userId) ?? "(unknown)"}${typeof d.seed === "number" ? `, seed ${d.seed}` : ""}`;
  return where;
}

/** Newest first. */
export async function listAudit(db: DbOrTx, tournamentId: string, limit = 200): Promise<AuditRow[]> {
  const rows = await db
    .select({ id: tournamentAudit.id, action: tournamentAudit.action, details: tournamentAudit.details, createdAt: tournamentAudit.createdAt, actorName: users.name })
    .from(tournamentAudit)
    .leftJoin(users, eq(users.id, tournamentAudit.actorId))
    .where(eq(tournamentAudit.tournamentId, tournamentId))
    .orderBy(desc(tournamentAudit.createdAt), desc(tournamentAudit.id))
    .limit(limit);
  const ids = [...new Set(rows.flatMap((r) => idsIn(r.details)))];
  const named = ids.length ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids)) : [];
  const names = new Map(named.map((u) => [u.id, u.name]));
  return rows.map((r) => ({ ...r, summary: AUDIT_ACTIONS[r.action as AuditAction] ?? r.action, actorName: r.actorName ?? null, detail: auditDetail(r.action, r.details, names) }));
}
