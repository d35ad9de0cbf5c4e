/**
 * What a viewer may see of a match. Views are built from the engine's `viewFor(state, viewer)`:
 * a player gets their own rack; opponents and spectators get rack counts; nobody gets the bag
 * (only its size), the seed, or whether the open play is valid. The router's zod output schema
 * (server/routers/matches/outputs.ts) has no field for another player's rack or the bag, so
 * nothing can leak even by mistake.
 *
 * Reading a view never writes (issue 24): when the clock owes events (a flag fell, a forfeit pass
 * is due) the view shows the game as they would leave it (state.ts `settledAt`: finished on time,
 * say), at the row's version, and a write records them: the next move, `claimTimeout`, or — for a
 * game the clock ended, which nobody can move any more — the background settle job the read
 * kicks after answering (moves.ts `settleInBackground`). `serverNow` lets the browser
 * compute its clock offset and tick the clocks itself.
 *
 * Each process keeps the views of one version (`VersionViews`): the row, who is seated, the
 * folded state and the public view, read once; the live feed (live-feed.ts) shares them.
 */
import { desc, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { users } from "@/db/schema/users";
import { matchAdjustments, matchPlayers, matches, type Match, type MatchResult, type MatchStatus } from "@/db/schema/matches";
import { tournamentPairings } from "@/db/schema/tournaments";
import { clock as C, DEFAULT_BOT_LEVEL, LruMap, resultOf, toMove, viewFor, type BotLevel } from "@/engine";
import { DomainError } from "@/server/errors";
import { settleInBackground } from "./moves";
import { touchWaiting, waitingOf, type Waiting } from "./presence";
import { publicGame, type GameViewOut } from "@/server/domain";
import { loadFolded, settledAt, type Folded } from "./state";

export interface MatchPlayerView {
  userId: string;
  name: string;
  seat: number;
  accepted: boolean;
  score: number;
  rackCount: number;
  /** budget left at serverNow (negative: overtime); null untimed or not started */
  remainingMs: number | null;
  winner: boolean;
  /** has come to the game (a fair start: the clocks wait for everyone; presence.ts) */
  joined: boolean;
}

export type { GameViewOut } from "@/server/domain";

export interface MatchView {
  id: string;
  status: MatchStatus;
  version: number;
  serverNow: number;
  ruleset: Match["ruleset"];
  rulesetOptions: Record<string, unknown>;
  challengeRule: Match["challengeRule"];
  timeControl: Match["timeControl"];
  rated: boolean;
  /** imported from a record (matches.importRecord), not played here; never rated */
  imported: boolean;
  seats: number;
  tournamentId: string | null;
  pairingId: string | null;
  /** open seats' link code, shown to the players already seated */
  joinCode: string | null;
  createdBy: string | null;
  /** what the live preview may tell the players (docs/matches.md "The preview") */
  preview: Match["preview"];
  /** a game against the bot: the level it plays at (null: the bot does not play here) */
  botLevel: BotLevel | null;
  /** a game waiting for its players: since when, and the no-show deadline (presence.ts) */
  waiting: Waiting | null;
  /** a tournament game's round and table */
  board: { round: number; table: number } | null;
  viewerSeat: number | null;
  players: MatchPlayerView[];
  game: GameViewOut | null;
  result: MatchResult | null;
  adjustments: { reason: string; at: Date; after: MatchResult }[];
}

export async function readMatch(db: DbOrTx, matchId: string) {
  const [m] = await db.select().from(matches).where(eq(matches.id, matchId)).limit(1);
  if (!m) throw new DomainError("NOT_FOUND", "That game does not exist.");
  return m;
}

type Seated = { userId: string; seat: number; acceptedAt: Date | null; joinedAt: Date | null; name: string };

/**
 * Everything the views of one match at one version are made of, read once: the row, who is
 * seated, the adjustments, the folded state and the public (spectator) view computed at `at`.
 * Every viewer's view is derived from it in memory (`viewOf`), so a version costs its database
 * reads and its public view once per process however many people watch. (Not a state snapshot,
 * snapshots.ts, nor the engine's `snapshotState`: this is the views of one version.)
 */
export interface VersionViews {
  /** what makes two of them the same: version, status and the row's last update */
  key: string;
  match: Match;
  seated: Seated[];
  adjustments: MatchView["adjustments"];
  board: MatchView["board"];
  folded: Folded | null;
  /** the spectator's view, stamped at `at` (its `serverNow`) */
  public: MatchView;
  at: number;
}

const keyOf = (m: Match) => `${m.version}.${m.status}.${m.updatedAt.getTime()}`;

// Per process, most recently used last. Only games under way (every player has come: a late
// check-in changes nothing on the row) and finished games are kept: every change to them bumps
// the version or — a director's adjustment — the row's updated_at. An open challenge's acceptances
// and check-ins touch neither, so its views are rebuilt on every read (cheap: no game). Players'
// display names are read with the views: a rename shows from the match's next change on.
const computed = new Map<string, number>();
const versionViews = new LruMap<string, VersionViews>(2_000, (matchId) => computed.delete(matchId));
let computedTotal = 0;

/** How many public views this process computed, all matches (the load test reports it per move). */
export function publicViewsComputedTotal(): number {
  return computedTotal;
}

/** How many times this process computed `matchId`'s public view (tests assert once per version). */
export function publicViewsComputed(matchId: string): number {
  return computed.get(matchId) ?? 0;
}

async function versionViewsOf(db: DbOrTx, m: Match, now: number): Promise<VersionViews> {
  const key = keyOf(m);
  const hit = versionViews.peek(m.id);
  if (hit && hit.key === key) return versionViews.get(m.id)!;
  const [seated, adjustments, folded, [board]] = await Promise.all([
    db
      .select({ userId: matchPlayers.userId, seat: matchPlayers.seat, acceptedAt: matchPlayers.acceptedAt, joinedAt: matchPlayers.joinedAt, name: users.name })
      .from(matchPlayers)
      .innerJoin(users, eq(users.id, matchPlayers.userId))
      .where(eq(matchPlayers.matchId, m.id)),
    db
      .select({ reason: matchAdjustments.reason, at: matchAdjustments.createdAt, after: matchAdjustments.after })
      .from(matchAdjustments)
      .where(eq(matchAdjustments.matchId, m.id))
      .orderBy(desc(matchAdjustments.createdAt)),
    loadFolded(db, m.id, m.version),
    m.pairingId
      ? db.select({ round: tournamentPairings.roundNumber, table: tournamentPairings.tableNumber }).from(tournamentPairings).where(eq(tournamentPairings.id, m.pairingId)).limit(1)
      : Promise.resolve([]),
  ]);
  seated.sort((a, b) => a.seat - b.seat);
  const snap: VersionViews = { key, match: m, seated, adjustments, board: board ?? null, folded, at: now, public: publicView(m, seated, adjustments, board ?? null, folded, now) };
  computed.set(m.id, (computed.get(m.id) ?? 0) + 1);
  computedTotal++;
  if (m.status === "finished" || (m.status === "active" && seated.every((p) => p.joinedAt !== null))) {
    versionViews.set(m.id, snap);
  }
  return snap;
}

/** The spectator's view: no rack, nothing anyone may do, the clocks as they stand at `now`. */
function publicView(m: Match, seated: Seated[], adjustments: MatchView["adjustments"], board: MatchView["board"], folded: Folded | null, now: number): MatchView {
  const joined = new Set(seated.flatMap((p) => (p.joinedAt ? [p.userId] : [])));
  const base = {
    id: m.id,
    status: m.status,
    version: m.version,
    serverNow: now,
    ruleset: m.ruleset,
    rulesetOptions: m.rulesetOptions,
    challengeRule: m.challengeRule,
    timeControl: m.timeControl,
    rated: m.rated,
    imported: m.importedAt !== null,
    seats: m.seats,
    tournamentId: m.tournamentId,
    pairingId: m.pairingId,
    joinCode: null,
    createdBy: m.createdBy,
    // A rated casual game never previews validity (createChallenge stores "off"; older rows said "full").
    preview: m.rated && !m.tournamentId ? "off" : m.preview,
    botLevel: m.botId ? (m.botLevel ?? DEFAULT_BOT_LEVEL) : null,
    waiting: waitingOf(m, seated),
    board,
    viewerSeat: null,
    result: m.result ?? null,
    adjustments,
  };
  if (!folded) {
    return {
      ...base,
      players: seated.map((p) => ({ userId: p.userId, name: p.name, seat: p.seat, accepted: p.acceptedAt !== null, score: 0, rackCount: 0, remainingMs: null, winner: m.result?.winners.includes(p.userId) ?? false, joined: joined.has(p.userId) })),
      game: null,
    };
  }
  const { players, game } = publicGame(folded.state, folded.sheet, now);
  const nameOf = new Map(seated.map((p) => [p.userId, p.name]));
  const winners = m.result ? new Set(m.result.winners) : new Set<string>();
  return {
    ...base,
    players: players.map((p, i) => ({
      userId: p.id,
      // an imported record's player may be known only by its id ("#player alice")
      name: nameOf.get(p.id) ?? p.name ?? (m.importedAt !== null ? p.id : "Player"),
      seat: i,
      accepted: true,
      score: p.score,
      rackCount: p.rackCount,
      remainingMs: p.remainingMs,
      winner: winners.has(p.id),
      joined: joined.has(p.id),
    })),
    game,
  };
}

/**
 * `viewerId`'s view of one version's views at `now`: the public view (the very same object when nothing
 * differs, so a broadcast serialises it once), restamped when `now` is not its stamp, plus — for
 * a seated player — their own rack, the tiles unseen *by them*, what they may do, and the join code.
 */
export function viewOf(snap: VersionViews, viewerId: string | null, now: number): MatchView {
  const { match: m, seated, folded } = snap;
  let pub = snap.public;
  if (now !== snap.at) {
    // only the clocks depend on the time of reading
    const clockNow = folded ? Math.max(now, folded.state.lastAt) : now;
    const c = folded?.state.clock ?? null;
    pub = { ...pub, serverNow: now, players: c ? pub.players.map((p, i) => ({ ...p, remainingMs: C.remaining(c, i, clockNow) })) : pub.players };
  }
  const seat = viewerId === null ? undefined : seated.find((p) => p.userId === viewerId)?.seat;
  if (seat === undefined) return pub;
  const joinCode = m.status === "open" ? m.joinCode : null;
  if (!folded || !pub.game) return { ...pub, viewerSeat: seat, joinCode };
  const s = folded.state;
  const v = viewFor(s, viewerId, Math.max(now, s.lastAt));
  const tm = toMove(s);
  const mine = v.viewer;
  const canAct = mine !== null && tm !== null && tm.player === mine;
  return {
    ...pub,
    viewerSeat: mine,
    joinCode,
    game: {
      ...pub.game,
      rack: v.rack,
      unseen: Object.entries(v.unseen).map(([face, count]) => ({ face, count })),
      can: {
        play: canAct && tm!.canPlay,
        exchange: canAct && tm!.canExchange,
        pass: canAct && tm!.canPass,
        challenge: v.canChallenge,
        resign: mine !== null && s.phase === "playing",
      },
    },
  };
}

/**
 * The row's views at `now`, as the events the clock owes would leave them (nothing is written:
 * the game is shown finished on time, say, still at the row's version, until a write records it).
 * Such a view is built for this read only: the cached views stay the row's.
 */
export async function currentViews(db: Db, matchId: string, now: number, opts: { now?: number }): Promise<VersionViews> {
  let m = await readMatch(db, matchId);
  if (m.status === "open" && (await touchWaiting(db, m, opts))) m = await readMatch(db, matchId);
  const views = await versionViewsOf(db, m, now);
  if (m.status !== "active" || !views.folded) return views;
  const settled = settledAt(views.folded, now);
  if (settled === views.folded) return views;
  const over = settled.state.phase === "over";
  if (over) settleInBackground(db, { matchId, version: m.version, now: opts.now });
  const shown: Match = { ...m, status: over ? "finished" : "active", turn: over ? null : settled.state.turn, scores: settled.state.scores.slice(), result: resultOf(settled.state) };
  const pub = publicView(shown, views.seated, views.adjustments, views.board, settled, now);
  return { ...views, key: `${views.key}.due${settled.version}`, match: shown, folded: settled, public: { ...pub, version: m.version }, at: now };
}

/** The view of a match for `viewerId` (null: an anonymous spectator). */
export async function getMatchView(db: Db, matchId: string, viewerId: string | null, opts: { now?: number } = {}): Promise<MatchView> {
  const now = opts.now ?? Date.now();
  return viewOf(await currentViews(db, matchId, now, opts), viewerId, now);
}
