/**
 * A ladder: standings over the club's nights by a stated rule.
 *
 * Rules (docs/competitions.md, "Ladder"), the rule as data:
 * - { kind: "sum" }: every night's points added up.
 * - { kind: "best", nights: N }: the N best nights added up (the others are shown, not counted).
 * - { kind: "average", minNights: K }: points per night played, exact (compared as fractions);
 *   players with fewer than K nights are listed below the ranked players, unranked, with how many
 *   more nights they need.
 * - Order: the rule's value; then the best single night; then more nights played; level on all
 *   three share the place. A night's points come from its own standings (an arena night's
 *   points: `ladderNightFromArena`).
 */
import type { ArenaStandings } from "./arena-standings";
import { firstDuplicate, isInt, isRecord, nameOf, okC, refuse, type CompResult, type Member } from "./types";

export type LadderRule = { kind: "sum" } | { kind: "best"; nights: number } | { kind: "average"; minNights: number };

export function parseLadderRule(raw: unknown): CompResult<LadderRule> {
  if (isRecord(raw) && raw.kind === "sum") return okC({ kind: "sum" });
  if (isRecord(raw) && raw.kind === "best")
    return isInt(raw.nights, 1, 366) ? okC({ kind: "best", nights: raw.nights }) : refuse("BAD_RULE", "How many best nights count must be a whole number from 1 to 366.", "nights");
  if (isRecord(raw) && raw.kind === "average")
    return isInt(raw.minNights, 1, 366) ? okC({ kind: "average", minNights: raw.minNights }) : refuse("BAD_RULE", "The nights needed to be ranked must be a whole number from 1 to 366.", "minNights");
  return refuse("BAD_RULE", 'A ladder rule is { kind: "sum" }, { kind: "best", nights } or { kind: "average", minNights }.', "kind");
}

export interface LadderNight {
  id: string;
  name?: string;
  results: { playerId: string; points: number }[];
}
export interface LadderRow {
  playerId: string;
  name: string;
  /** null: not ranked yet (too few nights for an average ladder). */
  rank: number | null;
  nights: number;
  /** Counted points (all, or the best N, or all for an average). */
  total: number;
  /** The rule's value shown: "23", or the average to one decimal "7.7". */
  value: string;
  cells: { nightId: string; points: number | null; counted: boolean }[];
  note?: string;
}
export interface Ladder {
  rule: LadderRule;
  rows: LadderRow[];
}

/** The points of an arena night, for the ladder. */
export function ladderNightFromArena(id: string, standings: ArenaStandings, name?: string): LadderNight {
  return { id, ...(name === undefined ? {} : { name }), results: standings.rows.filter((r) => r.games > 0).map((r) => ({ playerId: r.playerId, points: r.points })) };
}

/** "7.7": total / nights to one decimal, halves up, in whole-number arithmetic. */
const oneDecimal = (total: number, nights: number) => {
  const tenths = Math.floor((20 * total + nights) / (2 * nights));
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
};

export function computeLadder(players: readonly Member[], nights: readonly LadderNight[], rule: LadderRule): CompResult<Ladder> {
  const dup = firstDuplicate(players.map((p) => p.id)) ?? firstDuplicate(nights.map((n) => n.id));
  if (dup !== undefined) return refuse("DUPLICATE_PLAYER", `${dup} is listed twice.`, "players");
  const known = new Set(players.map((p) => p.id));
  for (const n of nights) {
    const label = n.name ?? n.id;
    const twice = firstDuplicate(n.results.map((r) => r.playerId));
    if (twice !== undefined) return refuse("DUPLICATE_PLAYER", `${label}: ${twice} has two results.`, "nights");
    const stranger = n.results.find((r) => !known.has(r.playerId));
    if (stranger) return refuse("UNKNOWN_PLAYER", `${label}: ${stranger.playerId} is not on the ladder.`, "nights");
    if (n.results.some((r) => !Number.isInteger(r.points))) return refuse("BAD_RULE", `${label}: night points must be whole numbers.`, "nights");
  }
  type Acc = LadderRow & { best: number };
  const rows: Acc[] = players.map((p) => {
    const cells = nights.map((n) => {
      const r = n.results.find((x) => x.playerId === p.id);
      return { nightId: n.id, points: r ? r.points : null, counted: r !== undefined };
    });
    const played = cells.filter((c) => c.points !== null);
    if (rule.kind === "best") {
      const keep = new Set([...played].sort((a, b) => b.points! - a.points!).slice(0, rule.nights));
      for (const c of played) c.counted = keep.has(c);
    }
    const total = played.filter((c) => c.counted).reduce((s, c) => s + c.points!, 0);
    const best = played.length ? Math.max(...played.map((c) => c.points!)) : 0;
    const value = rule.kind === "average" ? (played.length ? oneDecimal(total, played.length) : "–") : String(total);
    const short = rule.kind === "average" ? rule.minNights - played.length : 0;
    const row: Acc = { playerId: p.id, name: nameOf(p), rank: null, nights: played.length, total, value, cells, best };
    if (short > 0) row.note = `needs ${short} more night${short === 1 ? "" : "s"} to be ranked (the ladder counts an average over at least ${rule.kind === "average" ? rule.minNights : 0})`;
    return row;
  });
  // value compared exactly: an average as total/nights by cross-multiplying
  const val = (a: Acc, b: Acc) => (rule.kind === "average" ? b.total * Math.max(1, a.nights) - a.total * Math.max(1, b.nights) : b.total - a.total);
  const cmp = (a: Acc, b: Acc) => Number(a.note !== undefined) - Number(b.note !== undefined) || val(a, b) || b.best - a.best || b.nights - a.nights;
  rows.sort((a, b) => cmp(a, b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : a.playerId < b.playerId ? -1 : 1));
  rows.forEach((r, i) => {
    if (r.note !== undefined) return;
    r.rank = i > 0 && cmp(rows[i - 1], r) === 0 ? rows[i - 1].rank : i + 1;
  });
  return okC({ rule, rows: rows.map(({ best: _best, ...r }) => r) });
}

/** The rule in words, for the ladder's page. */
export function describeLadderRule(rule: LadderRule): string {
  if (rule.kind === "sum") return "Every night's points count.";
  if (rule.kind === "best") return `Each player's best ${rule.nights} night${rule.nights === 1 ? "" : "s"} count.`;
  return `Points per night played; ranked after ${rule.minNights} night${rule.minNights === 1 ? "" : "s"}.`;
}
