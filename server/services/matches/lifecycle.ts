/**
 * How a match comes to be: a challenge (named players who accept, and/or open seats filled
 * through the link /play/join/[code]) or a tournament pairing. The game starts — the engine's
 * `start` event is written and the first mover's clock runs — when every seat is taken and
 * accepted AND every player has come to the game (`joined_at`: a fair start, docs/matches.md).
 * Creating, accepting and joining by link count as coming; a pairing's players come by opening
 * the board (presence.ts `checkIn`). A tournament director starting a board starts its clocks
 * at once (the hook a round timer will call: presence.ts `startNow`). An over-the-board game
 * starts at once: its players are at the table.
 *
 * Settings are validated by the engine itself (`resolveStart`) when the challenge is made, so a
 * challenge can never fail to start later. The seed is drawn from crypto randomness and stays
 * on the server until the game is over.
 */
import { randomBytes } from "node:crypto";
import { and, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { users } from "@/db/schema/users";
import { matchPlayers, matches, type Match, type MatchChallengeRule } from "@/db/schema/matches";
import { resolveStart, RULESET_DATA, sentence, type BotLevel, type StartEvent } from "@/engine";
import { DomainError } from "@/server/errors";
import { publish } from "@/server/live/bus";
import { requireTournamentRole } from "@/server/services/tournaments/access";
import { newInviteCode } from "@/server/services/clubs/invites";
import { notifyGameInvitation } from "@/server/services/notifications/events";
import { lockMatch } from "./reads";
import type { CreateChallengeInput } from "./schemas";
import { lockPairingForStart, pairingForMatch } from "./tournament";
import { checkIn, startNow } from "./presence";
import { startGame, startIfReady } from "./start";
import { cancelMatch, clearJoinCode, createMatchRow, topicOf } from "./writer";

export { startGame };

/** A later call on a board's existing game: a player comes to it, a director starts its clocks. */
async function arrive(db: Db, matchId: string, userId: string, isPlayer: boolean, now: number): Promise<void> {
  if (isPlayer) await checkIn(db, { matchId, userId }, { now });
  else await startNow(db, matchId, userId, { now });
}

/** Keep only the options that apply to the ruleset (a tournament stores the fully resolved set,
 * which also names options of other games). */
export function applicableOptions(ruleset: Match["ruleset"], options: Record<string, unknown>): Record<string, unknown> {
  const keys = RULESET_DATA[ruleset].optionKeys as readonly string[];
  return Object.fromEntries(Object.entries(options ?? {}).filter(([k]) => keys.includes(k)));
}

/** A new game's secret seed (crypto randomness; the bag order follows from it). */
export const newSeed = () => randomBytes(24).toString("base64url");

/** The settings of a new game, checked by the engine (also a seek's, server/services/seeks). */
export function checkSettings(input: { ruleset: Match["ruleset"]; rulesetOptions: Record<string, unknown>; challengeRule: string; timeControl: unknown; seats: number }): void {
  const r = resolveStart({
    type: "start",
    at: 0,
    ruleset: input.ruleset,
    options: input.rulesetOptions,
    challengeRule: input.challengeRule as StartEvent["challengeRule"],
    players: [],
    seed: "x",
    timeControl: (input.timeControl ?? null) as StartEvent["timeControl"],
  });
  if (!r.ok) throw new DomainError("INVALID", sentence(r.error));
  const rs = r.value.ruleset;
  if (input.seats < rs.minPlayers || input.seats > rs.maxPlayers) {
    throw new DomainError("INVALID", `${rs.name} is for ${rs.minPlayers}–${rs.maxPlayers} players.`, "seats");
  }
}

/** Players to challenge: exact e-mail or name containing the query (no e-mails in the answer). */
export async function findPlayers(db: DbOrTx, query: string, selfId: string): Promise<{ id: string; name: string }[]> {
  const q = query.trim();
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(or(eq(users.email, q.toLowerCase()), ilike(users.name, pattern)))
    .limit(20);
  return rows.filter((r) => r.id !== selfId);
}

/** A new challenge. The creator takes seat 0; invited players must accept; seats left over are
 * open to anyone with the join code. */
export async function createChallenge(db: Db, creatorId: string, input: CreateChallengeInput, extra: { botLevel?: BotLevel } = {}): Promise<Match> {
  checkSettings(input);
  const invite = [...new Set(input.invite)].filter((id) => id !== creatorId);
  if (invite.length > input.seats - 1) throw new DomainError("INVALID", `Invite at most ${input.seats - 1} player${input.seats === 2 ? "" : "s"} for a ${input.seats}-player game.`, "invite");
  if (invite.length) {
    const found = await db.select({ id: users.id }).from(users).where(inArray(users.id, invite));
    if (found.length !== invite.length) throw new DomainError("NOT_FOUND", "One of the invited players does not exist.", "invite");
  }
  const open = invite.length < input.seats - 1;
  return db.transaction(async (tx) => {
    const m = await createMatchRow(tx, {
        status: "open",
        ruleset: input.ruleset,
        rulesetOptions: input.rulesetOptions,
        challengeRule: input.challengeRule,
        timeControl: input.timeControl,
        rated: input.rated,
        // A rated game never previews validity, or phonies would be free (docs/matches.md "The preview").
        preview: input.rated ? "off" : "full",
        seats: input.seats,
        firstMover: input.firstMover,
        seed: newSeed(),
        joinCode: open ? newInviteCode() : null,
        createdBy: creatorId,
        // a game against the bot (server/services/bot/challenge.ts): the level it plays at
        botLevel: extra.botLevel ?? null,
      });
    const now = new Date();
    await tx.insert(matchPlayers).values([
      { matchId: m!.id, userId: creatorId, seat: 0, acceptedAt: now, joinedAt: now },
      ...invite.map((userId, i) => ({ matchId: m!.id, userId, seat: i + 1, acceptedAt: null })),
    ]);
    await notifyGameInvitation(tx, { matchId: m!.id, creatorId, invitedIds: invite });
    return m!;
  });
}

/** An invited player accepts; the game starts once everyone has. */
export async function acceptChallenge(db: Db, { matchId, userId }: { matchId: string; userId: string }, opts: { now?: number } = {}): Promise<Match> {
  const out = await db.transaction(async (tx) => {
    const m = await lockMatch(tx, matchId);
    if (m.status !== "open") throw new DomainError("CONFLICT", m.status === "cancelled" ? "This challenge was withdrawn." : "This game has already started.");
    const [me] = await tx
      .update(matchPlayers)
      .set({ acceptedAt: new Date(), joinedAt: sql`coalesce(${matchPlayers.joinedAt}, now())` })
      .where(and(eq(matchPlayers.matchId, matchId), eq(matchPlayers.userId, userId)))
      .returning();
    if (!me) throw new DomainError("FORBIDDEN", "You were not invited to this game.");
    if (!(await startIfReady(tx, m, opts.now ?? Date.now()))) await publish(tx, topicOf(m.id), m.version);
    return m.id;
  });
  return (await db.select().from(matches).where(eq(matches.id, out)))[0]!;
}

/** The creator withdraws, or an invited player declines: the challenge is cancelled. */
export async function cancelChallenge(db: Db, { matchId, userId }: { matchId: string; userId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const m = await lockMatch(tx, matchId);
    if (m.status !== "open") throw new DomainError("CONFLICT", "Only a challenge that has not started can be withdrawn.");
    // A tournament board's game is the tournament's: it waits for both players, or the director.
    if (m.pairingId) throw new DomainError("PRECONDITION", "A tournament game cannot be withdrawn: ask the tournament director.");
    const [me] = await tx.select().from(matchPlayers).where(and(eq(matchPlayers.matchId, matchId), eq(matchPlayers.userId, userId)));
    if (!me) throw new DomainError("FORBIDDEN", "This is not your challenge.");
    await cancelMatch(tx, m);
  });
}

export interface JoinPreview {
  matchId: string;
  status: Match["status"];
  ruleset: Match["ruleset"];
  challengeRule: Match["challengeRule"];
  timeControl: Match["timeControl"];
  rated: boolean;
  seats: number;
  players: { userId: string; name: string }[];
}

/** What /play/join/[code] shows before accepting. */
export async function previewJoin(db: DbOrTx, code: string): Promise<JoinPreview> {
  const [m] = await db.select().from(matches).where(eq(matches.joinCode, code)).limit(1);
  if (!m) throw new DomainError("NOT_FOUND", "This challenge link is not valid (it may have been used or withdrawn).");
  const players = await db
    .select({ userId: matchPlayers.userId, name: users.name })
    .from(matchPlayers)
    .innerJoin(users, eq(users.id, matchPlayers.userId))
    .where(eq(matchPlayers.matchId, m.id))
    .orderBy(matchPlayers.seat);
  return { matchId: m.id, status: m.status, ruleset: m.ruleset, challengeRule: m.challengeRule, timeControl: m.timeControl, rated: m.rated, seats: m.seats, players };
}

/** Take an open seat through the link; joining twice is harmless. */
export async function joinByCode(db: Db, { code, userId }: { code: string; userId: string }, opts: { now?: number } = {}): Promise<{ matchId: string }> {
  const [found] = await db.select({ id: matches.id }).from(matches).where(eq(matches.joinCode, code)).limit(1);
  if (!found) throw new DomainError("NOT_FOUND", "This challenge link is not valid (it may have been used or withdrawn).");
  await db.transaction(async (tx) => {
    const m = await lockMatch(tx, found.id);
    const seated = await tx.select().from(matchPlayers).where(eq(matchPlayers.matchId, m.id));
    const mine = seated.find((p) => p.userId === userId);
    if (mine) {
      if (mine.acceptedAt === null || mine.joinedAt === null) await tx.update(matchPlayers).set({ acceptedAt: mine.acceptedAt ?? new Date(), joinedAt: mine.joinedAt ?? new Date() }).where(and(eq(matchPlayers.matchId, m.id), eq(matchPlayers.userId, userId)));
    } else {
      if (m.status !== "open") throw new DomainError("CONFLICT", m.status === "cancelled" ? "This challenge was withdrawn." : "This game is already full.");
      if (seated.length >= m.seats) throw new DomainError("CONFLICT", "This game is already full.");
      await tx.insert(matchPlayers).values({ matchId: m.id, userId, seat: seated.length, acceptedAt: new Date(), joinedAt: new Date() });
    }
    if (m.status === "open") {
      const started = await startIfReady(tx, m, opts.now ?? Date.now());
      if (started) await clearJoinCode(tx, m.id);
      else await publish(tx, topicOf(m.id), m.version);
    }
  });
  return { matchId: found.id };
}

/**
 * The match of a tournament pairing, created and started on first call by one of its players or
 * a tournament director; later calls return the same match (one per pairing, enforced by a unique
 * index, so two racing clicks cannot make two games). A fair start: a player's call counts as
 * coming to the board, and the clocks start once both have come (presence.ts); a director's
 * call starts the clocks at once, whoever is there (also on a board already waiting). Only a published round's boards start: a
 * draft may still be re-paired or deleted, which would leave its game running with no pairing.
 * That check runs under a lock in the creating transaction (`lockPairingForStart`).
 */
export async function createFromPairing(
  db: Db,
  { pairingId, userId }: { pairingId: string; userId: string },
  opts: { now?: number; /** "otb": played over the board, `userId` keeps score (docs/scorekeeper.md) */ mode?: "online" | "otb" } = {},
): Promise<{ matchId: string; created: boolean }> {
  const p = await pairingForMatch(db, pairingId);
  // Access first, so a stranger is refused even when the game already exists (it is a mutation).
  if (!p.players.includes(userId)) await requireTournamentRole(db, p.tournamentId, userId, ["director"]);
  const isPlayer = p.players.includes(userId);
  const now0 = opts.now ?? Date.now();
  const existing = await db.select({ id: matches.id }).from(matches).where(eq(matches.pairingId, pairingId)).limit(1);
  if (existing[0]) {
    if (opts.mode !== "otb") await arrive(db, existing[0].id, userId, isPlayer, now0);
    return { matchId: existing[0].id, created: false };
  }
  if (p.players.length < 2) throw new DomainError("PRECONDITION", "A bye has no game to play.");
  const rulesetOptions = applicableOptions(p.ruleset, p.rulesetOptions);
  checkSettings({ ruleset: p.ruleset, rulesetOptions, challengeRule: p.challengeRule, timeControl: p.timeControl, seats: p.players.length });
  const result = await db.transaction(async (tx) => {
    const { players } = await lockPairingForStart(tx, pairingId, p.tournamentId);
    const m = await createMatchRow(
      tx,
      {
        status: "open",
        ruleset: p.ruleset,
        rulesetOptions,
        challengeRule: p.challengeRule as MatchChallengeRule,
        timeControl: p.timeControl,
        rated: p.rated,
        seats: players.length,
        firstMover: "creator",
        seed: newSeed(),
        preview: p.preview,
        noShowMinutes: p.noShowMinutes,
        pairingId,
        tournamentId: p.tournamentId,
        createdBy: userId,
        ...(opts.mode === "otb" ? { mode: "otb" as const, scorekeeperId: userId } : {}),
      },
      { onPairingConflict: "skip" },
    );
    if (!m) return null;
    const names = await tx.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, players));
    const nameOf = new Map(names.map((n) => [n.id, n.name]));
    const now = new Date(now0);
    // Over the board everyone is at the table; online, only the caller (if a player) has come.
    const otb = opts.mode === "otb";
    await tx.insert(matchPlayers).values(players.map((id, seat) => ({ matchId: m.id, userId: id, seat, acceptedAt: now, joinedAt: otb || id === userId ? now : null })));
    if (otb || !isPlayer) {
      await startGame(
        tx,
        m,
        players.map((id) => ({ id, name: nameOf.get(id) ?? "Player" })),
        now.getTime(),
      );
    } else await publish(tx, topicOf(m.id), m.version);
    // a new board of the round: the tournament's pages (the public event page's boards) learn of it
    await publish(tx, `tournament:${p.tournamentId}`);
    return m.id;
  });
  if (result) return { matchId: result, created: true };
  const [again] = await db.select({ id: matches.id }).from(matches).where(eq(matches.pairingId, pairingId)).limit(1);
  if (opts.mode !== "otb") await arrive(db, again!.id, userId, isPlayer, now0);
  return { matchId: again!.id, created: false };
}
