/**
 * The one shape of a write to a tournament (a director's, or a player's own entry): in one
 * transaction, lock the tournament row FOR UPDATE (so the write cannot race round 1 being paired,
 * a publish or another director), run the change, append its audit entries, and announce
 * `tournament:<id>` on the live bus (delivered after commit, so pages re-read committed data).
 *
 * Rule: `write` checks what it needs under the lock and throws DomainError for anything a user can
 * cause (nothing is written then). It logs through the `audit` it is handed (details that depend on
 * the change), or the caller names a fixed `audit` entry. A write that turns out to change nothing
 * returns `unchanged(value)`: no audit entry, no notice.
 * Lock order: the tournament row first, then its rows (entries, rounds, boards), as every writer
 * and a game's start (matches/tournament.ts `lockPairingForStart`) take them.
 */
import { eq } from "drizzle-orm";
import type { DbOrTx, Tx } from "@/db/client";
import { tournaments, type Tournament } from "@/db/schema";
import { DomainError } from "@/server/errors";
import { publish } from "@/server/live/bus";
import { writeAudit, type AuditAction } from "./audit";

/** The live-bus topic of a tournament (views subscribe to it). */
export const tournamentTopic = (id: string) => `tournament:${id}`;

/** Who writes to which tournament: the first fields of every director's service call. */
export interface DirectorAct {
  tournamentId: string;
  actorId: string;
}

export interface AuditEntry {
  action: AuditAction;
  details?: Record<string, unknown>;
}

/** Append an audit entry inside the write (by the write's actor). */
export type Audit = (action: AuditAction, details?: Record<string, unknown>) => Promise<void>;

const UNCHANGED = Symbol("unchanged");
interface Unchanged<T> {
  [UNCHANGED]: true;
  value: T;
}
/** What a write returns when it changed nothing: the value, with no audit entry and no notice. */
export const unchanged = <T>(value: T): Unchanged<T> => ({ [UNCHANGED]: true, value });
const isUnchanged = <T>(x: T | Unchanged<T>): x is Unchanged<T> => typeof x === "object" && x !== null && UNCHANGED in x;

/** Lock the tournament row for the rest of the transaction; NOT_FOUND when there is none. */
export async function lockTournament(tx: DbOrTx, tournamentId: string): Promise<Tournament> {
  const [t] = await tx.select().from(tournaments).where(eq(tournaments.id, tournamentId)).for("update");
  if (!t) throw new DomainError("NOT_FOUND", "That tournament does not exist.");
  return t;
}

/** Lock, write, audit, publish (see the header); returns what `write` returns. */
export async function directorWrite<T>(
  db: DbOrTx,
  opts: { tournamentId: string; actorId: string | null; audit?: AuditEntry },
  write: (tx: Tx, t: Tournament, audit: Audit) => Promise<T | Unchanged<T>>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const t = await lockTournament(tx, opts.tournamentId);
    const audit: Audit = (action, details = {}) => writeAudit(tx, t.id, opts.actorId, action, details);
    const out = await write(tx, t, audit);
    if (isUnchanged(out)) return out.value;
    if (opts.audit) await audit(opts.audit.action, opts.audit.details);
    await publish(tx, tournamentTopic(t.id));
    return out;
  });
}
