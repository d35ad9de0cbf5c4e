/**
 * Creating, configuring and listing tournaments, and their staff. A club owner or director creates
 * an event and becomes its director; settings that shape pairings (format, ruleset, rounds…) can
 * change only while registration is open, the rest (name, dates, tiebreaks) at any time — the
 * standings are recomputed on read, so a new tiebreak order simply re-sorts them. An update is a
 * patch: what is not sent keeps its value.
 */
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { clubs, tournamentPlayers, tournamentStaff, tournaments, users, type Tournament, type TournamentStaffRole } from "@/db/schema";
import { CHALLENGE_RULES, getRuleset, parseRulesetOptions, type ChallengeRule, type GameChallengeRule, type RulesetOptions } from "@/engine";
import { checkPairingPlan, type PairingPlanStep } from "@/server/domain";
import { DomainError } from "@/server/errors";
import { requireClubRole } from "@/server/services/clubs/membership";
import { settingName, writeAudit } from "./audit";
import { directorWrite, unchanged, type DirectorAct } from "./director-write";
import { fillFromWaitlist } from "./entries";
import type { CreateTournamentInput, UpdateTournamentInput } from "./schemas";

const isRulesetChallenge = (rule: string): rule is ChallengeRule => (CHALLENGE_RULES as readonly string[]).includes(rule);

/**
 * Validates ruleset options with the engine and settles the event's challenge rule. A game may be
 * played with any rule of the engine (engine/challenge.ts: void, retry, single, double, 5-point,
 * 10-point), the ruleset option only with retry, single or double; so a rule outside the ruleset's
 * three is kept in the `challengeRule` column (which every game of the event starts with) and the
 * stored option keeps "single", the nearest (what an invalid play costs under 5- and 10-point).
 */
export function resolveChallenge(ruleset: Tournament["ruleset"], raw: Record<string, unknown>, challengeRule?: GameChallengeRule): { options: RulesetOptions; challengeRule: GameChallengeRule } {
  const data = getRuleset(ruleset);
  const option = challengeRule === undefined ? undefined : isRulesetChallenge(challengeRule) ? challengeRule : "single";
  const merged = { ...raw, ...(option ? { challenge: option } : {}) };
  const parsed = parseRulesetOptions(data, merged);
  if (!parsed.ok) throw new DomainError("INVALID", `Ruleset options: ${parsed.error}.`, "rulesetOptions");
  return { options: parsed.value, challengeRule: challengeRule ?? parsed.value.challenge };
}

function checkShape(s: {
  format: Tournament["format"];
  bronzeMatch: boolean;
  endsAt: Date | null;
  startsAt: Date;
  playersPerGame: number;
  rounds: number;
  pairingPlan: PairingPlanStep[];
  entryOpensAt?: Date | null;
  entryClosesAt?: Date | null;
}) {
  if (s.endsAt && s.endsAt < s.startsAt) throw new DomainError("INVALID", "The end date is before the start date.", "endsAt");
  if (s.entryOpensAt && s.entryClosesAt && s.entryClosesAt <= s.entryOpensAt) throw new DomainError("INVALID", "Entries must close after they open.", "entryClosesAt");
  if (s.bronzeMatch && s.format !== "single-elimination") throw new DomainError("INVALID", "A bronze match exists only in single elimination.", "bronzeMatch");
  const bracket = s.format === "single-elimination" || s.format === "double-elimination";
  if (bracket && s.playersPerGame !== 2) throw new DomainError("INVALID", "Elimination brackets are head to head: choose 2 players a game.", "playersPerGame");
  if (s.pairingPlan.length && s.format !== "swiss" && s.format !== "king-of-the-hill")
    throw new DomainError("INVALID", "Only Swiss and King of the Hill events take a pairing plan: round robins and brackets fix their rounds at the start.", "pairingPlan");
  const plan = checkPairingPlan(s.pairingPlan, s.rounds);
  if (!plan.ok) throw new DomainError("INVALID", plan.error.message, "pairingPlan");
}

/** Create a tournament in a club; the creator becomes its director. Club owners/directors only. */
export async function createTournament(db: DbOrTx, actorId: string, input: CreateTournamentInput): Promise<Tournament> {
  await requireClubRole(db, input.clubId, actorId, ["owner", "director"]);
  const { options, challengeRule } = resolveChallenge(input.ruleset, input.rulesetOptions, input.challengeRule);
  checkShape(input);
  return db.transaction(async (tx) => {
    const [t] = await tx
      .insert(tournaments)
      .values({
        clubId: input.clubId,
        name: input.name,
        description: input.description,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        ruleset: input.ruleset,
        rulesetOptions: { ...options },
        timeControl: input.timeControl,
        challengeRule,
        rated: input.rated,
        playersPerGame: input.playersPerGame,
        format: input.format,
        rounds: input.rounds,
        byeWins: input.byeWins,
        byeSpread: input.byeSpread,
        forfeitSpread: input.forfeitSpread,
        spreadCap: input.spreadCap,
        lateEntryWins: input.lateEntryWins,
        tiebreaks: input.tiebreaks,
        gibson: input.gibson,
        gibsonSpread: input.gibsonSpread,
        bronzeMatch: input.bronzeMatch,
        grandFinal: input.grandFinal,
        gibsonPlaces: input.gibsonPlaces,
        prizePlaces: input.prizePlaces,
        pairingPlan: input.pairingPlan,
        noShowMinutes: input.noShowMinutes,
        entryOpensAt: input.entryOpensAt,
        entryClosesAt: input.entryClosesAt,
        entryCap: input.entryCap,
        entryOpenTo: input.entryOpenTo,
        entryFields: input.entryFields,
        // A rated event hides the validity preview unless its director says otherwise (docs/matches.md).
        preview: input.preview ?? (input.rated ? "off" : "full"),
        createdBy: actorId,
      })
      .returning();
    await tx.insert(tournamentStaff).values({ tournamentId: t!.id, userId: actorId, role: "director", addedBy: actorId });
    await writeAudit(tx, t!.id, actorId, "tournament.created", { name: t!.name, format: t!.format, rounds: t!.rounds });
    return t!;
  });
}

/** Settings that never shape a pairing: they may change at any time. */
const ALWAYS_EDITABLE = new Set(["name", "description", "startsAt", "endsAt", "tiebreaks", "rated", "noShowMinutes", "preview", "pairingPlan"]);

/** JSON with object keys sorted: jsonb does not keep key order, and a Date compares as its ISO text. */
function canonical(x: unknown): string {
  return JSON.stringify(x, (_k, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/**
 * Change settings: only what is sent, and only where it differs from the stored value (a form may
 * send every field back). Pairing-shaping settings change only while registration is open; the name,
 * description, dates, rated flag and tiebreaks at any time. Directors only (checked by the router).
 */
export async function updateTournament(db: DbOrTx, act: DirectorAct, input: UpdateTournamentInput): Promise<Tournament> {
  // Locked (directorWrite), so the status check cannot race round 1 being paired.
  return directorWrite(db, act, async (tx, t, audit) => {
    const { timeControl, rulesetOptions, challengeRule, ...plain } = input;
    const current = t as unknown as Record<string, unknown>;
    const values: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(plain)) if (v !== undefined && !same(current[k], v)) values[k] = v;
    if (timeControl) {
      const merged = { ...t.timeControl, ...Object.fromEntries(Object.entries(timeControl).filter(([, v]) => v !== undefined)) };
      if (!same(merged, t.timeControl)) values.timeControl = merged;
    }
    if ("ruleset" in values || rulesetOptions !== undefined || challengeRule !== undefined) {
      const ruleset = (values.ruleset as Tournament["ruleset"] | undefined) ?? t.ruleset;
      // Stored options are resolved whole (every key of every game); the parser takes only this game's.
      const keys = getRuleset(ruleset).optionKeys as readonly string[];
      const raw = rulesetOptions ?? ("ruleset" in values ? {} : Object.fromEntries(Object.entries(t.rulesetOptions).filter(([k]) => keys.includes(k))));
      // The event's rule stays unless this patch names one (a rule outside the ruleset's three
      // lives only in the column, so the stored options alone would lose it).
      const rule = challengeRule ?? (rulesetOptions && "challenge" in rulesetOptions ? undefined : (t.challengeRule as GameChallengeRule));
      const resolved = resolveChallenge(ruleset, raw, rule);
      if (!same(resolved.options, t.rulesetOptions)) values.rulesetOptions = { ...resolved.options };
      if (resolved.challengeRule !== t.challengeRule) values.challengeRule = resolved.challengeRule;
    }
    const changed = Object.keys(values);
    if (changed.length === 0) return unchanged(t);
    if (t.status !== "registration") {
      const locked = changed.filter((k) => !ALWAYS_EDITABLE.has(k));
      if (locked.length)
        throw new DomainError(
          "PRECONDITION",
          `Once round 1 is paired only the name, description, dates, rated flag, tiebreaks, pairing plan, no-show rule and preview can change (not ${locked.map((k) => settingName(k)).join(", ")}).`,
          locked[0],
        );
    }
    checkShape({ ...t, ...(values as Partial<Tournament>) });
    const [u] = await tx
      .update(tournaments)
      .set({ ...(values as Partial<Tournament>), version: sql`${tournaments.version} + 1`, updatedAt: new Date() })
      .where(eq(tournaments.id, t.id))
      .returning();
    // Old → new per field, so the log can say what changed and from what.
    const changes = Object.fromEntries(changed.map((k) => [k, { from: current[k] ?? null, to: values[k] ?? null }]));
    await audit("tournament.updated", { fields: changed, changes });
    // A raised or lifted cap lets waiting players in at once, in order (entries.ts); a lowered one
    // removes nobody already in the field.
    if ("entryCap" in values) await fillFromWaitlist(tx, u!, audit);
    return u!;
  });
}

export interface TournamentSummary {
  id: string;
  name: string;
  clubId: string;
  clubName: string;
  clubHandle: string;
  format: Tournament["format"];
  ruleset: Tournament["ruleset"];
  status: Tournament["status"];
  startsAt: Date;
  endsAt: Date | null;
  rounds: number;
  rated: boolean;
  playerCount: number;
}

/** Tournaments newest first, optionally of one club and one phase (upcoming = registration). */
export async function listTournaments(db: DbOrTx, input: { clubId?: string; status?: "upcoming" | "running" | "finished"; limit: number }): Promise<TournamentSummary[]> {
  const statusFor = { upcoming: "registration", running: "running", finished: "finished" } as const;
  const where = and(input.clubId ? eq(tournaments.clubId, input.clubId) : undefined, input.status ? eq(tournaments.status, statusFor[input.status]) : undefined);
  const rows = await db
    .select({
      id: tournaments.id,
      name: tournaments.name,
      clubId: tournaments.clubId,
      clubName: clubs.name,
      clubHandle: clubs.handle,
      format: tournaments.format,
      ruleset: tournaments.ruleset,
      status: tournaments.status,
      startsAt: tournaments.startsAt,
      endsAt: tournaments.endsAt,
      rounds: tournaments.rounds,
      rated: tournaments.rated,
      playerCount: sql<number>`(select count(*)::int from ${tournamentPlayers} tp where tp.tournament_id = "tournaments"."id" and tp.status in ('registered', 'checked-in'))`,
    })
    .from(tournaments)
    .innerJoin(clubs, eq(clubs.id, tournaments.clubId))
    .where(where)
    .orderBy(input.status === "finished" ? desc(tournaments.startsAt) : asc(tournaments.startsAt), asc(tournaments.name))
    .limit(input.limit);
  return rows.map((r) => ({ ...r, playerCount: Number(r.playerCount) }));
}

export interface StaffRow {
  userId: string;
  name: string;
  role: TournamentStaffRole;
}

export async function listStaff(db: DbOrTx, tournamentId: string): Promise<StaffRow[]> {
  return db
    .select({ userId: tournamentStaff.userId, name: users.name, role: tournamentStaff.role })
    .from(tournamentStaff)
    .innerJoin(users, eq(users.id, tournamentStaff.userId))
    .where(eq(tournamentStaff.tournamentId, tournamentId))
    .orderBy(asc(tournamentStaff.role), asc(users.name));
}

/** Add (or change the role of) a director or judge by e-mail. Directors only. */
export async function addStaff(db: DbOrTx, tournamentId: string, actorId: string, email: string, role: TournamentStaffRole): Promise<StaffRow> {
  return db.transaction(async (tx) => {
    const [u] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, email)).limit(1);
    if (!u) throw new DomainError("NOT_FOUND", "No account uses that e-mail address.", "email");
    await tx
      .insert(tournamentStaff)
      .values({ tournamentId, userId: u.id, role, addedBy: actorId })
      .onConflictDoUpdate({ target: [tournamentStaff.tournamentId, tournamentStaff.userId], set: { role } });
    await writeAudit(tx, tournamentId, actorId, "staff.added", { userId: u.id, name: u.name, role });
    return { userId: u.id, name: u.name, role };
  });
}

/** Remove a staff member; the last stored director cannot be removed (club directors remain implicit). */
export async function removeStaff(db: DbOrTx, tournamentId: string, actorId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(tournamentStaff)
      .where(and(eq(tournamentStaff.tournamentId, tournamentId), eq(tournamentStaff.userId, userId)))
      .limit(1);
    if (!row) throw new DomainError("NOT_FOUND", "That person is not on this tournament's staff.");
    if (row.role === "director") {
      const others = await tx
        .select({ id: tournamentStaff.userId })
        .from(tournamentStaff)
        .where(and(eq(tournamentStaff.tournamentId, tournamentId), eq(tournamentStaff.role, "director"), ne(tournamentStaff.userId, userId)));
      if (others.length === 0) throw new DomainError("PRECONDITION", "A tournament keeps at least one named director.");
    }
    await tx.delete(tournamentStaff).where(and(eq(tournamentStaff.tournamentId, tournamentId), eq(tournamentStaff.userId, userId)));
    await writeAudit(tx, tournamentId, actorId, "staff.removed", { userId });
  });
}
