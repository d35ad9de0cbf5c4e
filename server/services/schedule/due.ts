/**
 * The due sweep: what must happen at a time rather than when someone looks (docs/competitions.md
 * "Reminders and the due sweep"). One job, run about once a minute on the app's pg-boss (the
 * analysis queue's instance, server/services/analysis/queue.ts), does, in order:
 * - reminders before agreed times (`sendDueReminders`, views.ts);
 * - the hand-over of unplayed games: every board whose deadline passed without a result is told to
 *   the tournament's directors once per deadline ("decide it on the dashboard");
 * - correspondence games whose player to move has spent the move allowance and the bank: lost on
 *   time (matches/correspondence.ts).
 *
 * Every step is idempotent: each is checked under a row lock against what was already sent or
 * decided, so the sweep, the on-read sweep (pages still call `sendDueReminders`) and a second
 * process running the same job never send anything twice. The queue's "stately" policy keeps at
 * most one sweep waiting and one running across every process sharing the database.
 *
 * Started by the server (instrumentation.ts → `startDueSweeps`); `EQUALIS_DUE_SWEEP=off` turns it
 * off (the on-read sweep remains). Tests call `sweepNow`, which sends a job and works it here.
 */
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import type { Db, DbOrTx } from "@/db/client";
import { clubMemberships, notifications, tournamentPairings, tournamentRounds, tournaments, tournamentStaff, users } from "@/db/schema";
import { analysisQueue } from "@/server/services/analysis/queue";
import { settleCorrespondenceTimeouts } from "@/server/services/matches/correspondence";
import { notifyUnplayed } from "@/server/services/notifications/schedule-events";
import { stamp } from "./board";
import { sendDueReminders } from "./views";

export const DUE_QUEUE = "schedule-due";
/** How often the server sends a sweep. */
export const DUE_EVERY_MS = 60_000;
/** Boards handed over per sweep (the next sweep takes the rest). */
const HANDOVER_BATCH = 50;

export interface SweepOutcome {
  reminders: number;
  handedOver: number;
  timeouts: number;
}

/** The tournament's directors: its stored directors and its club's owners and directors. */
async function directorsOf(tx: DbOrTx, t: { id: string; clubId: string }): Promise<string[]> {
  const staff = await tx.select({ id: tournamentStaff.userId }).from(tournamentStaff).where(and(eq(tournamentStaff.tournamentId, t.id), eq(tournamentStaff.role, "director")));
  const club = await tx
    .select({ id: clubMemberships.userId })
    .from(clubMemberships)
    .where(and(eq(clubMemberships.clubId, t.clubId), inArray(clubMemberships.role, ["owner", "director"])));
  return [...new Set([...staff, ...club].map((r) => r.id))].sort();
}

/** Tell the directors about boards whose deadline passed without a result (once per deadline). */
export async function handOverUnplayed(db: Db, opts: { now?: number } = {}): Promise<number> {
  const now = new Date(opts.now ?? Date.now());
  const deadline = sql<Date>`coalesce(${tournamentPairings.playBy}, ${tournamentRounds.playBy})`;
  const due = await db
    .select({ id: tournamentPairings.id })
    .from(tournamentPairings)
    .innerJoin(tournamentRounds, eq(tournamentRounds.id, tournamentPairings.roundId))
    .innerJoin(tournaments, eq(tournaments.id, tournamentPairings.tournamentId))
    .where(
      and(
        eq(tournamentRounds.status, "published"),
        ne(tournaments.status, "finished"),
        eq(tournamentPairings.isBye, false),
        isNull(tournamentPairings.scores),
        isNull(tournamentPairings.forfeitUserId),
        eq(tournamentPairings.doubleForfeit, false),
        sql`${deadline} <= ${now.toISOString()}::timestamptz`,
        // not handed over for this deadline yet (checked again under the lock)
        sql`not exists (select 1 from ${notifications} where ${notifications.kind} = 'game-unplayed' and ${notifications.payload}->>'pairingId' = ${tournamentPairings.id}::text and (${notifications.payload}->>'deadline')::timestamptz = ${deadline})`,
      ),
    )
    .limit(HANDOVER_BATCH);
  let sent = 0;
  for (const d of due) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ p: tournamentPairings, round: tournamentRounds, t: tournaments })
        .from(tournamentPairings)
        .innerJoin(tournamentRounds, eq(tournamentRounds.id, tournamentPairings.roundId))
        .innerJoin(tournaments, eq(tournaments.id, tournamentPairings.tournamentId))
        .where(eq(tournamentPairings.id, d.id))
        .for("update", { of: tournamentPairings });
      const when = row ? (row.p.playBy ?? row.round.playBy) : null;
      if (!row || !when || when > now || row.p.scores || row.p.forfeitUserId || row.p.doubleForfeit) return false;
      const key = when.toISOString();
      const [already] = await tx
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.kind, "game-unplayed"), sql`${notifications.payload}->>'pairingId' = ${d.id}`, sql`${notifications.payload}->>'deadline' = ${key}`))
        .limit(1);
      if (already) return false;
      const names = await tx.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, row.p.players));
      const byId = new Map(names.map((n) => [n.id, n.name]));
      await notifyUnplayed(
        tx,
        { tournamentId: row.t.id, tournamentName: row.t.name, round: row.round.number, table: row.p.tableNumber, pairingId: d.id },
        await directorsOf(tx, row.t),
        { players: row.p.players.map((id) => byId.get(id) ?? "a player"), deadline: when, deadlineText: stamp(when) },
      );
      return true;
    });
    if (done) sent++;
  }
  return sent;
}

/** One sweep (the job's body). */
export async function runDueSweep(db: Db, opts: { now?: number } = {}): Promise<SweepOutcome> {
  const reminders = await sendDueReminders(db, opts);
  const handedOver = await handOverUnplayed(db, opts);
  const timeouts = await settleCorrespondenceTimeouts(db, opts);
  return { reminders, handedOver, timeouts };
}

const ready = new WeakMap<Db, Promise<PgBoss>>();

function dueQueue(db: Db): Promise<PgBoss> {
  let boss = ready.get(db);
  if (!boss) {
    boss = (async () => {
      const b = await analysisQueue(db);
      // "stately": one sweep waiting while one runs, whichever process sent them
      await b.createQueue(DUE_QUEUE, { policy: "stately", retryLimit: 0, expireInSeconds: 5 * 60 });
      return b;
    })();
    ready.set(db, boss);
    boss.catch(() => ready.delete(db));
  }
  return boss;
}

/** Work the due queue until it is empty; returns what the sweeps did, or throws the first failure
 * (after the queue is worked: the job is marked failed and the next tick sweeps again). */
async function drainDue(db: Db, opts: { now?: number }): Promise<SweepOutcome> {
  const boss = await dueQueue(db);
  const total: SweepOutcome = { reminders: 0, handedOver: 0, timeouts: 0 };
  let failure: unknown = null;
  for (let [job] = await boss.fetch(DUE_QUEUE); job; [job] = await boss.fetch(DUE_QUEUE)) {
    try {
      const r = await runDueSweep(db, opts);
      total.reminders += r.reminders;
      total.handedOver += r.handedOver;
      total.timeouts += r.timeouts;
    } catch (err) {
      failure ??= err;
      await boss.fail(DUE_QUEUE, job.id, { message: err instanceof Error ? err.message.slice(0, 500) : "sweep failed" });
      continue;
    }
    await boss.complete(DUE_QUEUE, job.id);
  }
  if (failure) throw failure;
  return total;
}

/** Send a sweep job and work the queue in this process (the timer's tick; tests call it directly). */
export async function sweepNow(db: Db, opts: { now?: number } = {}): Promise<SweepOutcome> {
  const boss = await dueQueue(db);
  await boss.send(DUE_QUEUE, {});
  return drainDue(db, opts);
}

const started = new WeakSet<Db>();

/** Start the periodic sweep for this database handle (once per process; unref'd timer). */
export function startDueSweeps(db: Db, everyMs = DUE_EVERY_MS, onError: (err: unknown) => void = (err) => console.warn("Due sweep:", err)): void {
  if (started.has(db) || process.env.EQUALIS_DUE_SWEEP === "off") return;
  started.add(db);
  let busy = false;
  const tick = () => {
    if (busy) return; // a slow sweep is not stacked on itself
    busy = true;
    sweepNow(db)
      .catch(onError)
      .finally(() => (busy = false));
  };
  setTimeout(tick, 5_000).unref();
  setInterval(tick, everyMs).unref();
}
