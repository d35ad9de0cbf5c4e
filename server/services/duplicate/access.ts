/** Who runs a duplicate game: its creator, or a director of its club (docs/duplicate.md "Who may do what"). */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { duplicateGames, type DuplicateGame } from "@/db/schema";
import { DomainError } from "@/server/errors";
import { getMembership } from "@/server/services/clubs/membership";

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
