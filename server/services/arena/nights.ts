/**
 * Club nights (arena) and the club's ladders: a director opens a night, club members join and
 * leave, and whoever is free is paired at once (pairing.ts). Every change locks the night row first
 * and runs in one transaction (docs/conventions.md, principle 11).
 */
import { and, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { arenaNights, arenaPlayers, competitions, type ArenaNight, type Competition } from "@/db/schema";
import { getRuleset, parseRulesetOptions } from "@/engine";
import { parseArenaScoring, parseLadderRule } from "@/server/domain";
import { DomainError } from "@/server/errors";
import { requireClubRole } from "@/server/services/clubs/membership";
import { lockNight, pairFree } from "./pairing";
import type { OpenNightInput } from "./schemas";
import { createLadderInput, openNightInput } from "./schemas";
import type { z } from "zod";

const DIRECTORS = ["owner", "director"] as const;
const MEMBERS = ["owner", "director", "member"] as const;

/** A club director opens a night; its rules are checked here so pairing it never fails later. */
export async function openNight(db: Db, actorId: string, raw: OpenNightInput, now = new Date()): Promise<ArenaNight> {
  const input = openNightInput.parse(raw);
  await requireClubRole(db, input.clubId, actorId, DIRECTORS);
  const rs = getRuleset(input.ruleset);
  if (input.groupSize > rs.maxPlayers)
    throw new DomainError("INVALID", `${rs.name} is for ${rs.minPlayers}–${rs.maxPlayers} players: choose a group size up to ${rs.maxPlayers}.`, "groupSize");
  const options = parseRulesetOptions(rs, input.rulesetOptions);
  if (!options.ok) throw new DomainError("INVALID", `Ruleset options: ${options.error}.`, "rulesetOptions");
  const scoring = parseArenaScoring(input.scoring);
  if (!scoring.ok) throw new DomainError("INVALID", scoring.error.message, "scoring");
  if (input.mode === "over-the-board" && input.timeControl) throw new DomainError("INVALID", "Over the board the players keep their own clocks: leave the time control empty.", "timeControl");
  const ladder = input.ladderId ? await ladderOfClub(db, input.ladderId, input.clubId) : null;
  const [n] = await db
    .insert(arenaNights)
    .values({
      clubId: input.clubId,
      competitionId: input.ladderId,
      name: input.name,
      ruleset: input.ruleset,
      rulesetOptions: { ...options.value },
      timeControl: input.timeControl as Record<string, unknown> | null,
      groupSize: input.groupSize,
      scoring: scoring.value,
      mode: input.mode,
      // a night feeding an unrated (friendly) ladder is unrated whatever the form said
      rated: input.rated && (ladder?.rated ?? true),
      startsAt: now,
      createdBy: actorId,
    })
    .returning();
  return n!;
}

async function ladderOfClub(db: DbOrTx, ladderId: string, clubId: string): Promise<Competition> {
  const [c] = await db.select().from(competitions).where(and(eq(competitions.id, ladderId), eq(competitions.kind, "ladder")));
  if (!c || c.clubId !== clubId) throw new DomainError("NOT_FOUND", "That ladder is not one of this club's.", "ladderId");
  return c;
}

/** The night and the caller's role check; a night is the business of its club's members. */
export async function nightFor(db: DbOrTx, nightId: string, userId: string, roles: readonly ("owner" | "director" | "member")[] = MEMBERS): Promise<ArenaNight> {
  const [n] = await db.select().from(arenaNights).where(eq(arenaNights.id, nightId));
  if (!n) throw new DomainError("NOT_FOUND", "That club night does not exist.");
  await requireClubRole(db, n.clubId, userId, roles);
  return n;
}

/** The director closes the night: nobody new is paired; games at a table may still be reported. */
export async function closeNight(db: Db, actorId: string, nightId: string, now = new Date()): Promise<void> {
  await nightFor(db, nightId, actorId, DIRECTORS);
  await db.transaction(async (tx) => {
    const n = await lockNight(tx, nightId);
    if (n.status === "closed") throw new DomainError("PRECONDITION", "This club night is already closed.");
    await tx.update(arenaNights).set({ status: "closed", closedAt: now, version: n.version + 1 }).where(eq(arenaNights.id, nightId));
    await tx.update(arenaPlayers).set({ status: "left", leftAt: now }).where(and(eq(arenaPlayers.nightId, nightId), eq(arenaPlayers.status, "waiting")));
  });
}

/** A club member drops in (or back in after leaving) and is paired at once if someone is free. */
export async function joinNight(db: Db, userId: string, nightId: string, now = new Date()): Promise<{ paired: boolean }> {
  await nightFor(db, nightId, userId);
  return db.transaction(async (tx) => {
    const n = await lockNight(tx, nightId);
    if (n.status !== "open") throw new DomainError("PRECONDITION", "This club night is closed: nobody can join it any more.");
    const [me] = await tx.select().from(arenaPlayers).where(and(eq(arenaPlayers.nightId, nightId), eq(arenaPlayers.userId, userId)));
    if (me && me.status !== "left") throw new DomainError("CONFLICT", me.status === "playing" ? "You are already playing tonight." : "You are already waiting to be paired.");
    if (me) await tx.update(arenaPlayers).set({ status: "waiting", leftAt: null, freeSince: now }).where(and(eq(arenaPlayers.nightId, nightId), eq(arenaPlayers.userId, userId)));
    else await tx.insert(arenaPlayers).values({ nightId, userId, status: "waiting", joinedAt: now, freeSince: now });
    const made = await pairFree(tx, n, now);
    if (!made.length) await tx.update(arenaNights).set({ version: n.version + 1 }).where(eq(arenaNights.id, nightId));
    return { paired: made.some((g) => g.players.includes(userId)) };
  });
}

/** A player leaves the room; a game at a table is finished (reported) first. */
export async function leaveNight(db: Db, userId: string, nightId: string, now = new Date()): Promise<void> {
  await nightFor(db, nightId, userId);
  await db.transaction(async (tx) => {
    const n = await lockNight(tx, nightId);
    const [me] = await tx.select().from(arenaPlayers).where(and(eq(arenaPlayers.nightId, nightId), eq(arenaPlayers.userId, userId)));
    if (!me || me.status === "left") throw new DomainError("PRECONDITION", "You are not in this club night's room.");
    if (me.status === "playing") throw new DomainError("PRECONDITION", "Finish your game first: report its result (or ask the director), then you can leave.");
    await tx.update(arenaPlayers).set({ status: "left", leftAt: now }).where(and(eq(arenaPlayers.nightId, nightId), eq(arenaPlayers.userId, userId)));
    await tx.update(arenaNights).set({ version: n.version + 1 }).where(eq(arenaNights.id, nightId));
  });
}

/**
 * End of the evening on a pods night: the director lets fewer free players than a pod play (or
 * stops it again); whoever is free is paired at once.
 */
export async function setSmallGroups(db: Db, actorId: string, input: { nightId: string; allow: boolean }, now = new Date()): Promise<void> {
  await nightFor(db, input.nightId, actorId, DIRECTORS);
  await db.transaction(async (tx) => {
    const n = await lockNight(tx, input.nightId);
    if (n.status !== "open") throw new DomainError("PRECONDITION", "This club night is closed.");
    if (n.groupSize === 2) throw new DomainError("PRECONDITION", "This is a night of pairs: every two free players play already.");
    if (n.smallGroups === input.allow) return;
    const next = { ...n, smallGroups: input.allow, version: n.version + 1 };
    await tx.update(arenaNights).set({ smallGroups: input.allow, version: next.version }).where(eq(arenaNights.id, n.id));
    await pairFree(tx, next, now);
  });
}

/** A club director creates a ladder (a competition of kind 'ladder') that nights can feed. */
export async function createLadder(db: Db, actorId: string, raw: z.input<typeof createLadderInput>, now = new Date()): Promise<Competition> {
  const input = createLadderInput.parse(raw);
  await requireClubRole(db, input.clubId, actorId, DIRECTORS);
  const rule = parseLadderRule(input.rule);
  if (!rule.ok) throw new DomainError("INVALID", rule.error.message, "rule");
  const [c] = await db
    .insert(competitions)
    .values({ clubId: input.clubId, kind: "ladder", name: input.name, startsAt: now, rules: { ...rule.value }, rated: input.rated, status: "running", createdBy: actorId })
    .returning();
  return c!;
}

/** The director attaches a night to one of the club's ladders (or detaches it: `ladderId` null). */
export async function attachNight(db: Db, actorId: string, input: { nightId: string; ladderId: string | null }): Promise<void> {
  const n = await nightFor(db, input.nightId, actorId, DIRECTORS);
  if (input.ladderId) await ladderOfClub(db, input.ladderId, n.clubId);
  await db.transaction(async (tx) => {
    const locked = await lockNight(tx, input.nightId);
    await tx.update(arenaNights).set({ competitionId: input.ladderId, version: locked.version + 1 }).where(eq(arenaNights.id, input.nightId));
  });
}
