/**
 * `npm run load -- --matches 100 --spectators 2` — a tournament room, open loop, through the real
 * HTTP API (not part of the tests; issue 14's targets are read off its output).
 *
 * Unless `--url` is given it creates a scratch PostgreSQL database (DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/equalis_load; dropped at the end unless --keep), builds the
 * app into NEXT_DIST_DIR (default .next-load; reused when present, --build forces) and starts the
 * app's server, server/main.ts (`--server next`: plain `next start`, to compare), on 127.0.0.1
 * (--snapshot: build and serve a copy of the last commit in .data/load-app instead of the working
 * tree; --app-dir .data/load-app reuses it). Then:
 *   1. signs up 2N users with `accounts.signUp` and signs each in through Auth.js (cookies kept);
 *   2. pairs them into N casual untimed matches (`matches.create` + `matches.accept`), and both
 *      players check in (`matches.checkIn`, as the play page does);
 *   3. pre-computes every game before the clock starts: the start event (with its seed) is read
 *      from the scratch database and the bot plays the whole game out in this process, so no bot
 *      thinks while the room runs (needs the scratch database: with --url, pass --database-url);
 *   4. opens the players' SSE streams (`matches.live`, their own cookies) and --spectators
 *      anonymous SSE streams per match;
 *   5. runs the room for --duration seconds, open loop: each match sends its next move every
 *      --interval seconds (±20 % jitter, staggered starts) whatever the previous answer took;
 *   6. prints move latency p50/p99 from send to the mover's answer and from send to the last
 *      spectator's view of it, the server's CPU per move (/proc/<pid>/stat, and process.cpuUsage
 *      when it is server/main.ts), database statements per move (db/client.ts statementsSent,
 *      server/main.ts only), errors by code, and this client's event-loop delay.
 * Loopback only; every loop is bounded by the deadline and every request by a timeout.
 */
import { loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { randomBytes, randomUUID } from "node:crypto";
import { setMaxListeners } from "node:events";
import { monitorEventLoopDelay } from "node:perf_hooks";
import postgres from "postgres";
import type { GameEvent } from "@/engine";
import { precompute, precomputeAll, type Action } from "./load/games";
import { Client, HttpError } from "./load/http";
import { Counter, pool, Samples } from "./load/stats";
import { ensureBuild, procCpuMs, scratchDatabase, snapshotHead, startServer, type RunningServer, type ScratchDb, type ServerStats } from "./load/server";

const { values: a } = parseArgs({
  options: {
    matches: { type: "string", default: "100" },
    spectators: { type: "string", default: "2" },
    interval: { type: "string", default: "10" },
    duration: { type: "string", default: "60" },
    url: { type: "string" },
    "database-url": { type: "string" },
    server: { type: "string", default: "main" },
    budget: { type: "string", default: "4" },
    nodes: { type: "string", default: "4000" },
    setup: { type: "string", default: "12" },
    port: { type: "string", default: "3200" },
    dist: { type: "string", default: process.env.NEXT_DIST_DIR ?? ".next-load" },
    pool: { type: "string", default: process.env.DATABASE_POOL_MAX ?? "10" },
    build: { type: "boolean", default: false },
    snapshot: { type: "boolean", default: false },
    "app-dir": { type: "string" },
    keep: { type: "boolean", default: false },
  },
});

const N = Number(a.matches);
const S = Number(a.spectators);
const INTERVAL_MS = Number(a.interval) * 1000;
const DURATION_MS = Number(a.duration) * 1000;
const BOT = { budgetMs: Number(a.budget), maxNodes: Number(a.nodes) };
const PASSWORD = "load-password-1";
if (!(N >= 1 && N <= 2000 && S >= 0 && S <= 2000 && DURATION_MS > 0 && DURATION_MS <= 3_600_000 && INTERVAL_MS >= 100)) throw new Error("bounds: 1 ≤ matches ≤ 2000, 0 ≤ spectators ≤ 2000, duration ≤ 3600 s, interval ≥ 0.1 s");

interface User {
  id: string;
  email: string;
  client: Client;
}
interface Match {
  id: string;
  players: User[];
  /** the game, pre-computed: whose move and what */
  script: { userId: string; action: Action }[];
  next: number;
  version: number;
  /** moves in flight or done, by the version they were made against: when sent, and spectators yet to see them */
  sent: Map<number, { at: number; waiting: number; last: number }>;
  over: boolean;
}

const moveLat = new Samples();
const spectLat = new Samples();
/** every spectator's own delay for every move (not only the last one's) */
const eachSpectLat = new Samples();
const errors = new Counter();
/** each move's time as the client saw it, and the server handler's parts of it (Server-Timing) */
const moveSplit: { total: number; body: number; ctx: number; proc: number }[] = [];
let movesOk = 0;
let sseViews = 0;
let sseOpen = 0;
/** set when the room's clock starts */
let roomOpen = false;

const codeOf = (e: unknown) => (e instanceof HttpError ? e.code : "CLIENT_" + (e as Error).name);
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((r) => {
    const t = setTimeout(r, ms);
    signal?.addEventListener("abort", () => (clearTimeout(t), r()), { once: true });
  });

/** Follows one SSE stream; spectators' views time the moves of their match. */
async function follow(m: Match, c: Client, spectator: boolean, end: AbortSignal): Promise<void> {
  let seen = 0;
  while (!end.aborted) {
    sseOpen++;
    const reason = await c.subscribe(
      "matches.live",
      { matchId: m.id },
      end,
      () => {
        sseViews++;
      },
      (data) => {
        const version = (data as { version?: number }).version ?? 0;
        if (!spectator) return;
        const now = performance.now();
        for (const [from, rec] of m.sent) {
          if (from >= seen && from < version) {
            eachSpectLat.add(now - rec.at);
            rec.waiting--;
            rec.last = Math.max(rec.last, now);
            if (rec.waiting === 0) {
              spectLat.add(rec.last - rec.at);
              m.sent.delete(from);
            }
          }
        }
        seen = Math.max(seen, version);
      },
    );
    sseOpen--;
    if (!end.aborted) {
      // why it ended (bench/load/http.ts closeReason) and when: while the streams opened, or in the room
      errors.add(`sse:closed(${reason ?? "?"}, ${roomOpen ? "in the room" : "while opening"})`);
      await sleep(500, end);
    }
  }
}

async function drive(m: Match, deadline: number, end: AbortSignal): Promise<void> {
  await sleep(Math.random() * INTERVAL_MS, end); // staggered: matches do not move in step
  while (Date.now() < deadline && !m.over && m.next < m.script.length) {
    const tick = sleep(INTERVAL_MS * (0.8 + Math.random() * 0.4), end); // open loop: the next send does not wait for this answer
    const { userId, action } = m.script[m.next]!;
    const mover = m.players.find((p) => p.id === userId)!;
    const from = m.version;
    const t0 = performance.now();
    if (S > 0) m.sent.set(from, { at: t0, waiting: S, last: t0 });
    try {
      const { data: out, timing } = await mover.client.mutateTimed<{ version: number; status: string }>("matches.move", { matchId: m.id, expectedSeq: from, clientId: randomUUID(), action });
      const total = performance.now() - t0;
      moveLat.add(total);
      if (timing.proc !== undefined) moveSplit.push({ total, body: timing.body ?? 0, ctx: timing.ctx ?? 0, proc: timing.proc });
      movesOk++;
      m.version = out.version;
      m.next++;
      if (out.status !== "active") m.over = true;
    } catch (e) {
      errors.add(`move:${codeOf(e)}`);
      m.sent.delete(from);
      m.over = true; // the script no longer matches the game
    }
    await tick;
  }
}

async function readStats(server: RunningServer | null): Promise<{ proc: number | null; stats: ServerStats | null }> {
  if (!server) return { proc: null, stats: null };
  return { proc: procCpuMs(server.pid), stats: await server.stats() };
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
    let dbUrl = a["database-url"];
    if (!base) {
      const url = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/equalis_load";
      db = await scratchDatabase(url);
      dbUrl = url;
      const appDir = a.snapshot ? snapshotHead(".data/load-app") : path.resolve(a["app-dir"] ?? ".");
      ensureBuild(appDir, a.dist!, a.build! || a.snapshot!);
      server = await startServer({ appDir, distDir: a.dist!, databaseUrl: db.url, port: Number(a.port), poolMax: Number(a.pool), kind: a.server === "next" ? "next" : "main" });
      console.log(`server (${a.server}) up at ${server.url}, pid ${server.pid}, on scratch database ${new URL(url).pathname.slice(1)}`);
      base = server.url;
    }
    if (!dbUrl) throw new Error("the games are pre-computed from their start events: give --database-url with --url");
    for (const u of [base, dbUrl]) {
      const host = new URL(u).hostname;
      if (host !== "127.0.0.1" && host !== "localhost" && host !== "::1") throw new Error("the load script only targets loopback");
    }

    // 1. users
    const run = randomBytes(3).toString("hex");
    const setup = Number(a.setup);
    const s0 = performance.now();
    const anon = new Client(base);
    const users = await pool(Array.from({ length: 2 * N }, (_, i) => i), setup, async (i) => {
      const email = `load-${run}-${i}@example.test`;
      await anon.mutate("accounts.signUp", { email, name: `Load ${run} ${i}`, password: PASSWORD });
      return { id: "", email, client: new Client(base!) } satisfies User;
    });
    await pool(users, setup, async (u) => {
      if (!(await u.client.signIn(u.email, PASSWORD))) throw new Error(`sign-in failed for ${u.email}`);
      u.id = (await u.client.query<{ id: string }>("accounts.me", undefined)).id;
    });
    console.log(`${users.length} users signed up and in: ${((performance.now() - s0) / 1000).toFixed(1)} s`);

    // 2. matches
    const ids = await pool(Array.from({ length: N }, (_, i) => i), setup, async (i) => {
      const [pa, pb] = [users[2 * i]!, users[2 * i + 1]!];
      const m = await pa.client.mutate<{ id: string }>("matches.create", { ruleset: "equate", rulesetOptions: {}, challengeRule: "single", timeControl: null, rated: false, seats: 2, invite: [pb.id], firstMover: "creator" });
      await pb.client.mutate("matches.accept", { matchId: m.id });
      for (const p of [pa, pb]) await p.client.mutate("matches.checkIn", { matchId: m.id }).catch((e) => errors.add(`checkIn:${codeOf(e)}`));
      return m.id;
    });

    // 3. the games, played out here before the room opens
    const sql = postgres(dbUrl, { max: 2, onnotice: () => {} });
    const starts = await sql<{ match_id: string; payload: GameEvent; version: number }[]>`
      select e.match_id, e.payload, m.version from match_events e join matches m on m.id = e.match_id
      where e.seq = 1 and e.match_id in ${sql(ids)}`;
    await sql.end({ timeout: 5 });
    const p0 = performance.now();
    const byId = new Map(starts.map((r) => [r.match_id, r]));
    // the bot plays between turns of the event loop (precomputeAll): a loop held for seconds left fetch reusing sockets the server had closed
    const scripts = await precomputeAll(ids, (id) => {
      const r = byId.get(id);
      if (!r) throw new Error(`match ${id} did not start`);
      // only the moves the room has time for (a move every ~INTERVAL, jitter ±20 %): 500 whole games took most of an hour here
      return precompute(r.payload, BOT, Math.ceil(DURATION_MS / (0.8 * INTERVAL_MS)) + 2);
    });
    const matches: Match[] = ids.map((id, i) => ({ id, players: [users[2 * i]!, users[2 * i + 1]!], script: scripts[i]!, next: 0, version: byId.get(id)!.version, sent: new Map(), over: false }));
    const scripted = matches.reduce((n, m) => n + m.script.length, 0);
    console.log(`${N} games pre-computed (${scripted} moves, ${((performance.now() - p0) / 1000).toFixed(1)} s of bot thinking, before the clock starts)`);

    // 4. SSE: both players and S spectators per match
    const end = new AbortController();
    setMaxListeners(0, end.signal);
    const streams = matches.flatMap((m) => [...m.players.map((p) => follow(m, p.client, false, end.signal)), ...Array.from({ length: S }, () => follow(m, new Client(base!), true, end.signal))]);
    const want = N * (2 + S);
    for (let t = Date.now(); sseOpen < want && Date.now() - t < 60_000; ) await sleep(100);
    for (let t = Date.now(); sseViews < want && Date.now() - t < 60_000; ) await sleep(100);
    console.log(`${sseOpen} SSE streams open, ${sseViews} first views received`);

    // 5. the room
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const before = await readStats(server);
    const loadBefore = loadavg();
    const t0 = Date.now();
    roomOpen = true;
    const deadline = t0 + DURATION_MS;
    const progress = setInterval(() => console.log(`  ${Math.round((Date.now() - t0) / 1000)} s: ${movesOk} moves, ${errors.total} errors`), 10_000);
    await Promise.all(matches.map((m) => drive(m, deadline, end.signal)));
    // the last moves' views: give the streams a moment, bounded
    for (let t = Date.now(); matches.some((m) => m.sent.size > 0) && Date.now() - t < 5_000; ) await sleep(50);
    clearInterval(progress);
    const secs = (Date.now() - t0) / 1000;
    const after = await readStats(server);
    end.abort();
    await Promise.race([Promise.all(streams), sleep(5_000)]);
    loop.disable();
    const unseen = matches.reduce((n, m) => n + m.sent.size, 0);

    const f1 = (x: number) => x.toFixed(1);
    console.log("");
    console.log(`== ${N} matches, a move every ~${INTERVAL_MS / 1000} s each, ${S} SSE spectators per match + both players on SSE (${want} streams), ${secs.toFixed(0)} s, server: ${a.server} ==`);
    console.log(`move → mover's answer           ${moveLat.summary()}`);
    console.log(`move → last spectator's view    ${spectLat.summary()}${unseen ? ` (${unseen} moves never seen by every spectator)` : ""}`);
    if (S > 0) console.log(`move → each spectator's view    ${eachSpectLat.summary()}`);
    if (moveSplit.length) {
      // where a move's time went: the server's handler (body, session, procedure) and the rest —
      // queues in the server's and this client's event loops, loopback — for all moves and the slowest 1 %
      const sorted = moveSplit.slice().sort((x, y) => x.total - y.total);
      const split = (xs: typeof moveSplit) => {
        const mean = (f: (x: (typeof moveSplit)[number]) => number) => f1(xs.reduce((n, x) => n + f(x), 0) / xs.length);
        return `total ${mean((x) => x.total)}: body ${mean((x) => x.body)}, session ${mean((x) => x.ctx)}, procedure ${mean((x) => x.proc)}, outside the handler ${mean((x) => x.total - x.body - x.ctx - x.proc)} ms`;
      };
      console.log(`move time split, mean of all     ${split(sorted)}`);
      console.log(`  … of the slowest 1 % (n=${Math.max(1, Math.floor(sorted.length / 100))})  ${split(sorted.slice(-Math.max(1, Math.floor(sorted.length / 100))))}`);
    }
    console.log(`throughput                      ${(movesOk / secs).toFixed(1)} moves/s (${movesOk} moves)`);
    if (before.proc !== null && after.proc !== null) {
      console.log(`server CPU per move (/proc)     ${f1((after.proc - before.proc) / Math.max(1, movesOk))} ms (includes fan-out to every SSE stream)`);
    }
    if (before.stats && after.stats) {
      const cpu = (after.stats.cpu.user + after.stats.cpu.system - before.stats.cpu.user - before.stats.cpu.system) / 1000;
      console.log(`server CPU per move (cpuUsage)  ${f1(cpu / Math.max(1, movesOk))} ms`);
      if (before.stats.publicViews !== undefined && after.stats.publicViews !== undefined) {
        console.log(`public views computed per move  ${(((after.stats.publicViews - before.stats.publicViews) / Math.max(1, movesOk)) || 0).toFixed(2)} (one per version whatever the number of spectators; a move and the bot-free room make one version)`);
      }
      if (before.stats.statements !== null && after.stats.statements !== null) {
        console.log(`DB statements per move          ${f1((after.stats.statements - before.stats.statements) / Math.max(1, movesOk))} (every statement the server sent, views included)`);
      }
    }
    const { loop: sl, gc } = after.stats ?? {};
    if (sl && gc) console.log(`server event loop (the room)     delay p50 ${f1(sl.p50)} ms, p99 ${f1(sl.p99)} ms, max ${f1(sl.max)} ms; GC ${f1(gc.ms)} ms in ${gc.count} pauses (${f1(gc.ms / Math.max(1, movesOk))} ms per move; ${f1(gc.majorMs)} ms in ${gc.majorCount} mark-compacts), longest ${f1(gc.maxMs)} ms`);
    console.log(`errors                          ${errors.toString()}`);
    const la = (l: number[]) => l.map((x) => x.toFixed(2)).join(" / ");
    console.log(`machine load average (1/5/15 min) ${la(loadBefore)} when the room opened, ${la(loadavg())} when it closed (other work on the machine skews the figures)`);
    console.log(`client                          event-loop delay p50 ${f1(loop.percentile(50) / 1e6)} ms, p99 ${f1(loop.percentile(99) / 1e6)} ms; ${sseViews} views received`);
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
