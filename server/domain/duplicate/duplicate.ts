/**
 * Duplicate games, the pure part (docs/duplicate.md): the rack each turn, the master play's tie
 * rule, the turn table (each player's score, running totals, percentage of the top, solo tops) and
 * an event's standings over several games. No I/O; the service (server/services/duplicate) draws,
 * adjudicates and persists.
 *
 * The rack rule (docs/duplicate.md "The rack"): the tiles the master play left on the rack stay;
 * the rack is filled from the bag; while the rack lacks what any equation needs (two numbers and
 * one operator, plus an `=` where `=` travels through the bag; a blank stands in for a missing
 * number or operator, never for `=`, which a blank may not stand for: engine BLANK_FACE) and
 * the bag and rack together could supply it, the drawn tiles go back, the bag is reshuffled and
 * the fill is drawn again, at most RACK_REDRAWS times. Every shuffle is seeded from the game's
 * seed, so a game replays the same racks.
 */
import { BLANK, OPERATORS, shuffled, type Face, type Ruleset } from "@/engine";

export const DUPLICATE_STATUSES = ["lobby", "playing", "finished"] as const;
export type DuplicateStatus = (typeof DUPLICATE_STATUSES)[number];

/** How an event ranks its players (docs/duplicate.md "Events"). */
export const DUPLICATE_STANDINGS = ["total", "percent"] as const;
export type DuplicateStanding = (typeof DUPLICATE_STANDINGS)[number];

/** Redraws before a rack that still misses a tile kind is accepted as it is. */
export const RACK_REDRAWS = 30;

/** The move generator's work budget for "does this rack allow a play?" (search steps, not ms: the same answer on any machine). */
export const PLAYABLE_WORK = 150_000;

export interface DupBag {
  seed: string;
  shuffles: number;
  tiles: Face[];
}

type Kind = "number" | "operator" | "equals" | "blank" | "other";

const OPS: ReadonlySet<string> = new Set(OPERATORS);

function kindOf(face: Face): Kind {
  if (face === BLANK) return "blank";
  if (face === "=") return "equals";
  if (OPS.has(face)) return "operator";
  if (/^[0-9]/.test(face)) return "number";
  return "other";
}

/** What a rack must hold: two numbers, one operator, and one `=` when `=` is a bag tile. */
function needs(rs: Pick<Ruleset, "tileByFace">): Record<"number" | "operator" | "equals", number> {
  const eq = rs.tileByFace.get("=");
  return { number: 2, operator: 1, equals: eq && eq.inBag && !eq.unlimited ? 1 : 0 };
}

/** Tiles still missing from `tiles` for the rule (a blank covers a missing number or operator). */
export function rackShortfall(rs: Pick<Ruleset, "tileByFace">, tiles: readonly Face[]): number {
  const need = needs(rs);
  const have = { number: 0, operator: 0, equals: 0, blank: 0, other: 0 };
  for (const t of tiles) have[kindOf(t)]++;
  const missing = Math.max(0, need.number - have.number) + Math.max(0, need.operator - have.operator);
  return Math.max(0, missing - have.blank) + Math.max(0, need.equals - have.equals);
}

/** The bag's first shuffle (the whole tile set of the ruleset, seeded). */
export function newDupBag(rs: Pick<Ruleset, "tiles">, seed: string): DupBag {
  const tiles: Face[] = [];
  for (const t of rs.tiles) if (t.inBag !== false && !t.unlimited) for (let i = 0; i < t.count; i++) tiles.push(t.face);
  return { seed, shuffles: 1, tiles: shuffled(tiles, `${seed}:dup:0`) };
}

/**
 * The next rack: `kept` (the tiles the master play left) filled to `rackSize` from the bag, by the
 * rule in the module comment. Returns the rack and the bag after the draw.
 */
export function drawRack(rs: Pick<Ruleset, "tileByFace" | "rackSize">, bag: DupBag, kept: readonly Face[]): { rack: Face[]; bag: DupBag; redraws: number } {
  const n = Math.max(0, rs.rackSize - kept.length);
  let cur = bag;
  const reachable = rackShortfall(rs, [...kept, ...bag.tiles]) === 0;
  for (let redraws = 0; ; redraws++) {
    const drawn = cur.tiles.slice(0, n);
    const rack = [...kept, ...drawn];
    const rest = cur.tiles.slice(drawn.length);
    if (!reachable || rackShortfall(rs, rack) === 0 || redraws >= RACK_REDRAWS || rest.length === 0) {
      return { rack, bag: { ...cur, tiles: rest }, redraws };
    }
    cur = { seed: cur.seed, shuffles: cur.shuffles + 1, tiles: shuffled([...rest, ...drawn], `${cur.seed}:dup:${cur.shuffles}`) };
  }
}

/**
 * The rack rule's second step (docs/duplicate.md "The rack", the game's "redraws of a dead rack"):
 * when `hasPlay` (the service asks the exact move generator, with a fixed work budget so the answer
 * is the same on any machine) finds no play for the drawn rack, the drawn tiles go back, the bag is
 * reshuffled (seeded) and the fill is drawn again by `drawRack`, at most `maxRedraws` times; then the
 * rack stands as drawn. The kept tiles stay. Returns how many dead racks were put back.
 */
export function drawPlayableRack(
  rs: Pick<Ruleset, "tileByFace" | "rackSize">,
  bag: DupBag,
  kept: readonly Face[],
  hasPlay: (rack: Face[]) => boolean,
  maxRedraws: number,
): { rack: Face[]; bag: DupBag; dead: number } {
  let r = drawRack(rs, bag, kept);
  let dead = 0;
  while (dead < maxRedraws && r.bag.tiles.length > 0 && !hasPlay(r.rack)) {
    const drawn = r.rack.slice(kept.length);
    const b = r.bag;
    r = drawRack(rs, { seed: b.seed, shuffles: b.shuffles + 1, tiles: shuffled([...b.tiles, ...drawn], `${b.seed}:dup:${b.shuffles}`) }, kept);
    dead++;
  }
  return { rack: r.rack, bag: r.bag, dead };
}

/** The rack tiles a play used (a blank placed is "?"; 'SMATH bracket overlays are not rack tiles). */
export function leftOnRack(rack: readonly Face[], used: readonly Face[]): Face[] {
  const out = rack.slice();
  for (const t of used) {
    const i = out.indexOf(t);
    if (i >= 0) out.splice(i, 1);
  }
  return out;
}

/** Percent of the top in tenths (123 = 12.3 %), rounded half up, in integers; 0 when top is 0. */
export function tenthsOfPercent(score: number, top: number): number {
  if (top <= 0) return 0;
  return Math.floor((score * 2000 + top) / (2 * top));
}

export const formatPercent = (tenths: number): string => `${Math.floor(tenths / 10)}.${tenths % 10} %`;

export interface TableTurnInput {
  number: number;
  /** the master score (0 when no play was found) */
  top: number;
  /** userId → the adjudicated submission (absent: none submitted) */
  plays: ReadonlyMap<string, { valid: boolean; score: number }>;
}

export interface TableCell {
  score: number;
  /** a valid submission that matched the master score */
  top: boolean;
  /** the only player to match the top this turn */
  solo: boolean;
  /** the player had not joined yet */
  missed: boolean;
  submitted: boolean;
}

export interface TableRow {
  userId: string;
  cells: TableCell[];
  total: number;
  /** tenths of a percent of the tops' sum over the turns played so far */
  percent: number;
  tops: number;
  soloTops: number;
}

export interface DuplicateTable {
  turns: number[];
  tops: number[];
  topTotal: number;
  rows: TableRow[];
}

/**
 * The turn table: a closed turn's score per player (an invalid or missing submission scores 0; a
 * turn before the player joined scores 0 and is marked missed), running totals and the percentage
 * of the sum of the master scores. Rows in order of total, then userId for a stable order.
 */
export function duplicateTable(players: readonly { userId: string; joinedTurn: number }[], turns: readonly TableTurnInput[]): DuplicateTable {
  const topTotal = turns.reduce((s, t) => s + t.top, 0);
  const joined = new Map(players.map((p) => [p.userId, p.joinedTurn]));
  // how many players in the field matched each turn's top (a play before joining does not count)
  const topCount = turns.map((t) => [...t.plays].filter(([u, q]) => q.valid && t.top > 0 && q.score === t.top && (joined.get(u) ?? Infinity) <= t.number).length);
  const rows = players.map((p): TableRow => {
    let total = 0;
    let tops = 0;
    let soloTops = 0;
    const cells = turns.map((t, i): TableCell => {
      const missed = t.number < p.joinedTurn;
      const play = missed ? undefined : t.plays.get(p.userId);
      const score = play?.valid ? play.score : 0;
      const top = !!play?.valid && t.top > 0 && play.score === t.top;
      const solo = top && topCount[i] === 1;
      total += score;
      if (top) tops++;
      if (solo) soloTops++;
      return { score, top, solo, missed, submitted: play !== undefined };
    });
    return { userId: p.userId, cells, total, percent: tenthsOfPercent(total, topTotal), tops, soloTops };
  });
  rows.sort((a, b) => b.total - a.total || (a.userId < b.userId ? -1 : 1));
  return { turns: turns.map((t) => t.number), tops: turns.map((t) => t.top), topTotal, rows };
}

/** Rows a view carries of the table (docs/duplicate.md "Reading a game"): the first few, and the reader's own with a few either side. */
export const TABLE_EXCERPT = { top: 20, around: 2 } as const;

/**
 * Which rows (0-based positions, ascending, no repeats) of a table of `count` rows one screen
 * shows: the first `top`, and `around` either side of the reader's own row (`mine`, -1: none).
 */
export function tableExcerpt(count: number, mine: number, top: number = TABLE_EXCERPT.top, around: number = TABLE_EXCERPT.around): number[] {
  const out: number[] = [];
  for (let i = 0; i < Math.min(top, count); i++) out.push(i);
  if (mine < 0 || mine >= count) return out;
  for (let i = Math.max(top, mine - around); i <= Math.min(count - 1, mine + around); i++) out.push(i);
  return out;
}

export interface EventGameResult {
  userId: string;
  total: number;
  topTotal: number;
}

export interface EventStanding {
  userId: string;
  total: number;
  topTotal: number;
  /** tenths of a percent of the tops of the games the player played */
  percent: number;
  games: number;
  rank: number;
}

/**
 * An event's standings over its games (docs/duplicate.md "Events"): by the sum of the scores, or by
 * the percentage of the summed tops of the games each player played (so a missed game does not
 * count against the percentage; it does against the total). Equal keys share a rank.
 */
export function eventStandings(games: readonly (readonly EventGameResult[])[], by: DuplicateStanding): EventStanding[] {
  const acc = new Map<string, { total: number; topTotal: number; games: number }>();
  for (const g of games)
    for (const r of g) {
      const a = acc.get(r.userId) ?? { total: 0, topTotal: 0, games: 0 };
      acc.set(r.userId, { total: a.total + r.total, topTotal: a.topTotal + r.topTotal, games: a.games + 1 });
    }
  const list = [...acc].map(([userId, a]) => ({ userId, ...a, percent: tenthsOfPercent(a.total, a.topTotal), rank: 0 }));
  const key = (s: EventStanding) => (by === "total" ? s.total : s.percent);
  list.sort((a, b) => key(b) - key(a) || (a.userId < b.userId ? -1 : 1));
  list.forEach((s, i) => (s.rank = i > 0 && key(list[i - 1]!) === key(s) ? list[i - 1]!.rank : i + 1));
  return list;
}

/**
 * Why each standing is above the next one down, in a sentence a director can read out: the key
 * that ranks them (total or percentage), or that they share the place. `names` maps user ids to
 * names; the last row is above no one (null).
 */
export function eventWhyAbove(list: readonly EventStanding[], by: DuplicateStanding, names: ReadonlyMap<string, string>): (string | null)[] {
  return list.map((s, i) => {
    const next = list[i + 1];
    if (!next) return null;
    const who = names.get(next.userId) ?? "the next player";
    if (s.rank === next.rank)
      return by === "total" ? `Level with ${who} at ${s.total} points: they share place ${s.rank}.` : `Level with ${who} at ${formatPercent(s.percent)}: they share place ${s.rank}.`;
    if (by === "total") return `${s.total} points against ${next.total} for ${who} (${s.total - next.total} more).`;
    return `${formatPercent(s.percent)} of the tops of the games played against ${formatPercent(next.percent)} for ${who}.`;
  });
}
