/**
 * After a move has committed: the subscribers of committed moves (the bot opponent is one). The
 * matches service knows none of them — `submitMove` writes, commits and returns; the `move`
 * procedure then calls `announceMove`, and the subscribers run once the mover's answer has been
 * sent, so they never delay it and their errors never reach the mover (they are logged).
 *
 * When "after the answer" is: over HTTP the context's `afterResponse` (Next's `after()`, run once
 * the response has finished); for in-process callers (tests, scripts) the next macrotask, after
 * the caller's promise has resolved.
 *
 * Each match's pending work is kept until it settles, so `committedMovesSettled(matchId)` awaits
 * it (tests wait for the bot's answer with it instead of sleeping). Work for one match may overlap
 * (two quick moves): every subscriber must be idempotent — the bot's moves carry the key
 * `bot:<matchId>:<seq>`, so a doubled answer applies once and a late one is STALE.
 *
 * Caveat: the work lives in this process. A restart between the commit and the bot's move loses
 * the answer; `matches.bot.nudge` is the recovery (docs/demo.md).
 */
import type { Db } from "@/db/client";
import type { MoveOutcome } from "@/server/services/matches/moves";
import { answerCommittedMove } from "@/server/services/bot/turns";
import { log } from "@/server/log";

export interface CommittedMove {
  matchId: string;
  /** the move's idempotency key (the bot's own moves start with `bot:`) */
  clientId: string;
  /** the match version and status after the move */
  version: number;
  status: MoveOutcome["status"];
  /** the bot's seat, read with the match row by the move itself (null: no bot; absent: unknown) */
  botId?: string | null;
}

export type MoveSubscriber = (db: Db, move: CommittedMove) => Promise<unknown>;

/** Runs `task` once the current answer has been sent. */
export type AfterResponse = (task: () => Promise<void>) => void;

const nextMacrotask: AfterResponse = (task) => void setImmediate(task);

const subscribers = new Set<MoveSubscriber>([answerCommittedMove]);
const pending = new Map<string, Set<Promise<void>>>();

/** Adds a subscriber (tests add their own probes); returns its removal. */
export function onMoveCommitted(fn: MoveSubscriber): () => void {
  subscribers.add(fn);
  return () => void subscribers.delete(fn);
}

/** Tells every subscriber, after the answer has been sent, that `move` committed. Never throws. */
export function announceMove(db: Db, move: CommittedMove, afterResponse: AfterResponse = nextMacrotask): void {
  const listeners = [...subscribers];
  if (listeners.length === 0) return;
  let settle!: () => void;
  const work = new Promise<void>((resolve) => (settle = resolve));
  const set = pending.get(move.matchId) ?? new Set();
  pending.set(move.matchId, set.add(work));
  const run = async () => {
    await Promise.all(
      listeners.map(async (fn) => {
        try {
          await fn(db, move);
        } catch (err) {
          log.error({ err, matchId: move.matchId, clientId: move.clientId }, `after move ${move.clientId} in match ${move.matchId}: ${fn.name || "a subscriber"} failed`);
        }
      }),
    );
  };
  const done = () => {
    set.delete(work);
    if (set.size === 0 && pending.get(move.matchId) === set) pending.delete(move.matchId);
    settle();
  };
  try {
    afterResponse(() => run().finally(done));
  } catch (err) {
    // no response to wait for after all (say `after()` outside a request): run now, still unawaited
    log.error({ err }, "after move: could not schedule after the response; running now");
    void run().finally(done);
  }
}

/** Resolves once no subscriber work is pending for the match (work announced meanwhile included). */
export async function committedMovesSettled(matchId: string): Promise<void> {
  for (let set = pending.get(matchId); set && set.size > 0; set = pending.get(matchId)) await Promise.all(set);
}

/** Resolves once no subscriber work is pending for any match (before a database is closed). */
export async function allCommittedMovesSettled(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending.values()].flatMap((set) => [...set]));
}
