/**
 * The live bus on a NATS server (LIVE_BUS_URL=nats://host:4222), for sites with many app
 * instances (docs/deployment.md "Live updates"). One connection per process; one NATS
 * subscription per topic that has subscribers here, so each instance receives only the topics
 * its own viewers watch (NOTIFY sends every notice to every instance); and, once something
 * listens process-wide (`listenWide`: the move path's catch-ups), one on WIDE_SUBJECT, where a
 * notice's data goes in a companion message.
 *
 * A NATS publish cannot join a database transaction, so it is sent after the commit
 * (db/commit-hooks.ts): a rolled-back transaction announces nothing. Notices from one process
 * reach a subscriber in the order they were published (NATS keeps a connection's order).
 * `subscribe()` returns after a flush (PING/PONG) confirms that the server has the subscription.
 * The client reconnects by itself and re-subscribes; notices sent while it was away are lost, so
 * after each reconnect every subscriber gets a version-0 ("re-read") notice.
 */
import { sql } from "drizzle-orm";
import { connect, type NatsConnection, type Subscription as NatsSubscription } from "@nats-io/transport-node";
import { onCommit } from "@/db/commit-hooks";
import type { Db, DbOrTx } from "@/db/client";
import { Fanout, payloadOf, subscribeVia, type LiveBus, type Subscription, type WideNotice } from "./subscription";

const SUBJECT_PREFIX = "equalis.live.";
/** The subject of the notices that carry data (`listenWide`): every instance hears every one. */
export const WIDE_SUBJECT = "equalis.wide";

/** A topic as one NATS subject token: `.`, `*`, `>` and whitespace are not allowed in one. The
 * payload carries the exact topic, so two topics sharing a subject only cost a filtered notice. */
export function subjectOf(topic: string): string {
  return SUBJECT_PREFIX + topic.replace(/[^A-Za-z0-9:_-]/g, "_");
}

interface Heard {
  sub?: NatsSubscription;
  ready: Promise<void>;
  gone: boolean;
}

export class NatsBus implements LiveBus {
  readonly kind = "nats" as const;
  private readonly fanout = new Fanout();
  private readonly heard = new Map<string, Heard>();
  private connection: Promise<NatsConnection> | null = null;
  private closed = false;
  private wide: Promise<void> | null = null;

  constructor(private readonly url: string) {}

  async publish(db: DbOrTx, topic: string, version: number, data?: unknown): Promise<void> {
    onCommit(db, () => this.send(topic, version, data));
  }

  statementNotice(topic: string, version: number, data?: unknown) {
    // nothing for the statement to do; once it has written (and committed), publish
    return { expr: sql`null`, written: (db: DbOrTx) => this.publish(db, topic, version, data) };
  }

  async listenWide(_db: Db, sink: (n: WideNotice) => void): Promise<() => void> {
    const leave = this.fanout.joinWide(sink);
    this.wide ??= (async () => {
      const nc = await this.conn();
      // the topic's own subject carries the plain notice: here only the wide sinks are fed
      nc.subscribe(WIDE_SUBJECT, { callback: (err, msg) => void (err || this.fanout.emitPayload(msg.string(), false)) });
      await nc.flush();
    })();
    this.wide.catch(() => (this.wide = null)); // the next listener tries again
    await this.wide;
    return leave;
  }

  subscribe(_db: Db, topic: string, signal?: AbortSignal): Promise<Subscription> {
    return subscribeVia(this.fanout, topic, () => this.hear(topic), signal, () => this.unhear(topic));
  }

  async close(): Promise<void> {
    this.closed = true;
    const nc = await this.connection?.catch(() => null);
    await nc?.close();
  }

  /** After a commit: never throws (the commit stands); a lost notice is covered by the re-read on reconnect.
   * `data` goes in a companion message on WIDE_SUBJECT, when it fits the server's payload limit. */
  private send(topic: string, version: number, data?: unknown) {
    this.conn().then(
      (nc) => {
        const plain = payloadOf(topic, version);
        nc.publish(subjectOf(topic), plain);
        if (data === undefined) return;
        const wide = payloadOf(topic, version, data, nc.info?.max_payload ?? 1024 * 1024);
        if (wide !== plain) nc.publish(WIDE_SUBJECT, wide);
      },
      (err: unknown) => console.error(`Live bus: could not publish ${topic}:`, err),
    ).catch((err: unknown) => console.error(`Live bus: could not publish ${topic}:`, err));
  }

  private conn(): Promise<NatsConnection> {
    if (this.closed) return Promise.reject(new Error("live bus closed"));
    if (!this.connection) {
      this.connection = connect({
        servers: this.url,
        name: "equalis-live",
        maxReconnectAttempts: -1, // keep trying: the database stays up, live updates come back
        reconnectTimeWait: 250,
        waitOnFirstConnect: true,
        // a silently dead connection (no RST) is noticed after ~2 missed pings, not the default 4 min
        pingInterval: 5_000,
        maxPingOut: 2,
      });
      this.connection.then(
        (nc) => void this.watch(nc),
        () => (this.connection = null), // let the next use try again
      );
    }
    return this.connection;
  }

  private async watch(nc: NatsConnection) {
    for await (const status of nc.status()) {
      if (status.type !== "reconnect") continue;
      // the client has re-sent its subscriptions; a flush makes sure the server has them before
      // subscribers re-read, so nothing published after their re-read can be missed
      await nc.flush().catch(() => {});
      this.fanout.rereadAll();
    }
  }

  /** Resolves once the server delivers `topic`'s notices to this process. */
  private hear(topic: string): Promise<void> {
    const known = this.heard.get(topic);
    if (known) return known.ready;
    if (!this.fanout.has(topic)) return Promise.resolve(); // its subscriber is already gone
    const heard: Heard = { gone: false, ready: Promise.resolve() };
    heard.ready = (async () => {
      const nc = await this.conn();
      if (heard.gone) return;
      heard.sub = nc.subscribe(subjectOf(topic), {
        callback: (err, msg) => {
          if (!err) this.fanout.emitPayload(msg.string());
        },
      });
      await nc.flush();
    })();
    this.heard.set(topic, heard);
    heard.ready.catch(() => {
      if (this.heard.get(topic) === heard) this.heard.delete(topic); // a later subscriber tries again
    });
    return heard.ready;
  }

  private unhear(topic: string) {
    const heard = this.heard.get(topic);
    if (!heard) return;
    this.heard.delete(topic);
    heard.gone = true;
    heard.sub?.unsubscribe();
  }
}
