/**
 * Clock time each player used over an event, for the "least time used" prize (docs/prizes.md).
 * Read from the boards' finished online games: the game's clock (replayed from its event log)
 * says how long each seat's clock ran. Only players whose every game of the event was played
 * online with a clock get a total; anyone with a bye, a forfeit, a hand-entered result or a game
 * without a clock gets none (they are not eligible), because their time is unknown.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { matches, type TournamentPairing } from "@/db/schema";
import { clock } from "@/engine";
import { loadFolded } from "@/server/services/matches/state";

/** Player id → total ms used; players without a complete record are absent. */
export async function clockTotals(db: DbOrTx, pairings: readonly TournamentPairing[], players: readonly string[]): Promise<Map<string, number>> {
  const counted = pairings.filter((p) => p.scores || p.forfeitUserId || p.isBye);
  const boards = counted.filter((p) => !p.isBye);
  const games = boards.length
    ? await db
        .select({ id: matches.id, pairingId: matches.pairingId, version: matches.version, finishedAt: matches.finishedAt })
        .from(matches)
        .where(and(inArray(matches.pairingId, boards.map((p) => p.id)), eq(matches.status, "finished")))
    : [];
  const byPairing = new Map(games.map((g) => [g.pairingId!, g]));
  const used = new Map<string, number>();
  const incomplete = new Set<string>();
  for (const p of counted) {
    const g = p.isBye ? undefined : byPairing.get(p.id);
    if (!g || !g.finishedAt) {
      p.players.forEach((id) => incomplete.add(id));
      continue;
    }
    const f = await loadFolded(db, g.id, g.version);
    const c = f?.state.clock;
    if (!c) {
      p.players.forEach((id) => incomplete.add(id));
      continue;
    }
    const totals = clock.usedTotals(c, g.finishedAt.getTime());
    // the clock counts in the game's turn order: state.players[i] is clock seat i
    f!.state.players.forEach((pl, i) => used.set(pl.id, (used.get(pl.id) ?? 0) + (totals[i] ?? 0)));
  }
  const out = new Map<string, number>();
  for (const id of players) if (!incomplete.has(id) && used.has(id)) out.set(id, used.get(id)!);
  return out;
}
