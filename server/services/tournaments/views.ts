/**
 * Read models for the tournament pages: overview with pairings by round, standings with every
 * tiebreak value and "why is X above Y", the cross-table, the elimination bracket, and CSV
 * exports. All are computed on read from the stored pairings (so corrections show at once).
 * Draft rounds are visible only to the tournament's directors.
 */
import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { clubs, type Tournament, type TournamentStaffRole } from "@/db/schema";
import { absentRounds, computeStandings, explainOrder, splitByes, type LossReason, standingsFromBracket, TIEBREAKS, type BracketMatch, type Standings, type TiebreakCode, type EntryDetails, type EntryStatus, buildHistory, isElimination, lateEntries, lostInPlay, participants, scoringOf, toPlayer } from "@/server/domain";
import { DomainError } from "@/server/errors";
import { subscribe } from "@/server/live/bus";
import { getMembership } from "@/server/services/clubs/membership";
import { teamNamesByPlayer } from "@/server/services/teams/load";
import { getTournamentOrThrow, tournamentRoleOf } from "./access";
import { entryRefusal, waitlistOf } from "./entries";
import { buildBracket, loadEvent, lossReasonsOf, namesOf, type Event } from "./field";
import { plannedRounds } from "./rounds";
import { listStaff, type StaffRow } from "./tournaments";

export interface PairingView {
  id: string;
  table: number;
  isBye: boolean;
  players: { userId: string; name: string; score: number | null }[];
  forfeitUserId: string | null;
  /** The director decided the unplayed game as a double forfeit: a loss for every player. */
  doubleForfeit: boolean;
  /** Why the forfeiting player lost (on time, resigned, …); null without a forfeit. */
  lossReason: LossReason | null;
  reason: string;
  manual: boolean;
  bracketMatchId: string | null;
  hasResult: boolean;
  resultSource: string | null;
  version: number;
}

export interface RoundView {
  number: number;
  status: "draft" | "published" | "closed";
  /** How the round was paired (PAIRING_METHODS; null for rounds paired before this was recorded). */
  pairingMethod: string | null;
  notes: string[];
  pairings: PairingView[];
  /** The round clock (null until the director starts it). */
  startedAt: Date | null;
  durationMs: number | null;
}

export interface EntryView {
  userId: string;
  name: string;
  email: string | null;
  status: EntryStatus;
  seed: number | null;
  /** The rating fixed at round 1, for directors only (their device pairs offline with it; null for anyone else). */
  rating: number | null;
  joinedRound: number;
  withdrawnAfterRound: number | null;
  /** The entry form's answers: for directors and the player themselves only (null for anyone
   * else; docs/entries.md "Who sees what"). */
  details: EntryDetails | null;
  /** Place in the waitlist (1 = next in line); null for an entry not waiting. */
  waitlistPosition: number | null;
  /** Checked in at the desk (for a waitlisted entry: present, promoted first at the start). */
  present: boolean;
}

/** The entry form as the viewer sees it (docs/entries.md). */
export interface EntryFormView {
  /** Entries in the field (registered and checked in) and the cap (null: none). */
  inField: number;
  cap: number | null;
  waiting: number;
  /** Why the viewer cannot enter now (null: they can; signed-out viewers are asked to sign in). */
  refusal: string | null;
}

export interface Overview {
  tournament: Tournament;
  club: { id: string; name: string; handle: string };
  staff: StaffRow[];
  viewerRole: TournamentStaffRole | null;
  isClubMember: boolean;
  myEntry: EntryView | null;
  entries: EntryView[];
  entryForm: EntryFormView;
  rounds: RoundView[];
  plannedRounds: number | null;
  /** The server's time when the view was read (pages count the round clock down from it). */
  serverNow: Date;
}

/** Why each forfeit on these boards stands (loaded with the event; field.ts `lossReasonsOf`). */
async function lossReasons(db: DbOrTx, ev: Event): Promise<Map<string, LossReason>> {
  return ev.losses ?? lossReasonsOf(db, ev.pairings);
}

async function nameMap(db: DbOrTx, ev: Event): Promise<Map<string, string>> {
  const names = new Map(ev.entries.map((e) => [e.userId, e.name]));
  const missing = [...new Set(ev.pairings.flatMap((p) => p.players))].filter((id) => !names.has(id));
  for (const [id, n] of await namesOf(db, missing)) names.set(id, n);
  return names;
}

function roundViews(ev: Event, names: Map<string, string>, includeDrafts: boolean, losses: Map<string, LossReason>): RoundView[] {
  return ev.rounds
    .filter((r) => includeDrafts || r.status !== "draft")
    .map((r) => ({
      number: r.number,
      status: r.status,
      pairingMethod: r.pairingMethod,
      notes: includeDrafts ? r.notes : [],
      startedAt: r.startedAt,
      durationMs: r.durationMs,
      pairings: ev.pairings
        .filter((p) => p.roundId === r.id)
        .sort((a, b) => (a.isBye ? 1 : 0) - (b.isBye ? 1 : 0) || a.tableNumber - b.tableNumber)
        .map((p) => ({
          id: p.id,
          table: p.tableNumber,
          isBye: p.isBye,
          players: p.players.map((id) => ({ userId: id, name: names.get(id) ?? "(unknown)", score: p.scores?.[id] ?? null })),
          forfeitUserId: p.forfeitUserId,
          doubleForfeit: p.doubleForfeit,
          lossReason: p.forfeitUserId ? (losses.get(p.id) ?? "forfeit") : null,
          reason: p.reason,
          manual: p.manual,
          bracketMatchId: p.bracketMatchId,
          hasResult: !!(p.scores || p.forfeitUserId || p.doubleForfeit),
          resultSource: p.resultSource,
          version: p.version,
        })),
    }));
}

/** The tournament page: settings, staff, entries, rounds (drafts for directors only). */
export async function getOverview(db: DbOrTx, tournamentId: string, viewerId: string | null): Promise<Overview> {
  const t = await getTournamentOrThrow(db, tournamentId);
  const [club] = await db.select({ id: clubs.id, name: clubs.name, handle: clubs.handle }).from(clubs).where(eq(clubs.id, t.clubId));
  const ev = await loadEvent(db, t);
  const viewerRole = viewerId ? await tournamentRoleOf(db, t, viewerId) : null;
  const isClubMember = viewerId ? !!(await getMembership(db, t.clubId, viewerId)) : false;
  const names = await nameMap(db, ev);
  const director = viewerRole === "director";
  // The waitlist's order is registered_at, then user id, read in SQL (microseconds; entries.ts).
  const waiting = await waitlistOf(db, t.id);
  const position = new Map(waiting.map((e, i) => [e.userId, i + 1]));
  const entries: EntryView[] = ev.entries.map((e) => ({
    userId: e.userId,
    name: e.name,
    email: director ? e.email : null,
    status: e.status,
    seed: e.seed,
    rating: director ? e.rating : null,
    joinedRound: e.joinedRound,
    withdrawnAfterRound: e.withdrawnAfterRound,
    details: director || e.userId === viewerId ? e.details : null,
    waitlistPosition: position.get(e.userId) ?? null,
    present: e.checkedInAt !== null,
  }));
  const entryForm: EntryFormView = {
    inField: ev.entries.filter((e) => e.status === "registered" || e.status === "checked-in").length,
    cap: t.entryCap,
    waiting: waiting.length,
    refusal: viewerId ? (entryRefusal(t, new Date(), isClubMember)?.message ?? null) : "Sign in to enter.",
  };
  return {
    tournament: t,
    club: club!,
    staff: await listStaff(db, t.id),
    viewerRole,
    isClubMember,
    myEntry: entries.find((e) => e.userId === viewerId) ?? null,
    entries,
    entryForm,
    rounds: roundViews(ev, names, director, await lossReasons(db, ev)),
    plannedRounds: plannedRounds(t, ev.entries.filter((e) => e.rating !== null).length),
    serverNow: new Date(),
  };
}

export interface StandingView {
  rank: number;
  userId: string;
  name: string;
  wins: number;
  losses: number;
  spread: number;
  games: number;
  byes: number;
  absences: number;
  withdrawn: boolean;
  tiebreaks: { code: TiebreakCode; label: string; value: number | null }[];
  /** Why this player is above the next one. */
  whyAboveNext: string | null;
}

export interface StandingsView {
  tiebreakOrder: { code: TiebreakCode; label: string; description: string }[];
  afterRound: number;
  rows: StandingView[];
  /** Elimination formats: placings from the bracket (a shared place or one still open is a range). */
  placings: { userId: string; name: string; place: number; placeTo: number; settled: boolean }[] | null;
}

async function computeFor(ev: Event): Promise<Standings> {
  const t = ev.tournament;
  const players = participants(ev).map(toPlayer);
  const r = computeStandings(players, buildHistory(ev), { ...scoringOf(t), tiebreaks: t.tiebreaks, randomSeed: t.id });
  if (!r.ok) throw new DomainError("PRECONDITION", `Standings could not be computed: ${r.error.message}`);
  return r.value;
}

/** Standings from every result of published and closed rounds. */
export async function getStandings(db: DbOrTx, tournamentId: string): Promise<StandingsView> {
  const t = await getTournamentOrThrow(db, tournamentId);
  const ev = await loadEvent(db, t);
  const s = await computeFor(ev);
  const missed = absentRounds(lateEntries(ev));
  const withdrawn = new Set(ev.entries.filter((e) => e.status === "withdrawn").map((e) => e.userId));
  const closed = ev.rounds.filter((r) => r.status === "closed").map((r) => r.number);
  const rows: StandingView[] = s.rows.map((row, i) => {
    const { byes, absences } = splitByes(row.byes, missed.get(row.playerId), closed);
    const next = s.rows[i + 1];
    return {
      rank: row.rank,
      userId: row.playerId,
      name: row.name,
      wins: row.wins,
      losses: row.losses,
      spread: row.spread,
      games: row.games,
      byes,
      absences,
      withdrawn: withdrawn.has(row.playerId),
      tiebreaks: s.tiebreakOrder.map((code) => ({ code, label: TIEBREAKS.find((x) => x.code === code)!.label, value: row.tiebreaks[code] ?? null })),
      whyAboveNext: next ? explainOrder(s, row.playerId, next.playerId) : null,
    };
  });
  let placings: StandingsView["placings"] = null;
  if (isElimination(t)) {
    const bracket = buildBracket(ev);
    if (bracket) {
      const names = new Map(ev.entries.map((e) => [e.userId, e.name]));
      placings = standingsFromBracket(bracket).map((p) => ({ userId: p.playerId, name: names.get(p.playerId) ?? p.playerId, place: p.place, placeTo: p.placeTo, settled: p.settled }));
    }
  }
  return {
    tiebreakOrder: s.tiebreakOrder.map((code) => {
      const d = TIEBREAKS.find((x) => x.code === code)!;
      return { code, label: d.label, description: d.description };
    }),
    // The latest round whose results count: a closed round, or one with results already entered
    // (a title saying "after round 1" while round 2's results are in would mislead).
    afterRound: Math.max(0, ...closed, ...ev.rounds.filter((r) => r.status !== "draft" && ev.pairings.some((p) => p.roundId === r.id && !p.isBye && (p.scores || p.forfeitUserId || p.doubleForfeit))).map((r) => r.number)),
    rows,
    placings,
  };
}

/** "Why is A above B?" in one sentence (domain explainOrder). */
export async function explainStanding(db: DbOrTx, tournamentId: string, a: string, b: string): Promise<string> {
  const t = await getTournamentOrThrow(db, tournamentId);
  const s = await computeFor(await loadEvent(db, t));
  return explainOrder(s, a, b);
}

export interface CrossCell {
  round: number;
  kind: "win" | "loss" | "tie" | "bye" | "absent" | "forfeit-win" | "forfeit-loss" | "double-forfeit" | "pending" | "none";
  opponents: { userId: string; name: string; rank: number | null }[];
  own: number | null;
  against: number | null;
  firstMove: boolean | null;
  /** For a forfeit either way: why the game was lost (on time, resigned, no-show, or a director's forfeit). */
  lossReason: LossReason | null;
  /** A pod's result is a placing: 1 + the players who scored more (level scores share the place); null head to head. */
  place: number | null;
}

export interface CrossTable {
  rounds: number[];
  rows: { rank: number; userId: string; name: string; wins: number; spread: number; cells: CrossCell[] }[];
}

/** TSH-style cross-table: one row per player (standings order), one cell per round. */
export async function getCrossTable(db: DbOrTx, tournamentId: string): Promise<CrossTable> {
  const t = await getTournamentOrThrow(db, tournamentId);
  const ev = await loadEvent(db, t);
  const s = await computeFor(ev);
  const names = await nameMap(db, ev);
  const rankOf = new Map(s.rows.map((r) => [r.playerId, r.rank]));
  const counted = ev.rounds.filter((r) => r.status !== "draft").map((r) => r.number);
  const missed = absentRounds(lateEntries(ev));
  const losses = await lossReasons(db, ev);
  const rows = s.rows.map((row) => {
    const cells: CrossCell[] = counted.map((round) => {
      const p = ev.pairings.find((x) => x.roundNumber === round && x.players.includes(row.playerId));
      const base = { round, opponents: [] as CrossCell["opponents"], own: null, against: null, firstMove: null, lossReason: null, place: null };
      if (!p) return { ...base, kind: missed.get(row.playerId)?.includes(round) ? "absent" : "none" };
      if (p.isBye) return { ...base, kind: "bye" };
      const opps = p.players.filter((id) => id !== row.playerId);
      const opponents = opps.map((id) => ({ userId: id, name: names.get(id) ?? id, rank: rankOf.get(id) ?? null }));
      const firstMove = p.players[0] === row.playerId;
      if (p.doubleForfeit) return { ...base, opponents, firstMove, kind: "double-forfeit" };
      const reason = p.forfeitUserId ? (losses.get(p.id) ?? "forfeit") : null;
      // In a pod `against` is the best other score: the top score for anyone below first, the next best for the winner.
      const placeIn = (scores: Record<string, number>, own: number) => (opps.length > 1 ? 1 + opps.filter((id) => (scores[id] ?? 0) > own).length : null);
      // A resignation or a loss on time is a played game: a win or loss with its real scores.
      if (p.forfeitUserId && p.scores && lostInPlay(reason)) {
        const own = p.scores[row.playerId] ?? 0;
        const against = Math.max(...opps.map((id) => p.scores![id] ?? 0));
        return { round, opponents, firstMove, own, against, lossReason: reason, place: placeIn(p.scores, own), kind: p.forfeitUserId === row.playerId ? "loss" : "win" };
      }
      if (p.forfeitUserId) return { ...base, opponents, firstMove, kind: p.forfeitUserId === row.playerId ? "forfeit-loss" : "forfeit-win", lossReason: reason };
      if (!p.scores) return { ...base, opponents, firstMove, kind: "pending" };
      const own = p.scores[row.playerId] ?? 0;
      const against = Math.max(...opps.map((id) => p.scores![id] ?? 0));
      return { round, opponents, firstMove, own, against, lossReason: null, place: placeIn(p.scores, own), kind: own > against ? "win" : own < against ? "loss" : "tie" };
    });
    return { rank: row.rank, userId: row.playerId, name: row.name, wins: row.wins, spread: row.spread, cells };
  });
  return { rounds: counted, rows };
}

export interface BracketView {
  format: "single" | "double";
  matches: (Omit<BracketMatch, "slots"> & {
    names: [string | null, string | null];
    scores: [number | null, number | null];
    slotLabels: [string, string];
    /** A game lost whatever the scores (on time, resigned, …): who lost and why, shown instead of the scores. */
    lostBy: { userId: string; reason: LossReason } | null;
  })[];
}

/** The elimination bracket with names and scores; null for other formats or before round 1. */
export async function getBracket(db: DbOrTx, tournamentId: string): Promise<BracketView | null> {
  const t = await getTournamentOrThrow(db, tournamentId);
  if (!isElimination(t)) return null;
  const ev = await loadEvent(db, t);
  const bracket = buildBracket(ev);
  if (!bracket) return null;
  const names = await nameMap(db, ev);
  const byMatch = new Map(ev.pairings.filter((p) => p.bracketMatchId).map((p) => [p.bracketMatchId!, p]));
  const losses = await lossReasons(db, ev);
  const label = new Map(bracket.matches.map((m) => [m.id, m.label]));
  return {
    format: bracket.format,
    matches: bracket.matches.map(({ slots, ...m }) => {
      const p = byMatch.get(m.id);
      const score = (id: string | null) => (id && p?.scores ? (p.scores[id] ?? null) : null);
      const slotLabel = (s: (typeof slots)[number]) =>
        s.kind === "seed" ? `seed ${s.seed}` : s.kind === "bye" ? "bye" : `${s.kind === "winnerOf" ? "winner" : "loser"} of ${label.get(s.matchId) ?? s.matchId}`;
      return {
        ...m,
        names: [m.players[0] ? (names.get(m.players[0]) ?? null) : null, m.players[1] ? (names.get(m.players[1]) ?? null) : null],
        scores: [score(m.players[0]), score(m.players[1])],
        slotLabels: [slotLabel(slots[0]), slotLabel(slots[1])],
        lostBy: p?.forfeitUserId ? { userId: p.forfeitUserId, reason: losses.get(p.id) ?? "forfeit" } : null,
      };
    }),
  };
}

const csvCell = (v: unknown) => {
  // A number is never a formula: "-45" stays a number a spreadsheet can add up (no quotes).
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  const s = v === null || v === undefined ? "" : String(v);
  return /[",\n\r]/.test(s) || /^[=+\-@]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
/** Rows as spreadsheet-safe CSV (CRLF lines); also the TSH ratings submission (tsh.ts) and the fee ledger (fees.ts). */
export const csv = (rows: unknown[][]) => rows.map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";

/** Standings as CSV (rank, name, wins, losses, spread, games, byes, withdrawn, every other tiebreak).
 * Spreadsheet-safe cells; the spread tiebreak is the spread column, so it is not repeated. */
export async function standingsCsv(db: DbOrTx, tournamentId: string): Promise<string> {
  const s = await getStandings(db, tournamentId);
  const extra = s.tiebreakOrder.filter((t) => t.code !== "spread" && t.code !== "losses");
  // events with teams (docs/teams.md): each player's team in a column after the name
  const team = await teamNamesByPlayer(db, tournamentId);
  const tcol = (id: string) => (team.size ? [team.get(id) ?? ""] : []);
  const head = ["rank", "player", ...(team.size ? ["team"] : []), "wins", "losses", "spread", "games", "byes", "withdrawn", ...extra.map((t) => t.label)];
  return csv([
    head,
    ...s.rows.map((r) => [r.rank, r.name, ...tcol(r.userId), r.wins, r.losses, r.spread, r.games, r.byes, r.withdrawn ? "yes" : "", ...extra.map((x) => r.tiebreaks.find((t) => t.code === x.code)?.value ?? "")]),
  ]);
}

const SEAT_WORDS = ["first", "second", "third", "fourth"] as const;

/** Published pairings and results as CSV, one line per board or bye; `round` limits it to one
 * round (a round not published yet, or beyond the last, is a 404 with a sentence, not an empty file).
 * The forfeit column names a forfeiting player only ("double forfeit" when the director decided both lost): a resignation or a loss on time was played,
 * and its scores are in the score columns.
 * A name and a score column per seat: two for a two-player event, up to four for pods (a pod of 3
 * in an event of 4 leaves the fourth seat empty). */
export async function pairingsCsv(db: DbOrTx, tournamentId: string, round?: number): Promise<string> {
  const t = await getTournamentOrThrow(db, tournamentId);
  const ev = await loadEvent(db, t);
  const names = await nameMap(db, ev);
  const published = roundViews(ev, names, false, await lossReasons(db, ev));
  if (round !== undefined && !published.some((r) => r.number === round)) throw new DomainError("NOT_FOUND", `Round ${round} has not been published.`);
  const shown = published.filter((x) => round === undefined || x.number === round);
  // Every seat any board has, at least the event's players per game (a board never has more).
  const seats = SEAT_WORDS.slice(0, Math.max(2, t.playersPerGame, ...shown.flatMap((r) => r.pairings.map((p) => p.players.length))));
  // events with teams (docs/teams.md): each seat's team after the scores
  const team = await teamNamesByPlayer(db, tournamentId);
  const teamHead = team.size ? seats.map((w) => `${w}_team`) : [];
  const rows: unknown[][] = [["round", "table", ...seats, ...seats.map((w) => `${w}_score`), "forfeit", "bye", ...teamHead]];
  for (const r of shown)
    for (const p of r.pairings)
      rows.push([
        r.number,
        p.isBye ? "" : p.table,
        ...seats.map((_, i) => p.players[i]?.name ?? ""),
        ...seats.map((_, i) => p.players[i]?.score ?? ""),
        p.doubleForfeit ? "double forfeit" : p.forfeitUserId && !lostInPlay(p.lossReason) ? names.get(p.forfeitUserId) : "",
        p.isBye ? "yes" : "",
        ...(team.size ? seats.map((_, i) => team.get(p.players[i]?.userId ?? "") ?? "") : []),
      ]);
  return csv(rows);
}

/**
 * Live tournament changes: `{ version }` once at start, then after every notice on
 * "tournament:<id>" (a local counter). Carries no data: clients re-read their own queries.
 */
export async function* liveTournament(db: Db, tournamentId: string, signal?: AbortSignal): AsyncGenerator<{ version: number }> {
  // Listening before the existence check, so no notice can slip between the two.
  const notices = await subscribe(db, `tournament:${tournamentId}`, signal);
  try {
    await getTournamentOrThrow(db, tournamentId);
    let version = 0;
    yield { version };
    for await (const _ of notices) yield { version: ++version };
  } finally {
    notices.close();
  }
}
