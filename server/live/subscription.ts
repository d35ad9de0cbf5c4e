/**
 * What every live bus implementation shares (server/live/bus.ts): the notice, the bus interface,
 * the in-process fan-out by topic, and the queue behind one subscription.
 */
import type { SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";

/** Notices a slow subscriber may leave unread before they collapse into one re-read notice. */
const MAX_QUEUED = 64;

export interface LiveNotice {
  topic: string;
  version: number;
}

/**
 * A notice with what other instances need to catch up without reading (the move path's committed
 * events and row: server/services/matches/catch-up.ts). Heard process-wide (`listenWide`), by
 * servers only: topic subscribers get the plain notice, and nothing of `data` leaves the server.
 */
export interface WideNotice extends LiveNotice {
  data: unknown;
}

/** Notices for one topic, in order; over when its signal aborts, on `close()`, or when a `for await` over it stops. */
export interface Subscription extends AsyncIterableIterator<LiveNotice, undefined> {
  close(): void;
}

/**
 * A live bus. Both implementations keep one contract (server/live/bus.ts): a notice published in
 * a transaction is delivered only if and after it commits; once `subscribe()` has returned, every
 * later notice on the topic arrives, or — after the bus lost its connection — a version-0 notice.
 */
export interface LiveBus {
  readonly kind: "notify" | "nats";
  /** `data`: for process-wide listeners (`listenWide`), sent only if it fits the bus's payload limit. */
  publish(db: DbOrTx, topic: string, version: number, data?: unknown): Promise<void>;
  /**
   * For a statement that notifies as part of its own work (the move path's one write statement):
   * `expr`, selected once per written row, and `written(db)`, called once the statement succeeded.
   */
  statementNotice(topic: string, version: number, data?: unknown): { expr: SQL; written(db: DbOrTx): Promise<void> };
  subscribe(db: Db, topic: string, signal?: AbortSignal): Promise<Subscription>;
  /**
   * One process-wide listener of the notices published with `data` (every topic); returns once the
   * bus hears them, with the function that stops it. Best effort: a notice lost in an outage is
   * not replayed (its data is a shortcut; the topic's subscribers still get their re-read).
   */
  listenWide(db: Db, sink: (n: WideNotice) => void): Promise<() => void>;
  /** Closes the bus's own connections (a broker's); NOTIFY's LISTEN lives as long as its database handle. */
  close(): Promise<void>;
}

/** Sinks by topic, in one process: one LISTEN or broker subscription serves every subscriber. */
export class Fanout {
  private readonly sinks = new Map<string, Set<(n: LiveNotice) => void>>();
  private readonly wide = new Set<(n: WideNotice) => void>();

  /** Adds a sink for `topic`; returns the function that removes it. `onEmpty` runs when a topic loses its last sink. */
  join(topic: string, sink: (n: LiveNotice) => void, onEmpty?: () => void): () => void {
    let set = this.sinks.get(topic);
    if (!set) this.sinks.set(topic, (set = new Set()));
    set.add(sink);
    return () => {
      set.delete(sink);
      if (set.size === 0 && this.sinks.get(topic) === set) {
        this.sinks.delete(topic);
        onEmpty?.();
      }
    };
  }

  has(topic: string): boolean {
    return this.sinks.has(topic);
  }

  topics(): string[] {
    return [...this.sinks.keys()];
  }

  /** Adds a process-wide sink of the notices that carry data; returns its removal. */
  joinWide(sink: (n: WideNotice) => void): () => void {
    this.wide.add(sink);
    return () => void this.wide.delete(sink);
  }

  emit(notice: LiveNotice) {
    for (const sink of this.sinks.get(notice.topic) ?? []) sink(notice);
  }

  /** Parses a payload of ours and emits it (the plain notice to the topic's sinks unless `topics`
   * is false; its data, if any, to the wide sinks); anything else is ignored. */
  emitPayload(payload: string, topics = true) {
    let notice: Partial<WideNotice>;
    try {
      notice = JSON.parse(payload) as Partial<WideNotice>;
    } catch {
      return; // not ours: ignore
    }
    const { topic, version, data } = notice;
    if (typeof topic !== "string" || typeof version !== "number") return;
    if (topics) this.emit({ topic, version });
    if (data === undefined) return;
    for (const sink of this.wide) {
      try {
        sink({ topic, version, data });
      } catch (err) {
        console.error(`Live bus: a process-wide listener failed on ${topic}:`, err); // never the topic's subscribers' concern
      }
    }
  }

  /** Every subscriber re-reads: notices sent while this process could not hear are gone. */
  rereadAll() {
    for (const topic of this.sinks.keys()) this.emit({ topic, version: 0 });
  }
}

/** A notice's payload; with `data` only when the whole payload fits in `maxBytes` (else the plain notice). */
export function payloadOf(topic: string, version: number, data?: unknown, maxBytes = Infinity): string {
  if (data !== undefined) {
    const full = JSON.stringify({ topic, version, data } satisfies WideNotice);
    // a UTF-8 byte count only when the characters alone could exceed the limit
    if (full.length * 3 <= maxBytes || Buffer.byteLength(full) <= maxBytes) return full;
  }
  return JSON.stringify({ topic, version } satisfies LiveNotice);
}

/**
 * Joins `topic` on `fanout` and returns once `ready` resolves (the bus hears the topic), or at
 * once with an ended subscription if `signal` aborts first.
 */
export async function subscribeVia(fanout: Fanout, topic: string, ready: () => Promise<void>, signal?: AbortSignal, onEmpty?: () => void): Promise<Subscription> {
  const queue = new NoticeQueue(topic, signal);
  // Joined before waiting, so a notice delivered the moment the bus hears the topic is already queued.
  queue.detach = fanout.join(topic, (n) => queue.push(n), onEmpty);
  if (signal?.aborted) queue.close();
  try {
    await Promise.race([ready(), queue.closed]);
  } catch (err) {
    queue.close();
    throw err;
  }
  return queue;
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
