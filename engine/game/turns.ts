/**
 * The turns (docs/spec/rulesets.md, "Shared by all three"; seeds 000–004): a play (adjudicated;
 * a phony stands open to challenge where challenges are on), an exchange, a pass (the final pass
 * accepts a going-out play) and a challenge (Woogles/macondo semantics, macondo
 * `game/challenge.go`). Over-the-board games without recorded racks re-deal the unseen tiles so
 * the player holds what they play (`virtualDeal`).
 */
import { adjudicatePlay } from "../adjudicate";
import { draw, isBagFace, removeTiles, returnTiles, exchange as bagExchange } from "../bag";
import { alwaysRefused, CHALLENGE_SEMANTICS, coreFace, phonyScore } from "../challenge";
import type { Direction } from "../board";
import type { Ruling } from "../ruling";
import { overlayExtra, overlayOwner, type Placement } from "../play";
import { BLANK, joinBrackets, normaliseFace, splitBrackets, type Face } from "../tiles";
import type { ChallengeEvent, ExchangeEvent, PassEvent, PlayEvent } from "./events";
import { advance, boardPlacements, challengesAllowed, copy, decide, fail, isInt, isObj, ok, type BoardTile, type GameState, type R } from "./state";

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

/** What the adjudicator ruled on a play, all a fold needs to apply it again without ruling
 * (`foldCommitted`, ./game.ts): the score it counts (a phony's included), whether it was valid,
 * and the direction of its main line. */
export interface PlayVerdict {
  score: number;
  valid: boolean;
  main: Direction;
}

/** A play. `io.given`: a verdict ruled on this very play before (trusted: the adjudicator is not
 * asked); `io.ruled` receives the verdict this call ruled or was given. */
export function play(s00: GameState, e: PlayEvent, p: number, io?: { given?: PlayVerdict; ruled?: PlayVerdict }): R {
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
  const given = io?.given;
  // trusted: the ruling's details are not kept (a pending play's `ruling` is never shown), only the verdict
  const ruling: Ruling = given ? { valid: given.valid, kind: null, score: given.score, lines: [], bonuses: [], violations: [] } : adjudicatePlay(rs, board, placements, { rack, firstPlay: board.length === 0 });
  let score = ruling.score;
  if (!ruling.valid && !given) {
    if (!challengesAllowed(s0) || alwaysRefused(ruling)) {
      const why = ruling.violations.map((v) => v.message).join("; ");
      return fail("INVALID_PLAY", `the play is not valid: ${why}`, ruling);
    }
    score = phonyScore(rs, board, placements, ruling);
  }
  const s = copy(s0);
  const main = given ? given.main : (ruling.lines.find((l) => l.main)?.direction ?? "across");
  if (io) io.ruled = { score, valid: ruling.valid, main };
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

export function exchangeTurn(s0: GameState, e: ExchangeEvent, p: number): R {
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

export function passTurn(s0: GameState, e: PassEvent, p: number): R {
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

export function challenge(s0: GameState, e: ChallengeEvent, c: number): R {
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
