/**
 * Seasons (docs/competitions.md "Running a season"): a club director creates a season — its players
 * split into divisions (`splitIntoDivisions`), one tournament per division created through the
 * tournament service (so every setting is validated as for any event), the players entered,
 * checked in and seeded in division order — and, once every division is finished, the next season
 * from the final standings (`nextSeason`: promotion and relegation, players who left the club
 * taken out with a sentence).
 *
 * What a season stores in `competitions.rules`: the promotion rule (up, down, newPlayers), the
 * calendar (`calendar.ts`), the division settings (so the next season plays the same way) and, for
 * a season seeded from another, each player's sentence ("up from Division 2, placed 1st of 6"),
 * the players who left and the notes. All of it in one transaction: a refusal writes nothing.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx, Tx } from "@/db/client";
import { clubMemberships, competitions, tournamentPlayers, tournaments, users, type Competition } from "@/db/schema";
import { getRuleset } from "@/engine";
import { divisionName, nextSeason, parsePromotionRule, roundsNeeded, splitIntoDivisions, type CompetitionFailure, type Member, type PromotionRule } from "@/server/domain";
import { DomainError } from "@/server/errors";
import { requireClubRole } from "@/server/services/clubs/membership";
import { addPlayers } from "@/server/services/tournaments/registration";
import { playerRatingFor } from "@/server/services/tournaments/ratings";
import { createTournamentInput } from "@/server/services/tournaments/schemas";
import { createTournament } from "@/server/services/tournaments/tournaments";
import { getStandings } from "@/server/services/tournaments/views";
import { addDays, buildCalendar, calendarOf, dayStart, type StoredCalendar } from "./calendar";
import type { CreateSeasonInput, DivisionSettings } from "./schemas";

/** A refusal of the domain as the service's error (its sentence, its field). */
export function refused(e: CompetitionFailure): never {
  throw new DomainError("INVALID", e.message, e.field);
}

/** What a season keeps in `rules` beside the promotion rule. */
export interface SeasonRules extends PromotionRule {
  calendar: StoredCalendar;
  settings: DivisionSettings;
  divisionSettings: Partial<DivisionSettings>[];
  /** A season seeded from the last one: why each player is where they are. */
  seeding?: { why: Record<string, string>; left: { name: string; why: string }[]; notes: string[] };
}

/** The season row, or NOT_FOUND. */
export async function getSeasonRow(db: DbOrTx, competitionId: string, kind: Competition["kind"] = "season"): Promise<Competition> {
  const [c] = await db.select().from(competitions).where(eq(competitions.id, competitionId)).limit(1);
  if (!c || c.kind !== kind) throw new DomainError("NOT_FOUND", kind === "season" ? "That season does not exist." : "That series does not exist.");
  return c;
}

/** The ids of `ids` that are members of the club. */
export async function membersAmong(db: DbOrTx, clubId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: clubMemberships.userId }).from(clubMemberships).where(and(eq(clubMemberships.clubId, clubId), inArray(clubMemberships.userId, [...ids])));
  return new Set(rows.map((r) => r.id));
}

/** Members by id with their names, refusing anyone who is not a member of the club (named). */
async function clubMembers(db: DbOrTx, clubId: string, ids: readonly string[], field: string): Promise<Member[]> {
  const rows = ids.length ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, [...ids])) : [];
  const names = new Map(rows.map((r) => [r.id, r.name]));
  const members = await membersAmong(db, clubId, ids);
  const outside = ids.filter((id) => !members.has(id)).map((id) => names.get(id) ?? "An unknown player");
  if (outside.length) throw new DomainError("INVALID", `${outside.join(", ")} ${outside.length === 1 ? "is not a member" : "are not members"} of this club: only members play in its seasons.`, field);
  return ids.map((id) => ({ id, name: names.get(id) ?? id }));
}

/** Division k's settings: the season's, with that division's overrides (only the keys it sets). */
function settingsFor(rules: Pick<SeasonRules, "settings" | "divisionSettings">, k: number): DivisionSettings {
  const own = Object.entries(rules.divisionSettings[k - 1] ?? {}).filter(([, v]) => v !== undefined);
  return { ...rules.settings, ...Object.fromEntries(own) };
}

/** Rounds a division needs: a round robin's cycle (pods: not known before round 1, so none asked). */
function roundsFor(s: DivisionSettings, size: number): number {
  if (s.format === "swiss" || s.playersPerGame > 2) return 0;
  return (s.format === "double-round-robin" ? 2 : 1) * roundsNeeded(size);
}

function checkSettings(s: DivisionSettings, k: number): void {
  const max = getRuleset(s.ruleset).maxPlayers;
  if (s.playersPerGame > max) throw new DomainError("INVALID", `${divisionName(k)}: ${getRuleset(s.ruleset).name} is played by at most ${max} players a game, so pods of ${s.playersPerGame} are not allowed.`, "playersPerGame");
}

interface DivisionPlan {
  number: number;
  players: Member[];
}

/**
 * The calendar for these divisions: `wanted` rounds (Swiss), at least what the largest round robin
 * needs; a wanted count below that is refused with the numbers.
 */
function calendarFor(plan: readonly DivisionPlan[], rules: Pick<SeasonRules, "settings" | "divisionSettings">, starts: string, roundDays: number, wanted: number | undefined): StoredCalendar {
  let needed = 0;
  let neededBy = "";
  for (const d of plan) {
    const n = roundsFor(settingsFor(rules, d.number), d.players.length);
    if (n > needed) [needed, neededBy] = [n, `A round robin of ${d.players.length} players (${divisionName(d.number)})`];
  }
  const swiss = plan.some((d) => roundsFor(settingsFor(rules, d.number), d.players.length) === 0);
  if (wanted !== undefined && wanted < needed) throw new DomainError("INVALID", `${neededBy} needs ${needed} rounds; the season has ${wanted}. Add rounds or make the divisions smaller.`, "rounds");
  const count = Math.max(needed, wanted ?? (swiss ? 5 : 0), 1);
  if (count > 100) throw new DomainError("INVALID", `${neededBy} needs ${count} rounds; an event has at most 100. Make the divisions smaller.`, "divisionSize");
  return buildCalendar(starts, roundDays, count);
}

/** The first error message of a zod result, as a DomainError. */
function parsed<T>(r: { success: true; data: T } | { success: false; error: { issues: { message: string; path: PropertyKey[] }[] } }): T {
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  throw new DomainError("INVALID", issue?.message ?? "The division settings are not valid.", issue ? String(issue.path[0] ?? "settings") : "settings");
}

/** Insert the season and one tournament per division, players entered, checked in and seeded. */
async function writeSeason(
  tx: Tx,
  actorId: string,
  head: { clubId: string; name: string; description: string; divisionSize: number; rated: boolean; previousId: string | null },
  rules: SeasonRules,
  plan: readonly DivisionPlan[],
): Promise<Competition> {
  const cal = rules.calendar;
  const [c] = await tx
    .insert(competitions)
    .values({ ...head, kind: "season", startsAt: dayStart(cal.starts), endsAt: dayStart(addDays(cal.ends, 1)), rules: { ...rules }, status: "planned", createdBy: actorId })
    .returning();
  for (const d of plan) {
    const s = settingsFor(rules, d.number);
    checkSettings(s, d.number);
    const input = parsed(
      createTournamentInput.safeParse({
        ...s,
        clubId: head.clubId,
        name: `${head.name.slice(0, 100)} — ${divisionName(d.number)}`,
        description: head.description,
        startsAt: dayStart(cal.starts),
        endsAt: dayStart(addDays(cal.ends, 1)),
        rated: head.rated,
        rounds: Math.min(100, cal.rounds.length),
      }),
    );
    const t = await createTournament(tx, actorId, input);
    await tx.update(tournaments).set({ competitionId: c!.id, division: d.number }).where(eq(tournaments.id, t.id));
    await addPlayers(tx, { tournamentId: t.id, actorId, userIds: d.players.map((p) => p.id), emails: [], checkIn: true });
    // Seeds in division order: round 1 fixes the field by seed first (tournaments/rounds.ts).
    for (const [i, p] of d.players.entries())
      await tx.update(tournamentPlayers).set({ seed: i + 1 }).where(and(eq(tournamentPlayers.tournamentId, t.id), eq(tournamentPlayers.userId, p.id)));
  }
  return c!;
}

/** Create a season: players → divisions → one event per division. Club owners and directors. */
export async function createSeason(db: DbOrTx, actorId: string, input: CreateSeasonInput): Promise<Competition> {
  await requireClubRole(db, input.clubId, actorId, ["owner", "director"]);
  const rule = parsePromotionRule(input.promotion);
  if (!rule.ok) refused(rule.error);
  const players = await clubMembers(db, input.clubId, input.players, "players");
  let ranked = players;
  if (input.order === "rating") {
    const rated = await Promise.all(players.map(async (p) => ({ ...p, rating: await playerRatingFor(db, p.id, input.settings.ruleset) })));
    ranked = rated.sort((a, b) => b.rating - a.rating || (a.name! < b.name! ? -1 : 1));
  }
  const split = splitIntoDivisions(ranked, input.divisionSize);
  if (!split.ok) refused(split.error);
  const plan = split.value.map((d) => ({ number: d.number, players: d.players }));
  const base = { settings: input.settings, divisionSettings: input.divisionSettings };
  const rules: SeasonRules = { ...rule.value, ...base, calendar: calendarFor(plan, base, input.starts, input.roundDays, input.rounds) };
  return db.transaction((tx) =>
    writeSeason(tx, actorId, { clubId: input.clubId, name: input.name, description: input.description, divisionSize: input.divisionSize, rated: input.rated, previousId: null }, rules, plan),
  );
}

/** The season's divisions (tournaments), top first. */
export async function divisionsOf(db: DbOrTx, competitionId: string) {
  return db.select().from(tournaments).where(eq(tournaments.competitionId, competitionId)).orderBy(asc(tournaments.division));
}

/** The stored rules of a season, read back (the promotion rule re-checked). */
export function seasonRules(c: Competition): SeasonRules {
  const rule = parsePromotionRule(c.rules);
  if (!rule.ok) refused(rule.error);
  const raw = c.rules as unknown as Partial<SeasonRules>;
  const calendar = calendarOf(c.rules);
  if (!calendar || !raw.settings) throw new DomainError("PRECONDITION", "This season has no stored calendar or settings, so it cannot be continued here.");
  return { ...rule.value, calendar, settings: raw.settings, divisionSettings: raw.divisionSettings ?? [], ...(raw.seeding ? { seeding: raw.seeding } : {}) };
}

/**
 * The next season from this one's final standings (every division finished): promotion and
 * relegation by the stored rule, players who left the club taken out (each with a sentence),
 * `newPlayers` placed by the rule. Club owners and directors; one next season per season.
 */
export async function createNextSeason(db: DbOrTx, actorId: string, input: { competitionId: string; name: string; starts: string; newPlayers: string[] }): Promise<Competition> {
  const prev = await getSeasonRow(db, input.competitionId);
  await requireClubRole(db, prev.clubId, actorId, ["owner", "director"]);
  const rules = seasonRules(prev);
  return db.transaction(async (tx) => {
    // Locked, so two directors pressing the button at once make one next season.
    await tx.select({ id: competitions.id }).from(competitions).where(eq(competitions.id, prev.id)).for("update");
    const [already] = await tx.select({ name: competitions.name }).from(competitions).where(eq(competitions.previousId, prev.id)).limit(1);
    if (already) throw new DomainError("CONFLICT", `The next season of ${prev.name} already exists: "${already.name}".`);
    const divs = await divisionsOf(tx, prev.id);
    const open = divs.filter((t) => t.status !== "finished");
    if (open.length)
      throw new DomainError("PRECONDITION", `${open.map((t) => divisionName(t.division ?? 0)).join(", ")} ${open.length === 1 ? "is" : "are"} not finished yet: the next season starts from final standings, so finish every division first.`);
    const finished = await Promise.all(
      divs.map(async (t) => ({ name: divisionName(t.division ?? 0), standings: (await getStandings(tx, t.id)).rows.map((r) => ({ player: { id: r.userId, name: r.name }, place: r.rank })) })),
    );
    const everyone = finished.flatMap((d) => d.standings.map((s) => s.player.id));
    const members = await membersAmong(tx, prev.clubId, everyone);
    const newcomers = await clubMembers(tx, prev.clubId, input.newPlayers, "newPlayers");
    const rated = await Promise.all(newcomers.map(async (p) => ({ ...p, rating: await playerRatingFor(tx, p.id, rules.settings.ruleset) })));
    const next = nextSeason(finished, rules, { left: everyone.filter((id) => !members.has(id)), newcomers: rated });
    if (!next.ok) refused(next.error);
    const plan = next.value.divisions.map((d) => ({ number: d.number, players: d.players.map((p) => p.player) }));
    const swiss = plan.some((d) => roundsFor(settingsFor(rules, d.number), d.players.length) === 0);
    const seeding = {
      why: Object.fromEntries(next.value.divisions.flatMap((d) => d.players.map((p) => [p.player.id, p.why]))),
      left: next.value.left.map((l) => ({ name: l.player.name ?? l.player.id, why: l.why })),
      notes: next.value.notes,
    };
    const { settings, divisionSettings } = rules;
    const calendar = calendarFor(plan, rules, input.starts, rules.calendar.roundDays, swiss ? rules.calendar.rounds.length : undefined);
    const newRules: SeasonRules = { up: rules.up, down: rules.down, newPlayers: rules.newPlayers, settings, divisionSettings, calendar, seeding };
    const head = { clubId: prev.clubId, name: input.name, description: prev.description, divisionSize: prev.divisionSize ?? 2, rated: prev.rated, previousId: prev.id };
    const made = await writeSeason(tx, actorId, head, newRules, plan);
    await tx.update(competitions).set({ status: "finished", version: prev.version + 1 }).where(eq(competitions.id, prev.id));
    return made;
  });
}
