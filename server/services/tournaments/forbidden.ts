/**
 * Forbidden pairs: two entries the director keeps apart (family members, team-mates, a coach and
 * pupil). Stored once per pair (smaller id first, so a pair cannot be stored twice in two orders)
 * and handed to the pairing engines that can honour them: Swiss, King of the Hill and their pod
 * versions never pair a forbidden pair while any alternative exists, and say so in the round's
 * notes when none does. Round robins (everyone meets everyone) and seeded brackets cannot: the
 * draft's notes say that instead (rounds.ts). A pair may change at any time before the event is
 * finished; it shapes only rounds paired afterwards.
 */
import { and, asc, count, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "@/db/client";
import { tournamentForbiddenPairs, tournamentPlayers, users } from "@/db/schema";
import { DomainError } from "@/server/errors";
import { directorWrite, type DirectorAct } from "./director-write";
import { MAX_FORBIDDEN_PAIRS } from "./schemas";
import { teammatePairsOf } from "@/server/services/teams/load";

export interface ForbiddenPairView {
  a: { userId: string; name: string };
  b: { userId: string; name: string };
}

const ordered = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a]);

/** The tournament's forbidden pairs, by the first player's name. */
export async function listForbiddenPairs(db: DbOrTx, tournamentId: string): Promise<ForbiddenPairView[]> {
  const ua = alias(users, "ua");
  const ub = alias(users, "ub");
  const rows = await db
    .select({ a: tournamentForbiddenPairs.playerA, aName: ua.name, b: tournamentForbiddenPairs.playerB, bName: ub.name })
    .from(tournamentForbiddenPairs)
    .innerJoin(ua, eq(ua.id, tournamentForbiddenPairs.playerA))
    .innerJoin(ub, eq(ub.id, tournamentForbiddenPairs.playerB))
    .where(eq(tournamentForbiddenPairs.tournamentId, tournamentId))
    .orderBy(asc(ua.name), asc(ub.name));
  return rows.map((r) => ({ a: { userId: r.a, name: r.aName }, b: { userId: r.b, name: r.bName } }));
}

/** The pairs as the pairing engines take them, with every pair of teammates when the event keeps
 * teammates apart (docs/teams.md "Team tables in an individual event"). */
export async function forbiddenPairsOf(db: DbOrTx, tournamentId: string): Promise<[string, string][]> {
  const rows = await db.select({ a: tournamentForbiddenPairs.playerA, b: tournamentForbiddenPairs.playerB }).from(tournamentForbiddenPairs).where(eq(tournamentForbiddenPairs.tournamentId, tournamentId));
  const own = rows.map((r): [string, string] => [r.a, r.b]);
  const keys = new Set(own.map(([a, b]) => `${a}|${b}`));
  return [...own, ...(await teammatePairsOf(db, tournamentId)).filter(([a, b]) => !keys.has(`${a}|${b}`))];
}

/** The event must not be finished: its pairs no longer change then. */
function requireNotFinished(t: { status: string }) {
  if (t.status === "finished") throw new DomainError("PRECONDITION", "The tournament is finished: its pairs no longer change.");
}

/** Keep two entries apart from the next paired round on. Directors only (checked by the router). */
export async function addForbiddenPair(db: DbOrTx, input: DirectorAct & { a: string; b: string }): Promise<ForbiddenPairView> {
  const { tournamentId, actorId, a, b } = input;
  if (a === b) throw new DomainError("INVALID", "Choose two different players.", "b");
  const [playerA, playerB] = ordered(a, b);
  return directorWrite(db, { tournamentId, actorId, audit: { action: "forbidden.added", details: { a: playerA, b: playerB } } }, async (tx, t) => {
    requireNotFinished(t);
    const entered = await tx
      .select({ userId: tournamentPlayers.userId, name: users.name })
      .from(tournamentPlayers)
      .innerJoin(users, eq(users.id, tournamentPlayers.userId))
      .where(and(eq(tournamentPlayers.tournamentId, tournamentId)));
    const name = new Map(entered.map((e) => [e.userId, e.name]));
    for (const [id, field] of [[a, "a"], [b, "b"]] as const) if (!name.has(id)) throw new DomainError("NOT_FOUND", "Both players must be entered in this tournament.", field);
    const [n] = await tx.select({ n: count() }).from(tournamentForbiddenPairs).where(eq(tournamentForbiddenPairs.tournamentId, tournamentId));
    if ((n?.n ?? 0) >= MAX_FORBIDDEN_PAIRS) throw new DomainError("PRECONDITION", `A tournament keeps at most ${MAX_FORBIDDEN_PAIRS} forbidden pairs.`);
    const inserted = await tx.insert(tournamentForbiddenPairs).values({ tournamentId, playerA, playerB, addedBy: actorId }).onConflictDoNothing().returning({ a: tournamentForbiddenPairs.playerA });
    if (inserted.length === 0) throw new DomainError("CONFLICT", `${name.get(a)} and ${name.get(b)} are already kept apart.`, "b");
    return { a: { userId: playerA, name: name.get(playerA)! }, b: { userId: playerB, name: name.get(playerB)! } };
  });
}

/** Let two entries meet again (from the next paired round on). Directors only. */
export async function removeForbiddenPair(db: DbOrTx, input: DirectorAct & { a: string; b: string }): Promise<void> {
  const { tournamentId, actorId } = input;
  const [playerA, playerB] = ordered(input.a, input.b);
  await directorWrite(db, { tournamentId, actorId, audit: { action: "forbidden.removed", details: { a: playerA, b: playerB } } }, async (tx, t) => {
    requireNotFinished(t);
    const gone = await tx
      .delete(tournamentForbiddenPairs)
      .where(and(eq(tournamentForbiddenPairs.tournamentId, tournamentId), eq(tournamentForbiddenPairs.playerA, playerA), eq(tournamentForbiddenPairs.playerB, playerB)))
      .returning({ a: tournamentForbiddenPairs.playerA });
    if (gone.length === 0) throw new DomainError("NOT_FOUND", "Those two players are not a forbidden pair.");
  });
}
