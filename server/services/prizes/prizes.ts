/**
 * Prize tables and payouts (docs/prizes.md). A director keeps the event's prize table (rows of
 * tournament_prizes) and its two settings (how ties share, one prize per player); who wins what is
 * never stored but computed on read by the domain's `allocatePrizes` from the current standings,
 * so a corrected result recomputes the payout at once.
 *
 * The prize hold: payouts stay provisional until the director marks the results final
 * (`tournaments.results_final_at`); any result written after that clears it again
 * (tournaments/results.ts `writeResult`), and the table cannot change while final. Before the
 * hold is lifted only directors see the payout (marked provisional); everyone sees it once final.
 * Every write goes through `directorWrite` (lock, audit, live notice in one transaction).
 */
import { and, asc, eq, inArray, lt } from "drizzle-orm";
import type { DbOrTx, Tx } from "@/db/client";
import { ratingEvents, tournamentPrizes, tournaments, type Tournament, type TournamentPrize } from "@/db/schema";
import { allocatePrizes, formatMoney, ordinal, type Payout, type PrizeEntrant } from "@/server/domain";
import { DomainError } from "@/server/errors";
import { directorWrite, unchanged, type DirectorAct } from "@/server/services/tournaments/director-write";
import { getTournamentOrThrow, tournamentRoleOf } from "@/server/services/tournaments/access";
import { loadEvent } from "@/server/services/tournaments/field";
import { getStandings } from "@/server/services/tournaments/views";
import { clockTotals } from "./least-time";
import { MAX_PRIZE_ROWS, type PrizeRowInput } from "./schemas";

export interface PrizeTable {
  rows: TournamentPrize[];
  split: Tournament["prizeSplit"];
  onePrizePerPlayer: boolean;
  currency: string;
  resultsFinalAt: Date | null;
  /** The table's cash sum in minor units: the prize fund the payout adds up to. */
  total: number;
}

export async function listPrizeRows(db: DbOrTx, tournamentId: string): Promise<TournamentPrize[]> {
  return db.select().from(tournamentPrizes).where(eq(tournamentPrizes.tournamentId, tournamentId)).orderBy(asc(tournamentPrizes.position), asc(tournamentPrizes.place), asc(tournamentPrizes.createdAt));
}

/** The prize table and its settings (public: the prizes on offer are no secret). */
export async function getPrizeTable(db: DbOrTx, tournamentId: string): Promise<PrizeTable> {
  const t = await getTournamentOrThrow(db, tournamentId);
  const rows = await listPrizeRows(db, t.id);
  return { rows, split: t.prizeSplit, onePrizePerPlayer: t.onePrizePerPlayer, currency: t.currency, resultsFinalAt: t.resultsFinalAt, total: rows.reduce((s, r) => s + (r.amount ?? 0), 0) };
}

const groupOf = (r: Pick<TournamentPrize, "kind" | "classValue" | "ratingMin" | "ratingMax" | "category">) =>
  r.kind === "place" ? "place" : r.kind === "class" ? (r.classValue ? `class:${r.classValue.toLowerCase()}` : `band:${r.ratingMin}-${r.ratingMax}`) : `category:${r.category}`;
const groupName = (r: Pick<TournamentPrize, "kind" | "classValue" | "ratingMin" | "ratingMax" | "category">) =>
  r.kind === "place" ? "the overall places" : r.kind === "class" ? (r.classValue ? `class ${r.classValue}` : `the rating band ${r.ratingMin ?? "any"}–${r.ratingMax ?? "any"}`) : `the ${r.category} category`;

/** A row as it will be stored: fields that do not belong to its kind are cleared; refusals say why. */
function normalise(input: PrizeRowInput): Omit<PrizeRowInput, "prizeId"> {
  const row = { ...input, classValue: input.classValue || null };
  if (row.amount === null && !row.item) throw new DomainError("INVALID", "A prize needs an amount of money, a non-cash item, or both.", "amount");
  if (row.kind === "place") return { ...row, classValue: null, ratingMin: null, ratingMax: null, category: null };
  if (row.kind === "category") {
    if (!row.category) throw new DomainError("INVALID", "A category prize needs a category: junior, senior, unrated, best club or least time used.", "category");
    return { ...row, classValue: null, ratingMin: null, ratingMax: null };
  }
  const band = row.ratingMin !== null || row.ratingMax !== null;
  if (!row.classValue && !band) throw new DomainError("INVALID", "A class prize needs a class name or a rating band.", "classValue");
  if (row.classValue && band) throw new DomainError("INVALID", "A class prize is either for a class name or for a rating band, not both.", "classValue");
  if (row.ratingMin !== null && row.ratingMax !== null && row.ratingMin > row.ratingMax)
    throw new DomainError("INVALID", `The rating band runs from ${row.ratingMin} to ${row.ratingMax}: its lowest rating must not be above its highest.`, "ratingMin");
  return { ...row, category: null };
}

/** The refusals that need the whole table: a place twice in a group, a better place paying less. */
function checkTable(rows: readonly Omit<TournamentPrize, "createdAt" | "tournamentId">[], changed: string): void {
  if (rows.length > MAX_PRIZE_ROWS) throw new DomainError("INVALID", `A prize table has at most ${MAX_PRIZE_ROWS} rows.`);
  const mine = rows.find((r) => r.id === changed)!;
  const same = rows.filter((r) => groupOf(r) === groupOf(mine));
  if (same.some((r) => r.id !== mine.id && r.place === mine.place))
    throw new DomainError("CONFLICT", `${groupName(mine)[0]!.toUpperCase()}${groupName(mine).slice(1)} already have a ${ordinal(mine.place)} prize: change that row instead.`, "place");
  for (const r of same) {
    if (r.id === mine.id || r.amount === null || mine.amount === null) continue;
    const [better, worse] = r.place < mine.place ? [r, mine] : [mine, r];
    if (worse.amount! > better.amount!)
      throw new DomainError("INVALID", `In ${groupName(mine)} the ${ordinal(worse.place)} prize (${formatMoney(worse.amount!)}) would pay more than the ${ordinal(better.place)} (${formatMoney(better.amount!)}): a better place never pays less.`, "amount");
  }
}

function assertOpen(t: Tournament): void {
  if (t.resultsFinalAt) throw new DomainError("PRECONDITION", "The results are marked final: reopen them before changing the prize table.");
}

/** Add a row (no `prizeId`) or change one. */
export async function savePrize(db: DbOrTx, input: DirectorAct & PrizeRowInput): Promise<TournamentPrize> {
  const { tournamentId, actorId, prizeId, ...raw } = input;
  const row = normalise({ ...raw, prizeId });
  return directorWrite(db, { tournamentId, actorId }, async (tx, t, audit) => {
    assertOpen(t);
    const rows = await listPrizeRows(tx, t.id);
    const before = prizeId ? rows.find((r) => r.id === prizeId) : undefined;
    if (prizeId && !before) throw new DomainError("NOT_FOUND", "That prize row does not exist in this tournament.");
    const id = prizeId ?? "new";
    const position = before?.position ?? Math.max(0, ...rows.map((r) => r.position + 1));
    const next = [...rows.filter((r) => r.id !== id), { ...row, id, position }];
    checkTable(next, id);
    const [saved] = before
      ? await tx.update(tournamentPrizes).set(row).where(eq(tournamentPrizes.id, before.id)).returning()
      : await tx.insert(tournamentPrizes).values({ ...row, tournamentId: t.id, position }).returning();
    await audit("prize.saved", { prizeId: saved!.id, kind: row.kind, place: row.place, amount: row.amount, item: row.item, ...(before ? { before: { place: before.place, amount: before.amount, item: before.item } } : {}) });
    return saved!;
  });
}

export async function removePrize(db: DbOrTx, input: DirectorAct & { prizeId: string }): Promise<void> {
  await directorWrite(db, input, async (tx, t, audit) => {
    assertOpen(t);
    const [gone] = await tx.delete(tournamentPrizes).where(eq(tournamentPrizes.id, input.prizeId)).returning();
    if (!gone || gone.tournamentId !== t.id) throw new DomainError("NOT_FOUND", "That prize row does not exist in this tournament.");
    await audit("prize.removed", { prizeId: gone.id, kind: gone.kind, place: gone.place, amount: gone.amount, item: gone.item });
  });
}

export async function setPrizeSettings(db: DbOrTx, input: DirectorAct & { split: Tournament["prizeSplit"]; onePrizePerPlayer: boolean }): Promise<void> {
  await directorWrite(db, input, async (tx, t, audit) => {
    if (t.prizeSplit === input.split && t.onePrizePerPlayer === input.onePrizePerPlayer) return unchanged(undefined);
    assertOpen(t);
    await tx.update(tournaments).set({ prizeSplit: input.split, onePrizePerPlayer: input.onePrizePerPlayer, updatedAt: new Date() }).where(eq(tournaments.id, t.id));
    await audit("prize.settings", { split: input.split, onePrizePerPlayer: input.onePrizePerPlayer, before: { split: t.prizeSplit, onePrizePerPlayer: t.onePrizePerPlayer } });
  });
}

/** Mark the results final (prizes stop being provisional), or reopen them. */
export async function setResultsFinal(db: DbOrTx, input: DirectorAct & { final: boolean }, now = new Date()): Promise<{ resultsFinalAt: Date | null }> {
  return directorWrite(db, input, async (tx: Tx, t, audit) => {
    if (!!t.resultsFinalAt === input.final) return unchanged({ resultsFinalAt: t.resultsFinalAt });
    if (input.final && t.status !== "finished") throw new DomainError("PRECONDITION", "The results can be marked final once the last round is closed and the tournament is finished.");
    const resultsFinalAt = input.final ? now : null;
    await tx.update(tournaments).set({ resultsFinalAt, updatedAt: now }).where(eq(tournaments.id, t.id));
    await audit(input.final ? "results.final" : "results.reopened", input.final ? {} : { why: "reopened by a director" });
    return { resultsFinalAt };
  });
}

export interface PayoutView extends Payout {
  currency: string;
  /** The results are final: the payout is what is paid. */
  final: boolean;
  /** False for non-directors before the results are final: `lines` is then empty. */
  visible: boolean;
  split: Tournament["prizeSplit"];
  onePrizePerPlayer: boolean;
  tournamentName: string;
}

/** The payout: public once final; directors always (provisional before). */
export async function getPayout(db: DbOrTx, tournamentId: string, viewerId: string | null): Promise<PayoutView> {
  const t = await getTournamentOrThrow(db, tournamentId);
  const director = viewerId ? (await tournamentRoleOf(db, t, viewerId)) === "director" : false;
  const final = !!t.resultsFinalAt;
  const rows = await listPrizeRows(db, t.id);
  const base = { currency: t.currency, final, split: t.prizeSplit, onePrizePerPlayer: t.onePrizePerPlayer, tournamentName: t.name, total: rows.reduce((s, r) => s + (r.amount ?? 0), 0) };
  if (!final && !director) return { ...base, visible: false, lines: [] };
  const standings = await getStandings(db, t.id);
  const ev = await loadEvent(db, t);
  const entry = new Map(ev.entries.map((e) => [e.userId, e]));
  const ids = standings.rows.map((r) => r.userId);
  const times = rows.some((r) => r.category === "least-time") ? await clockTotals(db, ev.pairings.filter((p) => ev.rounds.some((r) => r.id === p.roundId && r.status !== "draft")), ids) : new Map<string, number>();
  const rated = await ratedBefore(db, t, ev.rounds[0]?.pairedAt ?? null, ids);
  const entrants: PrizeEntrant[] = standings.rows.map((r) => {
    const e = entry.get(r.userId);
    return { playerId: r.userId, name: r.name, wins: r.wins, spread: r.spread, rating: e?.rating ?? null, unrated: !rated.has(r.userId), class: e?.details.class ?? null, club: e?.details.club ?? null, age: e?.details.age ?? null, clockMs: times.get(r.userId) ?? null };
  });
  const payout = allocatePrizes({ prizes: rows, standings: entrants, split: t.prizeSplit, onePrizePerPlayer: t.onePrizePerPlayer, final, currency: t.currency });
  return { ...base, ...payout, visible: true };
}

/** Who had a rated game in the event's game before round 1 was paired (the others are unrated). */
async function ratedBefore(db: DbOrTx, t: Tournament, start: Date | null, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: ratingEvents.userId })
    .from(ratingEvents)
    .where(and(eq(ratingEvents.ruleset, t.ruleset), inArray(ratingEvents.userId, ids), lt(ratingEvents.playedAt, start ?? new Date())));
  return new Set(rows.map((r) => r.userId));
}

const csvCell = (v: unknown) => {
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  const s = v === null || v === undefined ? "" : String(v);
  return /[",\n\r]/.test(s) || /^[=+\-@]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The payout sheet as CSV: one line per payment, amounts in major units, and a total line. */
export async function payoutCsv(db: DbOrTx, tournamentId: string, viewerId: string | null): Promise<string> {
  const p = await getPayout(db, tournamentId, viewerId);
  if (!p.visible) throw new DomainError("NOT_FOUND", "The payout is published once the director marks the results final.");
  const rows: unknown[][] = [["prize", "winner", "amount", "currency", "item", "status", "why"]];
  for (const l of p.lines)
    rows.push([l.label, l.winner === null ? "(not awarded)" : l.winner.kind === "player" ? l.winner.name : l.winner.club, formatMoney(l.amount), p.currency, l.item, l.provisional ? "provisional" : "final", l.why]);
  rows.push(["total", "", formatMoney(p.lines.reduce((s, l) => s + l.amount, 0)), p.currency, "", p.final ? "final" : "provisional", `prize fund ${formatMoney(p.total, p.currency)}`]);
  return rows.map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
