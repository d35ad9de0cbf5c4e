/**
 * Per-player views of a game state: what one player (or a spectator) may see. The server sends
 * only views, never a GameState (which holds the bag order, every rack, the seed and whether
 * the open play is valid). Rules: a player sees their own rack; of the others only tile counts;
 * the bag only as a count; and the unseen tally for them: the tile table minus the board minus
 * their own rack (= the other racks plus the bag). A spectator (null) sees no rack at all and the
 * unseen tally of everything not on the board.
 */
import { bagTiles } from "./bag";
import * as C from "./clock";
import type { Ms } from "./clock";
import type { BoardTile, EndReason, GameOptions, Phase, PlayerRef, GameState } from "./game";
import { challengesAllowed } from "./game";
import { coreFace } from "./challenge";
import type { RulesetId } from "./ruleset";
import { BLANK, type Face } from "./tiles";

export interface PlayerView {
  id: string;
  name?: string;
  score: number;
  rackCount: number;
  /** clock: budget left at `now` (negative: overtime); null when untimed */
  remainingMs: Ms | null;
}

export interface GameView {
  ruleset: RulesetId;
  options: GameOptions;
  /** the viewer's index, null for a spectator */
  viewer: number | null;
  /** the viewer's rack (null for a spectator) */
  rack: Face[] | null;
  players: PlayerView[];
  board: BoardTile[];
  bagCount: number;
  /** face → count not visible to the viewer (other racks + bag) */
  unseen: Record<Face, number>;
  turn: number;
  moveNumber: number;
  phase: Phase;
  paused: boolean;
  /** the open play that can be challenged (its validity is not shown) */
  pending: { player: number; score: number; goesOut: boolean } | null;
  canChallenge: boolean;
  clockRunning: number | null;
  end: { reason: EndReason; player: number | null; winners: number[] | null; rackSettlement: number[] } | null;
  /** the racks, revealed once the game is over */
  finalRacks: Face[][] | null;
}

/** The view of `state` for player `playerId`, or for a spectator when null (unknown ids are
 * spectators too). `now` drives the clock figures (defaults to the last event's time). */
export function viewFor(state: GameState, playerId: string | null, now: Ms = state.lastAt): GameView {
  const rs = state.ruleset;
  const viewer = playerId === null ? -1 : state.players.findIndex((p) => p.id === playerId);
  const v = viewer >= 0 ? viewer : null;
  const unseen: Record<Face, number> = {};
  for (const f of bagTiles(rs)) unseen[f] = (unseen[f] ?? 0) + 1;
  const take = (f: Face): void => {
    if (unseen[f] !== undefined) {
      unseen[f]--;
      if (unseen[f] === 0) delete unseen[f];
    }
  };
  for (const t of state.board) take(t.blank ? BLANK : coreFace(rs, t.tile));
  // Over the board (virtual racks) nobody's rack is known: everything off the board is unseen.
  const hidden = state.options.virtualRacks === true;
  if (v !== null && !hidden) for (const f of state.racks[v]) take(f);
  const players: PlayerView[] = state.players.map((p: PlayerRef, i) => {
    const out: PlayerView = {
      id: p.id,
      score: state.scores[i],
      rackCount: state.racks[i].length,
      remainingMs: state.clock ? C.remaining(state.clock, i, now) : null,
    };
    if (p.name !== undefined) out.name = p.name;
    return out;
  });
  return {
    ruleset: rs.id,
    options: { ...state.options },
    viewer: v,
    rack: v === null || hidden ? null : state.racks[v].slice(),
    players,
    board: state.board.map((t) => ({ ...t })),
    bagCount: state.bag.tiles.length,
    unseen,
    turn: state.turn,
    moveNumber: state.moveNumber,
    phase: state.phase,
    paused: state.paused,
    pending: state.pending ? { player: state.pending.player, score: state.pending.score, goesOut: state.pending.goesOut } : null,
    canChallenge: v !== null && state.pending !== null && state.pending.player !== v && challengesAllowed(state) && state.phase === "playing",
    clockRunning: state.clock?.running ?? null,
    end: state.end ? { reason: state.end.reason, player: state.end.player, winners: state.end.winners, rackSettlement: state.end.rackSettlement.slice() } : null,
    finalRacks: state.phase === "over" && !hidden ? state.racks.map((r) => r.slice()) : null,
  };
}
