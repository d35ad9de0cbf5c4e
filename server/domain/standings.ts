/**
 * Standings: wins (ties ½), losses and spread from recorded games and byes, then an ordered chain
 * of tiebreaks picked from a named table, every value shown, and a sentence for "why is X above Y".
 *
 * Rules: games and byes count as in ./results (bye = win +50 by default; forfeit = ±50; pods
 * pairwise). Order: wins, then each tiebreak of the event's chain in turn, applied only inside
 * groups still tied (so head-to-head is computed among exactly the players tied at that point,
 * Challonge style). Players level on wins and on every tiebreak share a rank ("1=", "3=", …).
 * Default chain: spread (TSH / NASPA cross-tables). Tiebreak definitions follow
 * the published rules of Woogles, TSH, Challonge and lichess/FIDE (docs/tournament-maths.md).
 * Caveats: byes add no opponent to Buchholz-type sums (no FIDE "virtual opponent"); forfeits do
 * count their opponent; median Buchholz drops the best and worst only with ≥ 3 opponents.
 */
import { byeOutcome, DEFAULT_SCORING, formatSpread, formatWins, gameOutcomes, outcomeKeys, validateField, type ScoringOptions } from "./results";
import { hash32 } from "./pairing/state";
import { fail, ok, type ByeRecord, type History, type Player, type Result } from "./types";

/** The tiebreak table: code, what it means, and which direction is better. */
export const TIEBREAKS = [
  { code: "spread", label: "spread", description: "cumulative spread: points scored minus points conceded over all games (byes +50)", better: "higher" },
  { code: "losses", label: "losses", description: "fewer losses (Woogles puts this before spread)", better: "lower" },
  { code: "buchholz", label: "Buchholz", description: "sum of opponents' wins", better: "higher" },
  { code: "median-buchholz", label: "median Buchholz", description: "sum of opponents' wins without the highest and lowest (Challonge's Median-Buchholz)", better: "higher" },
  { code: "head-to-head", label: "head-to-head score", description: "wins in games among the players still tied at this point", better: "higher" },
  { code: "cumulative", label: "cumulative score", description: "sum of the running win total after each round (rewards early wins)", better: "higher" },
  { code: "sonneborn-berger", label: "Sonneborn-Berger", description: "sum of beaten opponents' wins plus half of tied opponents' wins", better: "higher" },
  { code: "aro", label: "average opponent rating", description: "mean pre-event rating of the opponents played", better: "higher" },
  { code: "seed", label: "seed", description: "pre-event seeding (seed, else rating order)", better: "lower" },
  { code: "random", label: "random draw", description: "a reproducible random draw from the event's seed", better: "higher" },
] as const;
export type TiebreakCode = (typeof TIEBREAKS)[number]["code"];

export const DEFAULT_TIEBREAKS: TiebreakCode[] = ["spread"];

export interface StandingsOptions extends Partial<ScoringOptions> {
  /** Tiebreak chain after wins, in order (default ["spread"]). */
  tiebreaks?: readonly string[];
  /** Seed of the "random" tiebreak (default "equalis"). */
  randomSeed?: string;
}

export interface StandingRow {
  playerId: string;
  name: string;
  /** Shared on full ties: two players on 3rd are both rank 3, the next is 5. */
  rank: number;
  wins: number;
  losses: number;
  spread: number;
  games: number;
  byes: number;
  /** Every tiebreak of the chain; head-to-head is null when the player was not tied at that step. */
  tiebreaks: Partial<Record<TiebreakCode, number | null>>;
}

export interface Standings {
  rows: StandingRow[];
  tiebreakOrder: TiebreakCode[];
}

interface Acc {
  row: StandingRow;
  rating: number;
  seedOrder: number;
  /** Per game: opponent ids and the win fraction against each. */
  vs: { opp: string; score: number }[];
  byRound: Map<number, number>;
}

const EPS = 1e-9;

/** Compute standings with the tiebreak chain; a ruling for bad input or an unknown tiebreak code. */
export function computeStandings(players: readonly Player[], history: History, options: StandingsOptions = {}): Result<Standings> {
  const checked = validateField(players, history);
  if (!checked.ok) return checked;
  const chain: TiebreakCode[] = [];
  for (const c of options.tiebreaks ?? DEFAULT_TIEBREAKS) {
    if (!TIEBREAKS.some((t) => t.code === c)) return fail("UNKNOWN_TIEBREAK", `Unknown tiebreak "${c}". Known: ${TIEBREAKS.map((t) => t.code).join(", ")}.`);
    chain.push(c as TiebreakCode);
  }
  const scoring = { ...DEFAULT_SCORING, ...options };
  const seeding = [...players].sort((a, b) => (a.seed ?? Infinity) - (b.seed ?? Infinity) || b.rating - a.rating || (a.id < b.id ? -1 : 1));
  const acc = new Map<string, Acc>();
  players.forEach((p) =>
    acc.set(p.id, {
      row: { playerId: p.id, name: p.name ?? p.id, rank: 0, wins: 0, losses: 0, spread: 0, games: 0, byes: 0, tiebreaks: {} },
      rating: p.rating,
      seedOrder: seeding.indexOf(p) + 1,
      vs: [],
      byRound: new Map(),
    }),
  );
  const addRound = (a: Acc, round: number, w: number) => a.byRound.set(round, (a.byRound.get(round) ?? 0) + w);
  let lastRound = 0;
  for (const g of history.games) {
    const outs = gameOutcomes(g, scoring);
    if (outs.length === 0) continue;
    lastRound = Math.max(lastRound, g.round);
    for (const o of outs) {
      const a = acc.get(o.playerId)!;
      a.row.wins += o.wins;
      a.row.losses += o.losses;
      a.row.spread += o.spread;
      a.row.games++;
      addRound(a, g.round, o.wins);
    }
    // pairwise win fractions for SB / head-to-head
    const keys = g.forfeit === undefined && !g.doubleForfeit ? outcomeKeys(g) : [];
    for (let i = 0; i < g.players.length; i++)
      for (let j = 0; j < g.players.length; j++) {
        if (i === j) continue;
        let score: number;
        if (g.doubleForfeit) score = 0; // nobody beat anybody
        else if (g.forfeit !== undefined) score = g.players[i] === g.forfeit ? 0 : g.players[j] === g.forfeit ? 1 : 0.5;
        else score = keys[i]! > keys[j]! ? 1 : keys[i] === keys[j] ? 0.5 : 0;
        acc.get(g.players[i])!.vs.push({ opp: g.players[j], score });
      }
  }
  for (const b of history.byes) {
    const a = acc.get(b.playerId)!;
    const o = byeOutcome(b, scoring);
    lastRound = Math.max(lastRound, b.round);
    a.row.wins += o.wins;
    a.row.losses += o.losses;
    a.row.spread += o.spread;
    a.row.byes++;
    addRound(a, b.round, o.wins);
  }
  const winsOf = (id: string) => acc.get(id)!.row.wins;
  const seed = options.randomSeed ?? "equalis";
  const globalValue = (code: TiebreakCode, a: Acc): number => {
    switch (code) {
      case "spread":
        return a.row.spread;
      case "losses":
        return a.row.losses;
      case "buchholz":
        return a.vs.reduce((s, v) => s + winsOf(v.opp), 0);
      case "median-buchholz": {
        const ws = a.vs.map((v) => winsOf(v.opp)).sort((x, y) => x - y);
        const kept = ws.length >= 3 ? ws.slice(1, -1) : ws;
        return kept.reduce((s, w) => s + w, 0);
      }
      case "cumulative": {
        let run = 0;
        let total = 0;
        for (let r = 1; r <= lastRound; r++) {
          run += a.byRound.get(r) ?? 0;
          total += run;
        }
        return total;
      }
      case "sonneborn-berger":
        return a.vs.reduce((s, v) => s + v.score * winsOf(v.opp), 0);
      case "aro":
        return a.vs.length ? Math.round(a.vs.reduce((s, v) => s + acc.get(v.opp)!.rating, 0) / a.vs.length) : 0;
      case "seed":
        return a.seedOrder;
      case "random":
        return hash32(`${seed}:${a.row.playerId}`) / 2 ** 32;
      case "head-to-head":
        return 0;
    }
  };
  for (const a of acc.values())
    for (const c of chain) a.row.tiebreaks[c] = c === "head-to-head" ? null : globalValue(c, a);

  // refine tied groups step by step
  const byName = (x: Acc, y: Acc) => (x.row.name < y.row.name ? -1 : x.row.name > y.row.name ? 1 : x.row.playerId < y.row.playerId ? -1 : 1);
  let groups: Acc[][] = splitBy([...acc.values()].sort((x, y) => y.row.wins - x.row.wins || byName(x, y)), (a) => a.row.wins);
  for (const code of chain) {
    const dir = TIEBREAKS.find((t) => t.code === code)!.better === "higher" ? -1 : 1;
    const next: Acc[][] = [];
    for (const grp of groups) {
      if (grp.length === 1) {
        next.push(grp);
        continue;
      }
      if (code === "head-to-head") {
        const ids = new Set(grp.map((a) => a.row.playerId));
        for (const a of grp) a.row.tiebreaks[code] = a.vs.reduce((s, v) => s + (ids.has(v.opp) ? v.score : 0), 0);
      }
      const val = (a: Acc) => a.row.tiebreaks[code] ?? 0;
      const sorted = [...grp].sort((x, y) => dir * (val(x) - val(y)) || byName(x, y));
      next.push(...splitBy(sorted, val));
    }
    groups = next;
  }
  const rows: StandingRow[] = [];
  for (const grp of groups) {
    const rank = rows.length + 1;
    for (const a of grp) rows.push({ ...a.row, rank });
  }
  return ok({ rows, tiebreakOrder: chain });
}

function splitBy<T>(sorted: T[], key: (t: T) => number): T[][] {
  const out: T[][] = [];
  for (const t of sorted) {
    const last = out[out.length - 1];
    if (last && Math.abs(key(last[0]) - key(t)) < EPS) last.push(t);
    else out.push([t]);
  }
  return out;
}

function formatValue(code: TiebreakCode, v: number | null | undefined): string {
  if (v === null || v === undefined) return "n/a";
  switch (code) {
    case "spread":
      return formatSpread(v);
    case "aro":
    case "seed":
      return String(Math.round(v));
    case "random":
      return v.toFixed(3);
    default:
      return formatWins(v);
  }
}

/** One sentence saying why one of the two players stands above the other (or that they share a place). */
export function explainOrder(standings: Standings, aId: string, bId: string): string {
  const ia = standings.rows.findIndex((r) => r.playerId === aId);
  const ib = standings.rows.findIndex((r) => r.playerId === bId);
  if (ia < 0 || ib < 0) return `${ia < 0 ? aId : bId} is not in these standings.`;
  if (ia === ib) return `${standings.rows[ia].name} is the same player.`;
  const [hi, lo] = ia < ib ? [standings.rows[ia], standings.rows[ib]] : [standings.rows[ib], standings.rows[ia]];
  const w = (n: number) => `${formatWins(n)} win${Math.abs(n - 1) < EPS ? "" : "s"}`;
  if (Math.abs(hi.wins - lo.wins) > EPS) return `${hi.name} is above ${lo.name} because ${hi.name} has ${w(hi.wins)} and ${lo.name} has ${w(lo.wins)}.`;
  const level: string[] = [];
  for (const code of standings.tiebreakOrder) {
    const t = TIEBREAKS.find((x) => x.code === code)!;
    const vh = hi.tiebreaks[code];
    const vl = lo.tiebreaks[code];
    if (Math.abs((vh ?? 0) - (vl ?? 0)) < EPS) {
      level.push(`${t.label} (${formatValue(code, vh)})`);
      continue;
    }
    const same = level.length ? ` and are level on ${level.join(", ")}` : "";
    const verb = t.better === "lower" ? "is better than" : "beats";
    return `${hi.name} is above ${lo.name} because both have ${w(hi.wins)}${same}; ${hi.name}'s ${t.label} ${formatValue(code, vh)} ${verb} ${lo.name}'s ${formatValue(code, vl)}.`;
  }
  const on = level.length ? ` and are level on ${level.join(", ")}` : "";
  return `${hi.name} and ${lo.name} share place ${hi.rank}: both have ${w(hi.wins)}${on}.`;
}

/** When a competitor entered the event: round 1 for everyone who started, later for a late entry. */
export interface LateEntry {
  playerId: string;
  joinedRound: number;
}

/**
 * Late entries: each round a player missed before joining (round r < joinedRound) is an absence.
 * The standings count it as a bye worth the event's `lateEntryWins`, spread 0 (`absenceByes`);
 * the views show it as "absent", not as a bye (`splitByes`). Returns player id → rounds missed.
 */
export function absentRounds(entries: readonly LateEntry[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const e of entries) if (e.joinedRound > 1) out.set(e.playerId, Array.from({ length: e.joinedRound - 1 }, (_, i) => i + 1));
  return out;
}

/** The byes the standings give for absences, in rounds up to `throughRound` (the last counted). */
export function absenceByes(entries: readonly LateEntry[], throughRound: number, wins: number): ByeRecord[] {
  return [...absentRounds(entries)].flatMap(([playerId, rounds]) => rounds.filter((r) => r <= throughRound).map((round) => ({ round, playerId, wins, spread: 0 })));
}

/** A row's byes split into real byes and absences among `rounds` (the rounds the view counts). */
export function splitByes(byes: number, missed: readonly number[] | undefined, rounds: readonly number[]): { byes: number; absences: number } {
  const absences = (missed ?? []).filter((r) => rounds.includes(r)).length;
  return { byes: byes - absences, absences };
}
