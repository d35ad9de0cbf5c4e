/**
 * Live updates across app instances, behind one interface (`LiveBus`, server/live/subscription.ts)
 * with two implementations, chosen by `LIVE_BUS_URL` (docs/deployment.md "Live updates"):
 *
 * - unset: the database's LISTEN/NOTIFY (server/live/notify-bus.ts) — no extra service, on
 *   PostgreSQL and on embedded PGlite alike;
 * - `nats://host:4222`: a NATS server (server/live/nats-bus.ts), for sites with many instances.
 *
 * A service calls `publish(tx, topic, version)` inside its transaction; subscribers hear of it only
 * if and after that transaction commits (NOTIFY: PostgreSQL delivers on commit; NATS: sent by an
 * after-commit hook, db/commit-hooks.ts), so they never see a state that was rolled back. What a
 * topic's subscribers get is a topic and a version only — never game data — so nothing secret can
 * leak through a subscription: each re-reads its own view (racks only for their owner). A notice
 * may also carry `data` for other app instances' process-wide listener (`listenWide`: the move
 * path's committed events, racks and verdicts included, server/services/matches/catch-up.ts);
 * that stays between servers, so the bus (the database, or the NATS server) must be as private as
 * the database itself.
 *
 * The contract: once `await subscribe(db, topic)` has returned, every notice on `topic` committed
 * afterwards reaches the subscription, or — if the bus lost its connection meanwhile (database or
 * broker outage, pool replaced by db/client.ts) — a version-0 notice ("re-read") does as soon as
 * the bus hears again. So a subscriber reads its state *after* subscribing and misses nothing.
 * A notice committed just before subscribe() may arrive too (it was still on its way): versions
 * only grow, so a subscriber ignores one at or below the version it read.
 * Tests: tests/integration/live-bus*.integration.test.ts, on each implementation.
 */
import type { Db, DbOrTx } from "@/db/client";
import { NatsBus } from "./nats-bus";
import { NotifyBus } from "./notify-bus";
import type { LiveBus, Subscription } from "./subscription";

export type { LiveBus, LiveNotice, Subscription, WideNotice } from "./subscription";

/** The bus `LIVE_BUS_URL` names (NOTIFY when unset). Throws on a URL it cannot serve: a typo must not fall back silently. */
export function liveBusFromUrl(url: string | undefined): LiveBus {
  if (!url) return new NotifyBus();
  if (/^(nats|tls):\/\//i.test(url)) return new NatsBus(url);
  throw new Error(`LIVE_BUS_URL: expected nats://host:port (or unset for PostgreSQL LISTEN/NOTIFY), got ${url.split("@").pop()}`);
}

// One per process, on globalThis so Next's dev reloads reuse its connection.
const globalForBus = globalThis as unknown as { __equalisLiveBus?: LiveBus };

/** This process's live bus. */
export function liveBus(): LiveBus {
  return (globalForBus.__equalisLiveBus ??= liveBusFromUrl(process.env.LIVE_BUS_URL));
}

/** Replaces this process's live bus (tests, benchmarks); returns the one it replaced. */
export function setLiveBus(bus: LiveBus): LiveBus {
  const previous = liveBus();
  globalForBus.__equalisLiveBus = bus;
  return previous;
}

/** Announces that `topic` changed (e.g. `match:<id>`); delivered after the transaction commits.
 * `data`, for process-wide listeners (`listenWide`), only when it fits the bus's payload limit. */
export function publish(db: DbOrTx, topic: string, version = 0, data?: unknown): Promise<void> {
  return liveBus().publish(db, topic, version, data);
}

/**
 * The notice of a statement that notifies as part of its own work (the move path's one write
 * statement, server/services/matches/writer.ts): select `expr` once per written row, and call
 * `written(db)` after the statement succeeded (with the statement's `db` or transaction).
 */
export function statementNotice(topic: string, version = 0, data?: unknown) {
  return liveBus().statementNotice(topic, version, data);
}

/**
 * Subscribes to `topic` and returns once this process hears it, so nothing committed after it
 * returns can be missed (see the contract above). Aborting `signal` ends the subscription, also
 * while it waits (then it returns one that is already over).
 */
export function subscribe(db: Db, topic: string, signal?: AbortSignal): Promise<Subscription> {
  return liveBus().subscribe(db, topic, signal);
}
