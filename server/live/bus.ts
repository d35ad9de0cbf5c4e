/**
 * Live updates across app instances through the database's own LISTEN/NOTIFY: no extra broker,
 * and it works the same on PostgreSQL (several instances on one database) and on embedded PGlite
 * (one process). A service calls `publish(tx, topic)` inside its transaction; PostgreSQL delivers
 * the notification only when that transaction commits, so subscribers never see a state that was
 * rolled back. Payloads carry a topic and a version only — never game data — so nothing secret can
 * leak through the bus: each subscriber re-reads its own view (racks only for their owner).
 */
import { EventEmitter, on } from "node:events";
import { sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";

const CHANNEL = "equalis_live";

export interface LiveNotice {
  topic: string;
  version: number;
}

/** Announces that `topic` changed (e.g. `match:<id>`); delivered after the transaction commits. */
export async function publish(db: DbOrTx, topic: string, version = 0): Promise<void> {
  const payload = JSON.stringify({ topic, version } satisfies LiveNotice);
  await db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
}

interface RawListener {
  listen(channel: string, cb: (payload: string) => void, onlisten?: () => void): Promise<unknown> | unknown;
}

// One LISTEN per database client per process, fanned out in memory by topic.
const emitters = new WeakMap<object, { emitter: EventEmitter; ready: Promise<void> }>();

function hub(db: Db) {
  const client = (db as unknown as { $client: RawListener }).$client;
  let entry = emitters.get(client);
  if (!entry) {
    const emitter = new EventEmitter();
    emitter.setMaxListeners(0);
    const onPayload = (payload: string) => {
      try {
        const notice = JSON.parse(payload) as LiveNotice;
        emitter.emit(notice.topic, notice);
      } catch {
        // not ours: ignore
      }
    };
    // postgres.js re-issues LISTEN by itself after losing its connection (database restart,
    // network cut) and calls `onlisten` each time. Notices sent while it was away are lost, so on
    // every re-listen each subscriber gets a version-0 notice ("re-read"), or a spectator would sit
    // on a stale view until the next move (found by tests/e2e/faults.spec.ts). PGlite's third
    // parameter is a transaction, and its in-process LISTEN cannot be cut: pass nothing there.
    let listened = false;
    const onlisten = () => {
      // ("error" is events.on()'s own listener, not a topic)
      if (listened) for (const topic of emitter.eventNames()) if (typeof topic === "string" && topic !== "error") emitter.emit(topic, { topic, version: 0 } satisfies LiveNotice);
      listened = true;
    };
    const isPostgresJs = typeof (client as unknown as { unsafe?: unknown }).unsafe === "function";
    const ready = Promise.resolve(isPostgresJs ? client.listen(CHANNEL, onPayload, onlisten) : client.listen(CHANNEL, onPayload)).then(() => undefined);
    entry = { emitter, ready };
    emitters.set(client, entry);
  }
  return entry;
}

/** Waits until this process listens, so a test or subscriber cannot miss a notice sent after. */
export async function ensureListening(db: Db): Promise<void> {
  await hub(db).ready;
}

/** Yields every notice for `topic` until `signal` aborts. */
export async function* subscribe(db: Db, topic: string, signal?: AbortSignal): AsyncGenerator<LiveNotice> {
  const { emitter, ready } = hub(db);
  await ready;
  try {
    for await (const [notice] of on(emitter, topic, { signal })) yield notice as LiveNotice;
  } catch (err) {
    if ((err as Error).name !== "AbortError") throw err;
  }
}
