/**
 * A fair start (docs/matches.md "A fair start"): a game's clocks start only when every player has
 * come to it. Creating a challenge, accepting it and joining by link count as coming; a
 * tournament board's players come by opening it (`checkIn`, called by the play page). Until then
 * the match stays `open`, with no `start` event, so no clock runs — an absent first mover cannot
 * lose time he never had the chance to use.
 *
 * - `startNow`: a tournament director starts a board's clocks whoever is there (the hook a round
 *   timer will call when the director starts a round).
 * - No-show rule (a tournament setting, copied onto the game as `no_show_minutes`): once the
 *   first player has come, a player still absent N minutes later forfeits. Like the clocks it is
 *   decided from stored timestamps whenever anyone next touches the game (a view, a check-in) —
 *   no timer in memory. The forfeit is the match's result (reason "no-show") and the board's
 *   result (the absent player forfeits, through the tournaments result path); no event is
 *   written because the game never began, and a forfeit is never rated.
 */
import { and, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { matchPlayers, type Match, type MatchResult } from "@/db/schema/matches";
import { DomainError } from "@/server/errors";
import { publish } from "@/server/live/bus";
import { requireTournamentRole } from "@/server/services/tournaments/access";
import { lockMatch } from "./reads";
import { startIfReady } from "./start";
import { finishUnplayed, topicOf } from "./writer";

export interface Waiting {
  /** when the first player came (ms); null: nobody yet */
  since: number | null;
  /** when an absent player forfeits (ms); null: no rule, or nobody has come yet */
  deadline: number | null;
}

type Seated = { userId: string; joinedAt: Date | null };

/** The no-show deadline of a waiting game (pure). */
export function waitingOf(m: Pick<Match, "status" | "noShowMinutes">, seated: readonly Seated[]): Waiting | null {
  if (m.status !== "open") return null;
  const came = seated.flatMap((p) => (p.joinedAt ? [p.joinedAt.getTime()] : []));
  const since = came.length ? Math.min(...came) : null;
  const deadline = since !== null && m.noShowMinutes !== null ? since + m.noShowMinutes * 60_000 : null;
  return { since, deadline };
}

const seatedOf = (tx: DbOrTx, matchId: string) => tx.select({ userId: matchPlayers.userId, joinedAt: matchPlayers.joinedAt }).from(matchPlayers).where(eq(matchPlayers.matchId, matchId));

/**
 * Inside the caller's transaction (match row locked): record the no-show forfeit if it is due at
 * `now`. Returns true when the game was decided.
 */
async function settleNoShow(tx: DbOrTx, m: Match, now: number): Promise<boolean> {
  if (m.status !== "open" || !m.pairingId || m.noShowMinutes === null) return false;
  const seated = await seatedOf(tx, m.id);
  const w = waitingOf(m, seated);
  if (!w?.deadline || now < w.deadline) return false;
  const absent = seated.filter((p) => p.joinedAt === null).map((p) => p.userId);
  if (absent.length === 0) return false;
  const present = seated.filter((p) => p.joinedAt !== null).map((p) => p.userId);
  const scores = Object.fromEntries(seated.map((p) => [p.userId, 0]));
  const result: MatchResult = { reason: "no-show", winners: present, scores };
  await finishUnplayed(tx, m, { result, at: new Date(now), forfeit: absent[0]! });
  return true;
}

/** A view's touch of a waiting game: decide a due no-show (cheap when nothing is due). */
export async function touchWaiting(db: Db, m: Match, opts: { now?: number } = {}): Promise<boolean> {
  if (m.status !== "open" || !m.pairingId || m.noShowMinutes === null) return false;
  const now = opts.now ?? Date.now();
  const w = waitingOf(m, await seatedOf(db, m.id));
  if (!w?.deadline || now < w.deadline) return false;
  return db.transaction(async (tx) => settleNoShow(tx, await lockMatch(tx, m.id), now));
}

export interface CheckIn {
  /** false the first time the player opens this game's page; true when they come back to it */
  returning: boolean;
  status: Match["status"];
}

/**
 * A player opens the game: recorded once as coming to it (a due no-show is decided first, so a
 * player who comes after the deadline finds the forfeit); the game starts if everyone has come.
 * `returning` goes by `opened_at`, not `joined_at`: creating a game, accepting it or joining by
 * link count as coming, but the first open of the page after them is not a return.
 * Spectators are not players: FORBIDDEN.
 */
export async function checkIn(db: Db, { matchId, userId }: { matchId: string; userId: string }, opts: { now?: number } = {}): Promise<CheckIn> {
  return db.transaction(async (tx) => {
    const m = await lockMatch(tx, matchId);
    const [me] = await tx
      .select({ joinedAt: matchPlayers.joinedAt, acceptedAt: matchPlayers.acceptedAt, openedAt: matchPlayers.openedAt })
      .from(matchPlayers)
      .where(and(eq(matchPlayers.matchId, matchId), eq(matchPlayers.userId, userId)));
    if (!me) throw new DomainError("FORBIDDEN", "Only the players of this game check in to it.");
    const now = opts.now ?? Date.now();
    const returning = me.openedAt !== null;
    if (!returning) await tx.update(matchPlayers).set({ openedAt: new Date(now) }).where(and(eq(matchPlayers.matchId, matchId), eq(matchPlayers.userId, userId)));
    if (await settleNoShow(tx, m, now)) return { returning, status: "finished" as const };
    if (me.joinedAt !== null) return { returning, status: m.status };
    // An invitation is accepted on purpose (acceptChallenge), never by opening the page.
    if (me.acceptedAt === null) return { returning, status: m.status };
    await tx.update(matchPlayers).set({ joinedAt: new Date(now) }).where(and(eq(matchPlayers.matchId, matchId), eq(matchPlayers.userId, userId)));
    if (m.status !== "open") return { returning, status: m.status };
    const started = await startIfReady(tx, m, now);
    if (!started) await publish(tx, topicOf(m.id), m.version);
    return { returning, status: started ? ("active" as const) : m.status };
  });
}

/**
 * A tournament director starts a board's clocks now, whoever has come (the round timer's hook).
 * Only for a tournament game that is still waiting; a started game is left as it is.
 */
export async function startNow(db: Db, matchId: string, userId: string, opts: { now?: number } = {}): Promise<{ started: boolean }> {
  return db.transaction(async (tx) => {
    const m = await lockMatch(tx, matchId);
    if (!m.tournamentId) throw new DomainError("PRECONDITION", "Only a tournament game's clocks are started by its director.");
    await requireTournamentRole(tx, m.tournamentId, userId, ["director"]);
    if (m.status !== "open") return { started: false };
    const started = await startIfReady(tx, m, opts.now ?? Date.now(), { force: true });
    return { started };
  });
}
