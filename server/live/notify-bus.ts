/**
 * The default live bus: the database's own LISTEN/NOTIFY — no extra service, the same on
 * PostgreSQL (several instances on one database) and on embedded PGlite (one process).
 * `pg_notify` inside the transaction: PostgreSQL delivers it only when that transaction commits,
 * in commit order. The move path notifies inside its one write statement (`statementNotice`).
 */
import { sql } from "drizzle-orm";
import { onPoolReplaced, type Db, type DbOrTx } from "@/db/client";
import { Fanout, payloadOf, subscribeVia, type LiveBus, type Subscription, type WideNotice } from "./subscription";

export const CHANNEL = "equalis_live";
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more (the default build). */
export const NOTIFY_MAX_BYTES = 7999;

export class NotifyBus implements LiveBus {
  readonly kind = "notify" as const;

  async publish(db: DbOrTx, topic: string, version: number, data?: unknown): Promise<void> {
    await db.execute(sql`select pg_notify(${CHANNEL}, ${payloadOf(topic, version, data, NOTIFY_MAX_BYTES)})`);
  }

  // the data rides in the topic's own notice (every instance hears every notice anyway)
  statementNotice(topic: string, version: number, data?: unknown) {
    return { expr: sql`pg_notify(${CHANNEL}, ${payloadOf(topic, version, data, NOTIFY_MAX_BYTES)})`, written: async () => {} };
  }

  subscribe(db: Db, topic: string, signal?: AbortSignal): Promise<Subscription> {
    const hub = hubOf(db);
    return subscribeVia(hub.fanout, topic, () => hub.listening(), signal);
  }

  async listenWide(db: Db, sink: (n: WideNotice) => void): Promise<() => void> {
    const hub = hubOf(db);
    const leave = hub.fanout.joinWide(sink);
    await hub.listening();
    return leave;
  }

  async close(): Promise<void> {}
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
  readonly fanout = new Fanout();
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

  private attach() {
    const client = (this.db as unknown as { $client: object }).$client;
    const replacing = this.client !== null;
    this.client = client;
    const onPayload = (payload: string) => {
      if (this.client !== client) return; // a replaced pool whose LISTEN is still up
      this.fanout.emitPayload(payload);
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
          if (listened || replacing) this.fanout.rereadAll();
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
