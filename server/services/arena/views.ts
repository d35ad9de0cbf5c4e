/**
 * What the club night and ladder pages show: who waits (and why, in a sentence), who plays whom at
 * which table, the games' results and confirmations, tonight's standings with "why is X above Y",
 * and the ladder over the nights attached to it. Names only: no e-mails.
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { arenaNights, competitions, users } from "@/db/schema";
import { computeLadder, describeLadderRule, explainArenaOrder, ladderNightFromArena, pairArena, parseLadderRule, type ArenaGroupSize } from "@/server/domain";
import { DomainError } from "@/server/errors";
import { getMembership } from "@/server/services/clubs/membership";
import { requireClubRole } from "@/server/services/clubs/membership";
import { syncOnline } from "./games";
import { nightFor } from "./nights";
import { freeOf, holdForPod, inRoomOf, nightState } from "./pairing";

const isDirector = (role: string | undefined) => role === "owner" || role === "director";

/** Why each waiting player waits: the pure pairing, asked about the players still free. */
function waitingReasons(state: Awaited<ReturnType<typeof nightState>>, groupSize: number, smallGroups = false): Map<string, string> {
  const free = freeOf(state);
  const out = new Map<string, string>();
  if (!free.length) return out;
  if (free.length > 1 && holdForPod(groupSize, free.length, smallGroups)) {
    for (const p of free) out.set(p.id, `${p.name} waits for a pod of ${groupSize}: fewer than ${groupSize} players are free.`);
    return out;
  }
  const r = pairArena(free, { groupSize: groupSize as ArenaGroupSize, inRoom: inRoomOf(state) });
  if (r.ok) for (const w of r.value.waiting) out.set(w.playerId, w.reason);
  for (const p of free) if (!out.has(p.id)) out.set(p.id, `${p.name} waits for the next table.`);
  return out;
}

export async function nightView(db: Db, viewerId: string, nightId: string) {
  await nightFor(db, nightId, viewerId);
  await syncOnline(db, nightId);
  const [night] = await db.select().from(arenaNights).where(eq(arenaNights.id, nightId));
  const membership = await getMembership(db, night!.clubId, viewerId);
  const state = await nightState(db, night!);
  const names = new Map(state.players.map((p) => [p.userId, p.name]));
  const reasons = night!.status === "open" ? waitingReasons(state, night!.groupSize, night!.smallGroups) : new Map<string, string>();
  const games = [...state.games].reverse().map((g) => ({
    id: g.id,
    tableNo: g.tableNo,
    players: g.players.map((id) => ({ id, name: names.get(id) ?? "Player" })),
    scores: g.scores,
    status: g.status,
    reportedBy: g.reportedBy,
    confirmedBy: g.confirmedBy,
    matchId: g.matchId,
    note: g.note,
  }));
  const mine = games.find((g) => g.players.some((p) => p.id === viewerId) && (g.status === "playing" || g.status === "reported" || g.status === "disputed"));
  const me = state.players.find((p) => p.userId === viewerId);
  const rows = state.standings.rows.filter((r) => r.games > 0 || state.players.some((p) => p.userId === r.playerId && p.status !== "left"));
  return {
    night: {
      id: night!.id,
      clubId: night!.clubId,
      name: night!.name,
      ruleset: night!.ruleset,
      groupSize: night!.groupSize,
      mode: night!.mode,
      rated: night!.rated,
      smallGroups: night!.smallGroups,
      status: night!.status,
      scoring: night!.scoring,
      ladderId: night!.competitionId,
      version: night!.version,
      startsAt: night!.startsAt,
    },
    canDirect: isDirector(membership?.role),
    me: me ? { status: me.status, gameId: mine?.id ?? null, waitingReason: reasons.get(viewerId) ?? null } : null,
    players: state.players.map((p) => ({ id: p.userId, name: p.name, status: p.status })),
    waiting: state.players.filter((p) => p.status === "waiting").map((p) => ({ id: p.userId, name: p.name, reason: reasons.get(p.userId) ?? "" })),
    games,
    standings: rows.map((r) => ({ rank: r.rank, playerId: r.playerId, name: r.name, points: r.points, games: r.games, wins: r.wins, draws: r.draws, losses: r.losses, onStreak: r.onStreak })),
    why: rows.slice(1).map((r, i) => explainArenaOrder(state.standings, rows[i]!.playerId, r.playerId)),
  };
}
export type NightView = Awaited<ReturnType<typeof nightView>>;

/** The club's nights (newest first) and ladders, for the club page. */
export async function clubArena(db: Db, viewerId: string, clubId: string) {
  const m = await requireClubRole(db, clubId, viewerId, ["owner", "director", "member"]);
  const nights = await db
    .select({ id: arenaNights.id, name: arenaNights.name, status: arenaNights.status, startsAt: arenaNights.startsAt, ladderId: arenaNights.competitionId, mode: arenaNights.mode, groupSize: arenaNights.groupSize })
    .from(arenaNights)
    .where(eq(arenaNights.clubId, clubId))
    .orderBy(desc(arenaNights.startsAt))
    .limit(100);
  const ladders = await db
    .select({ id: competitions.id, name: competitions.name, rules: competitions.rules, rated: competitions.rated })
    .from(competitions)
    .where(and(eq(competitions.clubId, clubId), eq(competitions.kind, "ladder")))
    .orderBy(desc(competitions.startsAt));
  return { canDirect: isDirector(m.role), nights, ladders: ladders.map((l) => ({ id: l.id, name: l.name, rule: ladderRuleText(l.rules), rated: l.rated })) };
}

function ladderRuleText(raw: unknown): string {
  const r = parseLadderRule(raw);
  return r.ok ? describeLadderRule(r.value) : "";
}

/** The ladder: computeLadder over the night standings of every night attached to it, oldest first. */
export async function ladderView(db: Db, viewerId: string, ladderId: string) {
  const [c] = await db.select().from(competitions).where(and(eq(competitions.id, ladderId), eq(competitions.kind, "ladder")));
  if (!c) throw new DomainError("NOT_FOUND", "That ladder does not exist.");
  await requireClubRole(db, c.clubId, viewerId, ["owner", "director", "member"]);
  const rule = parseLadderRule(c.rules);
  if (!rule.ok) throw new Error(`ladder rule: ${rule.error.message}`); // checked when the ladder was made
  const nights = await db.select().from(arenaNights).where(eq(arenaNights.competitionId, ladderId)).orderBy(asc(arenaNights.startsAt), asc(arenaNights.id));
  const ladderNights = [];
  for (const n of nights) ladderNights.push(ladderNightFromArena(n.id, (await nightState(db, n)).standings, n.name));
  const ids = [...new Set(ladderNights.flatMap((n) => n.results.map((r) => r.playerId)))];
  const people = ids.length ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids)) : [];
  const l = computeLadder(people, ladderNights, rule.value);
  if (!l.ok) throw new Error(`ladder: ${l.error.message}`);
  return {
    ladder: { id: c.id, clubId: c.clubId, name: c.name, rule: describeLadderRule(rule.value), rated: c.rated },
    nights: nights.map((n) => ({ id: n.id, name: n.name, startsAt: n.startsAt, status: n.status })),
    rows: l.value.rows.map((r) => ({ playerId: r.playerId, name: r.name, rank: r.rank, nights: r.nights, value: r.value, cells: r.cells.map((x) => ({ nightId: x.nightId, points: x.points, counted: x.counted })), note: r.note ?? null })),
  };
}
