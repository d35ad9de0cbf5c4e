/** Who runs a duplicate game or event: its creator, or a director of its club (docs/duplicate.md "Who may do what"). */
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { duplicateEvents, duplicateGames, duplicatePlayers, type DuplicateEvent, type DuplicateGame } from "@/db/schema";
import { rulesetFor, type Ruleset } from "@/engine";
import { DomainError } from "@/server/errors";
import { getMembership, requireClubRole } from "@/server/services/clubs/membership";

export async function loadGame(db: DbOrTx, gameId: string, lock = false): Promise<DuplicateGame> {
  const q = db.select().from(duplicateGames).where(eq(duplicateGames.id, gameId));
  const [g] = lock ? await q.for("update") : await q;
  if (!g) throw new DomainError("NOT_FOUND", "That duplicate game does not exist.");
  return g;
}

export async function isDirectorOf(db: DbOrTx, g: Pick<DuplicateGame, "creatorId" | "clubId">, userId: string | null): Promise<boolean> {
  if (!userId) return false;
  if (g.creatorId === userId) return true;
  if (!g.clubId) return false;
  const m = await getMembership(db, g.clubId, userId);
  return m?.role === "owner" || m?.role === "director";
}

export async function requireDirector(db: DbOrTx, g: DuplicateGame, userId: string): Promise<void> {
  if (!(await isDirectorOf(db, g, userId))) throw new DomainError("FORBIDDEN", "Only the game's director can do that.");
}

/**
 * Who may see a game (its view, its live notices): anyone signed in for a game without a club; for
 * a club's game its members, its players and its directors. `known` skips the look-ups the caller
 * has already made.
 */
export async function requireViewer(db: DbOrTx, g: DuplicateGame, viewerId: string | null, known: { player?: boolean; director?: boolean } = {}): Promise<void> {
  if (!g.clubId) return;
  if (known.player || known.director) return;
  if (viewerId && known.player === undefined) {
    const [p] = await db.select({ id: duplicatePlayers.userId }).from(duplicatePlayers).where(and(eq(duplicatePlayers.gameId, g.id), eq(duplicatePlayers.userId, viewerId)));
    if (p) return;
  }
  if (known.director === undefined && (await isDirectorOf(db, g, viewerId))) return;
  await requireClubRole(db, g.clubId, viewerId ?? "", ["owner", "director", "member"]);
}

export async function loadEvent(db: DbOrTx, eventId: string): Promise<DuplicateEvent> {
  const [e] = await db.select().from(duplicateEvents).where(eq(duplicateEvents.id, eventId));
  if (!e) throw new DomainError("NOT_FOUND", "That duplicate event does not exist.");
  return e;
}

/** An event is run like a game: by its creator, or a director of its club. */
export async function requireEventDirector(db: DbOrTx, e: DuplicateEvent, userId: string): Promise<void> {
  if (!(await isDirectorOf(db, e, userId))) throw new DomainError("FORBIDDEN", "Only the event's director can do that.");
}

/** A game goes into an event of the same club (or both without one), and into one event only. */
export function assertGameFitsEvent(g: Pick<DuplicateGame, "clubId" | "eventId">, e: DuplicateEvent): void {
  if ((g.clubId ?? null) !== (e.clubId ?? null))
    throw new DomainError("PRECONDITION", e.clubId ? "Only the club's own duplicate games can go into its event." : "A club's game cannot go into an event outside the club.");
  if (g.eventId && g.eventId !== e.id) throw new DomainError("PRECONDITION", "That game already counts in another event.");
}

/** The game's ruleset with its options (the search, the draw and the close all rule by it). */
export const gameRuleset = (g: Pick<DuplicateGame, "ruleset" | "rulesetOptions">): Ruleset => rulesetFor(g.ruleset, g.rulesetOptions);
