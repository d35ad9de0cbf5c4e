/**
 * What a viewer may see of a match. Views are built from the engine's `viewFor(state, viewer)`:
 * a player gets their own rack; opponents and spectators get rack counts; nobody gets the bag
 * (only its size), the seed, or whether the open play is valid. The router's zod output schema
 * (server/routers/matches/outputs.ts) has no field for another player's rack or the bag, so
 * nothing can leak even by mistake.
 *
 * Reading a view also "touches" the match: a fallen flag is recorded first (moves.ts).
 * `serverNow` lets the browser compute its clock offset and tick the clocks itself.
 */
import { desc, eq, inArray } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { users } from "@/db/schema/users";
import { matchAdjustments, matchPlayers, matches, type Match, type MatchResult, type MatchStatus } from "@/db/schema/matches";
import { tournamentPairings } from "@/db/schema/tournaments";
import { clock as C, DEFAULT_BOT_LEVEL, toMove, viewFor, type BotLevel } from "@/engine";
import { DomainError } from "@/server/errors";
import { subscribe } from "@/server/live/bus";
import { topicOf } from "./log";
import { touchMatch } from "./moves";
import { touchWaiting, waitingOf, type Waiting } from "./presence";
import { loadFolded, type Folded, type SheetEntry } from "./state";

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

export interface GameViewOut {
  /** the viewer's own rack; null for spectators */
  rack: string[] | null;
  board: { row: number; col: number; tile: string; blank: boolean; player: number; move: number }[];
  bagCount: number;
  unseen: { face: string; count: number }[];
  turn: number;
  moveNumber: number;
  phase: "playing" | "finishing" | "over";
  paused: boolean;
  pending: { seat: number; score: number; goesOut: boolean } | null;
  /** what the viewer may do now */
  can: { play: boolean; exchange: boolean; pass: boolean; challenge: boolean; resign: boolean };
  clock: { running: number | null; flagAt: number | null; moveDeadline: number | null } | null;
  end: { reason: string; seat: number | null; winners: number[]; rackSettlement: number[]; timePenalties: number[]; timeBonuses: number[] } | null;
  sheet: SheetEntry[];
}

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

async function readMatch(db: DbOrTx, matchId: string) {
  const [m] = await db.select().from(matches).where(eq(matches.id, matchId)).limit(1);
  if (!m) throw new DomainError("NOT_FOUND", "That game does not exist.");
  return m;
}

type Seated = { userId: string; seat: number; acceptedAt: Date | null; joinedAt: Date | null; name: string };

/**
 * Everything the views of one match at one version are made of, read once: the row, who is
 * seated, the adjustments, the folded state and the public (spectator) view computed at `at`.
 * Every viewer's view is derived from it in memory (`viewOf`), so a version costs its database
 * reads and its public view once per process however many people watch.
 */
interface Snapshot {
  /** what makes two snapshots the same: version, status and the row's last update */
  key: string;
  match: Match;
  seated: Seated[];
  folded: Folded | null;
  /** the spectator's view, stamped at `at` (its `serverNow`) */
  public: MatchView;
  at: number;
}

const keyOf = (m: Match) => `${m.version}.${m.status}.${m.updatedAt.getTime()}`;

// Per process, most recently used last. Only games under way (every player has come: a late
// check-in changes nothing on the row) and finished games are kept: every change to them bumps
// the version or — a director's adjustment — the row's updated_at. An open challenge's acceptances
// and check-ins touch neither, so its snapshot is rebuilt on every read (cheap: no game). Players'
// display names are read with the snapshot: a rename shows from the match's next change on.
const SNAPSHOTS_MAX = 2_000;
const snapshots = new Map<string, Snapshot>();
const computed = new Map<string, number>();
let computedTotal = 0;

/** How many public views this process computed, all matches (the load test reports it per move). */
export function publicViewsComputedTotal(): number {
  return computedTotal;
}

/** How many times this process computed `matchId`'s public view (tests assert once per version). */
export function publicViewsComputed(matchId: string): number {
  return computed.get(matchId) ?? 0;
}

async function snapshotOf(db: DbOrTx, m: Match, now: number): Promise<Snapshot> {
  const key = keyOf(m);
  const hit = snapshots.get(m.id);
  if (hit && hit.key === key) {
    snapshots.delete(m.id);
    snapshots.set(m.id, hit);
    return hit;
  }
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
  const snap: Snapshot = { key, match: m, seated, folded, at: now, public: publicView(m, seated, adjustments, board ?? null, folded, now) };
  computed.set(m.id, (computed.get(m.id) ?? 0) + 1);
  computedTotal++;
  if (m.status === "finished" || (m.status === "active" && seated.every((p) => p.joinedAt !== null))) {
    snapshots.delete(m.id);
    snapshots.set(m.id, snap);
    if (snapshots.size > SNAPSHOTS_MAX) {
      const oldest = snapshots.keys().next().value as string;
      snapshots.delete(oldest);
      computed.delete(oldest);
    }
  }
  return snap;
}

const NOBODY_CAN = { play: false, exchange: false, pass: false, challenge: false, resign: false };

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
  const s = folded.state;
  const v = viewFor(s, null, Math.max(now, s.lastAt));
  const nameOf = new Map(seated.map((p) => [p.userId, p.name]));
  const winners = m.result ? new Set(m.result.winners) : new Set<string>();
  return {
    ...base,
    players: v.players.map((p, i) => ({
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
    game: {
      rack: null,
      board: v.board.map((t) => ({ row: t.row, col: t.col, tile: t.tile, blank: t.blank === true, player: t.player, move: t.move })),
      bagCount: v.bagCount,
      unseen: Object.entries(v.unseen).map(([face, count]) => ({ face, count })),
      turn: v.turn,
      moveNumber: v.moveNumber,
      phase: v.phase,
      paused: v.paused,
      pending: v.pending ? { seat: v.pending.player, score: v.pending.score, goesOut: v.pending.goesOut } : null,
      can: NOBODY_CAN,
      clock: s.clock ? { running: s.clock.running, flagAt: C.flagAt(s.clock), moveDeadline: C.moveDeadline(s.clock) } : null,
      end: s.end
        ? {
            reason: s.end.reason,
            seat: s.end.player,
            winners: s.end.winners ?? [],
            rackSettlement: s.end.rackSettlement.slice(),
            timePenalties: s.end.timePenalties.slice(),
            timeBonuses: s.end.timeBonuses.slice(),
          }
        : null,
      sheet: folded.sheet,
    },
  };
}

/**
 * `viewerId`'s view of a snapshot at `now`: the public view (the very same object when nothing
 * differs, so a broadcast serialises it once), restamped when `now` is not its stamp, plus — for
 * a seated player — their own rack, the tiles unseen *by them*, what they may do, and the join code.
 */
function viewOf(snap: Snapshot, viewerId: string | null, now: number): MatchView {
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

/** Reads the row, records what the clock owes (a view "touches" the match), and snapshots it. */
async function currentSnapshot(db: Db, matchId: string, now: number, opts: { now?: number }): Promise<Snapshot> {
  let m = await readMatch(db, matchId);
  if (m.status === "active" && (await touchMatch(db, matchId, m.version, opts))) m = await readMatch(db, matchId);
  if (m.status === "open" && (await touchWaiting(db, m, opts))) m = await readMatch(db, matchId);
  return snapshotOf(db, m, now);
}

/** The view of a match for `viewerId` (null: an anonymous spectator). */
export async function getMatchView(db: Db, matchId: string, viewerId: string | null, opts: { now?: number } = {}): Promise<MatchView> {
  const now = opts.now ?? Date.now();
  return viewOf(await currentSnapshot(db, matchId, now, opts), viewerId, now);
}

/**
 * One feed per match per process: a single bus subscription, and on each notice a single read of
 * the new snapshot, handed to every subscriber of the match in this process (each derives its own
 * view: a spectator's is the shared public view). Reads never overlap: notices arriving during a
 * read make one more read afterwards. A failed read (database away) ends every subscription of
 * the match with that error; clients reconnect and get the current view once.
 */
class MatchFeed {
  private readonly sinks = new Set<(s: Snapshot | Error) => void>();
  latest: Snapshot | null = null;
  private reading: Promise<void> | null = null;
  private again = false;
  private readonly stop = new AbortController();
  ready: Promise<void>;

  constructor(
    private readonly db: Db,
    private readonly matchId: string,
    private readonly onEmpty: () => void,
  ) {
    this.ready = this.listen();
  }

  private async listen() {
    const notices = await subscribe(this.db, topicOf(this.matchId), this.stop.signal);
    void (async () => {
      for await (const n of notices) {
        if (n.version !== 0 && this.latest && n.version < this.latest.match.version) continue;
        this.refresh();
      }
    })();
  }

  /** Reads the current snapshot (coalescing with a read under way) and hands it to every sink. */
  refresh(): Promise<void> {
    if (this.reading) {
      this.again = true;
      return this.reading;
    }
    this.reading = (async () => {
      do {
        this.again = false;
        let out: Snapshot | Error;
        try {
          out = await currentSnapshot(this.db, this.matchId, Date.now(), {});
          this.latest = out;
        } catch (err) {
          out = err instanceof Error ? err : new Error(String(err));
          this.latest = null;
        }
        for (const sink of this.sinks) sink(out);
      } while (this.again);
    })().finally(() => (this.reading = null));
    return this.reading;
  }

  join(sink: (s: Snapshot | Error) => void): () => void {
    this.sinks.add(sink);
    return () => {
      this.sinks.delete(sink);
      if (this.sinks.size === 0) {
        this.stop.abort();
        this.onEmpty();
      }
    };
  }
}

const feeds = new WeakMap<Db, Map<string, MatchFeed>>();

function feedOf(db: Db, matchId: string): MatchFeed {
  let byMatch = feeds.get(db);
  if (!byMatch) feeds.set(db, (byMatch = new Map()));
  let feed = byMatch.get(matchId);
  if (!feed) {
    const f: MatchFeed = new MatchFeed(db, matchId, () => {
      if (byMatch.get(matchId) === f) byMatch.delete(matchId);
    });
    byMatch.set(matchId, (feed = f));
  }
  return feed;
}

/**
 * Live view: the viewer's view now, then the new one after every change of the match (two app
 * instances share notices through LISTEN/NOTIFY). A subscriber that falls behind skips to the
 * latest snapshot: views are whole, so nothing in between is needed.
 */
export async function* liveMatchView(db: Db, matchId: string, viewerId: string | null, signal?: AbortSignal): AsyncGenerator<MatchView> {
  const feed = feedOf(db, matchId);
  // the latest snapshot not yet sent (a box, so the closure's writes are seen)
  const inbox: { next: Snapshot | Error | null } = { next: null };
  let wake: (() => void) | null = null;
  const leave = feed.join((s) => {
    inbox.next = s;
    wake?.();
  });
  const onAbort = () => wake?.();
  signal?.addEventListener("abort", onAbort);
  try {
    // Listening before the first read, so no change can slip between the two.
    await feed.ready;
    let sent: string | null = null;
    if (feed.latest) {
      const now = Date.now();
      sent = feed.latest.key;
      yield viewOf(feed.latest, viewerId, now);
    } else {
      await feed.refresh();
    }
    while (!signal?.aborted) {
      if (inbox.next === null) await new Promise<void>((r) => (wake = r));
      wake = null;
      const next = inbox.next;
      inbox.next = null;
      if (next === null) continue;
      if (next instanceof Error) throw next;
      if (next.key === sent) continue;
      sent = next.key;
      yield viewOf(next, viewerId, next.at);
    }
  } finally {
    signal?.removeEventListener("abort", onAbort);
    leave();
  }
}

export interface MatchSummary {
  id: string;
  status: MatchStatus;
  ruleset: Match["ruleset"];
  rated: boolean;
  tournamentId: string | null;
  opponents: string[];
  myScore: number | null;
  scores: number[];
  players: string[];
  myTurn: boolean;
  /** invited and not yet accepted */
  awaitingMe: boolean;
  result: MatchResult | null;
  updatedAt: Date;
}

/** The user's matches, newest first (open challenges, games in play, finished games). */
export async function listMyMatches(db: DbOrTx, userId: string, limit = 100): Promise<MatchSummary[]> {
  const mine = await db
    .select({ matchId: matchPlayers.matchId, seat: matchPlayers.seat, acceptedAt: matchPlayers.acceptedAt })
    .from(matchPlayers)
    .where(eq(matchPlayers.userId, userId))
    .orderBy(desc(matchPlayers.createdAt))
    .limit(limit);
  if (mine.length === 0) return [];
  const ids = mine.map((r) => r.matchId);
  const rows = await db.select().from(matches).where(inArray(matches.id, ids));
  const all = await db
    .select({ matchId: matchPlayers.matchId, userId: matchPlayers.userId, seat: matchPlayers.seat, name: users.name })
    .from(matchPlayers)
    .innerJoin(users, eq(users.id, matchPlayers.userId))
    .where(inArray(matchPlayers.matchId, ids));
  const byMatch = new Map<string, typeof all>();
  for (const p of all) byMatch.set(p.matchId, [...(byMatch.get(p.matchId) ?? []), p]);
  const out: MatchSummary[] = [];
  for (const m of rows) {
    const me = mine.find((r) => r.matchId === m.id)!;
    const ps = (byMatch.get(m.id) ?? []).sort((a, b) => a.seat - b.seat);
    out.push({
      id: m.id,
      status: m.status,
      ruleset: m.ruleset,
      rated: m.rated,
      tournamentId: m.tournamentId,
      opponents: ps.filter((p) => p.userId !== userId).map((p) => p.name),
      players: ps.map((p) => p.name),
      scores: m.scores,
      myScore: m.status === "open" ? null : (m.scores[me.seat] ?? null),
      myTurn: m.status === "active" && m.turn === me.seat,
      awaitingMe: m.status === "open" && me.acceptedAt === null,
      result: m.result ?? null,
      updatedAt: m.updatedAt,
    });
  }
  return out.sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
}

/** Matches of the given pairings (for the tournament pages' Start/Watch links). */
export async function matchesForPairings(db: DbOrTx, pairingIds: string[]): Promise<{ pairingId: string; matchId: string; status: MatchStatus }[]> {
  if (pairingIds.length === 0) return [];
  const rows = await db.select({ pairingId: matches.pairingId, matchId: matches.id, status: matches.status }).from(matches).where(inArray(matches.pairingId, pairingIds));
  return rows.map((r) => ({ pairingId: r.pairingId!, matchId: r.matchId, status: r.status }));
}
