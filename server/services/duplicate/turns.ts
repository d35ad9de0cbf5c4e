/**
 * A duplicate game's turns (docs/duplicate.md): the rack is drawn and the turn opened; players
 * submit (the last submission before the server's close time stands); the turn closes by its due
 * job (jobs.ts) or, should that be late, by the next read or submission after the close time.
 * Everything a turn needs is in the database (the turn row, the submissions), so a restart mid-turn
 * loses nothing: the job is pg-boss's, persisted, and the close is idempotent.
 *
 * Each change runs in one transaction (docs/conventions.md, principle 11). A submission holds its
 * turn's row FOR SHARE (submissions run side by side); the close locks the game row, then the turn
 * row FOR UPDATE, so it waits for the submissions in flight and sees every one; a submission that
 * waited behind the close reads the turn closed and is refused.
 */
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { duplicateGames, duplicatePlayers, duplicateSubmissions, duplicateTurns, type DuplicateGame, type DuplicateTurn, type StoredPlay } from "@/db/schema";
import { adjudicatePlay, alwaysRefused, exactPlays, playLinesText, shuffled, splitBrackets, type Face, type Placement } from "@/engine";
import { PLAYABLE_WORK, drawPlayableRack, leftOnRack, type DupBag } from "@/server/domain";
import { DomainError } from "@/server/errors";
import { loadGame } from "./access";
import { SUBMISSIONS_PER_TURN } from "./schemas";
import { bestOf, gameRuleset, searchTurn, storedPlay } from "./search";

const clockTime = (d: Date): string => d.toISOString().slice(11, 19) + " UTC";

/** Draw the next rack and open turn `number` (inside the caller's transaction, game row locked). */
export async function openTurn(tx: Tx, g: DuplicateGame, bag: DupBag, kept: Face[], number: number, now: Date): Promise<DuplicateTurn> {
  const rs = gameRuleset(g);
  // a rack the exact generator finds no play for (within a fixed work budget) is drawn again
  const hasPlay = (rack: Face[]) => exactPlays(rs, g.board, rack, { top: 1, maxWork: PLAYABLE_WORK, firstPlay: g.board.length === 0 }).plays.length > 0;
  const drawn = drawPlayableRack(rs, bag, kept, hasPlay, g.playableRedraws);
  const dueAt = new Date(now.getTime() + g.turnSeconds * 1000);
  const [t] = await tx.insert(duplicateTurns).values({ gameId: g.id, number, rack: drawn.rack, openedAt: now, dueAt }).returning();
  await tx
    .update(duplicateGames)
    .set({ turn: number, bag: drawn.bag, status: "playing", version: g.version + 1, ...(number === 1 ? { startedAt: now } : {}) })
    .where(eq(duplicateGames.id, g.id));
  return t!;
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
  return db.transaction(async (tx) => {
    // one read: the game, the turn (FOR SHARE: submissions run side by side, the close's FOR UPDATE
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
    // one write: insert, or replace and count, unless the cap is reached (then nothing changes)
    const set = { placements: input.placements, submittedAt: now, enteredBy: opts.enteredBy ?? null };
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

/** The rack tiles a play takes (a blank is "?"; a 'SMATH bracket overlay on a board tile takes none). */
function tilesUsed(board: readonly Placement[], play: readonly Placement[]): Face[] {
  const taken = new Set(board.map((t) => `${t.row},${t.col}`));
  return play.filter((p) => !taken.has(`${p.row},${p.col}`)).map((p) => (p.blank ? "?" : (splitBrackets(p.tile)?.core ?? p.tile)));
}

/** The board after a play: its tiles added, an overlay replacing the tile it rides on. */
function withPlay(board: readonly Placement[], play: readonly Placement[]): Placement[] {
  const at = new Map(board.map((t) => [`${t.row},${t.col}`, t]));
  for (const p of play) at.set(`${p.row},${p.col}`, { ...p });
  return [...at.values()];
}

export type CloseOutcome = "closed" | "not-due" | "already-closed";

/**
 * Close turn `number` once its time is up (idempotent): adjudicate every last submission, choose
 * the master play (the search's best or a better valid submission, by the tie rule), put it on the
 * board, and open the next turn or end the game. The search runs first, outside the transaction,
 * when the search job has not stored it yet. Returns the next turn to schedule, if any.
 */
export async function closeTurn(db: Db, gameId: string, number: number, now = new Date(), searchMs?: number): Promise<{ outcome: CloseOutcome; next: DuplicateTurn | null }> {
  const pre = await loadGame(db, gameId);
  const [t0] = await db.select().from(duplicateTurns).where(and(eq(duplicateTurns.gameId, gameId), eq(duplicateTurns.number, number)));
  if (!t0 || t0.closedAt) return { outcome: "already-closed", next: null };
  if (now.getTime() < t0.dueAt.getTime()) return { outcome: "not-due", next: null };
  if (!t0.search && pre.turn === number) await searchTurn(db, pre, t0, searchMs);
  return db.transaction(async (tx) => {
    const g = await loadGame(tx, gameId, true);
    // FOR UPDATE on the turn waits for the submissions in flight (they hold it FOR SHARE)
    const [t] = await tx.select().from(duplicateTurns).where(and(eq(duplicateTurns.gameId, g.id), eq(duplicateTurns.number, number))).for("update");
    if (!t || t.closedAt) return { outcome: "already-closed" as const, next: null };
    const rs = gameRuleset(g);
    const subs = await tx.select().from(duplicateSubmissions).where(and(eq(duplicateSubmissions.gameId, g.id), eq(duplicateSubmissions.turn, number)));
    const valid: (StoredPlay & { brackets: number })[] = [];
    for (const s of subs) {
      const r = adjudicatePlay(rs, g.board, s.placements, { rack: t.rack, firstPlay: g.board.length === 0 });
      const text = playLinesText(rs, g.board, s.placements);
      const reason = r.valid ? null : r.violations.map((v) => v.message).join("; ") || "The play does not form a valid line.";
      await tx
        .update(duplicateSubmissions)
        .set({ valid: r.valid, score: r.valid ? r.score : 0, text, reason })
        .where(and(eq(duplicateSubmissions.gameId, g.id), eq(duplicateSubmissions.turn, number), eq(duplicateSubmissions.userId, s.userId)));
      const sp = r.valid ? storedPlay(rs, g.board, t.rack, s.placements) : null;
      if (sp) valid.push(sp);
    }
    const searched = t.search && "placements" in t.search ? storedPlay(rs, g.board, t.rack, t.search.placements) : null;
    const best = bestOf([...(searched ? [searched] : []), ...valid]);
    const master: StoredPlay | null = best ? { placements: best.placements, score: best.score, text: best.text } : null;
    await tx.update(duplicateTurns).set({ closedAt: now, master }).where(and(eq(duplicateTurns.gameId, g.id), eq(duplicateTurns.number, number)));

    let bag: DupBag = g.bag ?? { seed: g.seed, shuffles: 1, tiles: [] };
    let kept: Face[] = [];
    if (master) kept = leftOnRack(t.rack, tilesUsed(g.board, master.placements));
    else if (t.rack.length) bag = { seed: bag.seed, shuffles: bag.shuffles + 1, tiles: shuffled([...bag.tiles, ...t.rack], `${bag.seed}:dup:${bag.shuffles}`) };
    const board = master ? withPlay(g.board, master.placements) : g.board;
    // no play and nothing new to draw (the rack went back and would come out the same): the game is over
    const over = number >= g.maxTurns || (kept.length === 0 && bag.tiles.length === 0) || (!master && bag.tiles.length <= rs.rackSize);
    if (over) {
      await tx.update(duplicateGames).set({ board, bag, status: "finished", finishedAt: now, version: g.version + 1 }).where(eq(duplicateGames.id, g.id));
      return { outcome: "closed" as const, next: null };
    }
    await tx.update(duplicateGames).set({ board }).where(eq(duplicateGames.id, g.id));
    const next = await openTurn(tx, { ...g, board }, bag, kept, number + 1, now);
    return { outcome: "closed" as const, next };
  });
}
