/**
 * A user's own data: the download (JSON) and deleting the account.
 *
 * Deleting keeps the `users` row, anonymised ("Deleted player 3f2a", an address nobody can own,
 * no password), because games, results, ratings and rulings belong to the other players too and
 * reference it; club memberships, join requests and pending links go. Raising the session version
 * and setting `deleted_at` ends every session at once (`getSessionUser`). An account that is the
 * only owner of a club cannot be deleted until it hands the club over, so no club is left ownerless.
 */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import {
  accountTokens,
  clubJoinRequests,
  clubMemberships,
  clubs,
  mailOutbox,
  matches,
  matchPlayers,
  notifications,
  ratingEvents,
  ratings,
  signInAttempts,
  tournamentPlayers,
  tournaments,
  users,
} from "@/db/schema";
import { DomainError } from "@/server/errors";
import { checkOwnPassword } from "./recovery";
import { forgetSessionsOf } from "./sessions";

/** Everything the account holds about its owner, as plain JSON (no password hash, no game secrets). */
export async function exportData(db: DbOrTx, userId: string) {
  const [account] = await db
    .select({ id: users.id, email: users.email, name: users.name, theme: users.theme, notificationPrefs: users.notificationPrefs, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!account) throw new DomainError("NOT_FOUND", "Your account no longer exists.");
  const [clubRows, joinRequests, entries, games, ratingRows, history] = await Promise.all([
    db
      .select({ club: clubs.name, handle: clubs.handle, role: clubMemberships.role, joinedAt: clubMemberships.joinedAt })
      .from(clubMemberships)
      .innerJoin(clubs, eq(clubs.id, clubMemberships.clubId))
      .where(eq(clubMemberships.userId, userId)),
    db
      .select({ club: clubs.name, message: clubJoinRequests.message, status: clubJoinRequests.status, createdAt: clubJoinRequests.createdAt })
      .from(clubJoinRequests)
      .innerJoin(clubs, eq(clubs.id, clubJoinRequests.clubId))
      .where(eq(clubJoinRequests.userId, userId)),
    db
      .select({ tournamentId: tournamentPlayers.tournamentId, tournament: tournaments.name, status: tournamentPlayers.status })
      .from(tournamentPlayers)
      .innerJoin(tournaments, eq(tournaments.id, tournamentPlayers.tournamentId))
      .where(eq(tournamentPlayers.userId, userId)),
    // the game's public facts only: never its seed (the bag follows from it)
    db
      .select({ matchId: matches.id, ruleset: matches.ruleset, status: matches.status, rated: matches.rated, seat: matchPlayers.seat, createdAt: matches.createdAt })
      .from(matchPlayers)
      .innerJoin(matches, eq(matches.id, matchPlayers.matchId))
      .where(eq(matchPlayers.userId, userId)),
    db
      .select({ ruleset: ratings.ruleset, rating: ratings.rating, rd: ratings.rd, games: ratings.games, updatedAt: ratings.updatedAt })
      .from(ratings)
      .where(eq(ratings.userId, userId)),
    db
      .select({
        ruleset: ratingEvents.ruleset,
        playedAt: ratingEvents.playedAt,
        ratingBefore: ratingEvents.ratingBefore,
        ratingAfter: ratingEvents.ratingAfter,
        score: ratingEvents.score,
        result: ratingEvents.result,
        source: ratingEvents.source,
        sourceId: ratingEvents.sourceId,
      })
      .from(ratingEvents)
      .where(eq(ratingEvents.userId, userId)),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    account,
    clubs: clubRows,
    joinRequests,
    tournaments: entries,
    games,
    ratings: ratingRows,
    ratingHistory: history,
  };
}

export type DataExport = Awaited<ReturnType<typeof exportData>>;

/** Deletes the signed-in user's account (their password confirms it); see the module comment. */
export async function deleteAccount(db: DbOrTx, userId: string, input: { password: string }): Promise<{ ok: true }> {
  const user = await checkOwnPassword(db, userId, input.password, "password");
  await db.transaction(async (tx) => {
    const owned = await tx
      .select({ clubId: clubMemberships.clubId, name: clubs.name })
      .from(clubMemberships)
      .innerJoin(clubs, eq(clubs.id, clubMemberships.clubId))
      .where(and(eq(clubMemberships.userId, userId), eq(clubMemberships.role, "owner")));
    if (owned.length) {
      const others = await tx
        .select({ clubId: clubMemberships.clubId })
        .from(clubMemberships)
        .where(
          and(
            inArray(
              clubMemberships.clubId,
              owned.map((o) => o.clubId),
            ),
            eq(clubMemberships.role, "owner"),
            ne(clubMemberships.userId, userId),
          ),
        );
      const alone = owned.filter((o) => !others.some((x) => x.clubId === o.clubId));
      if (alone.length)
        throw new DomainError("PRECONDITION", `You are the only owner of ${alone.map((o) => o.name).join(", ")}: make someone else an owner first.`);
    }
    const tag = userId.slice(0, 4);
    await tx
      .update(users)
      .set({
        email: `deleted-${userId}@deleted.invalid`,
        name: `Deleted player ${tag}`,
        passwordHash: "!deleted",
        theme: "system",
        notificationPrefs: {},
        siteAdmin: false,
        deletedAt: new Date(),
        sessionVersion: sql`${users.sessionVersion} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    await tx.delete(clubMemberships).where(eq(clubMemberships.userId, userId));
    await tx.delete(clubJoinRequests).where(eq(clubJoinRequests.userId, userId));
    await tx.delete(accountTokens).where(eq(accountTokens.userId, userId));
    await tx.delete(notifications).where(eq(notifications.userId, userId));
    await tx.delete(signInAttempts).where(eq(signInAttempts.email, user.email));
    await tx.delete(mailOutbox).where(eq(mailOutbox.to, user.email));
  });
  forgetSessionsOf(userId);
  return { ok: true };
}
