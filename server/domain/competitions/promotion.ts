/**
 * Promotion and relegation: a rule stored as data, and the next season's divisions from the last
 * season's final placements.
 *
 * Rule (docs/competitions.md, "Promotion and relegation"):
 * - How many go up from a division and how many go down is an amount: a count ({ kind: "count",
 *   n: 2 }) or a fraction of the division's size with a stated rounding ({ kind: "fraction", num: 1,
 *   den: 4, round: "ceil" } = the top ceil(N/4)). N is the number of players who finished the
 *   division and stay in the club.
 * - Between division k and k+1 the same number of players change places each way, the smaller of
 *   "down from k" and "up from k+1", so every division keeps its size. The top division has no
 *   up, the bottom no down. At least one player always stays in each division.
 * - Players who left the club are taken out first; the next best moves in their place (if the
 *   winner of Division 2 left, the runner-up goes up).
 * - New players join the bottom division ("bottom"), or by rating ("rating"): the highest division
 *   whose middle rating (median of its players with a rating) is at or below theirs; players without
 *   a rating join the bottom. A division that would end with fewer than two players joins the one
 *   above it (a note says so).
 * - Order inside a new division (its seeding): players who came down, then those who stayed in
 *   their finishing order, then those who came up, then new players by rating.
 * Each player gets a sentence: "up from Division 2, placed 1st of 6".
 */
import { divisionName } from "./divisions";
import { divideRounded, firstDuplicate, isInt, isRecord, nameOf, okC, ordinal, refuse, ROUNDINGS, type CompResult, type Member, type Rounding } from "./types";

export type MoveAmount = { kind: "count"; n: number } | { kind: "fraction"; num: number; den: number; round: Rounding };
export const NEW_PLAYER_PLACEMENTS = ["bottom", "rating"] as const;
export type NewPlayerPlacement = (typeof NEW_PLAYER_PLACEMENTS)[number];

export interface PromotionRule {
  up: MoveAmount;
  down: MoveAmount;
  newPlayers: NewPlayerPlacement;
}

/** The example: top ceil(N/4) up, bottom ceil(N/4) down, new players at the bottom. */
export const DEFAULT_PROMOTION_RULE: PromotionRule = {
  up: { kind: "fraction", num: 1, den: 4, round: "ceil" },
  down: { kind: "fraction", num: 1, den: 4, round: "ceil" },
  newPlayers: "bottom",
};

function parseAmount(raw: unknown, field: string): CompResult<MoveAmount> {
  const bad = (why: string) => refuse("BAD_RULE", `The ${field} amount ${why}.`, field);
  if (!isRecord(raw)) return bad("must be a count or a fraction");
  if (raw.kind === "count") return isInt(raw.n, 0, 64) ? okC({ kind: "count", n: raw.n }) : bad("must be a whole number of players from 0 to 64");
  if (raw.kind === "fraction") {
    if (!isInt(raw.num, 0, 100) || !isInt(raw.den, 1, 100) || raw.num > raw.den) return bad("must be a fraction from 0 to 1, such as 1/4");
    if (typeof raw.round !== "string" || !(ROUNDINGS as readonly string[]).includes(raw.round)) return bad(`needs a rounding: ${ROUNDINGS.join(", ")}`);
    return okC({ kind: "fraction", num: raw.num, den: raw.den, round: raw.round as Rounding });
  }
  return bad('must have kind "count" or "fraction"');
}

/** Raw (stored or submitted) data → a checked rule, or a refusal naming the field. */
export function parsePromotionRule(raw: unknown): CompResult<PromotionRule> {
  if (!isRecord(raw)) return refuse("BAD_RULE", "A promotion rule needs an up amount, a down amount and where new players go.");
  const up = parseAmount(raw.up, "up");
  if (!up.ok) return up;
  const down = parseAmount(raw.down, "down");
  if (!down.ok) return down;
  const np = raw.newPlayers ?? "bottom";
  if (typeof np !== "string" || !(NEW_PLAYER_PLACEMENTS as readonly string[]).includes(np))
    return refuse("BAD_RULE", `New players go to the "bottom" division or by "rating"; "${String(np)}" is neither.`, "newPlayers");
  return okC({ up: up.value, down: down.value, newPlayers: np as NewPlayerPlacement });
}

/** How many players an amount moves in a division of `size`. */
export function moveCount(a: MoveAmount, size: number): number {
  return a.kind === "count" ? a.n : divideRounded(size * a.num, a.den, a.round);
}

/** "top ceil(N/4)", "bottom 2" — the rule in words. */
export function describeAmount(a: MoveAmount, end: "top" | "bottom"): string {
  return a.kind === "count" ? `${end} ${a.n}` : `${end} ${a.round === "nearest" ? "round" : a.round}(N×${a.num}/${a.den})`;
}

export interface FinishedDivision {
  name?: string;
  /** Final standings, best first; `place` may be shared ("2=") but must not go down the list. */
  standings: { player: Member; place: number }[];
}

export type Move = "up" | "down" | "stay" | "new";
export interface SeasonPlacement {
  player: Member;
  move: Move;
  /** The division they finished last season in (absent for new players). */
  from?: string;
  /** "up from Division 2, placed 1st of 6" */
  why: string;
}
export interface NextDivision {
  number: number;
  name: string;
  players: SeasonPlacement[];
}
export interface NextSeason {
  divisions: NextDivision[];
  /** Players who left the club: not placed. */
  left: { player: Member; from: string; why: string }[];
  notes: string[];
}

interface Finisher {
  player: Member;
  place: number;
  of: number;
  div: number;
}

function checkInput(prev: readonly FinishedDivision[], newcomers: readonly Member[]): CompResult<null> {
  if (prev.length === 0) return refuse("TOO_FEW_PLAYERS", "There is no last season to start from: split the players into divisions instead.", "divisions");
  const dup = firstDuplicate([...prev.flatMap((d) => d.standings.map((s) => s.player.id)), ...newcomers.map((p) => p.id)]);
  if (dup !== undefined) return refuse("DUPLICATE_PLAYER", `${dup} appears twice among last season's divisions and the new players.`, "divisions");
  for (const [k, d] of prev.entries()) {
    let last = 0;
    for (const [i, s] of d.standings.entries()) {
      if (!isInt(s.place, 1, d.standings.length) || s.place < last || s.place > i + 1)
        return refuse("BAD_PLACES", `${d.name ?? divisionName(k + 1)}: ${nameOf(s.player)} is listed ${ordinal(i + 1)} with place ${s.place}; places must run 1st, 2nd … down the list.`, "divisions");
      last = s.place;
    }
  }
  return okC(null);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? undefined : s[(s.length - 1) >> 1];
};

/** The next season's divisions from last season's placements and the rule; players in `left` are dropped. */
export function nextSeason(prev: readonly FinishedDivision[], rule: PromotionRule, options: { left?: readonly string[]; newcomers?: readonly Member[] } = {}): CompResult<NextSeason> {
  const newcomers = options.newcomers ?? [];
  const checked = checkInput(prev, newcomers);
  if (!checked.ok) return checked;
  const gone = new Set(options.left ?? []);
  const names = prev.map((d, k) => d.name ?? divisionName(k + 1));
  const left: NextSeason["left"] = [];
  // stayers per division, in finishing order; sizes counted after leavers go
  const divs: Finisher[][] = prev.map((d, k) => {
    for (const s of d.standings) if (gone.has(s.player.id)) left.push({ player: s.player, from: names[k], why: `left the club: not placed (finished ${ordinal(s.place)} of ${d.standings.length} in ${names[k]})` });
    return d.standings.filter((s) => !gone.has(s.player.id)).map((s) => ({ player: s.player, place: s.place, of: d.standings.length, div: k }));
  });
  const last = divs.length - 1;
  // exchange between k and k+1: the smaller of "down from k" and "up from k+1", leaving one in each
  const swap = divs.slice(0, -1).map((d, k) => {
    const below = divs[k + 1];
    return Math.max(0, Math.min(moveCount(rule.down, d.length), moveCount(rule.up, below.length)));
  });
  // never empty a division by moves both ways: cap so at least one stays
  for (let k = 0; k <= last; k++) {
    const outUp = k > 0 ? swap[k - 1] : 0;
    const outDown = k < last ? swap[k] : 0;
    let over = outUp + outDown - (divs[k].length - 1);
    while (over > 0 && (outUp > 0 || outDown > 0)) {
      if (k < last && swap[k] > 0) swap[k]--;
      else if (k > 0 && swap[k - 1] > 0) swap[k - 1]--;
      over--;
    }
  }
  const built: SeasonPlacement[][] = divs.map(() => []);
  const say = (f: Finisher) => `placed ${ordinal(f.place)} of ${f.of}`;
  for (let k = 0; k <= last; k++) {
    const d = divs[k];
    const ups = k > 0 ? swap[k - 1] : 0;
    const downs = k < last ? swap[k] : 0;
    d.forEach((f, i) => {
      if (i < ups) built[k - 1].push({ player: f.player, move: "up", from: names[k], why: `up from ${names[k]}, ${say(f)}` });
      else if (i >= d.length - downs) built[k + 1].push({ player: f.player, move: "down", from: names[k], why: `down from ${names[k]}, ${say(f)}` });
      else built[k].push({ player: f.player, move: "stay", from: names[k], why: `stays in ${names[k]}, ${say(f)}` });
    });
  }
  // seeding inside a division: down, stay, up (each in finishing order, as pushed)
  const rank: Record<Move, number> = { down: 0, stay: 1, up: 2, new: 3 };
  for (const b of built) b.sort((x, y) => rank[x.move] - rank[y.move]);
  placeNewcomers(built, names, newcomers, rule.newPlayers);
  const total = built.reduce((n, b) => n + b.length, 0);
  if (total < 2) return refuse("TOO_FEW_PLAYERS", `Only ${total} player${total === 1 ? " is" : "s are"} left for the new season: a division of one has nobody to play.`, "divisions");
  const merged = mergeSmall(built, names, prev.every((d) => d.name === undefined));
  return okC({ ...merged, left });
}

function placeNewcomers(built: SeasonPlacement[][], names: string[], newcomers: readonly Member[], how: NewPlayerPlacement): void {
  const last = built.length - 1;
  const mids = built.map((b) => median(b.flatMap((s) => (s.player.rating === undefined ? [] : [s.player.rating]))));
  const sorted = [...newcomers].sort((a, b) => (b.rating ?? -Infinity) - (a.rating ?? -Infinity));
  for (const p of sorted) {
    let k = last;
    let why = `new to the club: starts in ${names[last]}, the bottom division`;
    if (how === "rating" && p.rating !== undefined) {
      const fit = mids.findIndex((m) => m !== undefined && m <= p.rating!);
      if (fit >= 0) {
        k = fit;
        why = `new to the club: starts in ${names[k]} by rating (${p.rating}, the division's middle rating is ${mids[k]})`;
      } else why = `new to the club: starts in ${names[last]}, the bottom division (rating ${p.rating} is below every division's middle rating)`;
    } else if (how === "rating") why = `new to the club: starts in ${names[last]}, the bottom division (no rating yet)`;
    built[k].push({ player: p, move: "new", why });
  }
}

/** Divisions left with fewer than two players join the division above (or below, for the top). */
function mergeSmall(built: SeasonPlacement[][], names: string[], renumber: boolean): Omit<NextSeason, "left"> {
  const notes: string[] = [];
  const kept: { name: string; players: SeasonPlacement[] }[] = [];
  built.forEach((players, k) => kept.push({ name: names[k], players }));
  for (let k = kept.length - 1; k >= 0 && kept.length > 1; k--) {
    const d = kept[k];
    if (d.players.length >= 2) continue;
    const into = k > 0 ? k - 1 : 1;
    const target = kept[into];
    notes.push(
      d.players.length === 0
        ? `${d.name} has no players left and is not run this season.`
        : `${d.name} would have only ${nameOf(d.players[0].player)}: a division of one has nobody to play, so ${nameOf(d.players[0].player)} joins ${target.name}.`,
    );
    if (into < k) target.players.push(...d.players);
    else target.players.unshift(...d.players);
    kept.splice(k, 1);
  }
  // default names follow the order again ("Division 3" becomes "Division 2" when 2 is not run)
  return { divisions: kept.map((d, i) => ({ number: i + 1, name: renumber ? divisionName(i + 1) : d.name, players: d.players })), notes };
}
