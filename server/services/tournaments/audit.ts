/**
 * The director's audit log: every change to a tournament (settings, entries, pairings, results)
 * is written in the same transaction as the change, with who did it and what changed.
 */
import { desc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { tournamentAudit, users } from "@/db/schema";

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
  "round.paired": "paired a round (draft)",
  "round.unpaired": "deleted a draft round",
  "round.published": "published a round",
  "round.closed": "closed a round",
  "pairing.swapped": "swapped two players in a draft",
  "pairing.flipped": "swapped who moves first",
  "result.recorded": "recorded a result",
  "result.corrected": "corrected a result",
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
  createdAt: Date;
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
  return rows.map((r) => ({ ...r, summary: AUDIT_ACTIONS[r.action as AuditAction] ?? r.action, actorName: r.actorName ?? null }));
}
