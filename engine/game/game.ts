/**
 * Games as event logs (docs/conventions.md, principle 6): a game is its list of events; its state
 * is derived by `replay`, which returns the longest valid prefix and the first error and never throws.
 * `applyEvent(state, event)` is the single transition; every state (challenge window, waiting for
 * the final pass, clock paused, settling the end) follows from persisted events only.
 *
 * Rules: docs/spec/rulesets.md ("Shared by all three", each game's End, Clocks); seeds 000–004
 * (turns: play, exchange, pass; end of game); Woogles/macondo clock and challenge semantics
 * (liwords `pkg/gameplay/end.go`, macondo `game/challenge.go`). Decisions are listed in
 * docs/game-state.md.
 *
 * Life of a game: `start` → turns (`play`, `exchange`, `pass`, `challenge`, `pause`/`resume`)
 * → the game is decided (going out, successive passes, scoreless-turn limit, `resign`, `timeout`,
 * or `director-end`: a tournament director entered the result)
 * → phase "finishing": the rack settlement is already applied; the server appends the
 * `time-penalty`/`time-bonus` events `closingEvents()` lists and `end` → phase "over".
 */
import { adjudicatePlay } from "../adjudicate";
import { draw, isBagFace, newBag, removeTiles, returnTiles, exchange as bagExchange, type Bag } from "../bag";
import { alwaysRefused, CHALLENGE_SEMANTICS, coreFace, isGameChallengeRule, phonyScore, type GameChallengeRule } from "../challenge";
import * as C from "../clock";
import type { Clock, Ms, TimeControl } from "../clock";
import type { Direction } from "../board";
import { overlayExtra, overlayOwner, plainPlacement, type Placement } from "../play";
import { getRuleset, isRulesetId, parseRulesetOptions, RULESET_DATA, type Result, type Ruleset } from "../ruleset";
import type { Ruling } from "../ruling";
import { BLANK, joinBrackets, normaliseFace, splitBrackets, type Face } from "../tiles";
import { EVENT_TYPES, type ChallengeEvent, type EndEvent, type ExchangeEvent, type GameEvent, type PassEvent, type PlayEvent, type PlayerRef, type StartEvent, type TimeBonusEvent, type TimePenaltyEvent } from "./events";

// ---------------------------------------------------------------------------------------------
// Errors

export const GAME_ERROR_CODES = [
  "BAD_EVENT", // not an event of the expected shape
  "NOT_STARTED", // the first event must be `start`
  "ALREADY_STARTED", // a second `start`
  "BAD_START", // start: bad players, seed, options or time control
  "GAME_OVER", // the game has ended (or is settling: only time events and `end` may follow)
  "NOT_FINISHED", // a time event or `end` before the game was decided
  "TIME_TRAVEL", // `at` earlier than the previous event
  "UNKNOWN_PLAYER", // a player id not in the game
  "NOT_YOUR_TURN", // a turn by a player not on move
  "PAUSED", // a move while the clock is paused
  "NOT_PAUSED", // `resume` while not paused
  "INVALID_PLAY", // the adjudicator refuses the play (see `ruling`)
  "NOT_IN_RACK", // exchange tiles not on the rack
  "BAG_TOO_SMALL", // exchange with too few tiles in the bag
  "FINAL_PASS_REQUIRED", // after a going-out play only `challenge` or `pass` may follow
  "NO_PLAY_TO_CHALLENGE", // no play is open to challenge
  "CHALLENGE_NOT_ALLOWED", // challenges are off (void rule, or challengeMode false)
  "CANNOT_CHALLENGE_OWN_PLAY",
  "TIME_EXPIRED", // the player on move is past the maximum overtime: record a `timeout`
  "MOVE_TIME_EXCEEDED", // the per-move limit ran out: only a (forfeit) pass is accepted
  "NO_CLOCK", // a clock event in an untimed game
  "NOT_FLAGGED", // `timeout` for a player whose time has not run out
  "WRONG_TIME_EVENT", // a time-penalty/bonus that is not the one due (see closingEvents)
  "CLOSING_INCOMPLETE", // `end` before the due time events
] as const;
export type GameErrorCode = (typeof GAME_ERROR_CODES)[number];

export interface GameError {
  code: GameErrorCode;
  message: string;
  /** INVALID_PLAY: the adjudicator's ruling */
  ruling?: Ruling;
}

// ---------------------------------------------------------------------------------------------
// State

export interface GameOptions {
  challengeRule: GameChallengeRule;
  challengeMode: boolean;
  maxScorelessTurns: number | null;
  /** set (true) only for over-the-board games without recorded racks (StartEvent.virtualRacks) */
  virtualRacks?: true;
}

/** A tile on the board, with who placed it and in which turn (move number). */
export interface BoardTile extends Placement {
  player: number;
  move: number;
}

/** The last play, open to challenge until the player on move acts. */
export interface PendingPlay {
  player: number;
  placements: Placement[];
  score: number;
  /** the adjudicator's verdict — secret until challenged (views never show it) */
  valid: boolean;
  ruling: Ruling;
  /** emptied the rack with the bag empty: the game ends when the window closes */
  goesOut: boolean;
  /** to take the play back */
  boardBefore: BoardTile[];
  rackBefore: Face[];
  drawn: Face[];
  scorelessBefore: number;
  passesBefore: number;
}

export const END_REASONS = ["out", "passes", "scoreless", "resign", "timeout", "director"] as const;
export type EndReason = (typeof END_REASONS)[number];

export interface GameEnd {
  reason: EndReason;
  /** out: who went out; resign/timeout: who lost */
  player: number | null;
  at: Ms;
  /** rack settlement applied to each score (docs/spec/rulesets.md, each game's End) */
  rackSettlement: number[];
  /** recorded time events (negative: penalty) */
  timePenalties: number[];
  timeBonuses: number[];
  /** set by `end`: the winners (several on a tie for the highest score; none when a director
   * ended the game: the tournament holds that result) */
  winners: number[] | null;
}

export const PHASES = ["playing", "finishing", "over"] as const;
export type Phase = (typeof PHASES)[number];

export interface GameState {
  ruleset: Ruleset;
  options: GameOptions;
  players: PlayerRef[];
  seed: string;
  timeControl: TimeControl | null;
  clock: Clock | null;
  startedAt: Ms;
  lastAt: Ms;
  /** events applied, `start` included */
  eventCount: number;
  phase: Phase;
  paused: boolean;
  board: BoardTile[];
  bag: Bag;
  racks: Face[][];
  scores: number[];
  /** index of the player on move */
  turn: number;
  /** turns taken (plays, exchanges, passes, lost turns) */
  moveNumber: number;
  scorelessTurns: number;
  consecutivePasses: number;
  /** turns each player must skip (double challenge rule, challenger not on move) */
  lostTurns: number[];
  pending: PendingPlay | null;
  end: GameEnd | null;
}

type R = Result<GameState, GameError>;
const fail = (code: GameErrorCode, message: string, ruling?: Ruling): R => ({ ok: false, error: ruling ? { code, message, ruling } : { code, message } });
const ok = (value: GameState): R => ({ ok: true, value });

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
const isInt = (x: unknown): x is number => typeof x === "number" && Number.isSafeInteger(x);
const PLAYER_ID = /^[^\s:;#@>]{1,64}$/;

// ---------------------------------------------------------------------------------------------
// Start

function rackPoints(rs: Ruleset, rack: readonly Face[]): number {
  return rack.reduce((s, f) => s + (f === BLANK ? 0 : (rs.tileByFace.get(f)?.points ?? 0)), 0);
}

function digitFaces(rack: readonly Face[]): number {
  return rack.reduce((s, f) => s + (/^\d+$/.test(f) ? Number(f) : 0), 0);
}

/** The resolved options of a start event (ruleset options + game options), or an error. */
export function resolveStart(e: StartEvent): Result<{ ruleset: Ruleset; options: GameOptions; timeControl: TimeControl | null }, string> {
  if (!isRulesetId(e.ruleset)) return { ok: false, error: `unknown ruleset "${String(e.ruleset)}"` };
  const data = RULESET_DATA[e.ruleset];
  const ro = parseRulesetOptions(data, e.options);
  if (!ro.ok) return ro;
  const ruleset = getRuleset(e.ruleset, e.options === undefined ? undefined : ro.value);
  const rule = e.challengeRule ?? ro.value.challenge;
  if (!isGameChallengeRule(rule)) return { ok: false, error: `challengeRule must be one of void, retry, single, double, 5-point, 10-point` };
  if (e.challengeMode !== undefined && typeof e.challengeMode !== "boolean") return { ok: false, error: "challengeMode must be true or false" };
  const m = e.maxScorelessTurns;
  if (m !== undefined && m !== null && (!isInt(m) || m < 1)) return { ok: false, error: "maxScorelessTurns must be a positive integer or null" };
  if (e.virtualRacks !== undefined && typeof e.virtualRacks !== "boolean") return { ok: false, error: "virtualRacks must be true or false" };
  const options: GameOptions = { challengeRule: rule, challengeMode: e.challengeMode === true, maxScorelessTurns: m ?? null };
  if (e.virtualRacks === true) options.virtualRacks = true;
  let timeControl: TimeControl | null = null;
  if (e.timeControl !== undefined && e.timeControl !== null) {
    const tc = C.parseTimeControl(e.timeControl);
    if (!tc.ok) return tc;
    timeControl = tc.value;
  }
  return {
    ok: true,
    value: { ruleset, options, timeControl },
  };
}

function start(e: StartEvent): R {
  const r = resolveStart(e);
  if (!r.ok) return fail("BAD_START", r.error);
  const { ruleset, options, timeControl } = r.value;
  if (!Array.isArray(e.players)) return fail("BAD_START", "players must be an array");
  const n = e.players.length;
  if (n < ruleset.minPlayers || n > ruleset.maxPlayers) return fail("BAD_START", `${ruleset.name} is for ${ruleset.minPlayers}–${ruleset.maxPlayers} players, not ${n}`);
  const ids = new Set<string>();
  for (const p of e.players) {
    if (!isObj(p) || typeof p.id !== "string" || !PLAYER_ID.test(p.id)) return fail("BAD_START", "each player needs an id of 1–64 characters without spaces or : ; # @ >");
    if (p.name !== undefined && (typeof p.name !== "string" || p.name.length > 100 || /[\r\n]/.test(p.name))) return fail("BAD_START", "a player name is one line of at most 100 characters");
    if (ids.has(p.id)) return fail("BAD_START", `player "${p.id}" appears twice`);
    ids.add(p.id);
  }
  if (typeof e.seed !== "string" || e.seed.length === 0 || e.seed.length > 200 || /[\r\n]/.test(e.seed)) return fail("BAD_START", "seed must be a one-line string of 1–200 characters");
  let bag = newBag(ruleset, e.seed);
  const racks: Face[][] = [];
  for (let i = 0; i < n; i++) {
    const d = draw(bag, ruleset.rackSize);
    bag = d.bag;
    racks.push(d.drawn);
  }
  return ok({
    ruleset,
    options,
    players: e.players.map((p) => (p.name === undefined ? { id: p.id } : { id: p.id, name: p.name })),
    seed: e.seed,
    timeControl,
    clock: timeControl ? C.startClock(timeControl, n, 0, e.at) : null,
    startedAt: e.at,
    lastAt: e.at,
    eventCount: 1,
    phase: "playing",
    paused: false,
    board: [],
    bag,
    racks,
    scores: racks.map(() => 0),
    turn: 0,
    moveNumber: 0,
    scorelessTurns: 0,
    consecutivePasses: 0,
    lostTurns: racks.map(() => 0),
    pending: null,
    end: null,
  });
}

// ---------------------------------------------------------------------------------------------
// Helpers

function copy(s: GameState): GameState {
  return { ...s, racks: s.racks.map((r) => r.slice()), scores: s.scores.slice(), lostTurns: s.lostTurns.slice() };
}

function playerIndex(s: GameState, id: unknown): number {
  return typeof id === "string" ? s.players.findIndex((p) => p.id === id) : -1;
}

/** The next player on move after `from`, skipping (and consuming) lost turns. Mutates s. */
function advance(s: GameState, from: number): void {
  const n = s.players.length;
  let i = (from + 1) % n;
  for (let k = 0; k < n && s.lostTurns[i] > 0; k++) {
    s.lostTurns[i]--;
    s.scorelessTurns++;
    s.moveNumber++;
    i = (i + 1) % n;
  }
  s.turn = i;
}

/** Decide the game: apply the rack settlement, stop the clock. Mutates s. */
function decide(s: GameState, reason: EndReason, player: number | null, at: Ms): void {
  const rs = s.ruleset;
  const n = s.players.length;
  const settle = new Array<number>(n).fill(0);
  if (reason === "out" && player !== null) {
    for (let i = 0; i < n; i++) {
      if (i === player) continue;
      const pts = rackPoints(rs, s.racks[i]);
      if (rs.options.endSettlement === "transfer") settle[player] += pts;
      if (rs.options.endSettlement === "digit-faces") settle[player] += digitFaces(s.racks[i]);
      settle[i] -= pts;
    }
  } else if (reason === "passes" || reason === "scoreless") {
    for (let i = 0; i < n; i++) settle[i] -= rackPoints(rs, s.racks[i]);
  }
  for (let i = 0; i < n; i++) s.scores[i] += settle[i];
  s.phase = "finishing";
  s.pending = null;
  s.paused = false;
  if (s.clock) s.clock = C.stop({ ...s.clock, paused: false, since: s.clock.paused ? at : s.clock.since }, at);
  s.end = { reason, player, at, rackSettlement: settle, timePenalties: settle.map(() => 0), timeBonuses: settle.map(() => 0), winners: null };
}

function checkEndByCounters(s: GameState, at: Ms): void {
  if (s.phase !== "playing" || s.pending) return;
  if (s.consecutivePasses >= s.players.length) decide(s, "passes", null, at);
  else if (s.options.maxScorelessTurns !== null && s.scorelessTurns >= s.options.maxScorelessTurns) decide(s, "scoreless", null, at);
}

function parsePlacements(raw: unknown): Placement[] | null {
  if (!Array.isArray(raw)) return null;
  const out: Placement[] = [];
  for (const t of raw) {
    if (!isObj(t) || !isInt(t.row) || !isInt(t.col) || typeof t.tile !== "string") return null;
    if (t.blank !== undefined && typeof t.blank !== "boolean") return null;
    if (t.brackets !== undefined && t.brackets !== "across" && t.brackets !== "down") return null;
    const p: Placement = { row: t.row, col: t.col, tile: t.tile };
    if (t.blank === true) p.blank = true;
    if (t.brackets !== undefined) p.brackets = t.brackets as Direction;
    out.push(p);
  }
  return out;
}

const boardPlacements = (s: GameState): Placement[] => s.board.map(plainPlacement);

/** Whether challenges can happen in this game. */
export function challengesAllowed(s: Pick<GameState, "options">): boolean {
  return s.options.challengeMode && CHALLENGE_SEMANTICS[s.options.challengeRule].challengeable;
}

// ---------------------------------------------------------------------------------------------
// Virtual racks (over-the-board games whose racks nobody records)

/**
 * Re-deal the unseen tiles (bag + every rack) so that player p's rack holds `want` (bag faces,
 * "?" for a blank), every rack keeps its size and the bag keeps its size and its order for the
 * tiles it still holds. Deterministic (so replay gives the same state). Null when the unseen
 * tiles do not hold `want` or p's rack is too small — the play is then refused as NOT_IN_RACK.
 * Only the counts are real in such a game: which unseen tile sits on which rack is not.
 */
export function virtualDeal(s: GameState, p: number, want: readonly Face[]): GameState | null {
  if (want.length > s.racks[p].length) return null;
  const racks = s.racks.map((r) => r.slice());
  const bag = s.bag.tiles.slice();
  const mine = racks[p];
  for (const f of new Set(want)) {
    while (countOf(mine, f) < countOf(want, f)) {
      // swap one `f` from the bag (else another rack) with a tile of p's rack that is not needed
      const spare = mine.findIndex((x) => countOf(mine, x) > countOf(want, x));
      if (spare < 0) return null;
      const b = bag.indexOf(f);
      if (b >= 0) {
        bag[b] = mine[spare];
        mine[spare] = f;
        continue;
      }
      const q = racks.findIndex((r, i) => i !== p && r.includes(f));
      if (q < 0) return null;
      racks[q][racks[q].indexOf(f)] = mine[spare];
      mine[spare] = f;
    }
  }
  return { ...s, racks, bag: { ...s.bag, tiles: bag } };
}

function countOf(xs: readonly Face[], f: Face): number {
  let n = 0;
  for (const x of xs) if (x === f) n++;
  return n;
}

/** The bag faces a play takes off the rack ("?" for blanks). */
function rackFacesOf(s: GameState, placements: readonly Placement[]): Face[] {
  const rs = s.ruleset;
  const occupied = new Set(s.board.map((t) => t.row * rs.layout.size + t.col));
  const out: Face[] = [];
  for (const pl of placements) {
    if (occupied.has(pl.row * rs.layout.size + pl.col)) continue;
    const core = coreFace(rs, normaliseFace(pl.tile));
    if (pl.blank) out.push(BLANK);
    else if (isBagFace(rs, core)) out.push(core);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Turns

function play(s00: GameState, e: PlayEvent, p: number): R {
  const rs = s00.ruleset;
  const placements = parsePlacements(e.placements);
  if (!placements) return fail("BAD_EVENT", "placements must be an array of {row, col, tile, blank?}");
  let s0 = s00;
  if (s00.options.virtualRacks) {
    const dealt = virtualDeal(s00, p, rackFacesOf(s00, placements));
    if (!dealt) {
      const n = s00.racks[p].length;
      return fail("NOT_IN_RACK", `the play needs tiles the player cannot hold: ${n} on the rack, and only the unseen tiles can be played`);
    }
    s0 = dealt;
  }
  const board = boardPlacements(s0);
  const rack = s0.racks[p];
  const ruling = adjudicatePlay(rs, board, placements, { rack, firstPlay: board.length === 0 });
  let score = ruling.score;
  if (!ruling.valid) {
    if (!challengesAllowed(s0) || alwaysRefused(ruling)) {
      const why = ruling.violations.map((v) => v.message).join("; ");
      return fail("INVALID_PLAY", `the play is not valid: ${why}`, ruling);
    }
    score = phonyScore(rs, board, placements, ruling);
  }
  const s = copy(s0);
  const main = ruling.lines.find((l) => l.main)?.direction ?? "across";
  const occupied = new Map<number, number>();
  s.board = s0.board.slice();
  s.board.forEach((t, i) => occupied.set(t.row * rs.layout.size + t.col, i));
  const used: Face[] = [];
  for (const pl of placements) {
    const face = normaliseFace(pl.tile);
    const at = occupied.get(pl.row * rs.layout.size + pl.col);
    if (at !== undefined) {
      // 'SMATH bracket overlay on a board tile: merge the brackets (engine/play.ts semantics).
      const old = s.board[at];
      const o = splitBrackets(old.tile);
      const nw = splitBrackets(face);
      if (o && nw) {
        // each bracket keeps the line it was played in: the old ones theirs, the added ones `main`
        const extra = overlayExtra(o, nw);
        const merged = { open: o.open + extra.open, core: o.core, close: o.close + extra.close };
        const { brackets: _b, bracketLines: _l, ...rest } = old;
        s.board[at] = { ...rest, tile: joinBrackets(merged), ...overlayOwner(o, old, extra, main) };
      }
      continue;
    }
    const t: BoardTile = { row: pl.row, col: pl.col, tile: face, player: p, move: s0.moveNumber };
    if (pl.blank) t.blank = true;
    if (rs.grammar.brackets && face !== coreFace(rs, face)) t.brackets = main;
    s.board.push(t);
    occupied.set(pl.row * rs.layout.size + pl.col, s.board.length - 1);
    const core = coreFace(rs, face);
    if (pl.blank) used.push(BLANK);
    else if (isBagFace(rs, core)) used.push(core);
  }
  const left = removeTiles(rack, used);
  if (!left) return fail("NOT_IN_RACK", "the play cannot be drawn from the rack", ruling);
  const d = draw(s.bag, rs.rackSize - left.length);
  s.bag = d.bag;
  s.racks[p] = [...left, ...d.drawn];
  s.scores[p] += score;
  const scorelessBefore = s0.scorelessTurns;
  const passesBefore = s0.consecutivePasses;
  s.scorelessTurns = score === 0 ? s0.scorelessTurns + 1 : 0;
  s.consecutivePasses = 0;
  const goesOut = s.racks[p].length === 0;
  s.moveNumber++;
  advance(s, p);
  if (challengesAllowed(s0)) {
    s.pending = {
      player: p,
      placements,
      score,
      valid: ruling.valid,
      ruling,
      goesOut,
      boardBefore: s0.board,
      rackBefore: rack.slice(),
      drawn: d.drawn,
      scorelessBefore,
      passesBefore,
    };
  } else {
    s.pending = null;
    if (goesOut) decide(s, "out", p, e.at);
  }
  return ok(s);
}

function exchangeTurn(s0: GameState, e: ExchangeEvent, p: number): R {
  const rs = s0.ruleset;
  if (!Array.isArray(e.tiles) || e.tiles.length === 0 || !e.tiles.every((t) => typeof t === "string")) {
    return fail("BAD_EVENT", "tiles must be a non-empty array of faces");
  }
  const tiles = e.tiles.map((t) => (t === BLANK ? BLANK : normaliseFace(t)));
  if (s0.options.virtualRacks) {
    const dealt = virtualDeal(s0, p, tiles);
    if (!dealt) return fail("NOT_IN_RACK", `the rack holds ${s0.racks[p].length} tiles`);
    s0 = dealt;
  }
  const need = rs.options.exchangeMinimum === "rack-size" ? rs.rackSize : tiles.length;
  if (s0.bag.tiles.length < need) {
    return fail("BAG_TOO_SMALL", `an exchange needs at least ${need} tiles in the bag; it holds ${s0.bag.tiles.length}`);
  }
  const left = removeTiles(s0.racks[p], tiles);
  if (!left) return fail("NOT_IN_RACK", `the rack does not hold ${tiles.join(" ")}`);
  const s = copy(s0);
  const x = bagExchange(s.bag, tiles);
  s.bag = x.bag;
  s.racks[p] = [...left, ...x.drawn];
  s.pending = null;
  s.scorelessTurns++;
  s.consecutivePasses = 0;
  s.moveNumber++;
  advance(s, p);
  return ok(s);
}

function passTurn(s0: GameState, e: PassEvent, p: number): R {
  if (e.forfeit !== undefined && typeof e.forfeit !== "boolean") return fail("BAD_EVENT", "forfeit must be true or false");
  const s = copy(s0);
  if (s0.pending?.goesOut) {
    // The final pass: accepts the going-out play; not a turn of its own.
    decide(s, "out", s0.pending.player, e.at);
    return ok(s);
  }
  s.pending = null;
  s.consecutivePasses++;
  s.scorelessTurns++;
  s.moveNumber++;
  advance(s, p);
  return ok(s);
}

function challenge(s0: GameState, e: ChallengeEvent, c: number): R {
  const pend = s0.pending;
  if (!challengesAllowed(s0)) return fail("CHALLENGE_NOT_ALLOWED", "challenges are not part of this game");
  if (!pend) return fail("NO_PLAY_TO_CHALLENGE", "there is no play to challenge");
  if (pend.player === c) return fail("CANNOT_CHALLENGE_OWN_PLAY", "a player cannot challenge their own play");
  const sem = CHALLENGE_SEMANTICS[s0.options.challengeRule];
  const s = copy(s0);
  s.pending = null;
  if (pend.valid) {
    // The challenge fails: the play stands.
    s.scores[pend.player] += sem.failedBonus;
    if (pend.goesOut) {
      decide(s, "out", pend.player, e.at);
      return ok(s);
    }
    if (sem.failedLosesTurn) {
      if (c === s.turn) {
        s.scorelessTurns++;
        s.consecutivePasses = 0;
        s.moveNumber++;
        advance(s, c);
      } else {
        s.lostTurns[c]++;
      }
    }
  } else {
    // The challenge succeeds: the play comes off, drawn tiles go back, the bag is reshuffled.
    s.board = pend.boardBefore;
    s.scores[pend.player] -= pend.score;
    s.racks[pend.player] = pend.rackBefore.slice();
    s.bag = returnTiles(s.bag, pend.drawn);
    if (sem.onInvalid === "retry") {
      s.scorelessTurns = pend.scorelessBefore;
      s.consecutivePasses = pend.passesBefore;
      s.moveNumber--;
      s.turn = pend.player;
    } else {
      s.scorelessTurns = pend.scorelessBefore + 1;
      s.consecutivePasses = 0;
    }
  }
  return ok(s);
}

// ---------------------------------------------------------------------------------------------
// Closing

/** The time events due when a game is decided (Woogles: penalties computed at the end from each
 * player's overtime; a time loss charges the full maximum) — penalties first, then the bonus. */
export function dueTimeEvents(s: GameState): Array<TimePenaltyEvent | TimeBonusEvent> {
  if (!s.clock || !s.end) return [];
  const c = s.clock;
  const at = s.end.at;
  const out: Array<TimePenaltyEvent | TimeBonusEvent> = [];
  if (s.end.reason === "director") return out; // the director's result already says everything
  s.players.forEach((pl, i) => {
    let ot = C.overtimeMs(c, i, at);
    if (s.end!.reason === "timeout" && s.end!.player === i) ot = Math.max(ot, c.tc.maxOvertimeMs);
    const points = C.overtimePenalty(c.tc, ot);
    if (points > 0) out.push({ type: "time-penalty", at, player: pl.id, points, overtimeMs: Math.min(ot, c.tc.maxOvertimeMs) });
  });
  if (s.end.reason !== "resign" && s.end.reason !== "timeout") {
    C.leastTimeBonus(c.tc, C.usedTotals(c, at)).forEach((points, i) => {
      if (points > 0) out.push({ type: "time-bonus", at, player: s.players[i].id, points });
    });
  }
  return out;
}

/** Events the server appends once a game is decided (phase "finishing"): the time events still
 * due, then `end`. `at` defaults to the moment the game was decided. */
export function closingEvents(s: GameState, at?: Ms): GameEvent[] {
  if (s.phase !== "finishing" || !s.end) return [];
  const t = Math.max(at ?? s.end.at, s.lastAt);
  return [...dueTimeEvents(s).slice(recorded(s)).map((x) => ({ ...x, at: t })), { type: "end", at: t }];
}

/**
 * The next event the server owes at `now` (docs/matches.md "Clocks"): once the game is decided,
 * the first of `closingEvents`; while it is played, a timeout when the player on move passed the
 * maximum overtime, or a forfeit pass when the per-move limit ran out (whichever came first).
 * Each is stamped with the moment it became due, never before the last event. Apply it and ask
 * again: each may make the next one due. Null when nothing is owed.
 */
export function nextDueEvent(s: GameState, now: Ms): GameEvent | null {
  if (s.phase === "finishing") return closingEvents(s)[0] ?? null;
  if (s.phase !== "playing" || !s.clock || s.paused || s.clock.running === null) return null;
  const c = s.clock;
  const flag = C.flagAt(c);
  const deadline = C.moveDeadline(c);
  const flagDue = flag !== null && now > flag;
  const moveDue = deadline !== null && now > deadline;
  if (flagDue && (!moveDue || flag! + 1 <= deadline!)) {
    return { type: "timeout", at: Math.max(s.lastAt, Math.min(now, flag! + 1)), player: s.players[s.turn].id };
  }
  if (moveDue) return { type: "pass", at: Math.max(s.lastAt, Math.min(now, deadline!)), player: s.players[s.turn].id, forfeit: true };
  return null;
}

function recorded(s: GameState): number {
  const e = s.end!;
  return e.timePenalties.filter((x) => x !== 0).length + e.timeBonuses.filter((x) => x !== 0).length;
}

function timeEvent(s0: GameState, e: TimePenaltyEvent | TimeBonusEvent): R {
  if (!s0.clock) return fail("NO_CLOCK", "this game has no clock");
  const due = dueTimeEvents(s0)[recorded(s0)];
  const matches =
    due !== undefined &&
    due.type === e.type &&
    due.player === e.player &&
    due.points === e.points &&
    (e.type === "time-bonus" || (due as TimePenaltyEvent).overtimeMs === (e as TimePenaltyEvent).overtimeMs);
  if (!matches) {
    const want = due ? `${due.type} ${due.player} ${due.points}` : "no further time event";
    return fail("WRONG_TIME_EVENT", `the clock calls for ${want}`);
  }
  const s = copy(s0);
  const i = playerIndex(s, e.player);
  const end = { ...s.end!, timePenalties: s.end!.timePenalties.slice(), timeBonuses: s.end!.timeBonuses.slice() };
  if (e.type === "time-penalty") {
    s.scores[i] -= e.points;
    end.timePenalties[i] -= e.points;
  } else {
    s.scores[i] += e.points;
    end.timeBonuses[i] += e.points;
  }
  s.end = end;
  return ok(s);
}

function endGame(s0: GameState, e: EndEvent): R {
  if (recorded(s0) < dueTimeEvents(s0).length) return fail("CLOSING_INCOMPLETE", "record the time penalties and bonus first (closingEvents)");
  const s = copy(s0);
  const end = s.end!;
  let winners: number[];
  if ((end.reason === "resign" || end.reason === "timeout") && end.player !== null) {
    winners = s.players.map((_, i) => i).filter((i) => i !== end.player);
  } else if (end.reason === "director") {
    winners = [];
  } else {
    const best = Math.max(...s.scores);
    winners = s.scores.flatMap((x, i) => (x === best ? [i] : []));
  }
  s.end = { ...end, winners };
  s.phase = "over";
  void e;
  return ok(s);
}

// ---------------------------------------------------------------------------------------------
// The transition

/** Apply one event. `state` is null before `start`. Never throws on bad input; never mutates
 * `state`. */
export function applyEvent(state: GameState | null, event: GameEvent): Result<GameState, GameError> {
  try {
    return applyUnsafe(state, event);
  } catch (err) {
    // A throw is an engine bug; the caller still gets an error, never an exception.
    return fail("BAD_EVENT", `internal error: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function applyUnsafe(state: GameState | null, event: GameEvent): R {
  if (!isObj(event) || typeof event.type !== "string" || !(EVENT_TYPES as readonly string[]).includes(event.type)) {
    return fail("BAD_EVENT", "an event is an object with a known type");
  }
  if (!isInt(event.at) || event.at < 0) return fail("BAD_EVENT", "at must be a non-negative integer (ms)");
  if (state === null) {
    if (event.type !== "start") return fail("NOT_STARTED", "the first event must be start");
    return start(event);
  }
  if (event.type === "start") return fail("ALREADY_STARTED", "the game has already started");
  if (event.at < state.lastAt) return fail("TIME_TRAVEL", `at ${event.at} is before the previous event (${state.lastAt})`);
  const r = dispatch(state, event);
  if (!r.ok) return r;
  const s = r.value;
  s.lastAt = event.at;
  s.eventCount = state.eventCount + 1;
  return r;
}

function dispatch(s: GameState, e: GameEvent): R {
  if (s.phase === "over") return fail("GAME_OVER", "the game is over");
  if (e.type === "time-penalty" || e.type === "time-bonus" || e.type === "end") {
    if (s.phase !== "finishing") return fail("NOT_FINISHED", "the game has not been decided yet");
    if (e.type === "end") return endGame(s, e);
    if (playerIndex(s, e.player) < 0) return fail("UNKNOWN_PLAYER", `no player "${String(e.player)}"`);
    if (!isInt(e.points) || (e.type === "time-penalty" && !isInt(e.overtimeMs))) return fail("BAD_EVENT", "points and overtimeMs must be integers");
    return timeEvent(s, e);
  }
  if (s.phase !== "playing") return fail("GAME_OVER", "the game has been decided: only time events and end may follow");

  if (e.type === "pause" || e.type === "resume") {
    if (e.type === "pause" && s.paused) return fail("PAUSED", "the clock is already paused");
    if (e.type === "resume" && !s.paused) return fail("NOT_PAUSED", "the clock is not paused");
    const n = copy(s);
    n.paused = e.type === "pause";
    if (n.clock) n.clock = e.type === "pause" ? C.pause(n.clock, e.at) : C.resume(n.clock, e.at);
    return ok(n);
  }

  if (e.type === "start") return fail("ALREADY_STARTED", "the game has already started");
  if (e.type === "director-end") {
    const n = copy(s);
    decide(n, "director", null, e.at);
    return ok(n);
  }
  const who = e.type === "challenge" ? e.challenger : e.player;
  const p = playerIndex(s, who);
  if (p < 0) return fail("UNKNOWN_PLAYER", `no player "${String(who)}"`);

  if (e.type === "resign") {
    const n = copy(s);
    if (n.clock && !n.paused) n.clock = C.charge(n.clock, e.at);
    decide(n, "resign", p, e.at);
    return ok(n);
  }
  if (s.paused) return fail("PAUSED", "the clock is paused for a ruling");
  const flagged = s.clock !== null && C.isFlagged(s.clock, s.turn, e.at);
  if (e.type === "timeout") {
    if (!s.clock) return fail("NO_CLOCK", "this game has no clock");
    if (p !== s.turn || !flagged) return fail("NOT_FLAGGED", `${s.players[p].id} has not run out of time`);
    const n = copy(s);
    decide(n, "timeout", p, e.at);
    return ok(n);
  }
  if (flagged) return fail("TIME_EXPIRED", `${s.players[s.turn].id} has run out of time: record a timeout`);
  if (e.type !== "challenge" && p !== s.turn) return fail("NOT_YOUR_TURN", `it is ${s.players[s.turn].id}'s turn`);
  const overMove = s.clock !== null && C.moveTimeExceeded(s.clock, e.at);
  if (overMove && e.type !== "pass") return fail("MOVE_TIME_EXCEEDED", "the time for this move has run out: only a pass is accepted");
  if (s.pending?.goesOut && e.type !== "pass" && e.type !== "challenge") {
    return fail("FINAL_PASS_REQUIRED", "the last play went out: challenge it or pass to accept it");
  }

  let r: R;
  switch (e.type) {
    case "play":
      r = play(s, e, p);
      break;
    case "exchange":
      r = exchangeTurn(s, e, p);
      break;
    case "pass":
      r = passTurn(s, e, p);
      break;
    case "challenge":
      r = challenge(s, e, p);
      break;
    default:
      return fail("BAD_EVENT", "unknown event");
  }
  if (!r.ok) return r;
  const n = r.value;
  if (n.clock && n.phase === "playing") {
    // A completed turn presses the clock (increment); a challenge only hands it over.
    n.clock = n.moveNumber > s.moveNumber ? C.press(n.clock, e.at, n.turn) : C.switchTo(n.clock, e.at, n.turn);
  }
  checkEndByCounters(n, e.at);
  return ok(n);
}

// ---------------------------------------------------------------------------------------------
// Replay

export interface ReplayResult {
  /** state after the valid prefix (null when even the start event is bad) */
  state: GameState | null;
  /** number of events applied */
  validPrefix: number;
  error?: { index: number; code: GameErrorCode; message: string; ruling?: Ruling };
}

/** Fold the log; stop at the first event that does not apply. Never throws. */
export function replay(events: readonly GameEvent[]): ReplayResult {
  let state: GameState | null = null;
  if (!Array.isArray(events)) return { state, validPrefix: 0, error: { index: 0, code: "BAD_EVENT", message: "events must be an array" } };
  for (let i = 0; i < events.length; i++) {
    const r = applyEvent(state, events[i]);
    if (!r.ok) return { state, validPrefix: i, error: { index: i, ...r.error } };
    state = r.value;
  }
  return { state, validPrefix: events.length };
}

/** Who may act now, and how (for UIs and the server's move procedures). */
export interface ToMove {
  player: number;
  canPlay: boolean;
  canExchange: boolean;
  canPass: boolean;
  /** players who may challenge the open play */
  challengers: number[];
}

export function toMove(s: GameState): ToMove | null {
  if (s.phase !== "playing" || s.paused) return null;
  const final = s.pending?.goesOut === true;
  const need = s.ruleset.options.exchangeMinimum === "rack-size" ? s.ruleset.rackSize : 1;
  return {
    player: s.turn,
    canPlay: !final,
    canExchange: !final && s.bag.tiles.length >= need && s.racks[s.turn].length > 0,
    canPass: true,
    challengers: s.pending && challengesAllowed(s) ? s.players.map((_, i) => i).filter((i) => i !== s.pending!.player) : [],
  };
}
