/**
 * The scorekeeper station: games played on a physical board (matches.mode = "otb") whose moves a
 * scorekeeper (or a player, or a tournament director) enters by position and tiles.
 *
 * - The game is the same engine event log as an online match, written through the same path
 *   (`submitMove`: row lock, idempotency key, expected seq, closing events, the tournament report
 *   at the end). The station acts for a seat (`actingFor`); the event's actor is the scorekeeper.
 * - Racks: nobody at the station sees them, so the game starts with the engine's virtual racks
 *   (docs/game-state.md "Virtual racks"): rack counts, the bag count and the unseen pool are exact
 *   and a play needs only tiles that are still unseen. An exchange is entered as a count; the
 *   service names that many tiles of the virtual rack (they are fiction anyway).
 * - Challenges: the game runs in challenge mode (unless the rule is `void`), so an arithmetically
 *   wrong play stands — and scores — until the opponent presses Challenge; then the rule applies.
 * - Clocks: the station is the game clock. The move is timed when the clock was tapped
 *   (`tappedAt`, server time as the station derived it from `serverNow`): a tap at or before the
 *   last event is refused (it would charge the mover nothing); one in the future or more than
 *   `TAP_WINDOW_MS` old gives way to the server's now. The scorekeeper is an official, which is why
 *   this — unlike online play — trusts a stated time, within that window. Pause/resume for a
 *   ruling are engine events written here.
 * - Players: registered users (they see the game in their lists; tournament pairings) or guests
 *   known only by name (engine ids `guest-1`, `guest-2`, …; no account, never rated).
 * - Who may do what (`stationRole`, docs/scorekeeper.md "Who may do what"): anyone who keeps score
 *   enters plays, exchanges, passes and challenges as the players announce them; a resignation
 *   and stopping the clocks are decisions over a seat, taken only by someone the seat answers to.
 */
import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { users } from "@/db/schema/users";
import { matchPlayers, matches, type Match, type MatchChallengeRule, type MatchStatus } from "@/db/schema/matches";
import { act, resolveStart, sentence, type StartEvent } from "@/engine";
import { DomainError } from "@/server/errors";
import { isTournamentDirector } from "@/server/services/tournaments/access";
import { createFromPairing } from "./lifecycle";
import { submitMove, type MoveOutcome } from "./moves";
import { assertFresh, findApplied, lockMatch } from "./reads";
import { refusalError } from "./refusals";
import type { MoveAction } from "./schemas";
import type { CreateOtbInput, OtbClockInput, OtbMoveInput } from "./scorekeeper-schemas";
import { foldActed, loadEvents, loadFolded } from "./state";
import { writeStart } from "./start";
import { getMatchView, type MatchView } from "./views";
import { afterCommit, appendEvents, createMatchRow, type EventWrite } from "./writer";

/** How old a clock tap may be when its move arrives (a scorekeeper typing a long play). */
export const TAP_WINDOW_MS = 10 * 60_000;

const newSeed = () => randomBytes(24).toString("base64url");

/** A new over-the-board game between named players, started at once; the creator keeps score. */
export async function createOtbMatch(db: Db, userId: string, input: CreateOtbInput, opts: { now?: number } = {}): Promise<{ id: string }> {
  const r = resolveStart({
    type: "start",
    at: 0,
    ruleset: input.ruleset,
    options: input.rulesetOptions as StartEvent["options"],
    challengeRule: input.challengeRule as StartEvent["challengeRule"],
    players: [],
    seed: "x",
    timeControl: input.timeControl,
  });
  if (!r.ok) throw new DomainError("INVALID", sentence(r.error));
  const rs = r.value.ruleset;
  const n = input.players.length;
  if (n < rs.minPlayers || n > rs.maxPlayers) throw new DomainError("INVALID", `${rs.name} is for ${rs.minPlayers}–${rs.maxPlayers} players.`, "players");
  const ids = input.players.map((p) => p.userId).filter((id): id is string => id !== null);
  if (new Set(ids).size !== ids.length) throw new DomainError("INVALID", "The same player is seated twice.", "players");
  const found = ids.length ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids)) : [];
  if (found.length !== ids.length) throw new DomainError("NOT_FOUND", "One of the players does not exist.", "players");
  const players = input.players.map((p, i) => ({ id: p.userId ?? `guest-${i + 1}`, name: p.name, registered: p.userId !== null }));
  const now = opts.now ?? Date.now();
  const id = await db.transaction(async (tx) => {
    const m = (await createMatchRow(tx, {
      status: "open",
      mode: "otb",
      ruleset: input.ruleset,
      rulesetOptions: input.rulesetOptions,
      challengeRule: input.challengeRule as MatchChallengeRule,
      timeControl: input.timeControl,
      rated: false,
      seats: n,
      firstMover: "creator",
      seed: newSeed(),
      createdBy: userId,
      scorekeeperId: userId,
    }))!;
    const reg = players.map((p, seat) => ({ ...p, seat })).filter((p) => p.registered);
    if (reg.length) await tx.insert(matchPlayers).values(reg.map((p) => ({ matchId: m.id, userId: p.id, seat: p.seat, acceptedAt: new Date(now) })));
    // As lifecycle's startGame, but guests have no match_players row to seat.
    await writeStart(tx, m, { players: players.map((p) => ({ id: p.id, name: p.name })), actorId: userId, now });
    return m.id;
  });
  return { id };
}

/** The game of a tournament pairing, kept over the board by `userId` (a director or a player). */
export async function createOtbFromPairing(db: Db, { pairingId, userId }: { pairingId: string; userId: string }, opts: { now?: number } = {}): Promise<{ matchId: string; created: boolean }> {
  const out = await createFromPairing(db, { pairingId, userId }, { ...opts, mode: "otb" });
  if (!out.created) {
    const [m] = await db.select({ mode: matches.mode }).from(matches).where(eq(matches.id, out.matchId));
    if (m?.mode !== "otb") throw new DomainError("CONFLICT", "This pairing's game is already being played online.");
  }
  return out;
}

/**
 * What a user may do at a game's station.
 * - keeps score (enters plays, exchanges, passes, challenges for the seat that announces them):
 *   the scorekeeper, a registered player of the game, a director of its tournament;
 * - `answersTo(seat)`: may resign that seat. A seat answers to its own player, and to an official:
 *   a tournament director, or the scorekeeper when not playing in the game. A guest's seat (no
 *   account) also answers to the scorekeeper who seated them. So an opponent never decides for
 *   another player, even when they created the station themself;
 * - `stopsClocks`: may pause and resume, which stops every seat's time: someone every seat
 *   answers to (in practice an official; a scorekeeper playing only against guests).
 */
export interface StationRole {
  keepsScore: boolean;
  /** the seat this user plays in, or null */
  seat: number | null;
  scorekeeper: boolean;
  official: boolean;
  answersTo: (seat: number) => boolean;
  stopsClocks: boolean;
}

export async function stationRole(db: DbOrTx, m: Match, userId: string | null): Promise<StationRole> {
  const none: StationRole = { keepsScore: false, seat: null, scorekeeper: false, official: false, answersTo: () => false, stopsClocks: false };
  if (!userId || m.mode !== "otb") return none;
  const seated = await db.select({ userId: matchPlayers.userId, seat: matchPlayers.seat }).from(matchPlayers).where(eq(matchPlayers.matchId, m.id));
  const seat = seated.find((p) => p.userId === userId)?.seat ?? null;
  const scorekeeper = m.scorekeeperId === userId;
  const director = m.tournamentId !== null && (await isTournamentDirector(db, m.tournamentId, userId));
  const official = director || (scorekeeper && seat === null);
  const guest = (s: number) => !seated.some((p) => p.seat === s);
  const answersTo = (s: number) => official || s === seat || (scorekeeper && guest(s));
  const seats = Array.from({ length: m.seats }, (_, i) => i);
  return { keepsScore: scorekeeper || seat !== null || director, seat, scorekeeper, official, answersTo, stopsClocks: seats.every(answersTo) };
}

/** Who may keep score: the match's scorekeeper, its registered players, a tournament director. */
export async function requireScorekeeper(db: DbOrTx, matchId: string, userId: string): Promise<{ m: Match; role: StationRole }> {
  const [m] = await db.select().from(matches).where(eq(matches.id, matchId)).limit(1);
  if (!m) throw new DomainError("NOT_FOUND", "That game does not exist.");
  if (m.mode !== "otb") throw new DomainError("PRECONDITION", "This game is played online: its players move from the game page.");
  const role = await stationRole(db, m, userId);
  if (role.keepsScore) return { m, role };
  throw new DomainError("FORBIDDEN", "Only this game's scorekeeper, its players or the tournament's directors can enter moves.");
}

export interface StationView {
  view: MatchView;
  mode: Match["mode"];
  canKeepScore: boolean;
  /** seats the viewer may resign (StationRole.answersTo) */
  canResign: number[];
  /** whether the viewer may pause and resume the clocks */
  canStopClocks: boolean;
  scorekeeperName: string | null;
  /** For those who keep score: the game's event log up to the view's version, so the station
   * folds moves made offline on the device (app/_offline/station.ts). The start event's seed is
   * blanked: it orders the bag, which over the board is fiction (virtual racks) but stays the
   * server's. Null for anyone else. */
  events: StoredStationEvent[] | null;
}

export type StoredStationEvent = { seq: number; event: Record<string, unknown> };

async function stationEvents(db: Db, matchId: string, version: number): Promise<StoredStationEvent[]> {
  const events = await loadEvents(db, matchId, version);
  return events.map(({ seq, event }) => ({ seq, event: event.type === "start" ? { ...event, seed: "hidden" } : { ...event } }));
}

/** What the station shows: the spectator view (no rack: there is none) and what the viewer may do. */
export async function getStationView(db: Db, matchId: string, userId: string | null, opts: { now?: number } = {}): Promise<StationView> {
  const view = await getMatchView(db, matchId, null, opts);
  const [m] = await db.select().from(matches).where(eq(matches.id, matchId)).limit(1);
  const [keeper] = m!.scorekeeperId ? await db.select({ name: users.name }).from(users).where(eq(users.id, m!.scorekeeperId)) : [];
  const role = await stationRole(db, m!, userId);
  return {
    view,
    mode: m!.mode,
    canKeepScore: role.keepsScore,
    canResign: role.keepsScore ? view.players.map((_, i) => i).filter(role.answersTo) : [],
    canStopClocks: role.keepsScore && role.stopsClocks,
    scorekeeperName: keeper?.name ?? null,
    events: role.keepsScore && view.version > 0 ? await stationEvents(db, matchId, view.version) : null,
  };
}

/**
 * The move time: the tap, else now. A tap at or before the last event is refused: the mover
 * tapped after it, so such a time is a station error and would charge them nothing (a tap
 * `reported` from a device's clock offline gives way to now instead: docs/security.md). A tap in the
 * future or older than `TAP_WINDOW_MS` is implausible and gives way to now.
 */
export function moveTime(tappedAt: number | null, lastAt: number, now: number, reported = false): number {
  if (tappedAt === null) return now;
  // a device's clock read offline is not the station's judgement: out of order, it gives way to now
  if (reported && tappedAt <= lastAt) return now;
  if (tappedAt <= lastAt) throw new DomainError("INVALID", "The clock tap is not after the game's last event, so it cannot time this move: undo the tap and tap the clock again.", "tappedAt");
  if (tappedAt > now || tappedAt < now - TAP_WINDOW_MS) return now;
  return tappedAt;
}

/** Why `role` may not resign for `name`'s seat. */
function notYourSeat(role: StationRole, name: string, tournament: boolean): string {
  if (role.scorekeeper) return `You play in this game, so you cannot resign for ${name}: only ${name}${tournament ? " or a tournament director" : ""} can.`;
  return tournament ? `Only ${name}, the scorekeeper or a tournament director can resign for ${name}.` : `Only ${name} or the scorekeeper can resign for ${name}.`;
}

/** Enter what happened at the board for `seat` (see the module header). */
export async function scorekeeperMove(db: Db, userId: string, input: OtbMoveInput, opts: { now?: number } = {}): Promise<MoveOutcome> {
  const { m, role } = await requireScorekeeper(db, input.matchId, userId);
  const f = await loadFolded(db, m.id, m.version);
  if (!f) throw new DomainError("PRECONDITION", "The game has not started yet.");
  const player = f.state.players[input.seat];
  if (!player) throw new DomainError("INVALID", "There is no such seat in this game.", "seat");
  if (input.action.type === "resign" && !role.answersTo(input.seat)) throw new DomainError("FORBIDDEN", notYourSeat(role, player.name ?? "that player", m.tournamentId !== null));
  let action: MoveAction;
  const a = input.action;
  if (a.type === "exchange") {
    // The station does not see the tiles: name that many tiles of the virtual rack.
    const rack = f.state.racks[input.seat];
    if (a.count > rack.length) throw new DomainError("INVALID", `${player.name ?? "The player"} holds only ${rack.length} tiles.`, "count");
    action = { type: "exchange", tiles: rack.slice(0, a.count) };
  } else action = a;
  const now = opts.now ?? Date.now();
  // The tap is judged against the state at m.version; submitMove refuses the move as STALE unless
  // that is still the game's version. A retry of a move already applied skips the judgement (its
  // tap is now the last event) and gets the earlier outcome from submitMove.
  const retry = input.tappedAt !== null && (await findApplied(db, { matchId: m.id, clientId: input.clientId })) !== null;
  return submitMove(
    db,
    { matchId: m.id, userId, expectedSeq: input.expectedSeq, clientId: input.clientId, action, actingFor: player.id },
    { now: retry ? now : moveTime(input.tappedAt, f.state.lastAt, now, input.reported ?? false) },
  );
}

/** Why `role` may not pause or resume. */
function cannotStopClocks(role: StationRole, tournament: boolean): string {
  if (role.scorekeeper) return tournament ? "You play in this game, so you cannot stop its clocks: ask a tournament director." : "You play in this game against another registered player, so you cannot stop its clocks.";
  return tournament ? "Only the scorekeeper or a tournament director can stop the clocks: ask them for a ruling." : "Only the scorekeeper can stop the clocks: ask them for a ruling.";
}

/** Stop the clocks for a ruling, or start them again (engine `pause` / `resume`). Same guarantees
 * as a move: row lock, idempotency key, expected seq; due server events first. */
export async function scorekeeperClock(db: Db, userId: string, input: OtbClockInput, opts: { now?: number } = {}): Promise<MoveOutcome> {
  const { m: match, role } = await requireScorekeeper(db, input.matchId, userId);
  if (!role.stopsClocks) throw new DomainError("FORBIDDEN", cannotStopClocks(role, match.tournamentId !== null));
  let committed: EventWrite | null = null;
  const out = await db.transaction(async (tx) => {
    const m = await lockMatch(tx, input.matchId);
    const dupSeq = await findApplied(tx, { matchId: m.id, clientId: input.clientId });
    if (dupSeq !== null) return { outcome: { applied: false, seq: dupSeq, version: m.version, status: m.status } satisfies MoveOutcome };
    if (m.status !== "active") throw new DomainError("CONFLICT", m.status === "finished" ? "The game is over." : "The game is not in play.");
    assertFresh(m, input.expectedSeq);
    const f = (await loadFolded(tx, m.id, m.version))!;
    const acted = act(f.state, { type: input.action }, opts.now ?? Date.now());
    const own = acted.ok ? { index: acted.actionIndex, actorId: userId, clientId: input.clientId } : undefined;
    const w: EventWrite = { kind: "clock", m, ...foldActed(f, acted, own), now: acted.now };
    if (!acted.ok && w.appended.length === 0) throw refusalError(acted.refusal);
    await appendEvents(tx, w, { locked: true });
    committed = w;
    if (!acted.ok) return { refused: refusalError(acted.refusal) };
    const status: MatchStatus = w.folded.state.phase === "over" ? "finished" : "active";
    return { outcome: { applied: true, seq: w.folded.version, version: w.folded.version, status } satisfies MoveOutcome };
  });
  if (committed) afterCommit(db, committed);
  if ("refused" in out) throw out.refused;
  return out.outcome;
}

export interface StationSummary {
  id: string;
  status: MatchStatus;
  ruleset: Match["ruleset"];
  players: string[];
  scores: number[];
  tournamentId: string | null;
  updatedAt: Date;
}

/** The over-the-board games the user keeps score of, newest first. */
export async function listMyStations(db: DbOrTx, userId: string, limit = 50): Promise<StationSummary[]> {
  const rows = await db
    .select()
    .from(matches)
    .where(and(eq(matches.mode, "otb"), eq(matches.scorekeeperId, userId)))
    .orderBy(desc(matches.updatedAt))
    .limit(limit);
  const out: StationSummary[] = [];
  for (const m of rows) {
    const f = m.version > 0 ? await loadFolded(db, m.id, m.version) : null;
    out.push({
      id: m.id,
      status: m.status,
      ruleset: m.ruleset,
      players: f ? f.state.players.map((p) => p.name ?? p.id) : [],
      scores: m.scores,
      tournamentId: m.tournamentId,
      updatedAt: m.updatedAt,
    });
  }
  return out;
}
