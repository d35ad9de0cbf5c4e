/**
 * The live feed of a match's views (docs/matches.md "Live updates"): one bus subscription and
 * one read per change per process, handed to every subscriber (views.ts builds each viewer's view
 * from the shared version views).
 */
import type { Db } from "@/db/client";
import { subscribe } from "@/server/live/bus";
import { currentViews, viewOf, type MatchView, type VersionViews } from "./views";
import { topicOf } from "./writer";

/**
 * One feed per match per process: a single bus subscription, and on each notice a single read of
 * the new version views, handed to every subscriber of the match in this process (each derives its own
 * view: a spectator's is the shared public view). Reads never overlap: notices arriving during a
 * read make one more read afterwards. A failed read (database away) ends every subscription of
 * the match with that error; clients reconnect and get the current view once.
 */
class MatchFeed {
  private readonly sinks = new Set<(s: VersionViews | Error) => void>();
  latest: VersionViews | null = null;
  private reading: Promise<void> | null = null;
  private again = false;
  private readonly stop = new AbortController();
  ready: Promise<void>;

  constructor(
    private readonly db: Db,
    private readonly matchId: string,
    private readonly onEmpty: () => void,
  ) {
    this.ready = this.listen();
  }

  private async listen() {
    const notices = await subscribe(this.db, topicOf(this.matchId), this.stop.signal);
    void (async () => {
      for await (const n of notices) {
        if (n.version !== 0 && this.latest && n.version < this.latest.match.version) continue;
        this.refresh();
      }
    })();
  }

  /** Reads the current version views (coalescing with a read under way) and hands it to every sink. */
  refresh(): Promise<void> {
    if (this.reading) {
      this.again = true;
      return this.reading;
    }
    this.reading = (async () => {
      do {
        this.again = false;
        let out: VersionViews | Error;
        try {
          out = await currentViews(this.db, this.matchId, Date.now(), {});
          this.latest = out;
        } catch (err) {
          out = err instanceof Error ? err : new Error(String(err));
          this.latest = null;
        }
        for (const sink of this.sinks) sink(out);
      } while (this.again);
    })().finally(() => (this.reading = null));
    return this.reading;
  }

  join(sink: (s: VersionViews | Error) => void): () => void {
    this.sinks.add(sink);
    return () => {
      this.sinks.delete(sink);
      if (this.sinks.size === 0) {
        this.stop.abort();
        this.onEmpty();
      }
    };
  }
}

const feeds = new WeakMap<Db, Map<string, MatchFeed>>();

function feedOf(db: Db, matchId: string): MatchFeed {
  let byMatch = feeds.get(db);
  if (!byMatch) feeds.set(db, (byMatch = new Map()));
  let feed = byMatch.get(matchId);
  if (!feed) {
    const f: MatchFeed = new MatchFeed(db, matchId, () => {
      if (byMatch.get(matchId) === f) byMatch.delete(matchId);
    });
    byMatch.set(matchId, (feed = f));
  }
  return feed;
}

/**
 * Live view: the viewer's view now, then the new one after every change of the match (two app
 * instances share notices through LISTEN/NOTIFY). A subscriber that falls behind skips to the
 * latest version: views are whole, so nothing in between is needed.
 */
export async function* liveMatchView(db: Db, matchId: string, viewerId: string | null, signal?: AbortSignal): AsyncGenerator<MatchView> {
  const feed = feedOf(db, matchId);
  // the latest version views not yet sent (a box, so the closure's writes are seen)
  const inbox: { next: VersionViews | Error | null } = { next: null };
  let wake: (() => void) | null = null;
  const leave = feed.join((s) => {
    inbox.next = s;
    wake?.();
  });
  const onAbort = () => wake?.();
  signal?.addEventListener("abort", onAbort);
  try {
    // Listening before the first read, so no change can slip between the two.
    await feed.ready;
    let sent: string | null = null;
    if (feed.latest) {
      const now = Date.now();
      sent = feed.latest.key;
      yield viewOf(feed.latest, viewerId, now);
    } else {
      await feed.refresh();
    }
    while (!signal?.aborted) {
      if (inbox.next === null) await new Promise<void>((r) => (wake = r));
      wake = null;
      const next = inbox.next;
      inbox.next = null;
      if (next === null) continue;
      if (next instanceof Error) throw next;
      if (next.key === sent) continue;
      sent = next.key;
      yield viewOf(next, viewerId, next.at);
    }
  } finally {
    signal?.removeEventListener("abort", onAbort);
    leave();
  }
}
