/**
 * One function per kind of notification, called by the service that makes the change, inside its
 * transaction. Each builds the sentence and the link from plain facts (names, numbers, ids) —
 * nothing here can see a rack — and calls `notify` once per person concerned.
 */
import type { DbOrTx } from "@/db/client";
import { RULESET_DATA } from "@/engine";
import type { Later } from "@/server/services/mail/mail";
import { listNames, namesOf, notify, notifyEach } from "./notify";

const ORDINALS = ["first", "second", "third", "fourth"] as const;

/**
 * A published round: every paired player hears their table, their opponents and whether they move
 * first; a player with a bye hears that. Each player once (a player on two boards is refused
 * before publishing, tournaments/rounds.ts).
 */
export async function notifyRoundPaired(
  tx: DbOrTx,
  round: {
    tournamentId: string;
    tournamentName: string;
    number: number;
    boards: readonly { table: number; players: readonly string[]; isBye: boolean }[];
  },
  opts: { later?: Later } = {},
): Promise<void> {
  const names = await namesOf(tx, round.boards.flatMap((b) => b.players));
  const href = `/tournaments/${round.tournamentId}`;
  const seen = new Set<string>();
  const items = [];
  for (const b of round.boards) {
    for (const [seat, userId] of b.players.entries()) {
      if (seen.has(userId)) continue;
      seen.add(userId);
      const base = { href, tournamentId: round.tournamentId, round: round.number };
      if (b.isBye) {
        items.push({ userId, kind: "round-paired" as const, payload: { ...base, text: `Round ${round.number} of ${round.tournamentName} is paired: you have a bye.`, bye: true } });
        continue;
      }
      const opponents = b.players.filter((p) => p !== userId).map((p) => names.get(p) ?? "a player");
      const order = seat === 0 ? "you move first" : `you move ${ORDINALS[seat] ?? `number ${seat + 1}`}`;
      items.push({
        userId,
        kind: "round-paired" as const,
        payload: { ...base, text: `Round ${round.number} of ${round.tournamentName} is paired: table ${b.table} against ${listNames(opponents)} (${order}).`, table: b.table, opponents, seat },
      });
    }
  }
  await notifyEach(tx, items, opts);
}

/** A challenge: each invited player hears who challenges them. */
export async function notifyGameInvitation(tx: DbOrTx, game: { matchId: string; creatorId: string; invitedIds: readonly string[] }, opts: { later?: Later } = {}): Promise<void> {
  const names = await namesOf(tx, [game.creatorId]);
  const who = names.get(game.creatorId) ?? "A player";
  for (const userId of new Set(game.invitedIds)) {
    if (userId === game.creatorId) continue;
    await notify(tx, userId, "game-invitation", { text: `${who} challenges you to a game.`, href: `/play/${game.matchId}`, matchId: game.matchId }, opts);
  }
}

/** A game's clock started: each player hears it, with the way to the board. */
export async function notifyGameStarted(tx: DbOrTx, game: { matchId: string; playerIds: readonly string[] }, opts: { later?: Later } = {}): Promise<void> {
  const names = await namesOf(tx, game.playerIds);
  for (const userId of new Set(game.playerIds)) {
    const others = game.playerIds.filter((p) => p !== userId).map((p) => names.get(p) ?? "a player");
    const text = others.length ? `Your game against ${listNames(others)} has started.` : "Your game has started.";
    await notify(tx, userId, "game-started", { text, href: `/play/${game.matchId}`, matchId: game.matchId }, opts);
  }
}

/** A ruling recorded on a game: each of its players hears the move it concerns (not the ruling's
 * detail, which names the position's tiles). */
export async function notifyRuling(tx: DbOrTx, r: { matchId: string; playerIds: readonly string[]; moveNumber: number | null }, opts: { later?: Later } = {}): Promise<void> {
  const at = r.moveNumber ? ` at move ${r.moveNumber}` : "";
  for (const userId of new Set(r.playerIds))
    await notify(tx, userId, "ruling", { text: `A judge recorded a ruling on your game${at}.`, href: `/play/${r.matchId}`, matchId: r.matchId }, opts);
}

/** A rating changed (a rated game finished): the new rating and the change, per person. */
export async function notifyRatingChanged(
  tx: DbOrTx,
  changes: readonly { userId: string; ruleset: string; before: number; after: number }[],
  opts: { later?: Later } = {},
): Promise<void> {
  for (const c of changes) {
    const before = Math.round(c.before);
    const after = Math.round(c.after);
    const delta = after - before;
    const sign = delta > 0 ? `+${delta}` : delta < 0 ? `${delta}` : "±0";
    const game = (RULESET_DATA as Record<string, { name: string } | undefined>)[c.ruleset]?.name ?? c.ruleset;
    await notify(tx, c.userId, "rating-changed", { text: `Your ${game} rating is now ${after} (${sign}).`, href: `/players/${c.userId}`, ruleset: c.ruleset, rating: after, change: delta }, opts);
  }
}

/**
 * Ratings re-derived after a change to an earlier game (a corrected result, a forfeit, a withdrawn
 * result): old -> new and why, per person whose rating changed.
 */
export async function notifyRatingCorrected(
  tx: DbOrTx,
  changes: readonly { userId: string; ruleset: string; before: number; after: number; why: string }[],
  opts: { later?: Later } = {},
): Promise<void> {
  for (const c of changes) {
    const before = Math.round(c.before);
    const after = Math.round(c.after);
    const game = (RULESET_DATA as Record<string, { name: string } | undefined>)[c.ruleset]?.name ?? c.ruleset;
    await notify(
      tx,
      c.userId,
      "rating-changed",
      { text: `Your ${game} rating changed from ${before} to ${after} because ${c.why}.`, href: `/players/${c.userId}`, ruleset: c.ruleset, rating: after, change: after - before, corrected: true },
      opts,
    );
  }
}

/** Club membership: added by a director ("invitation") or a request approved. */
export async function notifyClubMembership(
  tx: DbOrTx,
  m: { userIds: readonly string[]; club: { name: string; handle: string }; how: "added" | "approved" },
  opts: { later?: Later } = {},
): Promise<void> {
  const kind = m.how === "added" ? "club-invitation" : "club-approval";
  const text = m.how === "added" ? `You were added to the club ${m.club.name}.` : `Your request to join ${m.club.name} was approved.`;
  for (const userId of new Set(m.userIds)) await notify(tx, userId, kind, { text, href: `/clubs/${m.club.handle}`, club: m.club.handle }, opts);
}
