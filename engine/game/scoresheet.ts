/**
 * The public scoresheet: one plain line per event (who, what, points), as players and spectators
 * read it — "3+4=7 at J10 across", "exchanged 3 tiles", "passed". It never names rack contents:
 * an exchange says only how many tiles went back. Squares are named by notation/squares.ts.
 */
import type { Direction } from "../board";
import type { GameEvent } from "./events";
import type { GameState } from "./state";
import { playDirection, runThrough } from "../notation/lines";

/** What the scoresheet says about one event. */
export interface SheetLine {
  /** the seat this line is about (mover, challenger, penalised player); null for pause/end */
  seat: number | null;
  /** a plain description: "3+4=7 at J10 across", "exchanged 3 tiles", "passed" … */
  text: string;
  /** points this line changed for `seat` (negative: lost) */
  points: number;
  /** new tiles of a play */
  placements?: { row: number; col: number; tile: string; blank?: boolean }[];
}

/** The run of board tiles through `from`, read along `dir`, and where it starts: "3+4=7 at J10
 * across". The text is the ruling's compact form (notation/lines.ts): a mixed numeral keeps its
 * space ("46 1/4"). */
export function lineText(state: GameState, from: { row: number; col: number }, dir: Direction): string {
  const at = new Map(state.board.map((t) => [`${t.row},${t.col}`, t]));
  const line = runThrough(state.ruleset, at, from.row, from.col, dir, true)!;
  return `${line.text} at ${line.where}`;
}

/** The scoresheet line for `e`, given the state before it (null for the start) and after it. */
export function describeEvent(before: GameState | null, after: GameState, e: GameEvent): SheetLine {
  const seatOf = (id: string) => after.players.findIndex((p) => p.id === id);
  const diff = (seat: number) => (before ? after.scores[seat] - before.scores[seat] : 0);
  switch (e.type) {
    case "start":
      return { seat: null, text: `game started: ${after.players.map((p) => p.name ?? p.id).join(", ")}`, points: 0 };
    case "play": {
      const seat = seatOf(e.player);
      const placements = e.placements.map((p) => (p.blank ? { row: p.row, col: p.col, tile: p.tile, blank: true } : { row: p.row, col: p.col, tile: p.tile }));
      const text = placements.length ? lineText(after, placements[0], playDirection(after.board, placements)) : "play";
      return { seat, text, points: diff(seat), placements };
    }
    case "exchange": {
      const seat = seatOf(e.player);
      return { seat, text: `exchanged ${e.tiles.length} tile${e.tiles.length === 1 ? "" : "s"}`, points: 0 };
    }
    case "pass": {
      const seat = seatOf(e.player);
      const final = before?.pending?.goesOut === true;
      return { seat, text: e.forfeit ? "passed (move time ran out)" : final ? "passed (accepts the last play)" : "passed", points: diff(seat) };
    }
    case "challenge": {
      const seat = seatOf(e.challenger);
      const pend = before?.pending;
      if (!pend) return { seat, text: "challenged", points: 0 };
      const who = after.players[pend.player].name ?? after.players[pend.player].id;
      if (!pend.valid) return { seat: pend.player, text: `challenged by ${after.players[seat].name ?? "an opponent"}: play withdrawn`, points: diff(pend.player) };
      return { seat, text: `challenged ${who}'s play: the play stands`, points: diff(seat) };
    }
    case "resign":
      return { seat: seatOf(e.player), text: "resigned", points: 0 };
    case "pause":
      return { seat: null, text: "clock paused", points: 0 };
    case "resume":
      return { seat: null, text: "clock resumed", points: 0 };
    case "time-penalty": {
      const seat = seatOf(e.player);
      return { seat, text: `time penalty: ${Math.ceil(e.overtimeMs / 1000)} s over`, points: -e.points };
    }
    case "time-bonus": {
      const seat = seatOf(e.player);
      return { seat, text: "least-time bonus", points: e.points };
    }
    case "timeout":
      return { seat: seatOf(e.player), text: "lost on time", points: 0 };
    case "end":
      return { seat: null, text: "game over", points: 0 };
    case "director-end":
      return { seat: null, text: "game ended by the tournament director's result", points: 0 };
  }
}
