/**
 * A game's public view (what a spectator sees: no rack, nothing anyone may do, the clocks at
 * `now`), built from a folded state alone. Pure, so the server's views (views.ts) and the
 * scorekeeper station offline (app/_offline/station.ts, from the moves queued on the device) show
 * a game the same way.
 */
import { clock as C, viewFor, type GameState } from "@/engine";
import type { SheetEntry } from "./match-fold";

export interface GameViewOut {
  /** the viewer's own rack; null for spectators */
  rack: string[] | null;
  board: { row: number; col: number; tile: string; blank: boolean; player: number; move: number }[];
  bagCount: number;
  unseen: { face: string; count: number }[];
  turn: number;
  moveNumber: number;
  phase: "playing" | "finishing" | "over";
  paused: boolean;
  pending: { seat: number; score: number; goesOut: boolean } | null;
  /** what the viewer may do now */
  can: { play: boolean; exchange: boolean; pass: boolean; challenge: boolean; resign: boolean };
  clock: { running: number | null; flagAt: number | null; moveDeadline: number | null } | null;
  end: { reason: string; seat: number | null; winners: number[]; rackSettlement: number[]; timePenalties: number[]; timeBonuses: number[] } | null;
  sheet: SheetEntry[];
}

export const NOBODY_CAN = { play: false, exchange: false, pass: false, challenge: false, resign: false };

/** Each seat's public figures and the public game at `now` (never before the last event). */
export function publicGame(s: GameState, sheet: SheetEntry[], now: number) {
  const v = viewFor(s, null, Math.max(now, s.lastAt));
  const players = v.players.map((p) => ({ id: p.id, name: p.name, score: p.score, rackCount: p.rackCount, remainingMs: p.remainingMs }));
  const game: GameViewOut = {
    rack: null,
    board: v.board.map((t) => ({ row: t.row, col: t.col, tile: t.tile, blank: t.blank === true, player: t.player, move: t.move })),
    bagCount: v.bagCount,
    unseen: Object.entries(v.unseen).map(([face, count]) => ({ face, count })),
    turn: v.turn,
    moveNumber: v.moveNumber,
    phase: v.phase,
    paused: v.paused,
    pending: v.pending ? { seat: v.pending.player, score: v.pending.score, goesOut: v.pending.goesOut } : null,
    can: NOBODY_CAN,
    clock: s.clock ? { running: s.clock.running, flagAt: C.flagAt(s.clock), moveDeadline: C.moveDeadline(s.clock) } : null,
    end: s.end
      ? {
          reason: s.end.reason,
          seat: s.end.player,
          winners: s.end.winners ?? [],
          rackSettlement: s.end.rackSettlement.slice(),
          timePenalties: s.end.timePenalties.slice(),
          timeBonuses: s.end.timeBonuses.slice(),
        }
      : null,
    sheet,
  };
  return { players, game };
}
