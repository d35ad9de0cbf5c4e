/**
 * After-commit hooks: work that must happen only once a transaction's writes are durable and
 * visible — e.g. telling a message broker that a match changed (server/live/bus.ts), which must
 * never announce a state that was then rolled back. A service calls `onCommit(tx, fn)` inside its
 * transaction; `fn` runs right after the outermost transaction commits, and never if it (or the
 * savepoint it was registered in) rolls back. Called with a plain handle (no transaction: the
 * caller's statement has already committed on its own) it runs `fn` at once.
 *
 * `trackCommits(db)` (db/client.ts, on every handle it opens) wraps `db.transaction` and each
 * transaction's own `transaction` (savepoints) so their `tx` objects are known here.
 */
import type { Db, DbOrTx } from "./client";

type Hook = () => void;
type TxFn = (fn: (tx: unknown) => Promise<unknown>, config?: unknown) => Promise<unknown>;

/**
 * The hooks of each open transaction or savepoint, in registration order. On globalThis: Next's
 * bundle and server/main.ts each load their own copy of this module (docs/deployment.md "The
 * server") but share one database handle, so a transaction wrapped by one copy must be known to
 * the other's `onCommit` — or it would take the transaction for a plain handle and run at once.
 */
const globalForHooks = globalThis as unknown as { __equalisCommitHooks?: WeakMap<object, Hook[]> };
const pending = (globalForHooks.__equalisCommitHooks ??= new WeakMap<object, Hook[]>());

/**
 * Runs `fn` after the transaction `db` belongs to commits (at once when `db` is not a transaction).
 * A hook must not throw (a commit cannot be undone); one that does is logged and the rest still run.
 */
export function onCommit(db: DbOrTx, fn: Hook): void {
  const hooks = pending.get(db);
  if (hooks) hooks.push(fn);
  else run([fn]);
}

/** Whether `db` is a transaction (or savepoint) opened through a tracked handle. */
export function inTransaction(db: DbOrTx): boolean {
  return pending.has(db);
}

/** Makes `db`'s transactions (and their savepoints) run their `onCommit` hooks. Returns `db`. */
export function trackCommits<T extends Db>(db: T): T {
  const target = db as unknown as { transaction: TxFn };
  const original = target.transaction.bind(db);
  target.transaction = async (fn, config) => {
    const hooks: Hook[] = [];
    const result = await original((tx) => fn(track(tx, hooks)), config);
    run(hooks); // committed: postgres.js's begin() and PGlite's transaction() resolve after COMMIT
    return result;
  };
  return db;
}

/** Registers `tx` and wraps its savepoints: a released savepoint's hooks join its parent's. */
function track(tx: unknown, hooks: Hook[]): unknown {
  const t = tx as { transaction: TxFn };
  pending.set(t, hooks);
  const savepoint = t.transaction.bind(t);
  t.transaction = async (fn, config) => {
    const inner: Hook[] = [];
    const result = await savepoint((sp) => fn(track(sp, inner)), config);
    hooks.push(...inner);
    return result;
  };
  return tx;
}

function run(hooks: Hook[]) {
  for (const hook of hooks) {
    try {
      hook();
    } catch (err) {
      console.error("An after-commit hook failed:", err);
    }
  }
}
