/**
 * The round lifecycle the director owns: pair (a draft) → adjust (swap players, flip first move,
 * or re-pair) → publish → results → close. Pairings come from the domain engines
 * (server/domain/pairing): Swiss, King of the Hill, round robin (Berger) and elimination brackets;
 * every board keeps the engine's `reason`, so players can see why they got their opponent.
 *
 * Adapter notes (tournaments have withdrawals: the Swiss engine takes them as an option, the
 * others a clean field):
 * - Swiss with withdrawn players: everyone who ever played is in the field (so scores and repeats
 *   stay right) and the withdrawn are named in `pairSwiss`'s `withdrawn` option: not paired.
 * - King of the Hill with withdrawn players: a game against a withdrawn player is passed to the
 *   engine as that player's bye-like result (wins and spread kept). Caveat: it then counts as a bye
 *   when the engine picks the next bye.
 * - Round robin: the Berger schedule is built from the field fixed at round 1; a game against a
 *   withdrawn player becomes a bye for the opponent.
 * - Elimination: each round pairs every bracket match whose two players are known.
 * - Pods (3–4 players a game): Swiss and King of the Hill use the pod engines with the withdrawn
 *   as an option; a round robin pod that lost a withdrawn player plays without them (a bye when
 *   one player is left).
 * - Method per round (Swiss / King of the Hill events): the tournament's `pairingPlan`, or the
 *   method the director picks when pairing; each round records the method that paired it.
 */
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "@/db/client";
import { matches, tournamentPairings, tournamentPlayers, tournamentRounds, tournaments, type Tournament } from "@/db/schema";
import {
  gameOutcomes,
  methodForRound,
  pairKingOfTheHill,
  pairKingOfTheHillPods,
  pairSwissPods,
  roundRobinPods,
  pairSwiss,
  readyMatches,
  roundRobin,
  swapWarnings,
  validateField,
  type ByeAssignment,
  type ByeRecord,
  type History,
  type PairedRound,
  type Pairing,
  type PairingMethod,
  type Player,
  type PodSize,
} from "@/server/domain";
import { DomainError } from "@/server/errors";
import { publish } from "@/server/live/bus";
import { notifyRoundPaired } from "@/server/services/notifications/events";
import { writeAudit } from "./audit";
import { activeIn, buildBracket, buildHistory, isElimination, isRoundRobin, loadEvent, scoringOf, startingField, toPlayer, type Entry, type Event } from "./field";
import { forbiddenPairsOf } from "./forbidden";
import { playerRatingFor } from "./ratings";

const topic = (id: string) => `tournament:${id}`;

interface Draft {
  round: number;
  /** The method that paired the round (PAIRING_METHODS, or the format for round robins and brackets). */
  method: string;
  pairings: (Pairing & { bracketMatchId?: string })[];
  byes: ByeAssignment[];
  notes: string[];
}

async function lockTournament(tx: Tx, tournamentId: string): Promise<Tournament> {
  const [t] = await tx.select().from(tournaments).where(eq(tournaments.id, tournamentId)).for("update");
  if (!t) throw new DomainError("NOT_FOUND", "That tournament does not exist.");
  return t;
}

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new DomainError("PRECONDITION", `The pairing engine refused: ${r.error.message}`);
  return r.value;
}

/** Pod size of a pod event (3 or 4), or null for head-to-head games. */
const podSizeOf = (t: Pick<Tournament, "playersPerGame">): PodSize | null => (t.playersPerGame === 3 || t.playersPerGame === 4 ? t.playersPerGame : null);

/**
 * The round robin schedule of a field: Berger tables for two-player games, `roundRobinPods` for
 * pods (its length depends only on the field size and seeding, so a field of placeholders with
 * the same seeds gives the same number of rounds).
 */
function roundRobinSchedule(t: Tournament, players: Player[]): PairedRound[] {
  const pod = podSizeOf(t);
  if (pod) {
    const single = unwrap(roundRobinPods(players, { podSize: pod }));
    if (t.format !== "double-round-robin") return single;
    return [...single, ...single.map((r) => ({ ...r, round: r.round + single.length, pairings: r.pairings.map((p) => ({ ...p, players: [...p.players].reverse(), reason: `double round robin, second cycle: replays round ${r.round} with the seat order reversed` })) }))];
  }
  return unwrap(roundRobin(players, { kind: t.format === "double-round-robin" ? "double" : "single" }));
}

/** Planned number of rounds (round robins: the schedule length; brackets: open-ended). */
export function plannedRounds(t: Tournament, fieldSize: number): number | null {
  if (isElimination(t)) return null;
  // Pods: the schedule is computed once, when round 1 is paired (then stored as `rounds`); a
  // greedy over the field, it costs ≈ 0.6 s at 60 players — too much for every page view.
  if (isRoundRobin(t) && podSizeOf(t)) {
    if (t.status !== "registration") return t.rounds;
    return roundRobinSchedule(t, Array.from({ length: fieldSize }, (_, i) => ({ id: `seat${i + 1}`, rating: 0, seed: i + 1 }))).length;
  }
  if (isRoundRobin(t)) {
    const cycle = fieldSize % 2 === 0 ? fieldSize - 1 : fieldSize;
    return t.format === "double-round-robin" ? 2 * cycle : cycle;
  }
  return t.rounds;
}

/**
 * Notes for boards of a fixed schedule (round robin, bracket) that seat a forbidden pair: those
 * schedules cannot move a pair apart, so the director is told instead.
 */
function fixedScheduleNotes(pairings: readonly Pairing[], forbidden: readonly (readonly [string, string])[], name: (id: string) => string, why: string): string[] {
  const keys = new Set(forbidden.map(([a, b]) => `${a}|${b}`));
  const notes: string[] = [];
  for (const p of pairings)
    for (const a of p.players) for (const b of p.players) if (keys.has(`${a}|${b}`)) notes.push(`${name(a)} and ${name(b)} are a forbidden pair, but ${why}: they meet at table ${p.table}.`);
  return notes;
}

/** Pair round `round` of the event with the format's engine (Swiss / KOTH: the plan's method, or `override`). */
function computeRound(ev: Event, round: number, override: PairingMethod | undefined, forbidden: readonly (readonly [string, string])[]): Draft {
  const t = ev.tournament;
  const nameOf = new Map(ev.entries.map((e) => [e.userId, e.name]));
  const nameFor = (id: string) => nameOf.get(id) ?? id;
  /** The pairs among `ids`, as the engines take them (they refuse a pair naming someone outside the field). */
  const pairsAmong = (ids: Set<string>) => forbidden.filter(([a, b]) => ids.has(a) && ids.has(b));
  const active = ev.entries.filter((e) => activeIn(e, round));
  const activeIds = new Set(active.map((e) => e.userId));
  const history = buildHistory(ev);
  const scoring = scoringOf(t);

  if (isElimination(t)) {
    const bracket = buildBracket(ev);
    if (!bracket) throw new DomainError("PRECONDITION", "An elimination bracket needs at least 2 checked-in players.");
    const paired = new Set(ev.pairings.map((p) => p.bracketMatchId).filter(Boolean));
    const ready = readyMatches(bracket).filter((m) => !paired.has(m.id));
    if (ready.length === 0) {
      const open = bracket.matches.some((m) => m.status === "waiting" || m.status === "ready");
      throw new DomainError("PRECONDITION", open ? "No bracket match is ready: enter the results of the current round first." : "The bracket is complete: there is nothing left to pair.");
    }
    const seedOf = new Map(bracket.seeds.map((id, i) => [id, i + 1]));
    const pairings = ready.map((m, i) => {
      const [a, b] = m.players as [string, string];
      return { players: [a, b], table: i + 1, bracketMatchId: m.id, reason: `${m.label}: seed ${seedOf.get(a)} v seed ${seedOf.get(b)}; the winner advances` };
    });
    return { round, method: t.format, pairings, byes: [], notes: fixedScheduleNotes(pairings, forbidden, nameFor, "a bracket is fixed by its seeds") };
  }

  if (isRoundRobin(t)) {
    const field = startingField(ev);
    const schedule = roundRobinSchedule(t, field.map(toPlayer));
    const src = schedule[round - 1];
    if (!src) throw new DomainError("PRECONDITION", `The round robin has ${schedule.length} rounds; all are paired.`);
    const name = new Map(field.map((e) => [e.userId, e.name]));
    const pairings: Pairing[] = [];
    const byes: ByeAssignment[] = src.byes.filter((b) => activeIds.has(b.playerId));
    for (const p of src.pairings) {
      const gone = p.players.filter((id) => !activeIds.has(id));
      const left = p.players.filter((id) => activeIds.has(id));
      if (gone.length === 0) pairings.push(p);
      else if (left.length >= 2) pairings.push({ ...p, players: left, reason: `${p.reason}; ${gone.map((id) => name.get(id)).join(", ")} withdrew, so the pod plays without them` });
      else if (left.length === 1) byes.push({ playerId: left[0]!, reason: `round robin: scheduled opponent ${gone.map((id) => name.get(id)).join(", ")} has withdrawn, so this is a bye` });
    }
    pairings.forEach((p, i) => (p.table = i + 1));
    return { round, method: t.format, pairings, byes, notes: [...src.notes, ...fixedScheduleNotes(pairings, forbidden, nameFor, "in a round robin everyone meets everyone")] };
  }

  // Swiss and King of the Hill: everyone who ever played is in the field; only active players pair.
  const everyone = ev.entries.filter((e) => e.rating !== null);
  const players = everyone.map(toPlayer);
  const checked = validateField(players, history);
  if (!checked.ok) throw new DomainError("PRECONDITION", checked.error.message);
  const clean = everyone.every((e) => activeIds.has(e.userId));
  if (active.length < 2) throw new DomainError("PRECONDITION", "At least 2 active players are needed to pair a round.");

  const method = override ?? methodForRound(t.format === "king-of-the-hill" ? "king-of-the-hill" : "swiss", t.pairingPlan, round);
  const pod = podSizeOf(t);
  if (pod) {
    // Pods: the engines take the withdrawn as an option, like pairSwiss (no Gibsons in pods).
    const withdrawn = everyone.filter((e) => !activeIds.has(e.userId)).map((e) => e.userId);
    const input = { players, history, round, scoring, forbiddenPairs: pairsAmong(new Set(players.map((p) => p.id))) };
    return { method, ...unwrap(method === "swiss" ? pairSwissPods(input, { podSize: pod, withdrawn }) : pairKingOfTheHillPods(input, { podSize: pod, withdrawn })) };
  }
  if (method === "swiss") {
    const gibson = t.gibson ? { totalRounds: t.rounds, spreadPerRound: t.gibsonSpread, gibsonPlaces: t.gibsonPlaces, prizePlaces: t.prizePlaces } : undefined;
    const withdrawn = everyone.filter((e) => !activeIds.has(e.userId)).map((e) => e.userId);
    return { method, ...unwrap(pairSwiss({ players, history, round, scoring, forbiddenPairs: pairsAmong(new Set(players.map((p) => p.id))) }, { gibson, withdrawn })) };
  }

  // king-of-the-hill
  if (clean) return { method, ...unwrap(pairKingOfTheHill({ players, history, round, scoring, forbiddenPairs: pairsAmong(activeIds) })) };
  const projected: History = { games: [], byes: history.byes.filter((b) => activeIds.has(b.playerId)) };
  for (const g of history.games) {
    if (g.players.every((id) => activeIds.has(id))) projected.games.push(g);
    else
      for (const o of gameOutcomes(g, scoring))
        if (activeIds.has(o.playerId)) projected.byes.push({ round: g.round, playerId: o.playerId, wins: o.wins, spread: o.spread } satisfies ByeRecord);
  }
  return { method, ...unwrap(pairKingOfTheHill({ players: active.map(toPlayer), history: projected, round, scoring, forbiddenPairs: pairsAmong(activeIds) })) };
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
export async function pairNextRound(db: DbOrTx, tournamentId: string, actorId: string, opts: { method?: PairingMethod } = {}): Promise<{ roundNumber: number }> {
  return db.transaction(async (tx) => {
    const t = await lockTournament(tx, tournamentId);
    if (t.status === "finished") throw new DomainError("PRECONDITION", "The tournament is finished.");
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
    if (opts.method && t.format !== "swiss" && t.format !== "king-of-the-hill")
      throw new DomainError("INVALID", "Only Swiss and King of the Hill rounds can be paired with another method; this format fixes its rounds.", "method");
    const draft = computeRound(ev, number, opts.method, await forbiddenPairsOf(tx, t.id));
    const [round] = await tx.insert(tournamentRounds).values({ tournamentId: t.id, number, status: "draft", notes: draft.notes, pairingMethod: draft.method }).returning();
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
    await writeAudit(tx, t.id, actorId, "round.paired", { round: number, method: draft.method, boards: draft.pairings.length, byes: draft.byes.length, notes: draft.notes });
    await publish(tx, topic(t.id));
    return { roundNumber: number };
  });
}

async function roundByNumber(tx: DbOrTx, tournamentId: string, number: number) {
  const [r] = await tx.select().from(tournamentRounds).where(and(eq(tournamentRounds.tournamentId, tournamentId), eq(tournamentRounds.number, number))).limit(1);
  if (!r) throw new DomainError("NOT_FOUND", `There is no round ${number}.`);
  return r;
}

/** Delete the latest round while it is a draft (to pair it again after changes). A draft's games
 * never start (matches' `createFromPairing` waits on this tournament lock and then refuses a
 * draft), so deleting it leaves no game behind; a game found anyway (made before that rule) stops
 * the deletion rather than run on with no pairing. */
export async function deleteDraftRound(db: DbOrTx, tournamentId: string, actorId: string, roundNumber: number): Promise<void> {
  await db.transaction(async (tx) => {
    const t = await lockTournament(tx, tournamentId);
    const r = await roundByNumber(tx, t.id, roundNumber);
    if (r.status !== "draft") throw new DomainError("PRECONDITION", `Round ${roundNumber} is ${r.status}; only a draft can be deleted.`);
    const [started] = await tx.select({ table: tournamentPairings.tableNumber }).from(matches).innerJoin(tournamentPairings, eq(tournamentPairings.id, matches.pairingId)).where(eq(tournamentPairings.roundId, r.id)).limit(1);
    if (started) throw new DomainError("PRECONDITION", `The game at table ${started.table} has already started, so this draft cannot be deleted: publish the round instead.`);
    await tx.delete(tournamentRounds).where(eq(tournamentRounds.id, r.id));
    if (roundNumber === 1) await tx.update(tournaments).set({ status: "registration", updatedAt: new Date() }).where(eq(tournaments.id, t.id));
    await writeAudit(tx, t.id, actorId, "round.unpaired", { round: roundNumber });
    await publish(tx, topic(t.id));
  });
}

/**
 * Manual override: swap two players in a draft (across boards, or with the bye; same board = flip
 * first move). A swap that seats a forbidden pair, a repeat or a second bye is not applied unless
 * `confirm` is set: the warnings (`swapWarnings`, server/domain/pairing/swap.ts) come back so the
 * director can confirm, as TSH warns; a confirmed swap logs them.
 */
export async function swapPlayers(db: DbOrTx, tournamentId: string, actorId: string, input: { roundNumber: number; a: string; b: string; confirm?: boolean }): Promise<{ applied: boolean; warnings: string[] }> {
  if (input.a === input.b) throw new DomainError("INVALID", "Choose two different players.", "b");
  return db.transaction(async (tx) => {
    const t = await lockTournament(tx, tournamentId);
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
    if (warnings.length && !input.confirm) return { applied: false, warnings };
    const why = `set by the director: swapped ${name.get(input.a)} and ${name.get(input.b)}`;
    const swap = (ids: string[]) => ids.map((id) => (id === input.a ? input.b : id === input.b ? input.a : id));
    for (const p of pa === pb ? [pa] : [pa, pb]) {
      await tx
        .update(tournamentPairings)
        .set({ players: swap(p.players), manual: true, reason: why, version: sql`${tournamentPairings.version} + 1` })
        .where(eq(tournamentPairings.id, p.id));
    }
    await writeAudit(tx, t.id, actorId, "pairing.swapped", { round: r.number, a: input.a, b: input.b, names: [name.get(input.a), name.get(input.b)], ...(warnings.length ? { warnings } : {}) });
    await publish(tx, topic(t.id));
    return { applied: true, warnings };
  });
}

/** Swap who moves first on a board that has no result yet. */
export async function flipFirstMove(db: DbOrTx, tournamentId: string, actorId: string, pairingId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const t = await lockTournament(tx, tournamentId);
    const [p] = await tx.select().from(tournamentPairings).where(and(eq(tournamentPairings.id, pairingId), eq(tournamentPairings.tournamentId, t.id)));
    if (!p) throw new DomainError("NOT_FOUND", "That board does not exist.");
    if (p.isBye) throw new DomainError("INVALID", "A bye has no first move.");
    if (p.scores || p.forfeitUserId) throw new DomainError("PRECONDITION", "That game has a result; the first move can no longer change.");
    await tx
      .update(tournamentPairings)
      .set({ players: [...p.players].reverse(), manual: true, reason: `${p.reason}; first move swapped by the director`, version: sql`${tournamentPairings.version} + 1` })
      .where(eq(tournamentPairings.id, p.id));
    await writeAudit(tx, t.id, actorId, "pairing.flipped", { round: p.roundNumber, table: p.tableNumber });
    await publish(tx, topic(t.id));
  });
}

/** Publish a draft: players see it. Every active player must be on exactly one board or bye. */
export async function publishRound(db: DbOrTx, tournamentId: string, actorId: string, roundNumber: number): Promise<void> {
  await db.transaction(async (tx) => {
    const t = await lockTournament(tx, tournamentId);
    const r = await roundByNumber(tx, t.id, roundNumber);
    if (r.status !== "draft") throw new DomainError("PRECONDITION", `Round ${roundNumber} is already ${r.status}.`);
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
    await writeAudit(tx, t.id, actorId, "round.published", { round: roundNumber });
    await publish(tx, topic(t.id));
  });
}

/** Close a published round once every game has a result; the last round finishes the event. */
export async function closeRound(db: DbOrTx, tournamentId: string, actorId: string, roundNumber: number): Promise<{ finished: boolean }> {
  return db.transaction(async (tx) => {
    const t = await lockTournament(tx, tournamentId);
    const r = await roundByNumber(tx, t.id, roundNumber);
    if (r.status !== "published") throw new DomainError("PRECONDITION", `Round ${roundNumber} is ${r.status}; only a published round can be closed.`);
    const ps = await tx.select().from(tournamentPairings).where(eq(tournamentPairings.roundId, r.id));
    const open = ps.filter((p) => !p.isBye && !p.scores && !p.forfeitUserId);
    if (open.length) throw new DomainError("PRECONDITION", `${open.length} game${open.length === 1 ? " has" : "s have"} no result yet (table ${open.map((p) => p.tableNumber).join(", ")}).`);
    await tx.update(tournamentRounds).set({ status: "closed", closedAt: new Date() }).where(eq(tournamentRounds.id, r.id));
    await writeAudit(tx, t.id, actorId, "round.closed", { round: roundNumber });
    let finished = false;
    if (isElimination(t)) {
      const bracket = buildBracket(await loadEvent(tx, t));
      finished = !!bracket && !bracket.matches.some((m) => m.status === "ready" || m.status === "waiting");
    } else finished = roundNumber >= t.rounds;
    if (finished) {
      await tx.update(tournaments).set({ status: "finished", updatedAt: new Date() }).where(eq(tournaments.id, t.id));
      await writeAudit(tx, t.id, actorId, "tournament.finished", { afterRound: roundNumber });
    }
    await publish(tx, topic(t.id));
    return { finished };
  });
}

export type { PairedRound };
