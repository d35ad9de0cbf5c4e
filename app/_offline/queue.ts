/**
 * The device's write queue (docs/offline.md): writes made while the network is gone wait here, in
 * IndexedDB (through `idb`), and are sent in the order they were made when it returns.
 *
 * - Each write carries a **client id** (drawn once, when it is made, and sent with every retry) and
 *   the **version** of the thing it was based on (a board's version for a result), so the server can
 *   refuse a write whose base moved meanwhile rather than overwrite what another person did.
 * - `flush` sends the pending writes one by one, oldest first, through a `send` function that says
 *   what the server did: *applied* (the write leaves the queue), *conflict* (the server holds another
 *   value now: the write stays, marked, with both values, for a person to decide — never dropped and
 *   never resent on its own), or *retry* (no answer, a 5xx: the flush stops there and keeps that
 *   write and every later one, so the order holds; the next flush starts again from it).
 * - A later write aimed at the same thing (`target`) as a write in conflict waits behind it: it was
 *   made on top of the disputed value.
 * - Sending the same write twice (an answer lost when the server went down after applying it) must
 *   not apply it twice: the `send` functions make that hold (app/_offline/senders.ts): a result
 *   refused as stale whose stored value already equals the queued one counts as applied.
 * - One flush at a time on a device: in one page by a promise, across tabs by the Web Locks API.
 *
 * The queue knows nothing of tRPC or React; `send` and `now` are handed in, so it is tested on its
 * own (tests/unit/offline-queue.test.ts, with fake-indexeddb as Node has no IndexedDB).
 */
import { openDB, type DBSchema, type IDBPDatabase } from "idb";

export type WriteState = "pending" | "conflict";

export interface QueuedWrite {
  /** The write's client id: the same on every attempt. */
  clientId: string;
  /** Order on this device (IndexedDB's auto-increment key). */
  seq: number;
  /** Which sender handles it ("result", …). */
  kind: string;
  /** What it changes ("pairing:<id>"): later writes to the same target wait behind a conflict. */
  target: string;
  /** Where it belongs ("tournament:<id>"), so a page lists only its own writes. */
  scope: string;
  /** The write in words, as a director reads it ("Round 1, table 2: Ann 412 – Bo 380"). */
  label: string;
  input: unknown;
  /** The version of the target the write was based on (null: none, e.g. a first entry). */
  baseVersion: number | null;
  /** Device time when made: for display only, never sent as a fact (docs/security.md). */
  createdAt: number;
  state: WriteState;
  conflict?: { mine: string; theirs: string; theirsVersion: number | null };
  /** Why the last attempt did not go through (a retry). */
  lastError?: string;
}

export type NewWrite = Omit<QueuedWrite, "seq" | "state" | "createdAt" | "conflict" | "lastError"> & { createdAt?: number };

export type SendOutcome = { kind: "applied" } | { kind: "conflict"; theirs: string; theirsVersion: number | null } | { kind: "retry"; message: string };

export interface FlushReport {
  applied: number;
  conflicts: number;
  /** Set when the flush stopped at a write it could not send. */
  stopped: { clientId: string; message: string } | null;
  /** Pending writes left (including the one it stopped at). */
  left: number;
}

interface QueueSchema extends DBSchema {
  writes: { key: number; value: QueuedWrite; indexes: { byClientId: string } };
  meta: { key: string; value: { key: string; value: number } };
}

export const QUEUE_DB = "equalis-offline";

export class WriteQueue {
  private flushing: Promise<FlushReport> | null = null;
  private readonly listeners = new Set<() => void>();

  private constructor(private readonly db: IDBPDatabase<QueueSchema>) {}

  static async open(name = QUEUE_DB): Promise<WriteQueue> {
    const db = await openDB<QueueSchema>(name, 1, {
      upgrade(d) {
        const writes = d.createObjectStore("writes", { keyPath: "seq", autoIncrement: true });
        writes.createIndex("byClientId", "clientId", { unique: true });
        d.createObjectStore("meta", { keyPath: "key" });
      },
    });
    return new WriteQueue(db);
  }

  /** Called after every change (the indicator and the pages re-read the queue). */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed() {
    for (const l of this.listeners) l();
  }

  async add(write: NewWrite): Promise<QueuedWrite> {
    const existing = await this.db.getFromIndex("writes", "byClientId", write.clientId);
    if (existing) return existing; // the same write queued twice stays one write
    const row = { ...write, createdAt: write.createdAt ?? Date.now(), state: "pending" as const };
    const seq = await this.db.add("writes", row as QueuedWrite);
    this.changed();
    return { ...row, seq };
  }

  /** Every queued write, oldest first. */
  async all(): Promise<QueuedWrite[]> {
    return this.db.getAll("writes");
  }

  async lastSyncedAt(): Promise<number | null> {
    return (await this.db.get("meta", "lastSyncedAt"))?.value ?? null;
  }

  private async update(clientId: string, change: (w: QueuedWrite) => QueuedWrite | null): Promise<void> {
    const tx = this.db.transaction("writes", "readwrite");
    const row = await tx.store.index("byClientId").get(clientId);
    if (row) {
      const next = change(row);
      if (next) await tx.store.put(next);
      else await tx.store.delete(row.seq);
    }
    await tx.done;
    this.changed();
  }

  /**
   * A person's decision on a conflict: "theirs" keeps the server's value (the write leaves the
   * queue); "mine" sends the write again on top of the server's value (its version becomes the base).
   */
  async resolve(clientId: string, choice: "mine" | "theirs"): Promise<void> {
    await this.update(clientId, (w) => {
      if (w.state !== "conflict") return w;
      if (choice === "theirs") return null;
      return { ...w, state: "pending", baseVersion: w.conflict?.theirsVersion ?? w.baseVersion, conflict: undefined, lastError: undefined };
    });
  }

  /** Sends the pending writes in order; one flush at a time (see the module comment). */
  flush(send: (write: QueuedWrite) => Promise<SendOutcome>, now: () => number = Date.now): Promise<FlushReport> {
    if (this.flushing) return this.flushing;
    const run = () => this.flushOnce(send, now);
    const locks = (globalThis as { navigator?: { locks?: { request: (name: string, cb: () => Promise<FlushReport>) => Promise<FlushReport> } } }).navigator?.locks;
    this.flushing = (locks ? locks.request("equalis-write-queue", run) : run()).finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async flushOnce(send: (write: QueuedWrite) => Promise<SendOutcome>, now: () => number): Promise<FlushReport> {
    const report: FlushReport = { applied: 0, conflicts: 0, stopped: null, left: 0 };
    const writes = await this.all();
    const held = new Set(writes.filter((w) => w.state === "conflict").map((w) => w.target));
    for (const write of writes) {
      if (write.state !== "pending") continue;
      if (held.has(write.target)) {
        report.left++;
        continue;
      }
      if (report.stopped) {
        report.left++;
        continue;
      }
      let outcome: SendOutcome;
      try {
        outcome = await send(write);
      } catch (err) {
        outcome = { kind: "retry", message: err instanceof Error ? err.message : "The write could not be sent." };
      }
      if (outcome.kind === "applied") {
        await this.update(write.clientId, () => null);
        report.applied++;
      } else if (outcome.kind === "conflict") {
        await this.update(write.clientId, (w) => ({ ...w, state: "conflict", conflict: { mine: w.label, theirs: outcome.theirs, theirsVersion: outcome.theirsVersion } }));
        held.add(write.target);
        report.conflicts++;
      } else {
        await this.update(write.clientId, (w) => ({ ...w, lastError: outcome.message }));
        report.stopped = { clientId: write.clientId, message: outcome.message };
        report.left++;
      }
    }
    if (!report.stopped) {
      await this.db.put("meta", { key: "lastSyncedAt", value: now() });
      this.changed();
    }
    return report;
  }
}
