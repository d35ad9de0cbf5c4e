/**
 * Game records. A finished game: anyone may read it, as the engine's game-record notation
 * (`formatGameRecord`, engine/notation/record.ts — annotated with racks, which is fine once the
 * game is over) or as the event JSON, seed included, so anyone can replay and check it.
 * A game in play: only its players, and the record hides what they may not know — the seed (the
 * bag order follows from it), the other players' exchanged tiles; the text form is the public
 * scoresheet (no racks), since the engine's annotated notation would show every rack.
 */
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { matchPlayers, matches } from "@/db/schema/matches";
import { formatGameRecord, type GameEvent } from "@/engine";
import { DomainError } from "@/server/errors";
import { loadEvents, loadFolded } from "./state";

export interface MatchRecord {
  format: "text" | "json";
  /** the whole game (false: a game in play, with secrets withheld) */
  complete: boolean;
  text: string;
}

export async function getMatchRecord(db: Db, matchId: string, viewerId: string | null, format: "text" | "json"): Promise<MatchRecord> {
  const [m] = await db.select().from(matches).where(eq(matches.id, matchId)).limit(1);
  if (!m) throw new DomainError("NOT_FOUND", "That game does not exist.");
  if (m.status === "open" || m.status === "cancelled") throw new DomainError("PRECONDITION", "This game has not been played.");
  const events = (await loadEvents(db, matchId)).map((e) => e.event);
  if (m.status === "finished") {
    return { format, complete: true, text: format === "json" ? JSON.stringify(events, null, 1) : formatGameRecord(events) };
  }
  const seated = viewerId ? await db.select({ userId: matchPlayers.userId }).from(matchPlayers).where(eq(matchPlayers.matchId, matchId)) : [];
  if (!viewerId || !seated.some((p) => p.userId === viewerId)) {
    throw new DomainError("FORBIDDEN", "The record of a game in play is for its players; everyone can read it once the game is over.");
  }
  if (format === "json") {
    const redacted = events.map((e): GameEvent | Record<string, unknown> => {
      if (e.type === "start") {
        const { seed: _seed, ...rest } = e;
        void _seed;
        return { ...rest, seed: "(hidden until the game is over)" };
      }
      if (e.type === "exchange" && e.player !== viewerId) return { ...e, tiles: e.tiles.map(() => "•") };
      return e;
    });
    return { format, complete: false, text: JSON.stringify(redacted, null, 1) };
  }
  const f = (await loadFolded(db, matchId, m.version))!;
  const names = f.state.players.map((p) => p.name ?? p.id);
  const lines = [`#equalis-scoresheet (game in play)`, `#ruleset ${m.ruleset}`, ...names.map((n, i) => `#player ${i + 1} ${n}`)];
  for (const e of f.sheet) {
    const who = e.seat === null ? "" : `${names[e.seat]}: `;
    const pts = e.points ? ` ${e.points > 0 ? "+" : ""}${e.points}` : "";
    lines.push(`${e.seq}. ${who}${e.text}${pts} [${e.totals.join("/")}]`);
  }
  return { format, complete: false, text: lines.join("\n") + "\n" };
}
