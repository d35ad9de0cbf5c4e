/**
 * Duplicate games (docs/duplicate.md "Limits"): 1,000 submissions arriving in the last 5 s of a turn
 * (200 players, 5 submissions each, spread evenly and sent at once as they fall due), then the
 * close at the deadline: the time from the deadline until the next turn is open (every last
 * submission adjudicated, the master play chosen and on the board, the next rack drawn). Service
 * level on real databases: in-memory PGlite, then a scratch PostgreSQL database (bench/scratch-db.ts,
on BENCH_DATABASE_URL) when the server lets us create one. The master
 * play's search is stored before the deadline, as the search job does at the turn's opening;
 * the figure with the search left to the close is printed too. BENCH_DUP_PLAYERS overrides 200.
 */
import { and, eq } from "drizzle-orm";
import { openDatabase, type DbHandle } from "@/db/client";
import { duplicateTurns } from "@/db/schema";
import { bestPlaysAt, rulesetFor } from "@/engine";
import { createDuplicate, joinDuplicate, startDuplicate } from "@/server/services/duplicate/games";
import { loadGame } from "@/server/services/duplicate/access";
import { searchTurn } from "@/server/services/duplicate/search";
import { closeTurn, submitPlay } from "@/server/services/duplicate/turns";
import { seedUsers } from "@/tests/helpers/seed";
import { openScratchDatabase } from "./scratch-db";

const PLAYERS = Number(process.env.BENCH_DUP_PLAYERS ?? 200);
const PER_PLAYER = 5;
const WINDOW_MS = 5_000;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

async function oneTurn(withSearch: boolean, open: () => Promise<DbHandle | null>) {
  const handle = await open();
  if (!handle) return null;
  const { db, close } = handle;
  try {
    const users = await seedUsers(db, PLAYERS);
    const { id } = await createDuplicate(db, users[0]!.id, { name: "Bench", ruleset: "equate", turnSeconds: 60, maxTurns: 3, seed: "bench" });
    for (const u of users.slice(1)) await joinDuplicate(db, id, u.id);
    await startDuplicate(db, id, users[0]!.id);
    const g = await loadGame(db, id);
    const turn1 = and(eq(duplicateTurns.gameId, id), eq(duplicateTurns.number, 1));
    const [t] = await db.select().from(duplicateTurns).where(turn1);
    const plays = bestPlaysAt(rulesetFor(g.ruleset, g.rulesetOptions), g.board, t!.rack, { top: 20, deadlineMs: 3000, firstPlay: true }).plays;
    if (withSearch) await searchTurn(db, g, t!, 3000);
    // setup done (sign-ups, the plays, the search): the turn's deadline is moved to WINDOW_MS + 0.5 s from now
    const deadline = Date.now() + WINDOW_MS + 500;
    await db.update(duplicateTurns).set({ dueAt: new Date(deadline) }).where(turn1);
    const startAt = deadline - WINDOW_MS;
    await new Promise((r) => setTimeout(r, Math.max(0, startAt - Date.now())));
    const latencies: number[] = [];
    let refused = 0;
    const total = PLAYERS * PER_PLAYER;
    const sends: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const at = startAt + ((i + 0.5) * WINDOW_MS) / total;
      const user = users[i % PLAYERS]!;
      sends.push(
        new Promise<void>((resolve) =>
          setTimeout(async () => {
            const t0 = performance.now();
            try {
              await submitPlay(db, { gameId: id, turn: 1, placements: plays[i % plays.length]!.placements }, user.id);
              latencies.push(performance.now() - t0);
            } catch {
              refused++;
            }
            resolve();
          }, Math.max(0, at - Date.now())),
        ),
      );
    }
    await new Promise((r) => setTimeout(r, Math.max(0, deadline - Date.now())));
    // the due job fires at the deadline
    const out = await closeTurn(db, id, 1, new Date(Math.max(Date.now(), deadline)));
    const closedAfter = Date.now() - deadline;
    await Promise.all(sends);
    return { outcome: out.outcome, next: out.next?.number ?? null, closedAfter, accepted: latencies.length, refused, p50: pct(latencies, 0.5), p95: pct(latencies, 0.95) };
  } finally {
    await close();
  }
}

export default async function duplicateBench() {
  console.log(`duplicate: ${PLAYERS} players × ${PER_PLAYER} submissions in the last ${WINDOW_MS / 1000} s of a turn`);
  const dbs: [string, () => Promise<DbHandle | null>][] = [
    ["PGlite", () => openDatabase()],
    ["PostgreSQL", () => openScratchDatabase("duplicate on PostgreSQL")],
  ];
  for (const [kind, open] of dbs)
    for (const withSearch of [true, false]) {
    const r = await oneTurn(withSearch, open);
    if (!r) break;
    console.log(
      `  ${kind}, search ${withSearch ? "stored before the deadline" : "left to the close  "}: deadline → turn ${r.next} open in ${r.closedAfter} ms (${r.outcome}); ` +
        `submissions accepted ${r.accepted}, refused ${r.refused} (late: sent as the turn closed); latency p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms`,
    );
  }
}
