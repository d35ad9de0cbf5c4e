/**
 * Live updates across app instances through the database's own LISTEN/NOTIFY: no extra broker,
 * and it works the same on PostgreSQL (several instances on one database) and on embedded PGlite
 * (one process). A service calls `publish(tx, topic)` inside its transaction; PostgreSQL delivers
 * the notification only when that transaction commits, so subscribers never see a state that was
 * rolled back. Payloads carry a topic and a version only — never game data — so nothing secret can
 * leak through the bus: each subscriber re-reads its own view (racks only for their owner).
 *
 * The contract: once `await subscribe(db, topic)` has returned, every notice on `topic` committed
 * afterwards reaches the subscription, or — if the LISTEN connection was lost meanwhile (database
 * outage, pool replaced by db/client.ts) — a version-0 notice ("re-read") does as soon as the bus
 * listens again. So a subscriber reads its state *after* subscribing and misses nothing.
 */
import { sql } from "drizzle-orm";
import { onPoolReplaced, type Db, type DbOrTx } from "@/db/client";

const CHANNEL = "equalis_live";
/** Notices a slow subscriber may leave unread before they collapse into one re-read notice. */
const MAX_QUEUED = 64;

export interface LiveNotice {
  topic: string;
  version: number;
}

/** Announces that `topic` changed (e.g. `match:<id>`); delivered after the transaction commits. */
export async function publish(db: DbOrTx, topic: string, version = 0): Promise<void> {
  const n = noticeArgs(topic, version);
  await db.execute(sql`select pg_notify(${n.channel}, ${n.payload})`);
}

/** `pg_notify`'s arguments for a notice, for a statement that notifies as part of its own work
 * (the move path's one write statement, server/services/matches/writer.ts). */
export function noticeArgs(topic: string, version = 0): { channel: string; payload: string } {
  return { channel: CHANNEL, payload: JSON.stringify({ topic, version } satisfies LiveNotice) };
}

/** Notices for one topic, in order; over when its signal aborts, on `close()`, or when a `for await` over it stops. */
export interface Subscription extends AsyncIterableIterator<LiveNotice, undefined> {
  close(): void;
}

/**
 * Subscribes to `topic` and returns once this process LISTENs, so nothing committed after it
 * returns can be missed (see the contract above). Aborting `signal` ends the subscription, also
 * while it waits for LISTEN (then it returns one that is already over).
 */
export async function subscribe(db: Db, topic: string, signal?: AbortSignal): Promise<Subscription> {
  const hub = hubOf(db);
  const queue = new NoticeQueue(topic, signal);
  // Joined before waiting, so a notice delivered the moment LISTEN starts is already queued.
  queue.detach = hub.join(topic, (n) => queue.push(n));
  if (signal?.aborted) queue.close();
  try {
    await Promise.race([hub.listening(), queue.closed]);
  } catch (err) {
    queue.close();
    throw err;
  }
  return queue;
}

interface PostgresJsClient {
  unsafe: unknown;
  listen(channel: string, cb: (payload: string) => void, onlisten: () => void): Promise<unknown>;
}
interface PgliteClient {
  listen(channel: string, cb: (payload: string) => void): Promise<unknown>;
}

/**
 * One LISTEN per database handle per process, fanned out in memory by topic. It follows the
 * handle's current pool: after db/client.ts replaces the pool it LISTENs on the new one (and
 * ignores the old, which is closed a minute later).
 */
class Hub {
  private readonly sinks = new Map<string, Set<(n: LiveNotice) => void>>();
  private client: object | null = null;
  private ready: Promise<void> = Promise.resolve();

  constructor(private readonly db: Db) {
    this.attach();
    onPoolReplaced(db, () => this.attach());
  }

  /** Resolves once LISTEN is active on the current pool (the pool may be replaced meanwhile). */
  async listening(): Promise<void> {
    let ready: Promise<void>;
    do await (ready = this.ready);
    while (ready !== this.ready);
  }

  /** Adds a sink for `topic`; returns the function that removes it. */
  join(topic: string, sink: (n: LiveNotice) => void): () => void {
    let set = this.sinks.get(topic);
    if (!set) this.sinks.set(topic, (set = new Set()));
    set.add(sink);
    return () => {
      set.delete(sink);
      if (set.size === 0 && this.sinks.get(topic) === set) this.sinks.delete(topic);
    };
  }

  private emit(notice: LiveNotice) {
    for (const sink of this.sinks.get(notice.topic) ?? []) sink(notice);
  }

  /** Every subscriber re-reads: notices sent while this process could not hear are gone. */
  private rereadAll() {
    for (const topic of this.sinks.keys()) this.emit({ topic, version: 0 });
  }

  private attach() {
    const client = (this.db as unknown as { $client: object }).$client;
    const replacing = this.client !== null;
    this.client = client;
    const onPayload = (payload: string) => {
      if (this.client !== client) return; // a replaced pool whose LISTEN is still up
      try {
        const notice = JSON.parse(payload) as LiveNotice;
        if (typeof notice.topic === "string" && typeof notice.version === "number") this.emit(notice);
      } catch {
        // not ours: ignore
      }
    };
    if (typeof (client as Partial<PostgresJsClient>).unsafe === "function") {
      // postgres.js re-issues LISTEN by itself after losing its connection (database restart,
      // network cut), retrying until it gets through, and calls `onlisten` each time. Notices sent
      // while it was away are lost, so every LISTEN but a new handle's first one asks every
      // subscriber to re-read, or a spectator would sit on a stale view until the next move (found
      // by tests/e2e/faults.spec.ts). The first call's promise may reject (database down) while
      // the retries go on: readiness is `onlisten`, not that promise.
      let listened = false;
      this.ready = new Promise<void>((resolve) => {
        const onlisten = () => {
          if (this.client !== client) return;
          if (listened || replacing) this.rereadAll();
          listened = true;
          resolve();
        };
        (client as PostgresJsClient).listen(CHANNEL, onPayload, onlisten).catch(() => {});
      });
    } else {
      // PGlite: in-process, its LISTEN cannot be cut (its third parameter is a transaction).
      this.ready = (client as PgliteClient).listen(CHANNEL, onPayload).then(() => undefined);
    }
  }
}

// Keyed on the handle's `db`, which stays the same object when its pool is replaced.
const hubs = new WeakMap<Db, Hub>();

function hubOf(db: Db): Hub {
  let hub = hubs.get(db);
  if (!hub) hubs.set(db, (hub = new Hub(db)));
  return hub;
}

/**
 * The notices of one subscription, queued until read. A reader that falls far behind gets one
 * re-read notice instead of an ever longer queue: every subscriber re-reads on a notice anyway.
 */
class NoticeQueue implements Subscription {
  detach: () => void = () => {};
  /** Resolves when the subscription ends. */
  readonly closed: Promise<void>;
  private queued: LiveNotice[] = [];
  private readers: ((r: IteratorResult<LiveNotice, undefined>) => void)[] = [];
  private over = false;
  private end!: () => void;
  private readonly onAbort = () => this.close();

  constructor(
    private readonly topic: string,
    private readonly signal?: AbortSignal,
  ) {
    this.closed = new Promise((resolve) => (this.end = resolve));
    signal?.addEventListener("abort", this.onAbort, { once: true });
  }

  push(notice: LiveNotice) {
    if (this.over) return;
    const reader = this.readers.shift();
    if (reader) reader({ value: notice, done: false });
    else if (this.queued.length < MAX_QUEUED) this.queued.push(notice);
    else this.queued = [{ topic: this.topic, version: 0 }];
  }

  next(): Promise<IteratorResult<LiveNotice, undefined>> {
    const notice = this.queued.shift();
    if (notice) return Promise.resolve({ value: notice, done: false });
    if (this.over) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => this.readers.push(resolve));
  }

  async return(): Promise<IteratorResult<LiveNotice, undefined>> {
    this.close();
    return { value: undefined, done: true };
  }

  close() {
    if (this.over) return;
    this.over = true;
    this.queued = [];
    this.detach();
    this.signal?.removeEventListener("abort", this.onAbort);
    for (const reader of this.readers.splice(0)) reader({ value: undefined, done: true });
    this.end();
  }

  [Symbol.asyncIterator]() {
    return this;
  }
}
