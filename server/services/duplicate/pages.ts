/**
 * A duplicate game by page (docs/duplicate.md "Reading a game"): what the view leaves out at scale
 * — the table's rows, a closed turn's plays, the players — read from the same shared part at the
 * game's version, with the same checks as the view. A turn's plays are read only once it is
 * closed: before, each is its author's alone (their own comes in the view).
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { duplicateSubmissions } from "@/db/schema";
import { DomainError } from "@/server/errors";
import type { PageInput, TurnPlaysInput } from "./schemas";
import { playFor, readableGame, tableRows, type DuplicatePlayer, type DuplicatePlayView, type DuplicateTableView } from "./view";

const range = (total: number, { offset, limit }: PageInput): number[] => {
  const out: number[] = [];
  for (let i = offset; i < Math.min(total, offset + limit); i++) out.push(i);
  return out;
};

/** Rows `offset`… of the table (by total), with its head and row count. */
export async function duplicateTablePage(db: Db, input: PageInput & { gameId: string }, viewerId: string): Promise<DuplicateTableView> {
  const { sh } = await readableGame(db, input.gameId, viewerId, null);
  return tableRows(sh, range(sh.table.rows.length, input));
}

/** A closed turn's plays, best first; a reason only on the reader's own. */
export async function duplicateTurnPlays(db: Db, input: TurnPlaysInput, viewerId: string): Promise<{ number: number; playCount: number; plays: DuplicatePlayView[] }> {
  const { sh } = await readableGame(db, input.gameId, viewerId, null);
  const h = sh.history.find((t) => t.number === input.turn);
  if (!h) throw new DomainError("NOT_FOUND", `Turn ${input.turn} has not closed: its plays are shown once it closes.`);
  return { number: h.number, playCount: h.plays.length, plays: range(h.plays.length, input).map((i) => playFor(sh, h.number, h.plays[i]!, viewerId)) };
}

/** Players `offset`… by table number, each marked if they have submitted for the open turn (not what). */
export async function duplicatePlayersPage(
  db: Db,
  input: PageInput & { gameId: string },
  viewerId: string,
): Promise<{ playerCount: number; players: (DuplicatePlayer & { submitted: boolean })[] }> {
  const { sh } = await readableGame(db, input.gameId, viewerId, null);
  const page = range(sh.players.length, input).map((i) => sh.players[i]!);
  const done = sh.open
    ? await db
        .select({ userId: duplicateSubmissions.userId })
        .from(duplicateSubmissions)
        .where(and(eq(duplicateSubmissions.gameId, input.gameId), eq(duplicateSubmissions.turn, sh.open.number), inArray(duplicateSubmissions.userId, page.map((p) => p.userId))))
    : [];
  const ids = new Set(done.map((d) => d.userId));
  return { playerCount: sh.players.length, players: page.map((p) => ({ ...p, submitted: ids.has(p.userId) })) };
}
