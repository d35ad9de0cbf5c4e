/**
 * Duplicate games at scale (docs/duplicate.md "Limits", docs/performance.md): a field of players
 * (BENCH_DUP_PLAYERS, default 1,000) each submitting once in the last 5 s of a turn (spread evenly,
 * sent as they fall due), then the close at the deadline; the figure is the time from the deadline
 * until the next turn is open (every last submission ruled, the master play chosen and on the
 * board, the next rack drawn), p50/p99 over several turns (BENCH_DUP_TURNS, default 4).
 *
 * Turns alternate, in the same game and run, between today's close (each submission ruled as it
 * arrives, the next rack drawn ahead by the search job) and the reference: the close before
 * (the rulings and the draw ahead wiped at the deadline, so the close rules every submission and
 * draws the next rack inside its transaction, as it did). The master play's search is stored
 * before the deadline in both, as the search job does at the turn's opening.
 *
 * Service level on real databases: a scratch PostgreSQL database (bench/scratch-db.ts, on
 * BENCH_DATABASE_URL), then in-memory PGlite with a smaller field (BENCH_DUP_PGLITE_PLAYERS,
 * default 250: one connection, every statement in turn). A view of the game (what each player's
 * page re-reads on a notice) is timed and sized after the turns too, beside the whole game in one
 * view as `duplicate.get` carried it before (docs/duplicate.md "Reading a game").
 *
 * Each player also holds a live subscription to the game (as each page's `duplicate.live` stream
 * does; on PostgreSQL through a second database handle, as another app instance): the second
 * figure is the time from the deadline until every subscription has heard the close's notice.
 */
import { setMaxListeners } from "node:events";
import { and, eq, sql } from "drizzle-orm";
import { openDatabase, type Db, type DbHandle } from "@/db/client";
import { duplicateGames, duplicatePlayers, duplicateSubmissions, duplicateTurns } from "@/db/schema";
import { bestPlaysAt, rulesetFor } from "@/engine";
import { createDuplicate, startDuplicate } from "@/server/services/duplicate/games";
import { duplicateView, playFor, readableGame, tableRows } from "@/server/services/duplicate/view";
import { loadGame } from "@/server/services/duplicate/access";
import { searchTurn } from "@/server/services/duplicate/search";
import { announce, duplicateTopic, liveDuplicate } from "@/server/services/duplicate/live";
import { closeTurn, submitPlay } from "@/server/services/duplicate/turns";
import { subscribe } from "@/server/live/bus";
import { seedUsers } from "@/tests/helpers/seed";
import { openScratchDatabase } from "./scratch-db";

const PLAYERS = Number(process.env.BENCH_DUP_PLAYERS ?? 1000);
const PGLITE_PLAYERS = Number(process.env.BENCH_DUP_PGLITE_PLAYERS ?? 250);
const TURNS = Number(process.env.BENCH_DUP_TURNS ?? 4);
const WINDOW_MS = 5_000;
const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]! : NaN);

interface TurnResult {
  reference: boolean;
  closedAfter: number;
  /** deadline → the close's notice heard by every one of the subscribers (the pages' live streams) */
  heardAfter: number;
  accepted: number;
  refused: number;
  latencies: number[];
}

/** One turn: submissions in the last WINDOW_MS, the close at the deadline. */
async function oneTurn(db: Db, gameId: string, users: { id: string }[], reference: boolean, listeners: Listeners): Promise<TurnResult | null> {
  const g = await loadGame(db, gameId);
  if (g.status !== "playing") return null;
  const thisTurn = and(eq(duplicateTurns.gameId, gameId), eq(duplicateTurns.number, g.turn));
  const [t] = await db.select().from(duplicateTurns).where(thisTurn);
  const plays = bestPlaysAt(rulesetFor(g.ruleset, g.rulesetOptions), g.board, t!.rack, { top: 20, deadlineMs: 3000, firstPlay: g.board.length === 0 }).plays;
  if (plays.length === 0) return null;
  await searchTurn(db, g, t!, 3000);
  // setup done (the plays, the search): the deadline is moved to WINDOW_MS + 0.5 s from now
  const deadline = Date.now() + WINDOW_MS + 500;
  await db.update(duplicateTurns).set({ dueAt: new Date(deadline) }).where(thisTurn);
  const startAt = deadline - WINDOW_MS;
  const latencies: number[] = [];
  let refused = 0;
  const sends = users.map(
    (user, i) =>
      new Promise<void>((resolve) =>
        setTimeout(
          async () => {
            const t0 = performance.now();
            try {
              await submitPlay(db, { gameId, turn: g.turn, placements: plays[i % plays.length]!.placements }, user.id);
              latencies.push(performance.now() - t0);
            } catch {
              refused++;
            }
            resolve();
          },
          Math.max(0, startAt + ((i + 0.5) * WINDOW_MS) / users.length - Date.now()),
        ),
      ),
  );
  await new Promise((r) => setTimeout(r, Math.max(0, deadline - Date.now())));
  let from = deadline;
  if (reference) {
    // the close as it was: nothing ruled before the deadline, the next rack drawn in the close
    await db.update(duplicateSubmissions).set({ valid: null, score: null, text: null, reason: null }).where(and(eq(duplicateSubmissions.gameId, gameId), eq(duplicateSubmissions.turn, g.turn)));
    await db.update(duplicateTurns).set({ search: sql`${duplicateTurns.search} - 'next'` }).where(thisTurn);
    from = Date.now();
  }
  const heard = listeners.heardAbove(g.version);
  // the due timer fires at the deadline
  const out = await closeTurn(db, gameId, g.turn, new Date(Math.max(Date.now(), deadline)));
  const closedAfter = Date.now() - from;
  const heardAfter = (await heard) - from;
  await Promise.all(sends);
  if (out.outcome !== "closed") throw new Error(`turn ${g.turn} not closed: ${out.outcome}`);
  return { reference, closedAfter, heardAfter, accepted: latencies.length, refused, latencies };
}

interface Listeners {
  /** Resolves (Date.now()) once every subscription has heard a version above `version`. */
  heardAbove(version: number): Promise<number>;
  close(): void;
}

/**
 * One live subscription per player (what each page's `duplicate.live` stream holds), on `db`: on
 * PostgreSQL a second handle, as another app instance would be (the notice crosses the database).
 */
async function listen(db: Db, gameId: string, n: number): Promise<Listeners> {
  const stop = new AbortController();
  setMaxListeners(0, stop.signal); // one signal ends every subscription
  const subs = await Promise.all(Array.from({ length: n }, () => subscribe(db, duplicateTopic(gameId), stop.signal)));
  const heard = subs.map(() => 0);
  let waiter: { above: number; resolve: (at: number) => void } | null = null;
  let done = 0;
  subs.forEach((sub, i) => {
    void (async () => {
      for await (const notice of sub) {
        heard[i] = Math.max(heard[i]!, notice.version);
        if (waiter && heard[i]! > waiter.above && ++done === n) waiter.resolve(Date.now());
      }
    })();
  });
  return {
    heardAbove: (above) =>
      new Promise((resolve) => {
        done = heard.filter((v) => v > above).length;
        waiter = { above, resolve };
        if (done === n) resolve(Date.now());
      }),
    close: () => stop.abort(),
  };
}

/**
 * The reference view: the whole game in one read, as `duplicate.get` carried it before it was cut
 * to one screen — every player, every row of the table, every play of every closed turn (a reason
 * only on the reader's own) and every submitter of the open turn — from the same kept shared part.
 */
async function wholeView(db: Db, gameId: string, viewerId: string) {
  const { g, sh, me, isDirector } = await readableGame(db, gameId, viewerId, new Date());
  const subs = sh.open
    ? await db
        .select({ userId: duplicateSubmissions.userId, count: duplicateSubmissions.count, submittedAt: duplicateSubmissions.submittedAt })
        .from(duplicateSubmissions)
        .where(and(eq(duplicateSubmissions.gameId, gameId), eq(duplicateSubmissions.turn, sh.open.number)))
    : [];
  const { id, name, ruleset, rulesetOptions, turnSeconds, maxTurns, preview, status, version, clubId, eventId, board } = g;
  return {
    id, name, ruleset, rulesetOptions, turnSeconds, maxTurns, preview, status, version, clubId, eventId, board,
    isDirector,
    me,
    turn: sh.open,
    submitted: subs.map((s) => s.userId),
    players: sh.players,
    history: sh.history.map((h) => ({ number: h.number, rack: h.rack, master: h.master, plays: h.plays.map((p) => playFor(sh, h.number, p, viewerId)) })),
    table: tableRows(sh, [...sh.table.rows.keys()]),
  };
}

const median = (xs: number[]) => pct(xs, 0.5);

/**
 * What every page does on the close's notice: re-read its view, all at once, once the notice has
 * reached this process (which starts reading the shared part on it: view.ts `warmShared`; each
 * view then adds its one statement). The
 * one-screen view and the whole-game reference alternate, ROUNDS each, in one process; each round
 * at a version not read yet. Bytes are the view's JSON (the router's superjson adds its type notes).
 */
async function viewFigures(db: Db, kind: string, id: string, users: { id: string }[], turns: number) {
  const ROUNDS = 3;
  const bump = () => db.execute(sql`update duplicate_games set version = version + 1 where id = ${id}::uuid`);
  // a round's re-reads start once this process's live stream (a page's `duplicate.live`) has heard
  // the new version, as every page re-reads on the notice
  const stop = new AbortController();
  const stream = liveDuplicate(db, id, users[0]!.id, stop.signal);
  await stream.next();
  const bumpHeard = async () => {
    const heard = stream.next();
    await db.transaction(async (tx) => {
      const [g] = await tx.update(duplicateGames).set({ version: sql`${duplicateGames.version} + 1` }).where(eq(duplicateGames.id, id)).returning({ version: duplicateGames.version });
      await announce(tx, id, g!.version);
    });
    await heard;
  };
  const kinds = [
    { name: "one screen (now)", read: (u: string) => duplicateView(db, id, u) },
    { name: "whole game (reference, as before)", read: (u: string) => wholeView(db, id, u) },
  ];
  const figures = kinds.map(() => ({ wall: [] as number[], cpu: [] as number[], p99: [] as number[], cold: [] as number[] }));
  // a read with nothing kept, as every read was before the shared part was kept
  for (let i = 0; i < 10; i++) {
    for (const [k, { read }] of kinds.entries()) {
      await bump();
      const t = performance.now();
      await read(users[i]!.id);
      figures[k]!.cold.push(performance.now() - t);
    }
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const [k, { read }] of kinds.entries()) {
      await bumpHeard();
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const ms = await Promise.all(
        users.map(async (u) => {
          const t = performance.now();
          await read(u.id);
          return performance.now() - t;
        }),
      );
      const cpu = process.cpuUsage(cpu0);
      figures[k]!.wall.push(performance.now() - t0);
      figures[k]!.cpu.push((cpu.user + cpu.system) / 1000 / users.length);
      figures[k]!.p99.push(pct(ms, 0.99));
    }
  }
  stop.abort();
  await stream.return(undefined);
  // bytes: the first player (the director: every player named), a player in the middle of the table, the last
  const readers = [users[0]!, users[Math.floor(users.length / 2)]!, users.at(-1)!];
  for (const [k, { name, read }] of kinds.entries()) {
    const bytes = await Promise.all(readers.map(async (u) => JSON.stringify(await read(u.id)).length));
    const f = figures[k]!;
    console.log(
      `  ${kind}, ${users.length} players after ${turns} turns, ${name}: every player's view re-read at once — all done p50 ${median(f.wall).toFixed(0)} ms ` +
        `[${f.wall.map((x) => x.toFixed(0)).join(", ")}] over ${ROUNDS} rounds, each view p99 ${median(f.p99).toFixed(1)} ms, server CPU ${median(f.cpu).toFixed(2)} ms per view; one read with nothing kept p50 ${median(f.cold).toFixed(1)} ms; ` +
        `one view ${bytes.map((b) => `${(b / 1024).toFixed(1)} KiB`).join(" / ")} as JSON (director / middle / last player)`,
    );
  }
}

async function run(kind: string, players: number, open: () => Promise<(DbHandle & { listenDb?: Db }) | null>) {
  const handle = await open();
  if (!handle) return;
  const { db, close } = handle;
  try {
    const users = await seedUsers(db, players);
    const { id } = await createDuplicate(db, users[0]!.id, { name: "Bench", ruleset: "equate", turnSeconds: 600, maxTurns: 2 * TURNS + 1, seed: "bench" });
    await db.insert(duplicatePlayers).values(users.slice(1).map((u, i) => ({ gameId: id, userId: u.id, joinedTurn: 1, tableNumber: i + 2 })));
    await startDuplicate(db, id, users[0]!.id);
    const listeners = await listen(handle.listenDb ?? db, id, players);
    const results: TurnResult[] = [];
    try {
      for (let i = 0; i < 2 * TURNS; i++) {
        const r = await oneTurn(db, id, users, i % 2 === 1, listeners);
        if (!r) break;
        results.push(r);
      }
    } finally {
      listeners.close();
    }
    for (const reference of [false, true]) {
      const rs = results.filter((r) => r.reference === reference);
      const delays = rs.map((r) => r.closedAfter);
      const heard = rs.map((r) => r.heardAfter);
      const lat = rs.flatMap((r) => r.latencies);
      console.log(
        `  ${kind}, ${players} players, ${reference ? "reference (rule all + draw at the close)" : "now (ruled on arrival, drawn ahead)     "}: ` +
          `deadline → next turn open p50 ${pct(delays, 0.5)} ms, p99 ${pct(delays, 0.99)} ms over ${rs.length} turns [${delays.join(", ")}]; ` +
          `→ heard by all ${players} subscriptions p50 ${pct(heard, 0.5)} ms, p99 ${pct(heard, 0.99)} ms [${heard.join(", ")}]; ` +
          `submissions accepted ${rs.reduce((s, r) => s + r.accepted, 0)}, refused ${rs.reduce((s, r) => s + r.refused, 0)}; latency p50 ${pct(lat, 0.5).toFixed(1)} ms, p99 ${pct(lat, 0.99).toFixed(1)} ms`,
      );
    }
    await viewFigures(db, kind, id, users, results.length);
  } finally {
    await close();
  }
}

export default async function duplicateBench() {
  process.env.DUPLICATE_RUNNER = "off"; // the bench closes the turns itself
  console.log(`duplicate: each player submits once in the last ${WINDOW_MS / 1000} s of a turn; ${TURNS} turns now + ${TURNS} reference turns, alternating`);
  await run("PostgreSQL", PLAYERS, async () => {
    const scratch = await openScratchDatabase("duplicate on PostgreSQL");
    if (!scratch) return null;
    // the pages' streams on a second handle: another app instance, the notice crossing the database
    const web = await openDatabase({ url: scratch.url });
    return { ...scratch, listenDb: web.db, close: async () => (await web.close(), await scratch.close()) };
  });
  await run("PGlite", PGLITE_PLAYERS, () => openDatabase());
}
