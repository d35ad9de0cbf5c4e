/**
 * The season page's data: each division's table (the event's own standings, with "why above"),
 * the promotion and relegation zones, the rounds' play-by windows and each player's remaining
 * games. Zones are what the stored rule would do if the season ended today: the domain's
 * `nextSeason` is run on the current standings (players who left the club taken out first, as it
 * will be at the end), and a player it sends up is in the promotion zone, down the relegation
 * zone — so the page and the next season can never disagree.
 * Public, like an event's standings; names only, never e-mail addresses.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { clubs, competitions, matches, tournamentPairings, tournamentRounds } from "@/db/schema";
import { clock as C } from "@/engine";
import { describeAmount, divisionName, nextSeason, type Move } from "@/server/domain";
import { getMembership } from "@/server/services/clubs/membership";
import { loadFolded } from "@/server/services/matches/state";
import { getStandings, type StandingView } from "@/server/services/tournaments/views";
import { windowOf } from "./calendar";
import { divisionsOf, getSeasonRow, membersAmong, seasonRules } from "./seasons";

export type Zone = "up" | "down" | null;
export interface SeasonRow extends StandingView {
  zone: Zone;
  /** "↑ promotion", "↓ relegation", or null. */
  zoneText: string | null;
  leftClub: boolean;
  /** A season seeded from the last: why the player is in this division. */
  seededWhy: string | null;
}
export interface RemainingGame {
  round: number;
  opponents: string[];
  playFrom: Date | null;
  playBy: Date | null;
  /** The time the players agreed, when they have. */
  scheduledAt: Date | null;
  /** A correspondence game under way: who is to move and how long they have ("Ann: 2 days 3 h left to move"). */
  toMove: string | null;
}
export interface DivisionView {
  tournamentId: string;
  number: number;
  name: string;
  status: string;
  format: string;
  rounds: { number: number; status: string | null; playFrom: Date; playBy: Date }[];
  rows: SeasonRow[];
  remaining: { userId: string; name: string; games: RemainingGame[] }[];
}
export interface SeasonView {
  id: string;
  name: string;
  description: string;
  status: "planned" | "running" | "finished";
  rated: boolean;
  divisionSize: number | null;
  club: { id: string; name: string; handle: string };
  rule: string;
  startsAt: Date;
  endsAt: Date | null;
  previousId: string | null;
  nextId: string | null;
  canDirect: boolean;
  divisions: DivisionView[];
  left: { name: string; why: string }[];
  notes: string[];
}

const ZONE_TEXT: Record<"up" | "down", string> = { up: "↑ promotion", down: "↓ relegation" };

/** Boards whose correspondence game is under way → "Ann: 2 days 3 h left to move" (engine clock). */
async function correspondenceToMove(db: DbOrTx, pairingIds: string[], names: Map<string, string>, now: number): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (pairingIds.length === 0) return out;
  const games = await db.select({ id: matches.id, pairingId: matches.pairingId, version: matches.version, tc: matches.timeControl }).from(matches).where(and(inArray(matches.pairingId, pairingIds), eq(matches.status, "active")));
  for (const g of games) {
    if (!g.pairingId || !C.isCorrespondence(g.tc)) continue;
    const s = (await loadFolded(db, g.id, g.version))?.state;
    if (!s?.clock || s.phase !== "playing") continue;
    const who = names.get(s.players[s.turn]?.id ?? "") ?? "The player to move";
    out.set(g.pairingId, `${who}: ${C.describeTimeLeft(C.timeToMove(s.clock, s.turn, now))} left to move`);
  }
  return out;
}

async function remainingGames(db: DbOrTx, tournamentId: string, names: Map<string, string>, now = Date.now()): Promise<Map<string, RemainingGame[]>> {
  const rounds = await db.select().from(tournamentRounds).where(and(eq(tournamentRounds.tournamentId, tournamentId), inArray(tournamentRounds.status, ["published"])));
  const byId = new Map(rounds.map((r) => [r.id, r]));
  const out = new Map<string, RemainingGame[]>();
  if (rounds.length === 0) return out;
  const boards = await db.select().from(tournamentPairings).where(and(eq(tournamentPairings.tournamentId, tournamentId), inArray(tournamentPairings.roundId, [...byId.keys()]))).orderBy(asc(tournamentPairings.roundNumber));
  const open = boards.filter((b) => !(b.isBye || b.scores || b.forfeitUserId || b.doubleForfeit));
  const toMove = await correspondenceToMove(db, open.map((b) => b.id), names, now);
  for (const b of open) {
    const r = byId.get(b.roundId)!;
    for (const p of b.players) {
      const game = { round: b.roundNumber, opponents: b.players.filter((q) => q !== p).map((q) => names.get(q) ?? "?"), playFrom: r.playFrom, playBy: b.playBy ?? r.playBy, scheduledAt: b.scheduledAt, toMove: toMove.get(b.id) ?? null };
      out.set(p, [...(out.get(p) ?? []), game]);
    }
  }
  return out;
}

/** The season page. */
export async function getSeason(db: DbOrTx, competitionId: string, viewerId: string | null): Promise<SeasonView> {
  const c = await getSeasonRow(db, competitionId);
  const rules = seasonRules(c);
  const [club] = await db.select({ id: clubs.id, name: clubs.name, handle: clubs.handle }).from(clubs).where(eq(clubs.id, c.clubId)).limit(1);
  const membership = viewerId ? await getMembership(db, c.clubId, viewerId) : null;
  const divs = await divisionsOf(db, c.id);
  const standings = await Promise.all(divs.map((t) => getStandings(db, t.id)));
  const everyone = standings.flatMap((s) => s.rows.map((r) => r.userId));
  const members = await membersAmong(db, c.clubId, everyone);
  const left = everyone.filter((id) => !members.has(id));
  const moves = new Map<string, Move>();
  const sim = nextSeason(
    standings.map((s, k) => ({ name: divisionName(divs[k]!.division ?? k + 1), standings: s.rows.map((r) => ({ player: { id: r.userId, name: r.name }, place: r.rank })) })),
    rules,
    { left },
  );
  if (sim.ok) for (const d of sim.value.divisions) for (const p of d.players) moves.set(p.player.id, p.move);
  const why = rules.seeding?.why ?? {};
  const divisions: DivisionView[] = await Promise.all(
    divs.map(async (t, k) => {
      const names = new Map(standings[k]!.rows.map((r) => [r.userId, r.name]));
      const stored = await db.select().from(tournamentRounds).where(eq(tournamentRounds.tournamentId, t.id));
      const rounds = rules.calendar.rounds.map((r, i) => ({ number: i + 1, status: stored.find((s) => s.number === i + 1)?.status ?? null, ...windowOf(r) }));
      const games = await remainingGames(db, t.id, names);
      const rows: SeasonRow[] = standings[k]!.rows.map((r) => {
        const m = moves.get(r.userId);
        const zone: Zone = m === "up" || m === "down" ? m : null;
        return { ...r, zone, zoneText: zone ? ZONE_TEXT[zone] : null, leftClub: !members.has(r.userId), seededWhy: why[r.userId] ?? null };
      });
      return {
        tournamentId: t.id,
        number: t.division ?? k + 1,
        name: divisionName(t.division ?? k + 1),
        status: t.status,
        format: t.format,
        rounds,
        rows,
        remaining: rows.map((r) => ({ userId: r.userId, name: r.name, games: games.get(r.userId) ?? [] })),
      };
    }),
  );
  const [next] = await db.select({ id: competitions.id }).from(competitions).where(eq(competitions.previousId, c.id)).limit(1);
  const status = divs.length > 0 && divs.every((t) => t.status === "finished") ? "finished" : divs.some((t) => t.status !== "registration") ? "running" : "planned";
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    status,
    rated: c.rated,
    divisionSize: c.divisionSize,
    club: club!,
    rule: `${describeAmount(rules.up, "top")} up, ${describeAmount(rules.down, "bottom")} down; new players ${rules.newPlayers === "bottom" ? "start in the bottom division" : "placed by rating"}`,
    startsAt: c.startsAt,
    endsAt: c.endsAt,
    previousId: c.previousId,
    nextId: next?.id ?? null,
    canDirect: membership?.role === "owner" || membership?.role === "director",
    divisions,
    left: rules.seeding?.left ?? [],
    notes: rules.seeding?.notes ?? [],
  };
}
