/**
 * One broadcaster per watched tournament per process (the public event page, issue 30): it
 * subscribes once to the tournament's topic and to each of its current round's games, reads and
 * encodes each change once, and writes the very same bytes to every viewer's socket. A viewer
 * costs a socket write per change, nothing more: no read, no view, no JSON per viewer.
 *
 * Frames (server-sent events): `snapshot` (everything, on connect and after a slow viewer catches
 * up), `event` (round, pairings, standings, which games are boards) and `board` (one game's
 * mini-board after a change). Each carries `seq`, this broadcaster's version counter.
 *
 * A slow socket never holds the others back and never queues without bound: once more than
 * `SLOW_BYTES` wait in a viewer's buffer it is skipped ("stale") until the socket drains, and
 * then gets the latest snapshot — latest-only, like the bus's re-read notice. The last viewer
 * leaving closes every subscription.
 */
import type { Db } from "@/db/client";
import { subscribe, type Subscription } from "./bus";
import { topicOf } from "@/server/services/matches/writer";
import { tournamentTopic } from "@/server/services/tournaments/director-write";
import { watchBoard, watchEvent, type WatchBoard, type WatchEvent } from "@/server/services/boards/watch";

/** Bytes a viewer may leave unsent before it drops to latest-only (a few snapshots' worth). */
export const SLOW_BYTES = 256 * 1024;
/** A comment line every so often, so proxies keep an idle stream open. */
const KEEPALIVE_MS = 25_000;
const KEEPALIVE = Buffer.from(": keep-alive\n\n");

/** What a broadcaster needs of a viewer's response (node:http's ServerResponse has it). */
export interface ViewerSink {
  write(chunk: Buffer): boolean;
  readonly writableLength: number;
  once(event: "drain", cb: () => void): unknown;
}

const frame = (event: string, data: unknown) => Buffer.from(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

export class WatchBroadcast {
  /** the viewers, and whether each is waiting for its socket to drain */
  private readonly viewers = new Map<ViewerSink, { stale: boolean }>();
  private event: WatchEvent | null = null;
  private eventJson = "";
  private readonly boards = new Map<string, { board: WatchBoard; json: string }>();
  private readonly subs = new Map<string, Subscription>();
  private readonly reads = new Map<string, { running: Promise<void>; again: boolean }>();
  private snapshotBuf: Buffer | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  /** this broadcaster's version: one more per change sent */
  seq = 0;
  /** frames encoded so far (tests: one per version, whatever the number of viewers) */
  encodes = 0;
  /** false once the tournament turned out not to exist */
  found = true;
  readonly ready: Promise<void>;

  constructor(
    private readonly db: Db,
    readonly tournamentId: string,
    private readonly onEmpty: () => void,
  ) {
    this.ready = this.start();
  }

  private async start() {
    // subscribed before the first read, so no change between the two is missed (bus.ts's contract)
    await this.follow(tournamentTopic(this.tournamentId), () => this.refreshEvent());
    await this.refreshEvent();
    this.timer = setInterval(() => this.send(KEEPALIVE, false), KEEPALIVE_MS);
    this.timer.unref();
  }

  /** Subscribes to `topic` and calls `onNotice` for each of its notices until closed. */
  private async follow(topic: string, onNotice: () => void) {
    if (this.closed || this.subs.has(topic)) return;
    const sub = await subscribe(this.db, topic);
    if (this.closed) return sub.close();
    this.subs.set(topic, sub);
    void (async () => {
      for await (const _ of sub) void onNotice();
    })();
  }

  private unfollow(topic: string) {
    this.subs.get(topic)?.close();
    this.subs.delete(topic);
  }

  /** Runs `read` for `key`, one at a time: notices during a read make one more read after it. */
  private coalesce(key: string, read: () => Promise<void>): Promise<void> {
    const cur = this.reads.get(key);
    if (cur) {
      cur.again = true;
      return cur.running;
    }
    const state = { running: Promise.resolve(), again: false };
    state.running = (async () => {
      do {
        state.again = false;
        if (this.closed) break;
        try {
          await read();
        } catch {
          // database away or the game gone: keep the last payload; the next notice reads again
        }
      } while (state.again);
    })().finally(() => this.reads.delete(key));
    this.reads.set(key, state);
    return state.running;
  }

  private refreshEvent(): Promise<void> {
    return this.coalesce("event", async () => {
      let ev: WatchEvent;
      try {
        ev = await watchEvent(this.db, this.tournamentId);
      } catch (err) {
        if ((err as { code?: string }).code === "NOT_FOUND") this.found = false;
        throw err;
      }
      const ids = new Set(ev.matchIds);
      for (const topic of [...this.subs.keys()]) {
        const id = topic.startsWith("match:") ? topic.slice("match:".length) : null;
        if (id === null || ids.has(id)) continue;
        this.boards.delete(id);
        this.unfollow(topic);
      }
      const tables = new Map(ev.pairings.map((p) => [p.matchId, p.table]));
      // a new board: listen first, then read it (its moves from now on reach us)
      const before = new Set(this.boards.keys());
      await Promise.all(
        ev.matchIds
          .filter((id) => !this.subs.has(topicOf(id)))
          .map(async (id) => {
            await this.follow(topicOf(id), () => this.refreshBoard(id, tables.get(id) ?? 0));
            await this.readBoard(id, tables.get(id) ?? 0, false);
          }),
      );
      const added = ev.matchIds.filter((id) => !before.has(id)).flatMap((id) => this.boards.get(id)?.board ?? []);
      const json = JSON.stringify(ev);
      if (json === this.eventJson && added.length === 0) return;
      this.event = ev;
      this.eventJson = json;
      // the new boards ride along: a viewer connected before they existed has none of them
      this.changed("event", { event: ev, boards: added });
    });
  }

  private refreshBoard(matchId: string, table: number): Promise<void> {
    return this.coalesce(`board:${matchId}`, () => this.readBoard(matchId, table, true));
  }

  private async readBoard(matchId: string, table: number, announce: boolean) {
    if (!this.subs.has(topicOf(matchId))) return; // no longer a board of the round
    const board = await watchBoard(this.db, matchId, table);
    const held = this.boards.get(matchId);
    if (held && held.board.version > board.version) return; // a read overtaken by a newer one
    const json = JSON.stringify(board);
    if (held?.json === json) return;
    this.boards.set(matchId, { board, json });
    if (announce) this.changed("board", { board });
    else this.snapshotBuf = null; // read with the event: its frame carries it
  }

  /** One change: encode it once, hand the same bytes to every viewer. */
  private changed(kind: "event" | "board", data: { event: WatchEvent; boards: WatchBoard[] } | { board: WatchBoard }) {
    this.seq++;
    this.snapshotBuf = null;
    if (this.viewers.size === 0) return; // the next joiner gets a snapshot
    this.encodes++;
    this.send(frame(kind, { seq: this.seq, ...data }), true);
  }

  /** Everything now, encoded at most once per version. */
  snapshot(): Buffer | null {
    if (!this.event) return null;
    if (!this.snapshotBuf) {
      this.encodes++;
      const boards = this.event.matchIds.flatMap((id) => {
        const b = this.boards.get(id);
        return b ? [b.board] : [];
      });
      this.snapshotBuf = frame("snapshot", { seq: this.seq, event: this.event, boards });
    }
    return this.snapshotBuf;
  }

  private send(buf: Buffer, dropWhenSlow: boolean) {
    for (const [sink, v] of this.viewers) {
      if (v.stale) continue;
      if (dropWhenSlow && sink.writableLength > SLOW_BYTES) {
        this.goStale(sink, v);
        continue;
      }
      sink.write(buf);
    }
  }

  /** Skip `sink` until its socket drains, then send it the latest snapshot. */
  private goStale(sink: ViewerSink, v: { stale: boolean }) {
    v.stale = true;
    sink.once("drain", () => {
      if (this.viewers.get(sink) !== v) return;
      v.stale = false;
      const snap = this.snapshot();
      if (snap) sink.write(snap);
    });
  }

  /** Adds a viewer and writes it the current snapshot; returns the function that removes it. */
  join(sink: ViewerSink): () => void {
    const v = { stale: false };
    this.viewers.set(sink, v);
    const snap = this.snapshot();
    if (snap) sink.write(snap);
    return () => {
      if (this.viewers.get(sink) !== v) return;
      this.viewers.delete(sink);
      if (this.viewers.size === 0) this.close();
    };
  }

  get isClosed(): boolean {
    return this.closed;
  }

  get viewerCount(): number {
    return this.viewers.size;
  }

  get topics(): string[] {
    return [...this.subs.keys()];
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    for (const topic of [...this.subs.keys()]) this.unfollow(topic);
    this.onEmpty();
  }
}

const broadcasts = new WeakMap<Db, Map<string, WatchBroadcast>>();

/** The tournament's broadcaster in this process, started on first use. */
export function watchBroadcast(db: Db, tournamentId: string): WatchBroadcast {
  let byId = broadcasts.get(db);
  if (!byId) broadcasts.set(db, (byId = new Map()));
  let b = byId.get(tournamentId);
  if (!b) {
    const made: WatchBroadcast = new WatchBroadcast(db, tournamentId, () => {
      if (byId.get(tournamentId) === made) byId.delete(tournamentId);
    });
    byId.set(tournamentId, (b = made));
  }
  return b;
}

/** Viewers connected to every broadcaster of `db` in this process (the per-process cap). */
export function watchViewers(db: Db): number {
  let n = 0;
  for (const b of broadcasts.get(db)?.values() ?? []) n += b.viewerCount;
  return n;
}
