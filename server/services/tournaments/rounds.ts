/**
 * The round lifecycle the director owns: pair (a draft) → adjust (swap players, flip first move,
 * or re-pair) → publish → results → close. Pairings come from the domain (`pairRound`,
 * server/domain/pairing/round.ts, and its registry of methods: Swiss, King of the Hill, their pod
 * variants, round robins, elimination brackets); this file loads the event as plain data and
 * stores the draft. Every board keeps the engine's `reason`, so players can see why they got
 * their opponent; how each method treats withdrawals is in server/domain/pairing/methods.ts.
 * Method per round (Swiss / King of the Hill events): the tournament's `pairingPlan`, or the
 * method the director picks when pairing; each round records the method that paired it.
 */
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "@/db/client";
import { matches, tournamentPairings, tournamentPlayers, tournamentRounds, tournaments, type Tournament } from "@/db/schema";
import { activeIn, isElimination, isRoundRobin, methodForRound, pairEventRound, podSizeOf, roundRobinSchedule, swapWarnings, type DraftRound, type PairedRound, type PairingMethod } from "@/server/domain";
import { DomainError } from "@/server/errors";
import { notifyRoundPaired } from "@/server/services/notifications/events";
import { playWindowFor } from "@/server/services/competitions/calendar";
import { directorWrite, unchanged, type DirectorAct } from "./director-write";
import { buildBracket, loadEvent, type Entry, type Event } from "./field";
import { forbiddenPairsOf } from "./forbidden";
import { playerRatingFor } from "./ratings";
import { refuseTeamEvent } from "@/server/services/teams/load";

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new DomainError("PRECONDITION", `The pairing engine refused: ${r.error.message}`);
  return r.value;
}

/** Planned number of rounds (round robins: the schedule length; brackets: open-ended). */
export function plannedRounds(t: Tournament, fieldSize: number): number | null {
  if (isElimination(t)) return null;
  // Pods: the schedule is computed once, when round 1 is paired (then stored as `rounds`); a
  // greedy over the field, it costs ≈ 0.6 s at 60 players — too much for every page view.
  if (isRoundRobin(t) && podSizeOf(t)) {
    if (t.status !== "registration") return t.rounds;
    const seats = Array.from({ length: fieldSize }, (_, i) => ({ id: `seat${i + 1}`, rating: 0, seed: i + 1 }));
    return unwrap(roundRobinSchedule(seats, { podSize: podSizeOf(t), double: t.format === "double-round-robin" })).length;
  }
  if (isRoundRobin(t)) {
    const cycle = fieldSize % 2 === 0 ? fieldSize - 1 : fieldSize;
    return t.format === "double-round-robin" ? 2 * cycle : cycle;
  }
  return t.rounds;
}

/** Pair round `round` (server/domain/event.ts `pairEventRound`); a refusal is the director's to read. */
function computeRound(ev: Event, round: number, override: PairingMethod | undefined, forbidden: readonly (readonly [string, string])[]): DraftRound {
  const drafted = pairEventRound(ev, round, override, forbidden);
  if (!drafted.ok) throw new DomainError("PRECONDITION", drafted.error.message);
  return drafted.value;
}

/** Fix ratings and seeds of the checked-in field when round 1 is paired. */
async function fixStartingField(tx: Tx, ev: Event): Promise<Entry[]> {
  const t = ev.tournament;
  const checked = ev.entries.filter((e) => e.status === "checked-in");
  if (checked.length < 2) throw new DomainError("PRECONDITION", `Check in at least 2 players before pairing round 1 (${checked.length} checked in).`);
  const rated = await Promise.all(checked.map(async (e) => ({ e, rating: await playerRatingFor(tx, e.userId, t.ruleset) })));
  rated.sort((a, b) => (a.e.seed ?? Infinity) - (b.e.seed ?? Infinity) || b.rating - a.rating || a.e.registeredAt.getTime() - b.e.registeredAt.getTime() || (a.e.name < b.e.name ? -1 : 1));
  await tx.update(tournamentPlayers).set({ rating: null }).where(eq(tournamentPlayers.tournamentId, t.id));
  const out: Entry[] = [];
  for (const [i, { e, rating }] of rated.entries()) {
    await tx.update(tournamentPlayers).set({ rating, seed: i + 1, joinedRound: 1 }).where(and(eq(tournamentPlayers.tournamentId, t.id), eq(tournamentPlayers.userId, e.userId)));
    out.push({ ...e, rating, seed: i + 1, joinedRound: 1 });
  }
  const others = ev.entries.filter((e) => e.status !== "checked-in").map((e) => ({ ...e, rating: null }));
  return [...out, ...others];
}

/**
 * Pair the next round as a draft. Directors only (checked by the router). `method` pairs this one
 * round with another method than the plan's (Swiss and King of the Hill events only).
 */
export async function pairNextRound(db: DbOrTx, input: DirectorAct & { method?: PairingMethod }): Promise<{ roundNumber: number }> {
  return directorWrite(db, input, async (tx, t, audit) => {
    if (t.status === "finished") throw new DomainError("PRECONDITION", "The tournament is finished.");
    await refuseTeamEvent(tx, t.id);
    let ev = await loadEvent(tx, t);
    const last = ev.rounds.at(-1);
    if (last && last.status === "draft") throw new DomainError("PRECONDITION", `Round ${last.number} is still a draft: publish it, or delete it to pair it again.`);
    if (last && last.status === "published") throw new DomainError("PRECONDITION", `Close round ${last.number} before pairing the next one.`);
    const number = (last?.number ?? 0) + 1;
    if (number === 1) {
      ev = { ...ev, entries: await fixStartingField(tx, ev) };
      const planned = plannedRounds(t, ev.entries.filter((e) => e.rating !== null).length);
      const patch: Partial<Tournament> = { status: "running" };
      if (planned !== null && isRoundRobin(t)) patch.rounds = planned;
      await tx.update(tournaments).set({ ...patch, updatedAt: new Date() }).where(eq(tournaments.id, t.id));
      ev.tournament = { ...t, ...patch };
    } else if (!isElimination(t) && !isRoundRobin(t) && number > t.rounds) {
      throw new DomainError("PRECONDITION", `All ${t.rounds} rounds have been paired.`);
    }
    if (input.method && t.format !== "swiss" && t.format !== "king-of-the-hill")
      throw new DomainError("INVALID", "Only Swiss and King of the Hill rounds can be paired with another method; this format fixes its rounds.", "method");
    const draft = computeRound(ev, number, input.method, await forbiddenPairsOf(tx, t.id));
    // A season's division: the round carries its play-by window (server/services/competitions/calendar.ts).
    const window = await playWindowFor(tx, t, number);
    const [round] = await tx.insert(tournamentRounds).values({ tournamentId: t.id, number, status: "draft", notes: draft.notes, pairingMethod: draft.method, ...window }).returning();
    const rows = [
      ...draft.pairings.map((p) => ({
        tournamentId: t.id,
        roundId: round!.id,
        roundNumber: number,
        tableNumber: p.table,
        players: p.players,
        reason: p.reason,
        bracketMatchId: p.bracketMatchId ?? null,
      })),
      ...draft.byes.map((b) => ({ tournamentId: t.id, roundId: round!.id, roundNumber: number, tableNumber: 0, players: [b.playerId], isBye: true, reason: b.reason })),
    ];
    if (rows.length) await tx.insert(tournamentPairings).values(rows);
    await audit("round.paired", { round: number, method: draft.method, boards: draft.pairings.length, byes: draft.byes.length, notes: draft.notes });
    return { roundNumber: number };
  });
}

/**
 * Store a round paired on the director's device while offline (docs/offline.md) as the next
 * round's draft, exactly as the device paired it. Swiss and King of the Hill only (the other
 * formats fix their rounds); the round before must be closed and every active player must sit on
 * exactly one board or bye, as `publishRound` checks, so a device that missed a withdrawal or a
 * late entry is refused with the names rather than publishing a wrong round.
 */
export async function draftFromDevice(db: DbOrTx, input: DirectorAct & { roundNumber: number; boards: { table: number; players: string[] }[]; byes: string[] }): Promise<{ roundNumber: number }> {
  return directorWrite(db, input, async (tx, t, audit) => {
    if (t.format !== "swiss" && t.format !== "king-of-the-hill") throw new DomainError("PRECONDITION", "Only Swiss and King of the Hill rounds can be paired on a device.");
    if (t.status !== "running") throw new DomainError("PRECONDITION", t.status === "finished" ? "The tournament is finished." : "Pair round 1 on the server.");
    await refuseTeamEvent(tx, t.id);
    const ev = await loadEvent(tx, t);
    const last = ev.rounds.at(-1);
    const number = (last?.number ?? 0) + 1;
    if (input.roundNumber !== number) throw new DomainError("CONFLICT", `Round ${last?.number ?? 0} is the latest on the server, so this device's round ${input.roundNumber} cannot be stored.`);
    if (last && last.status !== "closed") throw new DomainError("PRECONDITION", `Close round ${last.number} before storing round ${number}.`);
    if (number > t.rounds) throw new DomainError("PRECONDITION", `All ${t.rounds} rounds have been paired.`);
    const size = t.playersPerGame;
    if (input.boards.some((b) => b.players.length !== size)) throw new DomainError("INVALID", `Every board seats ${size} players.`, "boards");
    const tables = new Set(input.boards.map((b) => b.table));
    if (tables.size !== input.boards.length) throw new DomainError("INVALID", "Two boards have the same table number.", "boards");
    const seated = [...input.boards.flatMap((b) => b.players), ...input.byes];
    const active = new Map(ev.entries.filter((e) => activeIn(e, number)).map((e) => [e.userId, e.name]));
    if (new Set(seated).size !== seated.length) throw new DomainError("INVALID", "A player is seated twice.", "boards");
    if (seated.some((id) => !active.has(id))) throw new DomainError("PRECONDITION", "This pairing seats a player who is not in the round any more (withdrawn, or not checked in).");
    const missing = [...active].filter(([id]) => !seated.includes(id)).map(([, name]) => name);
    if (missing.length) throw new DomainError("PRECONDITION", `${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} not in this pairing: pair the round again.`);
    const method = methodForRound(t.format === "king-of-the-hill" ? "king-of-the-hill" : "swiss", t.pairingPlan, number);
    const notes = ["Paired on the director's device while offline."];
    const [round] = await tx.insert(tournamentRounds).values({ tournamentId: t.id, number, status: "draft", notes, pairingMethod: method }).returning();
    const why = "paired on the director's device while offline";
    const rows = [
      ...input.boards.map((b) => ({ tournamentId: t.id, roundId: round!.id, roundNumber: number, tableNumber: b.table, players: b.players, reason: why })),
      ...input.byes.map((id) => ({ tournamentId: t.id, roundId: round!.id, roundNumber: number, tableNumber: 0, players: [id], isBye: true, reason: why })),
    ];
    if (rows.length) await tx.insert(tournamentPairings).values(rows);
    await audit("round.paired", { round: number, method, boards: input.boards.length, byes: input.byes.length, notes });
    return { roundNumber: number };
  });
}

async function roundByNumber(tx: DbOrTx, tournamentId: string, number: number) {
  const [r] = await tx.select().from(tournamentRounds).where(and(eq(tournamentRounds.tournamentId, tournamentId), eq(tournamentRounds.number, number))).limit(1);
  if (!r) throw new DomainError("NOT_FOUND", `There is no round ${number}.`);
  return r;
}

/** A director's act on one round. */
type RoundAct = DirectorAct & { roundNumber: number };

/** Delete the latest round while it is a draft (to pair it again after changes). A draft's games
 * never start (matches' `createFromPairing` waits on this tournament lock and then refuses a
 * draft), so deleting it leaves no game behind; a game found anyway (made before that rule) stops
 * the deletion rather than run on with no pairing. */
export async function deleteDraftRound(db: DbOrTx, input: RoundAct): Promise<void> {
  const { roundNumber } = input;
  await directorWrite(db, { ...input, audit: { action: "round.unpaired", details: { round: roundNumber } } }, async (tx, t) => {
    const r = await roundByNumber(tx, t.id, roundNumber);
    if (r.status !== "draft") throw new DomainError("PRECONDITION", `Round ${roundNumber} is ${r.status}; only a draft can be deleted.`);
    const [started] = await tx.select({ table: tournamentPairings.tableNumber }).from(matches).innerJoin(tournamentPairings, eq(tournamentPairings.id, matches.pairingId)).where(eq(tournamentPairings.roundId, r.id)).limit(1);
    if (started) throw new DomainError("PRECONDITION", `The game at table ${started.table} has already started, so this draft cannot be deleted: publish the round instead.`);
    await tx.delete(tournamentRounds).where(eq(tournamentRounds.id, r.id));
    if (roundNumber === 1) await tx.update(tournaments).set({ status: "registration", updatedAt: new Date() }).where(eq(tournaments.id, t.id));
  });
}

/**
 * Manual override: swap two players in a draft (across boards, or with the bye; same board = flip
 * first move). A swap that seats a forbidden pair, a repeat or a second bye is not applied unless
 * `confirm` is set: the warnings (`swapWarnings`, server/domain/pairing/swap.ts) come back so the
 * director can confirm, as TSH warns; a confirmed swap logs them.
 */
export async function swapPlayers(db: DbOrTx, input: RoundAct & { a: string; b: string; confirm?: boolean }): Promise<{ applied: boolean; warnings: string[] }> {
  if (input.a === input.b) throw new DomainError("INVALID", "Choose two different players.", "b");
  return directorWrite<{ applied: boolean; warnings: string[] }>(db, input, async (tx, t, audit) => {
    if (isElimination(t)) throw new DomainError("PRECONDITION", "Bracket matches follow the bracket; swap seeds before round 1 instead.");
    const r = await roundByNumber(tx, t.id, input.roundNumber);
    if (r.status !== "draft") throw new DomainError("PRECONDITION", `Round ${r.number} is ${r.status}; only a draft can be edited.`);
    const ps = await tx.select().from(tournamentPairings).where(eq(tournamentPairings.roundId, r.id));
    const pa = ps.find((p) => p.players.includes(input.a));
    const pb = ps.find((p) => p.players.includes(input.b));
    if (!pa || !pb) throw new DomainError("NOT_FOUND", "Both players must be in this round's draft.");
    const ev = await loadEvent(tx, t);
    const name = new Map(ev.entries.map((e) => [e.userId, e.name]));
    const earlier = ev.pairings.filter((p) => p.roundNumber < r.number);
    const warnings = swapWarnings({
      boards: ps.map((p) => ({ table: p.tableNumber, isBye: p.isBye, players: p.players })),
      a: input.a,
      b: input.b,
      games: earlier.filter((p) => !p.isBye).map((p) => ({ round: p.roundNumber, players: p.players })),
      byes: earlier.filter((p) => p.isBye).map((p) => ({ round: p.roundNumber, playerId: p.players[0]! })),
      forbidden: await forbiddenPairsOf(tx, t.id),
      name: (id) => name.get(id) ?? "a player",
    });
    if (warnings.length && !input.confirm) return unchanged({ applied: false, warnings });
    const why = `set by the director: swapped ${name.get(input.a)} and ${name.get(input.b)}`;
    const swap = (ids: string[]) => ids.map((id) => (id === input.a ? input.b : id === input.b ? input.a : id));
    for (const p of pa === pb ? [pa] : [pa, pb]) {
      await tx
        .update(tournamentPairings)
        .set({ players: swap(p.players), manual: true, reason: why, version: sql`${tournamentPairings.version} + 1` })
        .where(eq(tournamentPairings.id, p.id));
    }
    await audit("pairing.swapped", { round: r.number, a: input.a, b: input.b, names: [name.get(input.a), name.get(input.b)], ...(warnings.length ? { warnings } : {}) });
    return { applied: true, warnings };
  });
}

/** Swap who moves first on a board that has no result yet. */
export async function flipFirstMove(db: DbOrTx, input: DirectorAct & { pairingId: string }): Promise<void> {
  await directorWrite(db, input, async (tx, t, audit) => {
    const [p] = await tx.select().from(tournamentPairings).where(and(eq(tournamentPairings.id, input.pairingId), eq(tournamentPairings.tournamentId, t.id)));
    if (!p) throw new DomainError("NOT_FOUND", "That board does not exist.");
    if (p.isBye) throw new DomainError("INVALID", "A bye has no first move.");
    if (p.scores || p.forfeitUserId || p.doubleForfeit) throw new DomainError("PRECONDITION", "That game has a result; the first move can no longer change.");
    await tx
      .update(tournamentPairings)
      .set({ players: [...p.players].reverse(), manual: true, reason: `${p.reason}; first move swapped by the director`, version: sql`${tournamentPairings.version} + 1` })
      .where(eq(tournamentPairings.id, p.id));
    await audit("pairing.flipped", { round: p.roundNumber, table: p.tableNumber });
  });
}

/** Publish a draft: players see it. Every active player must be on exactly one board or bye. */
export async function publishRound(db: DbOrTx, input: RoundAct): Promise<void> {
  const { roundNumber } = input;
  await directorWrite(db, { ...input, audit: { action: "round.published", details: { round: roundNumber } } }, async (tx, t) => {
    const r = await roundByNumber(tx, t.id, roundNumber);
    if (r.status !== "draft") throw new DomainError("PRECONDITION", `Round ${roundNumber} is already ${r.status}.`);
    await refuseTeamEvent(tx, t.id);
    const ev = await loadEvent(tx, t);
    const inRound = ev.pairings.filter((p) => p.roundId === r.id).flatMap((p) => p.players);
    const seen = new Set<string>();
    for (const id of inRound) {
      if (seen.has(id)) throw new DomainError("PRECONDITION", `${ev.entries.find((e) => e.userId === id)?.name ?? id} is on two boards; fix the draft first.`);
      seen.add(id);
    }
    const byId = new Map(ev.entries.map((e) => [e.userId, e]));
    const gone = inRound.filter((id) => byId.get(id)?.status === "withdrawn").map((id) => byId.get(id)!.name);
    if (gone.length) throw new DomainError("PRECONDITION", `${gone.join(", ")} withdrew after this draft was made: delete the draft and pair the round again.`);
    if (!isElimination(t)) {
      const missing = ev.entries.filter((e) => activeIn(e, roundNumber) && !seen.has(e.userId)).map((e) => e.name);
      if (missing.length) throw new DomainError("PRECONDITION", `${missing.join(", ")} joined after this draft was made: delete the draft and pair the round again.`);
    }
    await tx.update(tournamentRounds).set({ status: "published", publishedAt: new Date() }).where(eq(tournamentRounds.id, r.id));
    // players hear it now (a draft is not theirs to see): table, opponents, first move
    const boards = ev.pairings.filter((p) => p.roundId === r.id).map((p) => ({ table: p.tableNumber, players: p.players, isBye: p.isBye }));
    await notifyRoundPaired(tx, { tournamentId: t.id, tournamentName: t.name, number: roundNumber, boards });
  });
}

/** Close a published round once every game has a result; the last round finishes the event. */
export async function closeRound(db: DbOrTx, input: RoundAct): Promise<{ finished: boolean }> {
  const { roundNumber } = input;
  return directorWrite(db, input, async (tx, t, audit) => {
    const r = await roundByNumber(tx, t.id, roundNumber);
    if (r.status !== "published") throw new DomainError("PRECONDITION", `Round ${roundNumber} is ${r.status}; only a published round can be closed.`);
    const ps = await tx.select().from(tournamentPairings).where(eq(tournamentPairings.roundId, r.id));
    const open = ps.filter((p) => !p.isBye && !p.scores && !p.forfeitUserId && !p.doubleForfeit);
    if (open.length) throw new DomainError("PRECONDITION", `${open.length} game${open.length === 1 ? " has" : "s have"} no result yet (table ${open.map((p) => p.tableNumber).join(", ")}).`);
    await tx.update(tournamentRounds).set({ status: "closed", closedAt: new Date() }).where(eq(tournamentRounds.id, r.id));
    await audit("round.closed", { round: roundNumber });
    let finished = false;
    if (isElimination(t)) {
      const bracket = buildBracket(await loadEvent(tx, t));
      finished = !!bracket && !bracket.matches.some((m) => m.status === "ready" || m.status === "waiting");
    } else finished = roundNumber >= t.rounds;
    if (finished) {
      await tx.update(tournaments).set({ status: "finished", updatedAt: new Date() }).where(eq(tournaments.id, t.id));
      await audit("tournament.finished", { afterRound: roundNumber });
    }
    return { finished };
  });
}

export type { PairedRound };
