/**
 * A series: points by placing in each of its events, the best N of the M events counted, and a
 * table saying which events count for whom.
 *
 * Rule (docs/competitions.md, "Series"):
 * - Points by place are data: a table ({ kind: "table", points: [25, 18, 15, …] }, places past its
 *   end score 0) or the field size ({ kind: "field" }: an event of F players gives F − place + 1,
 *   so last place still scores 1).
 * - Players tied on a place share the points of the places they fill, equally: two tied 2nd in a
 *   25-18-15 table fill 2nd and 3rd and get (18 + 15) / 2 = 16½ each. Shares stay exact: all points
 *   are kept in units of 1/scale, where scale is the least common multiple of the tie sizes.
 * - Best N of M: a player's N highest scores count, the rest are dropped (an earlier event counts
 *   before a later one with the same points); an event a player missed scores nothing and is not
 *   a dropped score.
 * - Order: total counted points; level totals by countback — compare the best single results of
 *   all events played (dropped ones too), then the second best, and so on; a player with more
 *   results wins once the shorter list runs out; level after that share the place.
 */
import { firstDuplicate, isInt, isRecord, nameOf, okC, ordinal, refuse, type CompResult, type Member } from "./types";

export type PointsScheme = { kind: "table"; points: number[] } | { kind: "field" };
export interface SeriesRule {
  points: PointsScheme;
  /** N: how many of a player's events count. */
  best: number;
}
export const MAX_SERIES_EVENTS = 100;
/** A common motor-racing table (top ten score). */
export const TOP_TEN_POINTS: PointsScheme = { kind: "table", points: [25, 18, 15, 12, 10, 8, 6, 4, 2, 1] };

export function parseSeriesRule(raw: unknown): CompResult<SeriesRule> {
  if (!isRecord(raw)) return refuse("BAD_RULE", "A series rule needs points by place and how many events count.");
  const p = raw.points;
  let points: PointsScheme;
  if (isRecord(p) && p.kind === "field") points = { kind: "field" };
  else if (isRecord(p) && p.kind === "table" && Array.isArray(p.points) && p.points.length >= 1 && p.points.length <= 200 && p.points.every((x) => isInt(x, 0, 10_000))) {
    const pts = p.points as number[];
    if (pts.some((x, i) => i > 0 && x > pts[i - 1])) return refuse("BAD_RULE", "Points by place must not rise down the table: a lower place cannot score more.", "points");
    points = { kind: "table", points: [...pts] };
  } else return refuse("BAD_RULE", 'Points by place are a table of 1 to 200 whole numbers from 0 to 10,000, or { kind: "field" } (field size minus place plus 1).', "points");
  if (!isInt(raw.best, 1, MAX_SERIES_EVENTS)) return refuse("BAD_RULE", `How many events count must be a whole number from 1 to ${MAX_SERIES_EVENTS}.`, "best");
  return okC({ points, best: raw.best });
}

export interface SeriesEvent {
  id: string;
  name?: string;
  /** Final places; tied players share a place (1, 2, 2, 4 …). */
  results: { playerId: string; place: number }[];
}
export type CellStatus = "counted" | "dropped" | "absent";
export interface SeriesCell {
  eventId: string;
  place: number | null;
  /** Points in units of 1/scale (0 when absent). */
  units: number;
  status: CellStatus;
}
export interface SeriesRow {
  playerId: string;
  name: string;
  /** Shared on a full tie. */
  rank: number;
  /** Counted points, in units of 1/scale. */
  total: number;
  counted: number;
  played: number;
  /** One cell per event, in the series' event order. */
  cells: SeriesCell[];
}
export interface SeriesTable {
  /** Points are units/scale; scale is 1 unless players tied on a place. */
  scale: number;
  events: { id: string; name: string }[];
  rows: SeriesRow[];
  best: number;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const lcm = (a: number, b: number) => (a / gcd(a, b)) * b;

function pointsFor(scheme: PointsScheme, place: number, field: number): number {
  return scheme.kind === "field" ? Math.max(0, field - place + 1) : (scheme.points[place - 1] ?? 0);
}

function checkEvents(players: readonly Member[], events: readonly SeriesEvent[]): CompResult<null> {
  const dupPlayer = firstDuplicate(players.map((p) => p.id));
  if (dupPlayer !== undefined) return refuse("DUPLICATE_PLAYER", `${dupPlayer} is listed twice among the series' players.`, "players");
  const dupEvent = firstDuplicate(events.map((e) => e.id));
  if (dupEvent !== undefined) return refuse("DUPLICATE_PLAYER", `Event ${dupEvent} is listed twice in the series.`, "events");
  if (events.length > MAX_SERIES_EVENTS) return refuse("BAD_RULE", `A series holds at most ${MAX_SERIES_EVENTS} events.`, "events");
  const known = new Set(players.map((p) => p.id));
  for (const e of events) {
    const label = e.name ?? e.id;
    const dup = firstDuplicate(e.results.map((r) => r.playerId));
    if (dup !== undefined) return refuse("DUPLICATE_PLAYER", `${label}: ${dup} has two results.`, "events");
    const unknown = e.results.find((r) => !known.has(r.playerId));
    if (unknown) return refuse("UNKNOWN_PLAYER", `${label}: ${unknown.playerId} is not one of the series' players.`, "events");
    const sorted = [...e.results].sort((a, b) => a.place - b.place);
    for (const [i, r] of sorted.entries()) {
      const prev = i > 0 ? sorted[i - 1].place : 0;
      if (!Number.isInteger(r.place) || (r.place !== prev && r.place !== i + 1))
        return refuse("BAD_PLACES", `${label}: place ${r.place} cannot follow ${i === 0 ? "the start" : `${i} player${i === 1 ? "" : "s"} placed above`}; the next place is ${ordinal(i + 1)}.`, "events");
    }
  }
  return okC(null);
}

/** Each event's points per player, as [numerator sum, tie size], before the common scale is known. */
function eventShares(e: SeriesEvent, scheme: PointsScheme): Map<string, { sum: number; k: number; place: number }> {
  const byPlace = new Map<number, string[]>();
  for (const r of e.results) byPlace.set(r.place, [...(byPlace.get(r.place) ?? []), r.playerId]);
  const out = new Map<string, { sum: number; k: number; place: number }>();
  for (const [place, ids] of byPlace) {
    let sum = 0;
    for (let q = place; q < place + ids.length; q++) sum += pointsFor(scheme, q, e.results.length);
    for (const id of ids) out.set(id, { sum, k: ids.length, place });
  }
  return out;
}

/** Countback: compare the sorted result lists, best first; negative when `a` is better. */
function countback(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (i >= a.length) return 1;
    if (i >= b.length) return -1;
    if (a[i] !== b[i]) return b[i] - a[i];
  }
  return 0;
}
const allResults = (r: SeriesRow) => r.cells.filter((c) => c.status !== "absent").map((c) => c.units).sort((x, y) => y - x);

/** The series table: every player's cells (counted, dropped, absent), counted totals and ranks. */
export function computeSeries(players: readonly Member[], events: readonly SeriesEvent[], rule: SeriesRule): CompResult<SeriesTable> {
  const checked = checkEvents(players, events);
  if (!checked.ok) return checked;
  const shares = events.map((e) => eventShares(e, rule.points));
  const scale = shares.reduce((l, m) => [...m.values()].reduce((acc, s) => lcm(acc, s.k), l), 1);
  const rows: SeriesRow[] = players.map((p) => {
    const cells: SeriesCell[] = events.map((e, j) => {
      const s = shares[j].get(p.id);
      return s ? { eventId: e.id, place: s.place, units: (s.sum * scale) / s.k, status: "dropped" } : { eventId: e.id, place: null, units: 0, status: "absent" };
    });
    const played = cells.map((c, j) => ({ c, j })).filter((x) => x.c.status !== "absent");
    played.sort((x, y) => y.c.units - x.c.units || x.j - y.j);
    for (const x of played.slice(0, rule.best)) x.c.status = "counted";
    const counted = Math.min(rule.best, played.length);
    const total = played.slice(0, rule.best).reduce((s, x) => s + x.c.units, 0);
    return { playerId: p.id, name: nameOf(p), rank: 0, total, counted, played: played.length, cells };
  });
  const cmp = (a: SeriesRow, b: SeriesRow) => b.total - a.total || countback(allResults(a), allResults(b));
  rows.sort((a, b) => cmp(a, b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : a.playerId < b.playerId ? -1 : 1));
  rows.forEach((r, i) => (r.rank = i > 0 && cmp(rows[i - 1], r) === 0 ? rows[i - 1].rank : i + 1));
  return okC({ scale, events: events.map((e) => ({ id: e.id, name: e.name ?? e.id })), rows, best: rule.best });
}

const VULGAR: Record<string, string> = { "1/2": "½", "1/3": "⅓", "2/3": "⅔", "1/4": "¼", "3/4": "¾" };
/** Points for people: "16", "16½", "19⅓", "7 2/5". */
export function formatPoints(units: number, scale: number): string {
  const whole = Math.floor(units / scale);
  const rest = units - whole * scale;
  if (rest === 0) return String(whole);
  const g = gcd(rest, scale);
  const frac = `${rest / g}/${scale / g}`;
  const shown = VULGAR[frac];
  return shown ? `${whole === 0 ? "" : whole}${shown}` : `${whole === 0 ? "" : `${whole} `}${frac}`;
}

/** One sentence: why one player stands above the other in the series (or that they share a place). */
export function explainSeriesOrder(table: SeriesTable, aId: string, bId: string): string {
  const a = table.rows.find((r) => r.playerId === aId);
  const b = table.rows.find((r) => r.playerId === bId);
  if (!a || !b) return `${!a ? aId : bId} is not in this series.`;
  if (a === b) return `${a.name} is the same player.`;
  const [hi, lo] = table.rows.indexOf(a) < table.rows.indexOf(b) ? [a, b] : [b, a];
  const pts = (r: SeriesRow) => `${formatPoints(r.total, table.scale)} point${r.total === table.scale ? "" : "s"}`;
  if (hi.total !== lo.total) return `${hi.name} is above ${lo.name} because ${hi.name} has ${pts(hi)} from their best ${hi.counted} and ${lo.name} has ${pts(lo)}.`;
  const ha = allResults(hi);
  const la = allResults(lo);
  const i = ha.findIndex((u, j) => j >= la.length || u !== la[j]);
  const list = (xs: number[]) => xs.map((u) => formatPoints(u, table.scale)).join(", ");
  if (i < 0 && ha.length === la.length) return `${hi.name} and ${lo.name} share place ${hi.rank}: both have ${pts(hi)} and the same results (${list(ha) || "none"}).`;
  if (i < 0 || i >= la.length)
    return `${hi.name} is above ${lo.name} because both have ${pts(hi)} and the same best results, and ${hi.name} has a result in ${ha.length} events to ${lo.name}'s ${la.length} (countback).`;
  return `${hi.name} is above ${lo.name} because both have ${pts(hi)}; on countback ${hi.name}'s results ${list(ha.slice(0, i + 1))} beat ${lo.name}'s ${list(la.slice(0, i + 1))}.`;
}
