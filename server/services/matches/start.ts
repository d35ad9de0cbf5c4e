/**
 * Starting a game: the engine's `start` event written and the players seated in turn order. A
 * game starts when every seat is taken and accepted and every player has come to it (a fair
 * start, docs/matches.md), or when a tournament director forces it. Callers hold the row lock.
 */
import { randomInt } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { users } from "@/db/schema/users";
import { matchPlayers, type Match, type MatchChallengeRule } from "@/db/schema/matches";
import type { StartEvent } from "@/engine";
import { DomainError } from "@/server/errors";
import { notifyGameStarted } from "@/server/services/notifications/events";
import { step } from "./state";
import { appendEvents } from "./writer";

/** Start the game when every seat is taken, accepted and its player has come (caller holds the
 * row lock). `force`: a tournament director starts it whoever is there. */
export async function startIfReady(tx: DbOrTx, m: Match, now: number, opts: { force?: boolean } = {}): Promise<boolean> {
  const seated = await tx
    .select({ userId: matchPlayers.userId, seat: matchPlayers.seat, acceptedAt: matchPlayers.acceptedAt, joinedAt: matchPlayers.joinedAt, name: users.name })
    .from(matchPlayers)
    .innerJoin(users, eq(users.id, matchPlayers.userId))
    .where(eq(matchPlayers.matchId, m.id));
  if (seated.length < m.seats || seated.some((p) => p.acceptedAt === null)) return false;
  if (!opts.force && seated.some((p) => p.joinedAt === null)) return false;
  seated.sort((a, b) => a.seat - b.seat);
  let order = seated;
  if (m.firstMover === "random") {
    order = seated.slice();
    for (let i = order.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [order[i], order[j]] = [order[j], order[i]];
    }
  }
  await startGame(
    tx,
    m,
    order.map((p) => ({ id: p.userId, name: p.name })),
    now,
  );
  return true;
}

/** Write the `start` event and seat the players in turn order (an OTB match — `mode` "otb", the
 * scorekeeper station — starts with the engine's virtual racks). */
export async function startGame(tx: DbOrTx, m: Match, players: { id: string; name: string }[], now: number): Promise<void> {
  for (let i = 0; i < players.length; i++) {
    await tx
      .update(matchPlayers)
      .set({ seat: i })
      .where(and(eq(matchPlayers.matchId, m.id), eq(matchPlayers.userId, players[i].id)));
  }
  await writeStart(tx, m, { players: players.map((p) => ({ id: p.id, name: p.name.replace(/[\r\n]+/g, " ").slice(0, 100) })), actorId: null, now });
  // online players hear it wherever they are; at a scorekeeper station (otb) everyone is at the board
  if (m.mode !== "otb") await notifyGameStarted(tx, { matchId: m.id, playerIds: players.map((p) => p.id) });
}

/** The `start` event of `m` for these players, in turn order, written through the writer with the
 * row's started_at (caller holds the row lock; also the station's guests, scorekeeper.ts). */
export async function writeStart(tx: DbOrTx, m: Match, input: { players: { id: string; name: string }[]; actorId: string | null; now: number }): Promise<void> {
  const { now } = input;
  const start: StartEvent = {
    type: "start",
    at: now,
    ruleset: m.ruleset,
    options: m.rulesetOptions as StartEvent["options"],
    challengeRule: m.challengeRule as MatchChallengeRule,
    challengeMode: m.challengeRule !== "void",
    ...(m.mode === "otb" ? { virtualRacks: true } : {}),
    players: input.players,
    seed: m.seed,
    timeControl: m.timeControl,
  };
  const r = step(null, 1, start);
  if (!r.ok) throw new DomainError("INVALID", `The game cannot start: ${r.error.message}.`);
  await appendEvents(tx, { kind: "start", m, folded: r.value, appended: [{ seq: 1, event: start, actorId: input.actorId, clientId: null }], now, startedAt: now }, { locked: true });
}
