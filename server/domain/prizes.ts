/**
 * Prize allocation: who wins what from an event's prize table and its final standings. Pure: the
 * service hands in the table rows, the entrants in standings order and the event's settings; the
 * rules and the hand-worked tables the tests check are in docs/prizes.md.
 *
 * Rules (our decisions, docs/prizes.md):
 * - A prize table's rows fall into groups, each a small competition with its own order: overall
 *   places (standings order), a class (the entry's class field, or a rating band at entry), junior,
 *   senior, unrated (standings order among those eligible), least time used (total clock time,
 *   lowest first) and best club (the sum of the wins of a club's best CLUB_TEAM_SIZE players).
 *   Places inside a group count in order: a group with rows 1, 2 and 5 has three prizes.
 * - Placing: every row is a slot; slots are placed from the largest cash amount down (equal
 *   amounts: place, then class, then category rows; then the table's order; then place), each to
 *   the best eligible player who holds no prize of that group yet. With one prize per player, a
 *   player who already holds a prize is skipped, so each keeps the larger prize and the one given
 *   up passes to the next eligible player. Clubs are not players: the rule does not touch them.
 * - Ties: players are tied when they are level on every scoring key before tiebreaks — wins and
 *   spread (least time: equal time; clubs: equal wins and spread sums). Split `none`: tiebreaks
 *   decide, nothing is shared. `equal`: the tied players of a group share the cash of the slots
 *   they were placed in equally — a tied player placed outside the prizes shares too (a tie across
 *   a prize boundary) unless, with one prize per player, they already hold another prize. `hort`:
 *   each of those slots keeps half for its winner (by tiebreak), the other half is pooled and
 *   shared equally. Non-cash items are never split: the tiebreak winner keeps the item.
 * - Minor units: shares are whole minor units; the odd units go one each to the best placed of
 *   the tie, so every split adds up exactly. A slot nobody is eligible for is listed as not
 *   awarded with its money: the lines always add up to the table's cash sum (nothing is lost).
 * Caveat: shares are worked out after placing; a tied player who holds a smaller prize elsewhere
 * keeps it rather than trading it for a share (no re-placing loop).
 */
import type { AgeCategory, PrizeCategory, PrizeKind, PrizeSplit } from "./vocabulary";
import { formatMoney } from "./money";
import { ordinal } from "./ordinal";

/** How many of a club's players count for the best-club prize. */
export const CLUB_TEAM_SIZE = 3;

export interface PrizeRow {
  id: string;
  kind: PrizeKind;
  place: number;
  classValue: string | null;
  ratingMin: number | null;
  ratingMax: number | null;
  category: PrizeCategory | null;
  /** Minor units; null for a non-cash prize. */
  amount: number | null;
  item: string;
  position: number;
}

/** An entrant, in standings order (the order of the array is the tiebreak order). */
export interface PrizeEntrant {
  playerId: string;
  name: string;
  wins: number;
  spread: number;
  /** Rating at entry (the seeding rating: a newcomer's is the start rating); null = none fixed. */
  rating: number | null;
  /** No rated game in the event's game before it began (default: no rating at entry). */
  unrated?: boolean;
  class?: string | null;
  club?: string | null;
  age?: AgeCategory | null;
  /** Total clock time used over the event, when every game was played online with a clock; else null. */
  clockMs?: number | null;
}

export interface AllocateInput {
  prizes: readonly PrizeRow[];
  standings: readonly PrizeEntrant[];
  split: PrizeSplit;
  onePrizePerPlayer: boolean;
  /** Results marked final: lines are not provisional. */
  final: boolean;
  /** ISO code shown in the sentences ("EUR"); amounts are in its minor units (cents). */
  currency?: string;
}

export type PayoutWinner = { kind: "player"; playerId: string; name: string } | { kind: "club"; club: string } | null;

export interface PayoutLine {
  /** The table rows this line pays from (several for a shared prize). */
  prizeIds: string[];
  /** "1st place", "2nd–3rd place (shared)", "1st U1600", "Best club". */
  label: string;
  winner: PayoutWinner;
  /** Minor units (0 for a non-cash prize). */
  amount: number;
  item: string;
  provisional: boolean;
  why: string;
}

export interface Payout {
  lines: PayoutLine[];
  /** The table's cash sum; the lines' amounts add up to exactly this. */
  total: number;
}

interface Competitor {
  key: string;
  name: string;
  winner: Exclude<PayoutWinner, null>;
  /** Tie key: equal keys are tied. */
  tie: string;
  /** "4 wins, +120" */
  score: string;
  player: boolean;
}

interface Group {
  key: string;
  title: string;
  order: Competitor[];
}

interface Slot {
  row: PrizeRow;
  group: Group;
  /** Ordinal place inside the group (1-based). */
  ordinal: number;
  winner: Competitor | null;
}

const KIND_ORDER: Record<PrizeKind, number> = { place: 0, class: 1, category: 2 };
const CATEGORY_TITLES: Record<PrizeCategory, string> = { junior: "junior", senior: "senior", unrated: "unrated", club: "best club", "least-time": "least time used" };

/** Minor units as "12.50 EUR" (two decimals; integer arithmetic only). */
const winsText = (w: number) => `${Number.isInteger(w) ? w : w.toFixed(1)} win${w === 1 ? "" : "s"}`;
const spreadText = (s: number) => (s > 0 ? `+${s}` : String(s));

/** The group a row belongs to: its key, title and who is eligible (in the group's order). */
function groupKeyOf(row: PrizeRow): string {
  if (row.kind === "place") return "place";
  if (row.kind === "class") return row.classValue ? `class:${row.classValue}` : `band:${row.ratingMin ?? ""}-${row.ratingMax ?? ""}`;
  return `category:${row.category}`;
}

function bandTitle(min: number | null, max: number | null): string {
  if (min !== null && max !== null) return `rated ${min}–${max}`;
  if (max !== null) return `rated under ${max + 1}`;
  return `rated ${min ?? 0} and over`;
}

function playerCompetitor(e: PrizeEntrant, time = false): Competitor {
  const score = time ? `${Math.round((e.clockMs ?? 0) / 1000)} s used` : `${winsText(e.wins)}, ${spreadText(e.spread)}`;
  return { key: e.playerId, name: e.name, winner: { kind: "player", playerId: e.playerId, name: e.name }, tie: time ? String(e.clockMs) : `${e.wins}|${e.spread}`, score, player: true };
}

function clubOrder(standings: readonly PrizeEntrant[]): Competitor[] {
  const byClub = new Map<string, PrizeEntrant[]>();
  for (const e of standings) {
    const c = e.club?.trim();
    if (c) byClub.set(c, [...(byClub.get(c) ?? []), e]);
  }
  const teams = [...byClub].map(([club, members]) => {
    const best = members.slice(0, CLUB_TEAM_SIZE);
    return { club, wins: best.reduce((s, e) => s + e.wins, 0), spread: best.reduce((s, e) => s + e.spread, 0), best };
  });
  teams.sort((a, b) => b.wins - a.wins || b.spread - a.spread || (a.club < b.club ? -1 : 1));
  return teams.map((t) => ({
    key: `club:${t.club}`,
    name: t.club,
    winner: { kind: "club", club: t.club },
    tie: `${t.wins}|${t.spread}`,
    score: `${winsText(t.wins)}, ${spreadText(t.spread)} from ${t.best.map((e) => e.name).join(", ")}`,
    player: false,
  }));
}

function buildGroup(row: PrizeRow, standings: readonly PrizeEntrant[]): Group {
  const key = groupKeyOf(row);
  const players = (pred: (e: PrizeEntrant) => boolean) => standings.filter(pred).map((e) => playerCompetitor(e));
  if (row.kind === "place") return { key, title: "overall", order: players(() => true) };
  if (row.kind === "class") {
    if (row.classValue) return { key, title: `class ${row.classValue}`, order: players((e) => (e.class ?? "").trim().toLowerCase() === row.classValue!.trim().toLowerCase()) };
    const inBand = (r: number | null) => r !== null && (row.ratingMin === null || r >= row.ratingMin) && (row.ratingMax === null || r <= row.ratingMax);
    return { key, title: bandTitle(row.ratingMin, row.ratingMax), order: players((e) => inBand(e.rating)) };
  }
  const cat = row.category!;
  const title = CATEGORY_TITLES[cat];
  if (cat === "junior" || cat === "senior") return { key, title, order: players((e) => e.age === cat) };
  if (cat === "unrated") return { key, title, order: players((e) => e.unrated ?? e.rating === null) };
  if (cat === "club") return { key, title, order: clubOrder(standings) };
  // least time: lowest total first; standings order breaks equal times (a stable sort)
  const timed = standings.filter((e) => typeof e.clockMs === "number");
  return { key, title, order: [...timed].sort((a, b) => a.clockMs! - b.clockMs!).map((e) => playerCompetitor(e, true)) };
}

function slotLabel(s: Slot): string {
  const { group, ordinal: n } = s;
  if (group.key === "place") return `${ordinal(n)} place`;
  if (group.key === "category:club") return n === 1 ? "Best club" : `${ordinal(n)} best club`;
  if (group.key === "category:least-time") return n === 1 ? "Least time used" : `${ordinal(n)} least time used`;
  return `${ordinal(n)} ${group.title}`;
}

/** Players kept out of a group's prizes (group key → player keys): see `allocatePrizes`. */
type Exclusions = Map<string, Set<string>>;
const excluded = (ex: Exclusions, group: string, key: string) => ex.get(group)?.has(key) ?? false;

/** Place every slot (see the header): largest cash first, one prize per player when asked. */
function placeSlots(input: AllocateInput, ex: Exclusions): Slot[] {
  const groups = new Map<string, Group>();
  const rows = [...input.prizes].sort((a, b) => a.position - b.position || a.place - b.place || (a.id < b.id ? -1 : 1));
  const slots: Slot[] = [];
  const count = new Map<string, PrizeRow[]>();
  for (const row of rows) {
    const key = groupKeyOf(row);
    if (!groups.has(key)) groups.set(key, buildGroup(row, input.standings));
    count.set(key, [...(count.get(key) ?? []), row]);
  }
  for (const [key, rs] of count) {
    rs.sort((a, b) => a.place - b.place || a.position - b.position);
    rs.forEach((row, i) => slots.push({ row, group: groups.get(key)!, ordinal: i + 1, winner: null }));
  }
  const order = [...slots].sort(
    (a, b) => (b.row.amount ?? 0) - (a.row.amount ?? 0) || KIND_ORDER[a.row.kind] - KIND_ORDER[b.row.kind] || a.row.position - b.row.position || (a.group.key < b.group.key ? -1 : a.group.key > b.group.key ? 1 : 0) || a.ordinal - b.ordinal,
  );
  const holding = new Set<string>();
  const inGroup = new Map<string, Set<string>>();
  for (const s of order) {
    const own = inGroup.get(s.group.key) ?? new Set<string>();
    inGroup.set(s.group.key, own);
    const w = s.group.order.find((c) => !own.has(c.key) && !excluded(ex, s.group.key, c.key) && !(input.onePrizePerPlayer && c.player && holding.has(c.key)));
    if (!w) continue;
    s.winner = w;
    own.add(w.key);
    holding.add(w.key);
  }
  return slots;
}

/** Split `total` into `n` whole shares, the odd units one each to the first (best placed). */
export function shareOut(total: number, n: number): number[] {
  const base = Math.floor(total / n);
  const odd = total - base * n;
  return Array.from({ length: n }, (_, i) => base + (i < odd ? 1 : 0));
}

/**
 * Allocate the prize table (docs/prizes.md); every line's `why` is one sentence.
 *
 * One prize per player means the larger one, shares included: a tied player who holds a smaller
 * prize in another group is kept out of that group and the allocation runs again, so they take
 * their share and the smaller prize passes on. Exclusions only grow, so this ends.
 */
export function allocatePrizes(input: AllocateInput): Payout {
  const ex: Exclusions = new Map();
  for (let pass = 0; pass < 50; pass++) {
    const { payout, better } = allocateOnce(input, ex);
    if (!better.length) return payout;
    for (const b of better) ex.set(b.group, new Set([...(ex.get(b.group) ?? []), b.key]));
  }
  return allocateOnce(input, ex).payout;
}

/** A held prize a player gives up for a larger share elsewhere: keep them out of `group`. */
interface Better {
  group: string;
  key: string;
}

function allocateOnce(input: AllocateInput, ex: Exclusions): { payout: Payout; better: Better[] } {
  const cur = input.currency ?? "";
  const money = (m: number) => formatMoney(m, cur);
  const provisional = !input.final;
  const slots = placeSlots(input, ex);
  const total = input.prizes.reduce((s, p) => s + (p.amount ?? 0), 0);
  const lines: PayoutLine[] = [];
  const better: Better[] = [];
  const holding = new Set(slots.flatMap((s) => (s.winner?.player ? [s.winner.key] : [])));
  const done = new Set<Slot>();
  const groupsInOrder = [...new Set(slots.map((s) => s.group))];
  for (const group of groupsInOrder) {
    const gs = slots.filter((s) => s.group === group);
    for (const s of gs) {
      if (done.has(s)) continue;
      if (!s.winner) {
        done.add(s);
        lines.push({ prizeIds: [s.row.id], label: slotLabel(s), winner: null, amount: s.row.amount ?? 0, item: s.row.item, provisional, why: `Not awarded: no one eligible for ${group.title} is left for this prize, so it stays with the organiser.` });
        continue;
      }
      const tie = s.winner.tie;
      const tiedSlots = input.split === "none" ? [s] : gs.filter((x) => x.winner && x.winner.tie === tie && !done.has(x));
      const placed = new Set(tiedSlots.map((x) => x.winner!.key));
      // a tie across the prize boundary: level players placed outside this group's prizes share too
      const level = input.split === "none" ? [] : group.order.filter((c) => c.tie === tie && !placed.has(c.key) && !gs.some((x) => x.winner?.key === c.key) && !excluded(ex, group.key, c.key));
      const held = (c: Competitor) => input.onePrizePerPlayer && c.player && holding.has(c.key);
      const others = level.filter((c) => !held(c));
      // a level player holding a prize elsewhere that is smaller than the share they would get here
      const pool = tiedSlots.reduce((sum, x) => sum + (input.split === "hort" ? Math.floor((x.row.amount ?? 0) / 2) : (x.row.amount ?? 0)), 0);
      const share = Math.floor(pool / (tiedSlots.length + others.length + 1));
      for (const c of level.filter(held)) {
        const theirs = slots.find((x) => x.winner?.key === c.key && x.group !== group);
        if (theirs && (theirs.row.amount ?? 0) < share) better.push({ group: theirs.group.key, key: c.key });
      }
      tiedSlots.forEach((x) => done.add(x));
      if (tiedSlots.length === 1 && others.length === 0) {
        lines.push(single(s, money, provisional));
        continue;
      }
      for (const c of others) if (c.player) holding.add(c.key);
      lines.push(...shared(group, tiedSlots, others, input.split as "equal" | "hort", money, provisional));
    }
  }
  return { payout: { lines, total }, better };
}

function single(s: Slot, money: (m: number) => string, provisional: boolean): PayoutLine {
  const w = s.winner!;
  const what = [s.row.amount !== null ? money(s.row.amount) : "", s.row.item].filter(Boolean).join(" and ");
  return {
    prizeIds: [s.row.id],
    label: slotLabel(s),
    winner: w.winner,
    amount: s.row.amount ?? 0,
    item: s.row.item,
    provisional,
    why: `${w.name} takes ${slotLabel(s)} (${s.group.title}, ${w.score}): ${what}.`,
  };
}

/** Lines for a tie: `tiedSlots` (by group place) and tied `others` placed outside the prizes. */
function shared(group: Group, tiedSlots: Slot[], others: Competitor[], split: "equal" | "hort", money: (m: number) => string, provisional: boolean): PayoutLine[] {
  const members = [...tiedSlots.map((x) => x.winner!), ...others].sort((a, b) => group.order.indexOf(a) - group.order.indexOf(b));
  const cash = tiedSlots.filter((x) => x.row.amount !== null);
  const first = tiedSlots[0]!.ordinal;
  const last = first + members.length - 1;
  const span = members.length > 1 ? `${ordinal(first)}–${ordinal(last)}` : ordinal(first);
  const names = members.map((m) => m.name).join(", ");
  const ids = tiedSlots.map((x) => x.row.id);
  const base = group.key === "place" ? `${span} place` : `${span} ${group.title}`;
  const pooled = split === "equal" ? cash.reduce((s, x) => s + x.row.amount!, 0) : cash.reduce((s, x) => s + Math.floor(x.row.amount! / 2), 0);
  const shares = shareOut(pooled, members.length);
  const prizesText = cash.map((x) => `${slotLabel(x)} ${money(x.row.amount!)}`).join(" + ");
  return members.map((m, i) => {
    const mine = tiedSlots.find((x) => x.winner === m);
    const kept = split === "hort" && mine && mine.row.amount !== null ? mine.row.amount - Math.floor(mine.row.amount / 2) : 0;
    const amount = kept + shares[i]!;
    const item = mine?.row.item ?? "";
    const how =
      split === "equal"
        ? `${names} are level (${m.score}) and share ${prizesText || "no cash"} equally`
        : `${names} are level (${m.score}); by the Hort system each prize's half goes by tiebreak order and the other half (${money(pooled)} in all) is shared equally`;
    const parts = [kept ? `${money(kept)} by place` : "", `${money(shares[i]!)} share`].filter(Boolean).join(" + ");
    const odd = shares[i]! > shares[shares.length - 1]! ? " (an odd cent goes to the best placed)" : "";
    const itemText = item ? `; the ${item} goes to ${m.name} by tiebreak` : "";
    return { prizeIds: ids, label: `${base} (shared)`, winner: m.winner, amount, item, provisional, why: `${how}: ${m.name} gets ${parts} = ${money(amount)}${odd}${itemText}.` };
  });
}
