/**
 * A duplicate game's turns (docs/duplicate.md): the rack is drawn and the turn opened; players
 * submit (the last submission before the server's close time stands); the turn closes by its due
 * job (jobs.ts) or, should that be late, by the next read or submission after the close time.
 * Everything a turn needs is in the database (the turn row, the submissions), so a restart mid-turn
 * loses nothing: the job is pg-boss's, persisted, and the close is idempotent.
 *
 * Each change runs in one transaction (docs/conventions.md, principle 11). A submission holds its
 * turn's row FOR SHARE (submissions run side by side); the close locks the game row, then the turn
 * row FOR NO KEY UPDATE, so it waits for the submissions in flight and sees every one; a submission that
 * waited behind the close reads the turn closed and is refused.
 */
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { executePrepared, type Db, type Tx } from "@/db/client";
import { duplicateGames, duplicatePlayers, duplicateSubmissions, duplicateTurns, type DuplicateGame, type DuplicateTurn, type StoredPlay } from "@/db/schema";
import { adjudicatePlay, alwaysRefused, playLinesText, type Face, type Placement, type Ruleset, type Ruling } from "@/engine";
import type { DupBag } from "@/server/domain";
import { DomainError } from "@/server/errors";
import { loadGame } from "./access";
import { SUBMISSIONS_PER_TURN } from "./schemas";
import { drawAfter, nextKey } from "./draw-ahead";
import { announce } from "./live";
import { bestOf, searchTurn, storedPlay } from "./search";
import { gameRuleset } from "./access";

const clockTime = (d: Date): string => d.toISOString().slice(11, 19) + " UTC";

/** Open turn `number` with its drawn rack on `g.board` (inside the caller's transaction, game row locked). */
export async function openTurn(tx: Tx, g: DuplicateGame, drawn: { rack: Face[]; bag: DupBag }, number: number, now: Date): Promise<DuplicateTurn> {
  const dueAt = new Date(now.getTime() + g.turnSeconds * 1000);
  const [t] = await tx.insert(duplicateTurns).values({ gameId: g.id, number, rack: drawn.rack, openedAt: now, dueAt }).returning();
  await tx
    .update(duplicateGames)
    .set({ turn: number, board: g.board, bag: drawn.bag, status: "playing", version: g.version + 1, ...(number === 1 ? { startedAt: now } : {}) })
    .where(eq(duplicateGames.id, g.id));
  // the close that opens the next turn makes one notice for both (one transaction, one version)
  await announce(tx, g.id, g.version + 1);
  return t!;
}

/** An open turn's board and rack by "gameId:turn": fixed while the turn is open (the close changes the board and closes the turn at once). */
const contexts = new Map<string, Promise<TurnContext | null>>();
type TurnContext = { rs: Ruleset; board: Placement[]; rack: Face[] };

/** The open turn's context, read once per process (the promise is shared: a thousand submissions at once make one read). */
function turnContext(db: Db, gameId: string, turn: number): Promise<TurnContext | null> {
  const key = `${gameId}:${turn}`;
  const hit = contexts.get(key);
  if (hit) return hit;
  const p = db
    .select({ g: duplicateGames, rack: duplicateTurns.rack })
    .from(duplicateGames)
    .innerJoin(duplicateTurns, and(eq(duplicateTurns.gameId, duplicateGames.id), eq(duplicateTurns.number, turn)))
    .where(and(eq(duplicateGames.id, gameId), eq(duplicateGames.turn, turn), isNull(duplicateTurns.closedAt)))
    .then(([row]) => (row ? { rs: gameRuleset(row.g), board: row.g.board, rack: row.rack } : null));
  if (contexts.size >= 500) contexts.clear(); // bounded: a process runs few turns at once
  contexts.set(key, p);
  // a turn not open (or a failed read) is not remembered: it may open later
  void p.then((c) => c ?? contexts.delete(key), () => contexts.delete(key));
  return p;
}

/**
 * The submission's fast path (the scale target, docs/duplicate.md "Limits"): the play is ruled
 * against the cached board and rack before any connection is taken, then stored by one statement
 * that holds the turn FOR SHARE (as the transaction below does, so the close's FOR NO KEY UPDATE waits for
 * it and a submission behind the close reads it closed), checks the server's clock, the seat and
 * the cap. Null when it took nothing (late, not seated, over the cap, refused placement): the
 * transaction path then says why.
 */
async function submitInOneStatement(db: Db, input: { gameId: string; turn: number; placements: Placement[] }, userId: string, now: Date, enteredBy: string | null): Promise<SubmitResult | null> {
  const c = await turnContext(db, input.gameId, input.turn);
  if (!c) return null;
  const ruling = adjudicatePlay(c.rs, c.board, input.placements, { rack: c.rack, firstPlay: c.board.length === 0 });
  if (alwaysRefused(ruling)) return null;
  const r = rulingOf(c.rs, c.board, input.placements, ruling);
  const at = now.toISOString();
  const s = duplicateSubmissions;
  // prepared: 1,000 players submit this one text in the last seconds of a turn, planned once per connection
  const res = (await executePrepared(db, sql`
    insert into ${s} (game_id, turn, user_id, placements, count, submitted_at, entered_by, valid, score, text, reason)
    select t.game_id, t.number, p.user_id, ${JSON.stringify(input.placements)}::jsonb, 1, ${at}::timestamptz, ${enteredBy}::uuid, ${r.valid}, ${r.score}, ${r.text}, ${r.reason}
    from ${duplicateTurns} t join ${duplicatePlayers} p on p.game_id = t.game_id and p.user_id = ${userId}::uuid
    where t.game_id = ${input.gameId}::uuid and t.number = ${input.turn} and t.closed_at is null and t.due_at > ${at}::timestamptz
    for share of t
    on conflict (game_id, turn, user_id) do update set placements = excluded.placements, submitted_at = excluded.submitted_at,
      entered_by = excluded.entered_by, valid = excluded.valid, score = excluded.score, text = excluded.text, reason = excluded.reason,
      count = ${s}.count + 1
    where ${s}.count < ${SUBMISSIONS_PER_TURN}
    returning count`)) as unknown as { count: number }[] | { rows: { count: number }[] };
  const rows = Array.isArray(res) ? res : res.rows;
  return rows[0] ? { turn: input.turn, count: Number(rows[0].count), submittedAt: now } : null;
}

export interface SubmitResult {
  turn: number;
  count: number;
  submittedAt: Date;
}

/**
 * A player's play for the open turn (or a director's slip for them: `enteredBy`). Refused with a
 * sentence: after the close (server's clock), a turn not open, tiles not on the shared rack or any
 * placement fault the engine refuses whatever the rule, and beyond SUBMISSIONS_PER_TURN (the last
 * submission stands). A play that is placed right but does not hold is kept: it scores 0 at the close.
 */
export async function submitPlay(
  db: Db,
  input: { gameId: string; turn: number; placements: Placement[] },
  userId: string,
  opts: { now?: Date; enteredBy?: string } = {},
): Promise<SubmitResult> {
  const now = opts.now ?? new Date();
  const fast = await submitInOneStatement(db, input, userId, now, opts.enteredBy ?? null);
  if (fast) return fast;
  // the fast path took nothing: this path reads everything again and says why (or takes it, when
  // the turn's context was not cached and the play is fine)
  return db.transaction(async (tx) => {
    // one read: the game, the turn (FOR SHARE: submissions run side by side, the close's FOR NO KEY UPDATE
    // waits for those in flight, so none commits unseen after the close read them) and the seat
    const [row0] = await tx
      .select({ g: duplicateGames, t: duplicateTurns, seat: duplicatePlayers.userId })
      .from(duplicateGames)
      .innerJoin(duplicateTurns, and(eq(duplicateTurns.gameId, duplicateGames.id), eq(duplicateTurns.number, input.turn)))
      .leftJoin(duplicatePlayers, and(eq(duplicatePlayers.gameId, duplicateGames.id), eq(duplicatePlayers.userId, userId)))
      .where(eq(duplicateGames.id, input.gameId))
      .for("share", { of: duplicateTurns });
    if (!row0) {
      // no such turn: say why (no game, not a player, not started, or a turn not drawn)
      const g = await loadGame(tx, input.gameId);
      const [p] = await tx.select().from(duplicatePlayers).where(and(eq(duplicatePlayers.gameId, g.id), eq(duplicatePlayers.userId, userId)));
      if (!p) throw new DomainError("FORBIDDEN", "You are not playing in this game: join it first.");
      if (g.status === "lobby") throw new DomainError("PRECONDITION", "The game has not started yet.");
      throw new DomainError("PRECONDITION", `Turn ${input.turn} is not open.`, "turn");
    }
    const { g, t, seat } = row0;
    if (!seat) throw new DomainError("FORBIDDEN", "You are not playing in this game: join it first.");
    if (t.closedAt || now.getTime() >= t.dueAt.getTime())
      throw new DomainError(
        "PRECONDITION",
        `Turn ${t.number} closed at ${clockTime(t.dueAt)} by the server's clock: this play was not taken. Your last submission before the close stands.`,
        "turn",
      );
    const rs = gameRuleset(g);
    const ruling = adjudicatePlay(rs, g.board, input.placements, { rack: t.rack, firstPlay: g.board.length === 0 });
    if (alwaysRefused(ruling)) {
      const faults = ruling.violations.filter((v) => alwaysRefused({ ...ruling, violations: [v] }));
      const onRack = faults.some((v) => v.code === "NOT_IN_RACK") ? " Use only the tiles of this turn's rack." : "";
      throw new DomainError("INVALID", `This play cannot be placed: ${(faults.length ? faults : ruling.violations).map((v) => v.message).join("; ")}.${onRack}`, "placements");
    }
    // one write: insert, or replace and count, unless the cap is reached (then nothing changes).
    // The ruling is stored with the play (board and rack are fixed while the turn is open): the
    // close only picks the best; it is shown to no one before the close (games.ts).
    const set = { placements: input.placements, submittedAt: now, enteredBy: opts.enteredBy ?? null, ...rulingOf(rs, g.board, input.placements, ruling) };
    const [saved] = await tx
      .insert(duplicateSubmissions)
      .values({ gameId: g.id, turn: t.number, userId, count: 1, ...set })
      .onConflictDoUpdate({
        target: [duplicateSubmissions.gameId, duplicateSubmissions.turn, duplicateSubmissions.userId],
        set: { ...set, count: sql`${duplicateSubmissions.count} + 1` },
        setWhere: lt(duplicateSubmissions.count, SUBMISSIONS_PER_TURN),
      })
      .returning({ count: duplicateSubmissions.count });
    if (!saved)
      throw new DomainError("RATE_LIMITED", `You have submitted ${SUBMISSIONS_PER_TURN} times this turn, the most a turn allows: your last submission stands.`);
    return { turn: t.number, count: saved.count, submittedAt: now };
  });
}

/** A submission's stored ruling: valid or not, its score, its notation and the engine's reason. */
function rulingOf(rs: Ruleset, board: readonly Placement[], play: readonly Placement[], r: Ruling) {
  const reason = r.valid ? null : r.violations.map((v) => v.message).join("; ") || "The play does not form a valid line.";
  return { valid: r.valid, score: r.valid ? r.score : 0, text: playLinesText(rs, board, play), reason };
}

export type CloseOutcome = "closed" | "not-due" | "already-closed";

/**
 * Close turn `number` once its time is up (idempotent): the submissions carry their rulings, so the
 * close picks the best valid one, chooses the master play (the search's best or a better valid
 * submission, by the tie rule), puts it on the board, and opens the next turn (drawn ahead by the
 * search job when the master play is the search's) or ends the game. The search runs first,
 * outside the transaction, when the search job has not stored it yet. Returns the next turn to
 * schedule, if any.
 *
 * `early` (the director's "Close turn now", games.ts `closeTurnNow`): the same close before the
 * deadline. Its close time is the server's clock read inside the transaction, once the turn is
 * locked FOR NO KEY UPDATE, and the turn's `due_at` is brought back to it in the same statement that
 * closes it. Sound because every submission holds the turn FOR SHARE and checks `closed_at` and
 * `due_at` under that lock: one stored before the lock was taken stood before the close time (its
 * clock was read before it took the lock), and one arriving after the commit reads the turn closed
 * and is refused with the usual sentence, naming the close time. While the search runs (outside
 * the transaction, as for a timed close) the turn is still open and a submission still counts.
 */
export async function closeTurn(
  db: Db,
  gameId: string,
  number: number,
  now = new Date(),
  searchMs?: number,
  early = false,
): Promise<{ outcome: CloseOutcome; next: DuplicateTurn | null }> {
  // the statements are few on purpose (the 1 s target, docs/performance.md): each one waits for a
  // pooled connection behind the last second's submissions
  const ofNumber = and(eq(duplicateTurns.gameId, duplicateGames.id), eq(duplicateTurns.number, number));
  const [pre] = await db.select({ g: duplicateGames, t: duplicateTurns }).from(duplicateGames).innerJoin(duplicateTurns, ofNumber).where(eq(duplicateGames.id, gameId));
  if (!pre) await loadGame(db, gameId); // no such game: NOT_FOUND
  if (!pre || pre.t.closedAt) return { outcome: "already-closed", next: null };
  if (!early && now.getTime() < pre.t.dueAt.getTime()) return { outcome: "not-due", next: null };
  if (!pre.t.search && pre.g.turn === number) await searchTurn(db, pre.g, pre.t, searchMs);
  return db.transaction(async (tx) => {
    // the game and the turn locked in one statement; FOR NO KEY UPDATE on the turn waits for the
    // submissions in flight (they hold it FOR SHARE). Not FOR UPDATE: a submission holding the turn
    // still inserts its row, whose foreign key takes the game row FOR KEY SHARE, which FOR UPDATE
    // would refuse while this waits for the turn — a deadlock (the test with a submission in
    // flight); the close changes no key of either row
    const [row] = await tx.select({ g: duplicateGames, t: duplicateTurns }).from(duplicateGames).innerJoin(duplicateTurns, ofNumber).where(eq(duplicateGames.id, gameId)).for("no key update");
    if (!row || row.t.closedAt) return { outcome: "already-closed" as const, next: null };
    const { g, t } = row;
    // an early close closes at the server's clock now; before the deadline, the deadline comes back to it
    if (early) now = new Date();
    const dueNow = early && now.getTime() < t.dueAt.getTime() ? { dueAt: now } : {};
    const rs = gameRuleset(g);
    const ofTurn = and(eq(duplicateSubmissions.gameId, g.id), eq(duplicateSubmissions.turn, number));
    // one read: the valid submissions of the best score (the only ones that can be the master play),
    // and any stored without its ruling (by a server before rulings were stored), ruled now
    const s = duplicateSubmissions;
    const rows = await tx
      .select({ userId: s.userId, placements: s.placements, valid: s.valid, score: s.score, text: s.text })
      .from(s)
      .where(and(ofTurn, sql`(${s.valid} is null or (${s.valid} and ${s.score} = (select max(s2.score) from ${s} s2 where s2.game_id = ${g.id} and s2.turn = ${number} and s2.valid)))`));
    const valid: StoredPlay[] = [];
    for (const r of rows) {
      if (r.valid === null) {
        const ruled = rulingOf(rs, g.board, r.placements, adjudicatePlay(rs, g.board, r.placements, { rack: t.rack, firstPlay: g.board.length === 0 }));
        await tx.update(s).set(ruled).where(and(ofTurn, eq(s.userId, r.userId)));
        if (ruled.valid) valid.push({ placements: r.placements, score: ruled.score, text: ruled.text });
      } else valid.push({ placements: r.placements, score: r.score ?? 0, text: r.text ?? "" });
    }
    const searched = t.search && "placements" in t.search ? storedPlay(rs, g.board, t.rack, t.search.placements) : null;
    const best = bestOf(rs, g.board, [...(searched ? [searched] : []), ...valid]);
    const master: StoredPlay | null = best ? { placements: best.placements, score: best.score, text: best.text } : null;
    await tx.update(duplicateTurns).set({ closedAt: now, master, ...dueNow }).where(and(eq(duplicateTurns.gameId, g.id), eq(duplicateTurns.number, number)));
    // the draw ahead when it was made for this master play, else the same draw now
    const ahead = t.search?.next;
    const after = ahead && ahead.key === nextKey(g, master) ? ahead : drawAfter(g, t, master);
    if (!after.rack) {
      await tx.update(duplicateGames).set({ board: after.board, bag: after.bag, status: "finished", finishedAt: now, version: g.version + 1 }).where(eq(duplicateGames.id, g.id));
      await announce(tx, g.id, g.version + 1);
      return { outcome: "closed" as const, next: null };
    }
    // the board goes into the game row with the next turn (one update)
    const next = await openTurn(tx, { ...g, board: after.board }, { rack: after.rack, bag: after.bag }, number + 1, now);
    return { outcome: "closed" as const, next };
  });
}
