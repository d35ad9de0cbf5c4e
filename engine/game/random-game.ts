/**
 * Random legal games, for property tests and benchmarks: from a state, pick a random action the
 * game accepts — a play found by trying random small placements from the rack next to the board
 * (checked with applyEvent), an exchange, a pass, or (in challenge mode) a challenge or a phony —
 * until the game is over. Deterministic for a given seed (uses engine/random.ts).
 */
import { applyEvent, closingEvents, type GameEvent, type GameState, type StartEvent } from "./index";
import { createRng, type Rng } from "../random";
import type { Placement } from "../play";
import type { Face } from "../tiles";

function candidatePlay(s: GameState, rng: Rng): Placement[] {
  const rs = s.ruleset;
  const rack = s.racks[s.turn];
  const size = rs.layout.size;
  const taken = new Set(s.board.map((t) => t.row * size + t.col));
  let anchor: [number, number];
  if (s.board.length === 0) anchor = [rs.layout.start[0], rs.layout.start[1]];
  else {
    const t = s.board[rng.below(s.board.length)];
    const dirs: Array<[number, number]> = [[-1, 0], [1, 0], [0, -1], [0, 1]];
    const [dr, dc] = dirs[rng.below(4)];
    anchor = [t.row + dr, t.col + dc];
  }
  const down = rng.below(2) === 1;
  const n = 1 + rng.below(3);
  const shift = s.board.length === 0 ? rng.below(n) : 0;
  const faces: Face[] = [];
  const pool = rack.slice();
  const out: Placement[] = [];
  for (let k = 0; k < n; k++) {
    const r = anchor[0] + (down ? k - shift : 0);
    const c = anchor[1] + (down ? 0 : k - shift);
    if (taken.has(r * size + c)) continue;
    let face: Face;
    let blank = false;
    // Sometimes an unlimited `=` (Equate, 'SMATH), else a rack tile.
    const eq = rs.tileByFace.get("=");
    if (eq?.unlimited && rng.below(3) === 0) face = "=";
    else {
      if (pool.length === 0) break;
      face = pool.splice(rng.below(pool.length), 1)[0];
      if (face === "?") {
        const choices = rs.tiles.filter((t) => t.inBag && !t.unlimited && t.face !== "?" && t.face !== "=");
        face = choices[rng.below(choices.length)].face;
        blank = true;
      }
    }
    faces.push(face);
    const p: Placement = { row: r, col: c, tile: face };
    if (blank) p.blank = true;
    out.push(p);
  }
  return out;
}

export interface RandomGameOptions {
  /** max events after start */
  maxEvents?: number;
  /** tries to find a play per turn */
  tries?: number;
  /** ms between events */
  stepMs?: number;
}

/** Play a random game from `start`; returns every event applied and the final state. */
export function randomGame(start: StartEvent, seed: string, o: RandomGameOptions = {}): { events: GameEvent[]; state: GameState } {
  const rng = createRng(seed);
  const events: GameEvent[] = [start];
  const first = applyEvent(null, start);
  if (!first.ok) throw new Error(`bad start: ${first.error.message}`);
  let s = first.value;
  let at = start.at;
  const maxEvents = o.maxEvents ?? 400;
  const step = (): number => (at += o.stepMs ?? 1000 + rng.below(20000));
  const push = (e: GameEvent): boolean => {
    const r = applyEvent(s, e);
    if (!r.ok) return false;
    s = r.value;
    events.push(e);
    return true;
  };
  for (let k = 0; k < maxEvents && s.phase !== "over"; k++) {
    if (s.phase === "finishing") {
      for (const e of closingEvents(s, step())) push(e);
      continue;
    }
    const me = s.players[s.turn].id;
    if (s.pending && rng.below(3) === 0) {
      const challenger = s.players.map((p) => p.id).filter((id) => id !== s.players[s.pending!.player].id);
      if (push({ type: "challenge", at: step(), challenger: challenger[rng.below(challenger.length)] })) continue;
    }
    const roll = rng.below(20);
    if (roll < 16) {
      let played = false;
      for (let t = 0; t < (o.tries ?? 40) && !played; t++) {
        const ps = candidatePlay(s, rng);
        if (ps.length) played = push({ type: "play", at: step(), player: me, placements: ps });
      }
      if (played) continue;
    }
    if (roll < 19 && s.racks[s.turn].length) {
      const rack = s.racks[s.turn].slice();
      const n = 1 + rng.below(rack.length);
      const tiles: Face[] = [];
      for (let i = 0; i < n; i++) tiles.push(rack.splice(rng.below(rack.length), 1)[0]);
      if (push({ type: "exchange", at: step(), player: me, tiles })) continue;
    }
    push({ type: "pass", at: step(), player: me });
  }
  return { events, state: s };
}
