/**
 * Pairing whoever is free on a club night, at once (docs/competitions.md, "Running a club night").
 * Every trigger (a join, a game settled) calls `pairFree` inside its own transaction after locking
 * the night row (`lockNight`), so two triggers at the same moment run one after the other and never
 * pair the same player twice. The rule itself is the pure `pairArena` (server/domain): closest
 * points first, no immediate rematch, pods of k and k ± 1, a single free player waits.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { arenaGames, arenaNights, arenaPlayers, matches, matchPlayers, users, type ArenaGameRow, type ArenaNight, type ArenaPlayer } from "@/db/schema";
import type { MatchChallengeRule } from "@/db/schema/matches";
import { computeArenaStandings, pairArena, type ArenaGroupSize, type ArenaStandings, type ArenaWaiting } from "@/server/domain";
import { DomainError } from "@/server/errors";
import { applicableOptions } from "@/server/services/matches/lifecycle";
import { createMatchRow } from "@/server/services/matches/writer";

/** Games whose result counts (in finishing order for the standings). */
export const SETTLED = ["confirmed", "decided"] as const;
/** Games still holding their players at a table. */
export const AT_TABLE = ["playing", "reported", "disputed"] as const;

/** The night, locked for this transaction: every change of a night runs after this. */
export async function lockNight(tx: DbOrTx, nightId: string): Promise<ArenaNight> {
  const [n] = await tx.select().from(arenaNights).where(eq(arenaNights.id, nightId)).for("update");
  if (!n) throw new DomainError("NOT_FOUND", "That club night does not exist.");
  return n;
}

/** Final ranks in the players' order (1 = best; equal scores share a rank); `winners`, when the
 * game names them (online), rank above everyone else whatever the points. */
export function ranksOf(players: readonly string[], scores: Record<string, number>, winners?: readonly string[]): number[] {
  const key = (id: string): [number, number] => [winners?.length ? Number(winners.includes(id)) : 0, scores[id] ?? 0];
  const above = (o: string, id: string) => key(o)[0] > key(id)[0] || (key(o)[0] === key(id)[0] && key(o)[1] > key(id)[1]);
  return players.map((id) => 1 + players.filter((o) => above(o, id)).length);
}

export interface NightState {
  players: (ArenaPlayer & { name: string })[];
  games: ArenaGameRow[];
  standings: ArenaStandings;
}

/** Everything the pairing and the views need: players with names, games, tonight's standings. */
export async function nightState(tx: DbOrTx, night: ArenaNight): Promise<NightState> {
  const players = await tx
    .select({ p: arenaPlayers, name: users.name })
    .from(arenaPlayers)
    .innerJoin(users, eq(users.id, arenaPlayers.userId))
    .where(eq(arenaPlayers.nightId, night.id))
    .orderBy(asc(arenaPlayers.joinedAt), asc(arenaPlayers.userId));
  const games = await tx.select().from(arenaGames).where(eq(arenaGames.nightId, night.id)).orderBy(asc(arenaGames.createdAt), asc(arenaGames.tableNo));
  const settled = games
    .filter((g) => (SETTLED as readonly string[]).includes(g.status) && g.scores)
    .sort((a, b) => (a.finishedAt?.getTime() ?? 0) - (b.finishedAt?.getTime() ?? 0));
  // an online game's winners come from the game itself (a resignation can win on fewer points)
  const online = settled.map((g) => g.matchId).filter((id): id is string => id !== null);
  const results = online.length ? await tx.select({ id: matches.id, result: matches.result }).from(matches).where(inArray(matches.id, online)) : [];
  const winnersOf = new Map(results.map((m) => [m.id, m.result?.winners ?? []]));
  const r = computeArenaStandings(
    players.map((x) => ({ id: x.p.userId, name: x.name })),
    settled.map((g) => ({ players: g.players, ranks: ranksOf(g.players, g.scores!, g.matchId ? winnersOf.get(g.matchId) : undefined) })),
    night.scoring,
  );
  if (!r.ok) throw new Error(`arena standings: ${r.error.message}`); // stored games are checked when written: a bug
  return { players: players.map((x) => ({ ...x.p, name: x.name })), games, standings: r.value };
}

/** The opponents of each player's latest game tonight (cancelled games do not count). */
export function lastOpponents(games: readonly ArenaGameRow[]): Map<string, string[]> {
  const last = new Map<string, string[]>();
  for (const g of games) if (g.status !== "cancelled") for (const id of g.players) last.set(id, g.players.filter((o) => o !== id));
  return last;
}

/** The free players as the pure pairing wants them. */
export function freeOf(state: NightState): ArenaWaiting[] {
  const points = new Map(state.standings.rows.map((r) => [r.playerId, r.points]));
  const last = lastOpponents(state.games);
  return state.players
    .filter((p) => p.status === "waiting")
    .map((p) => ({ id: p.userId, name: p.name, score: points.get(p.userId) ?? 0, lastOpponents: last.get(p.userId) ?? [], freeSince: p.freeSince.getTime() }));
}

export const inRoomOf = (state: NightState) => state.players.filter((p) => p.status !== "left").length;

/**
 * On a pods night, fewer free players than a pod wait for more: pairing each pair as it came free
 * would mean no pod ever forms, since players arrive and finish one by one. At the end of the
 * evening, when no more players will come, the director can switch that off (`smallGroups`): then
 * two free players play as a pair, three on a night of 4 as a pod of 3. With k or more free, the
 * pure rule groups them in pods of k and k ± 1.
 */
export function holdForPod(groupSize: number, free: number, smallGroups = false): boolean {
  return groupSize > 2 && free < groupSize && !smallGroups;
}

/**
 * Pair the free players of a locked, open night now; returns the new games. Tables are numbered
 * from 1, each new game taking the lowest table not in use.
 */
export async function pairFree(tx: DbOrTx, night: ArenaNight, now: Date): Promise<ArenaGameRow[]> {
  // The pure rule may leave players waiting who can play each other once the first groups are
  // seated (a clash dropped from a pod); pass again until nothing changes, so what the page says
  // about who waits (the same rule, asked again) is always true.
  const made: ArenaGameRow[] = [];
  for (let pass = 0; pass < 5; pass++) {
    const more = await pairOnce(tx, night, now);
    if (!more.length) break;
    made.push(...more);
  }
  return made;
}

async function pairOnce(tx: DbOrTx, night: ArenaNight, now: Date): Promise<ArenaGameRow[]> {
  if (night.status !== "open") return [];
  const state = await nightState(tx, night);
  const free = freeOf(state);
  if (free.length < 2 || holdForPod(night.groupSize, free.length, night.smallGroups)) return [];
  const r = pairArena(free, { groupSize: night.groupSize as ArenaGroupSize, inRoom: inRoomOf(state) });
  if (!r.ok) throw new Error(`arena pairing: ${r.error.message}`); // the night's settings were checked when it opened
  if (!r.value.groups.length) return [];
  const busy = new Set(state.games.filter((g) => (AT_TABLE as readonly string[]).includes(g.status)).map((g) => g.tableNo));
  let table = 1;
  const made: ArenaGameRow[] = [];
  for (const group of r.value.groups) {
    while (busy.has(table)) table++;
    busy.add(table);
    const matchId = night.mode === "online" ? await createOnlineMatch(tx, night, group.players, now) : null;
    const [g] = await tx.insert(arenaGames).values({ nightId: night.id, tableNo: table, players: group.players, matchId, createdAt: now }).returning();
    made.push(g!);
  }
  const paired = r.value.groups.flatMap((g) => g.players);
  await tx
    .update(arenaPlayers)
    .set({ status: "playing" })
    .where(and(eq(arenaPlayers.nightId, night.id), inArray(arenaPlayers.userId, paired), ne(arenaPlayers.status, "left")));
  await tx.update(arenaNights).set({ version: sql`${arenaNights.version} + 1` }).where(eq(arenaNights.id, night.id));
  return made;
}

/**
 * An online night's game: a match made through the match writer (the only writer of matches),
 * every seat accepted; it starts once every player has opened the board (a fair start,
 * docs/matches.md). Rated as any match when the night is (the match writer rates it as it ends).
 */
async function createOnlineMatch(tx: DbOrTx, night: ArenaNight, players: string[], now: Date): Promise<string> {
  const options = applicableOptions(night.ruleset, night.rulesetOptions);
  const m = await createMatchRow(tx, {
    status: "open",
    ruleset: night.ruleset,
    rulesetOptions: options,
    challengeRule: ((options.challenge as string | undefined) ?? "single") as MatchChallengeRule,
    timeControl: (night.timeControl ?? null) as never,
    rated: night.rated,
    preview: "off",
    seats: players.length,
    firstMover: "creator",
    seed: randomBytes(24).toString("base64url"),
    createdBy: night.createdBy,
  });
  await tx.insert(matchPlayers).values(players.map((userId, seat) => ({ matchId: m!.id, userId, seat, acceptedAt: now, joinedAt: null })));
  return m!.id;
}
