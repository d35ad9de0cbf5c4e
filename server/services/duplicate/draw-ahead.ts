/**
 * What follows a turn's close (docs/duplicate.md "Closing a turn"): the master play on the board,
 * the tiles it left on the rack, and the next rack drawn by the rack rule (with the playable-rack
 * redraws, which ask the move generator: the costly part). It depends only on the game, the turn's
 * rack and the master play, so the search job draws it ahead for the search's own master play
 * (`search.next`); the close reuses that draw when its master play is the same (`nextKey`) and
 * draws inline otherwise. Either way the same seeded draw comes out.
 */
import type { DuplicateGame, PrecomputedNext, StoredPlay } from "@/db/schema";
import { exactPlays, shuffled, splitBrackets, type Face, type Placement } from "@/engine";
import { PLAYABLE_WORK, drawPlayableRack, leftOnRack, type DupBag } from "@/server/domain";
import { gameRuleset } from "./access";

/** The rack tiles a play takes (a blank is "?"; a 'SMATH bracket overlay on a board tile takes none). */
function tilesUsed(board: readonly Placement[], play: readonly Placement[]): Face[] {
  const taken = new Set(board.map((t) => `${t.row},${t.col}`));
  return play.filter((p) => !taken.has(`${p.row},${p.col}`)).map((p) => (p.blank ? "?" : (splitBrackets(p.tile)?.core ?? p.tile)));
}

/** The board after a play: its tiles added, an overlay replacing the tile it rides on. */
function withPlay(board: readonly Placement[], play: readonly Placement[]): Placement[] {
  const at = new Map(board.map((t) => [`${t.row},${t.col}`, t]));
  for (const p of play) at.set(`${p.row},${p.col}`, { ...p });
  return [...at.values()];
}

/** Which close a draw ahead is good for: the game's version (it moves each turn) and the master play. */
export const nextKey = (g: Pick<DuplicateGame, "version">, master: Pick<StoredPlay, "placements"> | null): string =>
  `${g.version}:${master ? JSON.stringify(master.placements) : "none"}`;

/** Draw a rack for `board` by the rack rule, redrawing racks the move generator finds no play for. */
export function drawFor(g: DuplicateGame, board: Placement[], bag: DupBag, kept: Face[]): { rack: Face[]; bag: DupBag } {
  const rs = gameRuleset(g);
  // a rack the exact generator finds no play for (within a fixed work budget) is drawn again
  const hasPlay = (rack: Face[]) => exactPlays(rs, board, rack, { top: 1, maxWork: PLAYABLE_WORK, firstPlay: board.length === 0 }).plays.length > 0;
  const drawn = drawPlayableRack(rs, bag, kept, hasPlay, g.playableRedraws);
  return { rack: drawn.rack, bag: drawn.bag };
}

/**
 * The state after turn `number` closes with `master` (null: no play found): the board, the bag,
 * and the next rack (null when the game ends: the last turn, no tiles left, or no play and nothing
 * new to draw, as the rack would come out the same).
 */
export function drawAfter(g: DuplicateGame, turn: { number: number; rack: Face[] }, master: Pick<StoredPlay, "placements"> | null): PrecomputedNext {
  const rs = gameRuleset(g);
  let bag: DupBag = g.bag ?? { seed: g.seed, shuffles: 1, tiles: [] };
  let kept: Face[] = [];
  if (master) kept = leftOnRack(turn.rack, tilesUsed(g.board, master.placements));
  else if (turn.rack.length) bag = { seed: bag.seed, shuffles: bag.shuffles + 1, tiles: shuffled([...bag.tiles, ...turn.rack], `${bag.seed}:dup:${bag.shuffles}`) };
  const board = master ? withPlay(g.board, master.placements) : g.board;
  const key = nextKey(g, master);
  const over = turn.number >= g.maxTurns || (kept.length === 0 && bag.tiles.length === 0) || (!master && bag.tiles.length <= rs.rackSize);
  if (over) return { key, board, bag, kept, rack: null };
  const drawn = drawFor(g, board, bag, kept);
  return { key, board, bag: drawn.bag, kept, rack: drawn.rack };
}
