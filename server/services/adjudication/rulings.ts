/**
 * Recorded rulings (docs/judging.md "Recording"). Who may record:
 * - on a tournament's match, or on a tournament alone: its judges and directors
 *   (`requireTournamentRole(…, ["judge"])`, which a director passes);
 * - on a casual match (no tournament): one of its players. There is no judge in a casual game, so
 *   the players settle a dispute with the desk themselves and keep the ruling with the game.
 * The ruling is always recomputed by the engine from the request; a client never supplies it.
 * Request and ruling are stored verbatim (the request as submitted, the ruling as returned).
 * Rulings of a match are public like the match page; a tournament's list is for its staff.
 */
import { and, desc, eq, inArray, or } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { clubMemberships, matchPlayers, matches, rulings, tournamentStaff, tournaments, users, type RulingRow } from "@/db/schema";
import type { Ruling } from "@/engine";
import { notifyRuling } from "@/server/services/notifications/events";
import { DomainError } from "@/server/errors";
import { requireTournamentRole } from "@/server/services/tournaments/access";
import { adjudicateOrThrow, resolvedOptions, RULES_VERSION } from "./adjudicate";
import type { RecordRulingInput } from "./schemas";
import { RULESET_NAMES } from "@/engine";


export interface RecordedRuling {
  id: string;
  matchId: string | null;
  tournamentId: string | null;
  moveNumber: number | null;
  requestedBy: string;
  requestedByUserId: string | null;
  ruledBy: { id: string; name: string } | null;
  ruleset: RulingRow["ruleset"];
  rulesetVersion: number;
  rulesetOptions: Record<string, unknown>;
  request: Record<string, unknown>;
  ruling: Ruling;
  note: string;
  createdAt: Date;
}

async function matchPlayerIds(db: DbOrTx, matchId: string): Promise<string[]> {
  const rows = await db.select({ userId: matchPlayers.userId }).from(matchPlayers).where(eq(matchPlayers.matchId, matchId));
  return rows.map((r) => r.userId);
}

/** Record a ruling as `userId`; the engine adjudicates `input.request` here. */
export async function recordRuling(db: DbOrTx, userId: string, input: RecordRulingInput): Promise<RecordedRuling> {
  const { request, ruling } = adjudicateOrThrow(input.request);
  let tournamentId = input.tournamentId ?? null;
  const matchId = input.matchId ?? null;
  let players: string[] | null = null;

  if (matchId) {
    const [m] = await db.select({ id: matches.id, ruleset: matches.ruleset, tournamentId: matches.tournamentId }).from(matches).where(eq(matches.id, matchId)).limit(1);
    if (!m) throw new DomainError("NOT_FOUND", "That game does not exist.", "matchId");
    if (tournamentId && tournamentId !== m.tournamentId) throw new DomainError("INVALID", "That game is not part of this tournament.", "tournamentId");
    tournamentId = m.tournamentId;
    players = await matchPlayerIds(db, m.id);
    if (m.tournamentId) await requireTournamentRole(db, m.tournamentId, userId, ["judge"]);
    else if (!players.includes(userId)) throw new DomainError("FORBIDDEN", "Only the players of this casual game can record a ruling on it.");
    if (request.ruleset !== m.ruleset) {
      throw new DomainError("INVALID", `This game is played under ${RULESET_NAMES[m.ruleset]}; the ruling was asked under ${RULESET_NAMES[request.ruleset]}.`, "request");
    }
  } else if (tournamentId) {
    const { tournament } = await requireTournamentRole(db, tournamentId, userId, ["judge"]);
    if (request.ruleset !== tournament.ruleset) {
      throw new DomainError("INVALID", `This tournament plays ${RULESET_NAMES[tournament.ruleset]}; the ruling was asked under ${RULESET_NAMES[request.ruleset]}.`, "request");
    }
  } else {
    throw new DomainError("INVALID", "Attach the ruling to a match or a tournament.", "matchId");
  }

  let requestedBy = input.requestedBy ?? "";
  const requestedByUserId = input.requestedByUserId ?? null;
  if (requestedByUserId) {
    if (players && !players.includes(requestedByUserId)) throw new DomainError("INVALID", "The player who asked must be one of this game's players.", "requestedByUserId");
    const [u] = await db.select({ name: users.name }).from(users).where(eq(users.id, requestedByUserId)).limit(1);
    if (!u) throw new DomainError("INVALID", "That player does not exist.", "requestedByUserId");
    if (!requestedBy) requestedBy = u.name;
  }

  // the ruling and its players' notifications in one transaction (the notices go out on commit)
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(rulings)
      .values({
        matchId,
        tournamentId,
        moveNumber: input.moveNumber ?? null,
        requestedBy,
        requestedByUserId,
        ruledBy: userId,
        ruleset: request.ruleset,
        rulesetVersion: RULES_VERSION,
        rulesetOptions: { ...resolvedOptions(request) },
        request: input.request as Record<string, unknown>,
        ruling: ruling as unknown as Record<string, unknown>,
        note: input.note ?? "",
      })
      .returning();
    if (matchId && players) await notifyRuling(tx, { matchId, playerIds: players.filter((p) => p !== userId), moveNumber: input.moveNumber ?? null });
    return inserted;
  });
  const [judge] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  return toRecorded(row, judge ?? null);
}

function toRecorded(r: RulingRow, judge: { id: string; name: string } | null): RecordedRuling {
  return {
    id: r.id,
    matchId: r.matchId,
    tournamentId: r.tournamentId,
    moveNumber: r.moveNumber,
    requestedBy: r.requestedBy,
    requestedByUserId: r.requestedByUserId,
    ruledBy: judge,
    ruleset: r.ruleset,
    rulesetVersion: r.rulesetVersion,
    rulesetOptions: r.rulesetOptions,
    request: r.request,
    ruling: r.ruling as unknown as Ruling,
    note: r.note,
    createdAt: r.createdAt,
  };
}

async function withJudges(db: DbOrTx, rows: RulingRow[]): Promise<RecordedRuling[]> {
  const ids = [...new Set(rows.map((r) => r.ruledBy).filter((x): x is string => !!x))];
  const judges = ids.length ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids)) : [];
  const byId = new Map(judges.map((j) => [j.id, j]));
  return rows.map((r) => toRecorded(r, r.ruledBy ? (byId.get(r.ruledBy) ?? null) : null));
}

/** A match's rulings, oldest first (public, like the match page). */
export async function listForMatch(db: DbOrTx, matchId: string): Promise<RecordedRuling[]> {
  const rows = await db.select().from(rulings).where(eq(rulings.matchId, matchId)).orderBy(rulings.createdAt, rulings.id);
  return withJudges(db, rows);
}

/** Every ruling of a tournament (on its matches or on the tournament itself), newest first; staff only. */
export async function listForTournament(db: DbOrTx, tournamentId: string, userId: string): Promise<{ tournament: { id: string; name: string; ruleset: RulingRow["ruleset"] }; rulings: RecordedRuling[] }> {
  const { tournament } = await requireTournamentRole(db, tournamentId, userId, ["judge"]);
  const rows = await db.select().from(rulings).where(eq(rulings.tournamentId, tournamentId)).orderBy(desc(rulings.createdAt), desc(rulings.id));
  return { tournament: { id: tournament.id, name: tournament.name, ruleset: tournament.ruleset }, rulings: await withJudges(db, rows) };
}

/** Tournaments where the user may record rulings (stored staff, or owner/director of the club), newest first. */
export async function judgeableTournaments(db: DbOrTx, userId: string): Promise<{ id: string; name: string; ruleset: RulingRow["ruleset"]; status: string }[]> {
  const staffOf = db.select({ id: tournamentStaff.tournamentId }).from(tournamentStaff).where(eq(tournamentStaff.userId, userId));
  const clubsRun = db
    .select({ id: clubMemberships.clubId })
    .from(clubMemberships)
    .where(and(eq(clubMemberships.userId, userId), inArray(clubMemberships.role, ["owner", "director"])));
  return db
    .select({ id: tournaments.id, name: tournaments.name, ruleset: tournaments.ruleset, status: tournaments.status })
    .from(tournaments)
    .where(or(inArray(tournaments.id, staffOf), inArray(tournaments.clubId, clubsRun)))
    .orderBy(desc(tournaments.startsAt))
    .limit(100);
}
