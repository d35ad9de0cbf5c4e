/**
 * A duplicate game's live notices (docs/duplicate.md "Live pages"): every visible change — a turn
 * opened, a turn closed (with the next one opened, in the same transaction), the game over, a
 * player joined — moves the game's `version` and publishes it on the live bus, inside the
 * transaction that made the change (delivered only if it commits). A notice carries the topic and
 * the version only; each page re-reads its own view (`duplicate.get`), so the rack reaches a page
 * only once its turn is open and a player's submission only that player.
 * Submissions are not announced: 1,000 players submitting would make a million re-reads; the
 * director's list of who has submitted follows the page's slow poll. A notice heard here also
 * warms the process's kept view of the game (view.ts `warmShared`) before the re-reads arrive.
 */
import type { Db, Tx } from "@/db/client";
import { publish, subscribe } from "@/server/live/bus";
import { loadGame, requireViewer } from "./access";
import { warmShared } from "./shared";

export const duplicateTopic = (gameId: string): string => `duplicate:${gameId}`;

/** Publishes the game's new `version` (inside the transaction that changed it). */
export function announce(tx: Tx, gameId: string, version: number): Promise<void> {
  return publish(tx, duplicateTopic(gameId), version);
}

/**
 * `{ version }` of the game now, then after every notice (version 0: the bus lost notices, re-read).
 * For anyone who may see the game (the same rule as its view).
 */
export async function* liveDuplicate(db: Db, gameId: string, viewerId: string, signal?: AbortSignal): AsyncGenerator<{ version: number }> {
  // subscribed before the version is read, so no change can slip between the two (bus contract)
  const notices = await subscribe(db, duplicateTopic(gameId), signal);
  try {
    const g = await loadGame(db, gameId);
    await requireViewer(db, g, viewerId);
    yield { version: g.version };
    for await (const n of notices) {
      // the page re-reads on this notice: read the new version's shared part for it now
      warmShared(db, gameId, n.version);
      yield { version: n.version };
    }
  } finally {
    notices.close();
  }
}
