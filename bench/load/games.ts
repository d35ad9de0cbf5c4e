/**
 * Games played out before a load run starts: from a match's start event (read from the scratch
 * database, seed included) the bot plays the whole game here, so nothing thinks while the server
 * is measured. The server folds the same events from the same seed, so every scripted move is
 * legal when it is sent (untimed games: no clock events can come between).
 */
import { botPositionFromView, chooseBotAction, getRuleset, toMove, viewFor, type BotAction, type GameEvent } from "@/engine";
import { step, type Folded } from "@/server/services/matches/state";

export type Action = { type: "play"; placements: { row: number; col: number; tile: string; blank?: boolean }[] } | { type: "exchange"; tiles: string[] } | { type: "pass" };

const MAX_MOVES = 200;

function toAction(x: BotAction): Action {
  if (x.type === "play") return { type: "play", placements: x.placements.map((p) => ({ row: p.row, col: p.col, tile: p.tile, ...(p.blank ? { blank: true } : {}) })) };
  if (x.type === "exchange") return { type: "exchange", tiles: x.tiles };
  return { type: "pass" };
}

/** The moves the bot would make in the game that `start` begins, in order, with who makes each. */
export function precompute(start: GameEvent, bot: { budgetMs: number; maxNodes: number }, maxMoves = MAX_MOVES): { userId: string; action: Action }[] {
  let r = step(null, 1, start);
  if (!r.ok) throw new Error(`start event does not fold: ${r.error.message}`);
  let f: Folded = r.value;
  const rs = getRuleset(f.state.ruleset.id);
  const out: { userId: string; action: Action }[] = [];
  while (f.state.phase !== "over" && out.length < maxMoves) {
    const tm = toMove(f.state);
    if (!tm) break;
    const userId = f.state.players[tm.player]!.id;
    const pos = botPositionFromView(viewFor(f.state, userId), rs);
    let action: Action = pos ? toAction(chooseBotAction(pos, bot)) : { type: "pass" };
    const at = f.state.lastAt + 1;
    const ev = (x: Action): GameEvent =>
      x.type === "play" ? { type: "play", at, player: userId, placements: x.placements } : x.type === "exchange" ? { type: "exchange", at, player: userId, tiles: x.tiles } : { type: "pass", at, player: userId };
    r = step(f, f.version + 1, ev(action));
    if (!r.ok) {
      action = { type: "pass" };
      r = step(f, f.version + 1, ev(action));
      if (!r.ok) break;
    }
    out.push({ userId, action });
    f = r.value;
  }
  return out;
}

/**
 * `precompute` for many games, giving the event loop a turn between games. Thinking through all
 * of them in one go held this process's loop for 15 s (500 games), past the server's keep-alive
 * timeout (5 s): the server closed the idle pooled connections, fetch's own idle timer could
 * not run, and the first requests after it went out on sockets whose end had not been read yet —
 * `UND_ERR_SOCKET` "other side closed", the load test's unexplained `sse:closed` while the streams
 * opened (docs/performance.md). With the loop turning, the pool retires its idle sockets on time.
 */
export async function precomputeAll<T>(items: readonly T[], game: (item: T) => { userId: string; action: Action }[]): Promise<{ userId: string; action: Action }[][]> {
  const out: { userId: string; action: Action }[][] = [];
  for (const item of items) {
    out.push(game(item));
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return out;
}
