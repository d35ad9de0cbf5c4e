/**
 * `npm run load -- --matches 100` — load test through the real HTTP API (not part of the tests).
 *
 * Unless `--url` is given it creates a scratch PostgreSQL database (DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/equalis_load; dropped at the end unless --keep), builds the
 * app into NEXT_DIST_DIR (default .next-load; reused when present, --build forces) and starts
 * `next start` on 127.0.0.1 (--snapshot: build and serve a copy of the last commit in
 * .data/load-app instead of the working tree; --app-dir .data/load-app reuses it). Then:
 *   1. signs up 2N users with `accounts.signUp` and signs each in through Auth.js (GET
 *      /api/auth/csrf, POST /api/auth/callback/credentials; cookies kept per user);
 *   2. pairs them into N matches (`matches.create` with an invite, `matches.accept`);
 *   3. drives the N matches concurrently for --duration seconds (or --moves per pair): the player
 *      on move reads their own view (`matches.get`), the bot computes a move client-side from that
 *      view only (`botPositionFromView` + `chooseBotAction`, small budget) and submits it with
 *      `matches.move`; a finished game is replaced by a new one for the same pair;
 *   4. spectators: --spectators anonymous pollers per match (`matches.get` every --poll ms) and
 *      --sse anonymous SSE subscribers (`matches.live`), counting the views pushed to them;
 *   5. reports matches.move latency (p50/p95/p99), errors by code, throughput (moves/s), the
 *      event-loop delay of this client (its own bot thinking shares the machine) and stops.
 * Loopback only; every loop is bounded by the deadline and every request by a timeout.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { randomBytes, randomUUID } from "node:crypto";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { botPositionFromView, chooseBotAction, getRuleset, type BotAction, type GameView } from "@/engine";
import { Client, HttpError } from "./load/http";
import { Counter, pool, Samples } from "./load/stats";
import { ensureBuild, scratchDatabase, snapshotHead, startServer, type RunningServer, type ScratchDb } from "./load/server";

const { values: a } = parseArgs({
  options: {
    matches: { type: "string", default: "100" },
    duration: { type: "string", default: "60" },
    moves: { type: "string", default: "0" },
    url: { type: "string" },
    spectators: { type: "string", default: "1" },
    sse: { type: "string" },
    poll: { type: "string", default: "2000" },
    budget: { type: "string", default: "8" },
    nodes: { type: "string", default: "20000" },
    setup: { type: "string", default: "12" },
    port: { type: "string", default: "3200" },
    dist: { type: "string", default: process.env.NEXT_DIST_DIR ?? ".next-load" },
    pool: { type: "string", default: process.env.DATABASE_POOL_MAX ?? "10" },
    build: { type: "boolean", default: false },
    snapshot: { type: "boolean", default: false },
    "app-dir": { type: "string" },
    webpack: { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
  },
});

const N = Number(a.matches);
const DURATION_MS = Number(a.duration) * 1000;
const MOVES_PER_PAIR = Number(a.moves);
const SPECTATORS = Number(a.spectators);
const SSE = Math.min(N, a.sse !== undefined ? Number(a.sse) : 50);
const POLL_MS = Number(a.poll);
const BOT = { budgetMs: Number(a.budget), maxNodes: Number(a.nodes) };
const PASSWORD = "load-password-1";
const rs = getRuleset("equate");

interface User {
  id: string;
  email: string;
  client: Client;
}
interface Pair {
  a: User;
  b: User;
  matchId: string | null;
  changed: AbortController;
  moves: number;
}
type View = { status: string; version: number; viewerSeat: number | null; players: { userId: string; seat: number }[]; game: (GameView & { turn: number }) | null };

const moveLat = new Samples();
const getLat = new Samples();
const spectLat = new Samples();
const createLat = new Samples();
const errors = new Counter();
let movesOk = 0;
let gamesFinished = 0;
let sseEvents = 0;
let thinkMs = 0;

const codeOf = (e: unknown) => (e instanceof HttpError ? e.code : "CLIENT_" + (e as Error).name);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function toAction(x: BotAction) {
  if (x.type === "play") return { type: "play" as const, placements: x.placements };
  if (x.type === "exchange") return { type: "exchange" as const, tiles: x.tiles };
  return { type: "pass" as const };
}

async function newMatch(p: Pair): Promise<string> {
  const t0 = performance.now();
  const m = await p.a.client.mutate<{ id: string }>("matches.create", {
    ruleset: "equate",
    rulesetOptions: {},
    challengeRule: "single",
    timeControl: null,
    rated: false,
    seats: 2,
    invite: [p.b.id],
    firstMover: "creator",
  });
  await p.b.client.mutate("matches.accept", { matchId: m.id });
  createLat.add(performance.now() - t0);
  return m.id;
}

async function drivePair(p: Pair, deadline: number): Promise<void> {
  const byId = new Map([p.a, p.b].map((u) => [u.id, u]));
  let mover: User = p.a;
  while (Date.now() < deadline && (MOVES_PER_PAIR === 0 || p.moves < MOVES_PER_PAIR)) {
    let matchId: string;
    try {
      matchId = await newMatch(p);
    } catch (e) {
      errors.add(`create:${codeOf(e)}`);
      await sleep(1000);
      continue;
    }
    p.matchId = matchId;
    p.changed.abort();
    p.changed = new AbortController();
    mover = p.a;
    while (Date.now() < deadline && (MOVES_PER_PAIR === 0 || p.moves < MOVES_PER_PAIR)) {
      let v: View;
      const g0 = performance.now();
      try {
        v = await mover.client.query<View>("matches.get", { matchId });
        getLat.add(performance.now() - g0);
      } catch (e) {
        errors.add(`get:${codeOf(e)}`);
        await sleep(500);
        continue;
      }
      if (v.status !== "active" || !v.game) {
        if (v.status === "finished") gamesFinished++;
        break;
      }
      const onMove = v.players.find((x) => x.seat === v.game!.turn)!.userId;
      if (onMove !== mover.id) {
        mover = byId.get(onMove)!;
        continue;
      }
      const t = performance.now();
      const pos = botPositionFromView(v.game, rs);
      if (!pos) break;
      const action = toAction(chooseBotAction(pos, BOT));
      thinkMs += performance.now() - t;
      const m0 = performance.now();
      try {
        await mover.client.mutate("matches.move", { matchId, expectedSeq: v.version, clientId: randomUUID(), action });
        moveLat.add(performance.now() - m0);
        movesOk++;
        p.moves++;
      } catch (e) {
        errors.add(`move:${codeOf(e)}`);
        if (e instanceof HttpError && e.code === "BAD_REQUEST" && action.type !== "pass") {
          // should not happen (bot plays are adjudicated); keep the game going
          await mover.client.mutate("matches.move", { matchId, expectedSeq: v.version, clientId: randomUUID(), action: { type: "pass" } }).catch((e2) => errors.add(`move:${codeOf(e2)}`));
        }
      }
    }
  }
}

async function spectate(p: Pair, base: string, deadline: number): Promise<void> {
  const c = new Client(base);
  await sleep(Math.random() * POLL_MS);
  while (Date.now() < deadline) {
    if (p.matchId) {
      const t0 = performance.now();
      try {
        await c.query("matches.get", { matchId: p.matchId });
        spectLat.add(performance.now() - t0);
      } catch (e) {
        errors.add(`spectate:${codeOf(e)}`);
      }
    }
    await sleep(Math.max(0, Math.min(POLL_MS, deadline - Date.now())));
  }
}

async function subscribeLive(p: Pair, base: string, deadline: number, end: AbortSignal): Promise<void> {
  const c = new Client(base);
  while (Date.now() < deadline) {
    if (!p.matchId) {
      await sleep(200);
      continue;
    }
    const signal = AbortSignal.any([end, p.changed.signal]);
    await c.subscribe("matches.live", { matchId: p.matchId }, signal, () => sseEvents++);
    if (end.aborted) return;
    await sleep(50);
  }
}

async function main(): Promise<void> {
  let server: RunningServer | null = null;
  let db: ScratchDb | null = null;
  const stopAll = async () => {
    await server?.stop();
    if (db && !a.keep) await db.drop();
  };
  process.once("SIGINT", () => void stopAll().then(() => process.exit(130)));
  try {
    let base = a.url?.replace(/\/$/, "");
    if (!base) {
      const url = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/equalis_load";
      db = await scratchDatabase(url);
      const appDir = a.snapshot ? snapshotHead(".data/load-app") : path.resolve(a["app-dir"] ?? ".");
      ensureBuild(appDir, a.dist!, a.build! || a.snapshot!, a.webpack!);
      server = await startServer({ appDir, distDir: a.dist!, databaseUrl: db.url, port: Number(a.port), poolMax: Number(a.pool) });
      console.log(`server up at ${server.url} on scratch database ${new URL(url).pathname.slice(1)}`);
      base = server.url;
    }
    const host = new URL(base).hostname;
    if (host !== "127.0.0.1" && host !== "localhost" && host !== "::1") throw new Error("the load script only targets loopback");

    // 1. users
    const run = randomBytes(3).toString("hex");
    const setup = Number(a.setup);
    const s0 = performance.now();
    const anon = new Client(base);
    const users = await pool(Array.from({ length: 2 * N }, (_, i) => i), setup, async (i) => {
      const email = `load-${run}-${i}@example.test`;
      const u = await anon.mutate<{ id: string }>("accounts.signUp", { email, name: `Load ${run} ${i}`, password: PASSWORD });
      return { id: u.id, email, client: new Client(base!) } satisfies User;
    });
    const s1 = performance.now();
    await pool(users, setup, async (u) => {
      if (!(await u.client.signIn(u.email, PASSWORD))) throw new Error(`sign-in failed for ${u.email}`);
    });
    const s2 = performance.now();
    console.log(`${users.length} users: sign-up ${((s1 - s0) / 1000).toFixed(1)} s, sign-in ${((s2 - s1) / 1000).toFixed(1)} s (scrypt on both)`);

    // 2.–4. drive
    const pairs: Pair[] = Array.from({ length: N }, (_, i) => ({ a: users[2 * i]!, b: users[2 * i + 1]!, matchId: null, changed: new AbortController(), moves: 0 }));
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const t0 = Date.now();
    const deadline = t0 + DURATION_MS;
    const end = new AbortController();
    const endTimer = setTimeout(() => end.abort(), DURATION_MS + 1000);
    const progress = setInterval(() => console.log(`  ${Math.round((Date.now() - t0) / 1000)} s: ${movesOk} moves, ${gamesFinished} games finished, ${errors.total} errors`), 10_000);
    await Promise.all([
      ...pairs.map((p) => drivePair(p, deadline)),
      ...pairs.flatMap((p) => Array.from({ length: SPECTATORS }, () => spectate(p, base!, deadline))),
      ...pairs.slice(0, SSE).map((p) => subscribeLive(p, base!, deadline, end.signal)),
    ]).finally(() => {
      end.abort();
      clearTimeout(endTimer);
      clearInterval(progress);
    });
    loop.disable();
    const secs = (Date.now() - t0) / 1000;

    console.log("");
    console.log(`== ${N} concurrent matches, ${secs.toFixed(0)} s, ${SPECTATORS} poller(s)/match every ${POLL_MS} ms, ${SSE} SSE subscribers ==`);
    console.log(`matches.move   ${moveLat.summary()}`);
    console.log(`throughput     ${(movesOk / secs).toFixed(1)} moves/s (${movesOk} moves, ${gamesFinished} games finished)`);
    console.log(`errors         ${errors.toString()}`);
    console.log(`matches.get    players: ${getLat.summary()}`);
    console.log(`               spectators: ${spectLat.summary()}`);
    console.log(`create+accept  ${createLat.summary()}`);
    console.log(`SSE            ${sseEvents} views pushed to ${SSE} subscribers`);
    console.log(`client         bot thinking ${(thinkMs / 1000).toFixed(1)} s CPU (budget ${BOT.budgetMs} ms, ${BOT.maxNodes} nodes/move); event-loop delay p50 ${(loop.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms`);
    const f = (x: number) => x.toFixed(0);
    console.log(`| ${N} | ${secs.toFixed(0)} s | ${movesOk} | ${(movesOk / secs).toFixed(1)} | ${f(moveLat.pct(0.5))} | ${f(moveLat.pct(0.95))} | ${f(moveLat.pct(0.99))} | ${errors.total} | ${f(spectLat.pct(0.5))} / ${f(spectLat.pct(0.99))} | ${sseEvents} |`);
  } finally {
    await stopAll();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
