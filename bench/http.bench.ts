/**
 * `npm run bench -- http` — server CPU per move through the whole HTTP stack, beside the floor
 * measured in the same run (issues 14 and 30): the app (server/main.ts: `matches.move` on tRPC's
 * Node adapter, session cookie, write path, live notice) against a bare node:http + postgres.js
 * server doing the same transaction on the same database (bench/load/bare-server.ts). The games
 * are played by the bot before the clock starts (bench/load/games.ts), so no thinking runs in
 * either server.
 *
 * Method (docs/performance.md, "The HTTP bench's method"): both servers are warmed first, then
 * measured **interleaved** — for each concurrency level, BENCH_HTTP_RUNS rounds of one app batch
 * then one bare batch of BENCH_HTTP_MOVES requests with that many in flight (closed loop: each
 * in-flight slot sends its next request when the previous answer arrives; the app's slots each
 * play a different game, the bare server's each a different row). Per batch: the server process's
 * CPU (all threads, /proc), the CPU of the database's PostgreSQL backends (/proc; the other server
 * idles meanwhile), wall time. Reported: medians over the rounds of CPU per request, latency
 * p50/p99 over all requests of the level, throughput. **Game ends apart**: the batches hold back
 * each game's last move; afterwards the games are played up to it (unmeasured) and the game-ending
 * moves (a resignation after at most 60 moves a game) are measured on their own, one at a time,
 * against bare batches interleaved with them.
 *
 * Needs PostgreSQL on this machine (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test;
 * a scratch database is created and dropped) and a production build in NEXT_DIST_DIR (default
 * .next-load, built when missing). BENCH_HTTP_CONCURRENCY (default 1; e.g. 1,8,32),
 * BENCH_HTTP_RUNS (default 5), BENCH_HTTP_MOVES (default 100 per batch).
 *
 * BENCH_INSTANCES=2: two app servers on the same database (ports BENCH_HTTP_PORT and the one after
 * the bare server's), one AUTH_SECRET, and the moves alternate between them — every move lands on
 * the instance that did not see the previous one, so its cached state is always one move behind.
 * The CPU per move is both servers' CPU over the moves.
 */
import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import postgres from "postgres";
import type { GameEvent } from "@/engine";
import { cpuDelta, cpuMsOf, pgBackends } from "./load/cpu";
import { precompute, precomputeAll, type Action } from "./load/games";
import { Client } from "./load/http";
import { ensureBuild, scratchDatabase, startServer } from "./load/server";

const RUNS = Number(process.env.BENCH_HTTP_RUNS ?? 5);
const MOVES = Number(process.env.BENCH_HTTP_MOVES ?? 100);
const LEVELS = (process.env.BENCH_HTTP_CONCURRENCY ?? "1").split(",").map(Number).filter((n) => n >= 1);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);
const PASSWORD = "bench-http-password-1";
/** ordinary moves per game before its resignation */
const SCRIPT_MOVES = 60;

const median = (xs: number[]) => {
  if (xs.length === 0) return NaN;
  const s = xs.slice().sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const pct = (xs: number[], p: number) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))]! : NaN;
};

interface Game {
  id: string;
  /** each player's client at every instance (one cookie jar) */
  players: { id: string; client: Client; at: Client[] }[];
  script: { userId: string; action: Action | { type: "resign" } }[];
  next: number;
  version: number;
  busy: boolean;
}

async function setupGames(bases: string[], dbUrl: string, count: number): Promise<Game[]> {
  const base = bases[0]!;
  const run = randomBytes(3).toString("hex");
  const anon = new Client(base);
  const users: Game["players"] = [];
  for (let i = 0; i < 2 * count; i++) {
    const email = `bench-http-${run}-${i}@example.test`;
    await anon.mutate("accounts.signUp", { email, name: `Bench ${i}`, password: PASSWORD });
    const client = new Client(base);
    if (!(await client.signIn(email, PASSWORD))) throw new Error(`sign-in failed for ${email}`);
    users.push({ id: (await client.query<{ id: string }>("accounts.me", undefined)).id, client, at: bases.map((b) => client.at(b)) });
  }
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const [pa, pb] = [users[2 * i]!, users[2 * i + 1]!];
    const m = await pa.client.mutate<{ id: string }>("matches.create", { ruleset: "equate", rulesetOptions: {}, challengeRule: "single", timeControl: null, rated: false, seats: 2, invite: [pb.id], firstMover: "creator" });
    await pb.client.mutate("matches.accept", { matchId: m.id });
    for (const p of [pa, pb]) await p.client.mutate("matches.checkIn", { matchId: m.id });
    ids.push(m.id);
  }
  const sql = postgres(dbUrl, { max: 1, onnotice: () => {} });
  const starts = await sql<{ match_id: string; payload: GameEvent; version: number }[]>`
    select e.match_id, e.payload, m.version from match_events e join matches m on m.id = e.match_id
    where e.seq = 1 and e.match_id in ${sql(ids)}`;
  await sql.end({ timeout: 5 });
  // the bot plays between turns of the event loop (precomputeAll): held for seconds, the loop left
  // fetch reusing keep-alive sockets the server had closed meanwhile ("other side closed")
  const scripts = await precomputeAll(starts, (r) => precompute(r.payload, { budgetMs: 4, maxNodes: 4000 }));
  return starts.map((r, k) => {
    const i = ids.indexOf(r.match_id);
    // the bot's games at this budget often run past 200 moves without ending: each game ends with
    // a resignation after at most SCRIPT_MOVES moves, so every game has a game-ending last move
    const full = scripts[k]!;
    const cut = Math.min(full.length - 1, SCRIPT_MOVES);
    const script = [...full.slice(0, cut), { userId: full[cut]!.userId, action: { type: "resign" as const } }];
    return { id: r.match_id, players: [users[2 * i]!, users[2 * i + 1]!], script, next: 0, version: r.version, busy: false };
  });
}

/** One move of `g` (its next scripted one), at the instance after the one that took its previous move. */
async function moveOnce(g: Game): Promise<{ ms: number; status: string }> {
  const { userId, action } = g.script[g.next]!;
  const mover = g.players.find((p) => p.id === userId)!;
  const t0 = performance.now();
  const out = await mover.at[g.next % mover.at.length]!.mutate<{ version: number; status: string }>("matches.move", { matchId: g.id, expectedSeq: g.version, clientId: randomUUID(), action });
  g.version = out.version;
  g.next++;
  return { ms: performance.now() - t0, status: out.status };
}

/** `n` ordinary moves (never a game's last scripted one), `inFlight` at a time, each slot on a game
 * nobody else is moving in; the latencies. Fewer when the games run out. */
async function appBatch(games: Game[], n: number, inFlight: number): Promise<number[]> {
  const walls: number[] = [];
  let started = 0;
  let cursor = 0;
  const pick = () => {
    for (let k = 0; k < games.length; k++) {
      const g = games[(cursor + k) % games.length]!;
      if (!g.busy && g.next < g.script.length - 1) {
        cursor = (cursor + k + 1) % games.length;
        return g;
      }
    }
    return null;
  };
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      for (let g = pick(); g && started < n; g = pick()) {
        started++;
        g.busy = true;
        try {
          walls.push((await moveOnce(g)).ms);
        } finally {
          g.busy = false;
        }
      }
    }),
  );
  return walls;
}

async function startBare(port: number, dbUrl: string) {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/load/bare-server.ts", String(port), dbUrl], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (b: Buffer) => b.toString().includes("BARE_READY") && resolve());
    child.once("exit", (code) => reject(new Error(`bare server exited (${code})`)));
  });
  const one = async (id: number) => {
    const t0 = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id, clientId: randomUUID(), action: { type: "exchange", tiles: ["3"] } }) });
    if (!res.ok) throw new Error(`bare server: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    return performance.now() - t0;
  };
  /** `n` requests, `inFlight` at a time, each slot on its own row (as each app slot on its own game) */
  const batch = async (n: number, inFlight: number) => {
    const walls: number[] = [];
    let started = 0;
    await Promise.all(Array.from({ length: inFlight }, async (_, slot) => {
      while (started++ < n) walls.push(await one(slot));
    }));
    return walls;
  };
  return { pid: child.pid!, batch, stop: () => void child.kill("SIGTERM") };
}

interface Level {
  label: string;
  app: { cpu: number[]; pg: number[]; walls: number[]; tput: number[] };
  bare: { cpu: number[]; pg: number[]; walls: number[]; tput: number[] };
}

/** What the app servers spend per second doing nothing (timers, job polling, sweeps: ms/s, all
 * instances), measured before the batches; charged to a move, it grows as throughput falls. */
let idle = { app: 0, pg: 0 };

function report(l: Level): void {
  const f = (x: number) => x.toFixed(2);
  const line = (name: string, s: Level["app"]) =>
    `  ${name} CPU ${f(median(s.cpu))} ms  PostgreSQL ${f(median(s.pg))} ms  p50 ${f(pct(s.walls, 0.5))} ms  p99 ${f(pct(s.walls, 0.99))} ms  ${median(s.tput).toFixed(0)}/s`;
  console.log(`${l.label}  (n=${l.app.walls.length} app, ${l.bare.walls.length} bare)`);
  console.log(line("app ", l.app));
  console.log(line("bare", l.bare));
  console.log(`  ratio app/bare: CPU ${f(median(l.app.cpu) / median(l.bare.cpu))}×  PostgreSQL ${f(median(l.app.pg) / median(l.bare.pg))}×  throughput ${f(median(l.app.tput) / median(l.bare.tput))}×`);
  console.log(`  CPU ms/move by round (app | bare): ${l.app.cpu.map(f).join(" ")} | ${l.bare.cpu.map(f).join(" ")}`);
  // the same rounds less what the idle servers would have spent over each batch's wall time
  const net = l.app.cpu.map((c, i) => c - idle.app / l.app.tput[i]!);
  const netPg = l.app.pg.map((c, i) => c - idle.pg / l.app.tput[i]!);
  console.log(`  app net of idle: CPU ${f(median(net))} ms (${f(median(net) / median(l.bare.cpu))}× bare)  PostgreSQL ${f(median(netPg))} ms (${f(median(netPg) / median(l.bare.pg))}× bare)`);
}

export default async function main() {
  const adminUrl = new URL(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test");
  const dbName = `equalis_bench_http_${randomBytes(3).toString("hex")}`;
  adminUrl.pathname = `/${dbName}`;
  const distDir = process.env.NEXT_DIST_DIR ?? ".next-load";
  ensureBuild(process.cwd(), distDir, false);
  const db = await scratchDatabase(adminUrl.toString());
  const port = Number(process.env.BENCH_HTTP_PORT ?? 3290);
  const barePort = Number(process.env.BENCH_HTTP_BARE_PORT ?? 3291);
  const authSecret = randomBytes(32).toString("base64");
  const apps: Awaited<ReturnType<typeof startServer>>[] = [];
  const sql = postgres(db.url, { max: 1, onnotice: () => {} });
  let bare: Awaited<ReturnType<typeof startBare>> | null = null;
  try {
    for (let i = 0; i < INSTANCES; i++) apps.push(await startServer({ appDir: process.cwd(), distDir, databaseUrl: db.url, port: i === 0 ? port : barePort + i, authSecret }));
    bare = await startBare(barePort, db.url);
    const maxLevel = Math.max(...LEVELS);
    // enough games for the widest level's slots, and ordinary moves for every batch
    const movesNeeded = (LEVELS.length * RUNS + INSTANCES) * MOVES;
    const games = await setupGames(apps.map((a) => a.url), db.url, Math.max(maxLevel + 4, Math.ceil(movesNeeded / (SCRIPT_MOVES - 5))));
    const appCpu = () => apps.reduce((n, a) => n + cpuMsOf(a.pid), 0);
    const measure = async <T,>(pid: () => number, run: () => Promise<T[]>) => {
      const [c0, p0, t0] = [pid(), await pgBackends(sql, dbName), performance.now()];
      const walls = await run();
      const [c1, p1, t1] = [pid(), await pgBackends(sql, dbName), performance.now()];
      return { walls, cpu: c1 - c0, pg: cpuDelta(p0, p1), secs: (t1 - t0) / 1000 };
    };
    // warm both: JIT, prepared statements on every pooled connection (PostgreSQL plans a prepared
    // statement five times before it settles on a generic plan: with two instances there are
    // twice the connections, so twice the warming moves), the session cache
    await appBatch(games, MOVES * INSTANCES, maxLevel);
    await bare.batch(MOVES * 2, maxLevel);
    // the idle servers' own CPU per second (both apps and PostgreSQL), 3 × 2 s, median
    const idles: { app: number; pg: number }[] = [];
    for (let k = 0; k < 3; k++) {
      const m = await measure(appCpu, async () => {
        await new Promise((r) => setTimeout(r, 2000));
        return [];
      });
      idles.push({ app: m.cpu / m.secs, pg: m.pg / m.secs });
    }
    idle = { app: median(idles.map((x) => x.app)), pg: median(idles.map((x) => x.pg)) };
    const levels: Level[] = [];
    // the measured batches' window on the monotonic clock, the one V8's profiles are stamped with (bench/cpuprofile.ts --from/--to)
    const windowFrom = process.hrtime.bigint() / 1000n;
    // statements the app servers send per measured move (two instances: 1.00 when every catch-up
    // notice beat the next move to the other instance, 2.00 when none did)
    const statements = async () => (await Promise.all(apps.map((a) => a.stats()))).reduce((n, st) => n + (st?.statements ?? NaN), 0);
    const statements0 = await statements();
    for (const c of LEVELS) {
      const l: Level = { label: `${c} in flight`, app: { cpu: [], pg: [], walls: [], tput: [] }, bare: { cpu: [], pg: [], walls: [], tput: [] } };
      for (let r = 0; r < RUNS; r++) {
        const a = await measure(appCpu, () => appBatch(games, MOVES, c));
        if (a.walls.length < MOVES / 2) throw new Error("the games ran out of moves: lower BENCH_HTTP_RUNS or BENCH_HTTP_MOVES");
        const b = await measure(() => cpuMsOf(bare!.pid), () => bare!.batch(MOVES, c));
        for (const [s, m] of [[l.app, a], [l.bare, b]] as const) {
          s.cpu.push(m.cpu / m.walls.length);
          s.pg.push(m.pg / m.walls.length);
          s.walls.push(...m.walls);
          s.tput.push(m.walls.length / m.secs);
        }
      }
      levels.push(l);
    }
    const measuredMoves = levels.reduce((n, l) => n + l.app.walls.length, 0);
    // the bare batches in between send nothing through the apps
    const perMove = ((await statements()) - statements0) / measuredMoves;
    if (process.env.BENCH_CPU_PROF) {
      const moves = measuredMoves;
      console.log(`BENCH_WINDOW ${windowFrom} ${process.hrtime.bigint() / 1000n} ${moves} (bench/cpuprofile.ts --from --to --per; the bare batches interleaved in it are another process; profiles in ${process.env.BENCH_CPU_PROF}, pids ${apps.map((x) => x.pid).join(" ")})`);
    }
    // game ends apart: every game played up to its last move (unmeasured), then those moves one at
    // a time in batches interleaved with bare batches of the same size
    const ending = games.filter((g) => g.next < g.script.length);
    while (await appBatch(ending, 10_000, maxLevel).then((w) => w.length > 0));
    const ends: Level = { label: "game-ending moves, 1 in flight", app: { cpu: [], pg: [], walls: [], tput: [] }, bare: { cpu: [], pg: [], walls: [], tput: [] } };
    let finished = 0;
    const per = Math.max(5, Math.ceil(ending.length / RUNS));
    for (let k = 0; k < ending.length; k += per) {
      const slice = ending.slice(k, k + per);
      const a = await measure(appCpu, async () => {
        const w: number[] = [];
        for (const g of slice) {
          const o = await moveOnce(g);
          if (o.status === "finished") finished++;
          w.push(o.ms);
        }
        return w;
      });
      const b = await measure(() => cpuMsOf(bare!.pid), () => bare!.batch(slice.length * 4, 1));
      for (const [s, m] of [[ends.app, a], [ends.bare, b]] as const) {
        s.cpu.push(m.cpu / m.walls.length);
        s.pg.push(m.pg / m.walls.length);
        s.walls.push(...m.walls);
        s.tput.push(m.walls.length / m.secs);
      }
    }
    const load = (await import("node:os")).loadavg()[0]!.toFixed(1);
    console.log(`HTTP on loopback, PostgreSQL ${adminUrl.host}; ${INSTANCES} app instance(s)${INSTANCES > 1 ? ", moves alternating" : ""}; interleaved rounds, medians of ${RUNS} × ${MOVES} requests; CPU per request from /proc; load average ${load}`);
    console.log(`idle (before the batches): app ${idle.app.toFixed(1)} ms/s (all instances), PostgreSQL ${idle.pg.toFixed(1)} ms/s`);
    console.log(`statements per measured move (all instances, all levels): ${perMove.toFixed(2)}`);
    for (const l of levels) report(l);
    if (ends.app.walls.length) {
      report(ends);
      console.log(`  (${finished} of ${ends.app.walls.length} finished their game; the bare line is its ordinary request, for scale)`);
    }
  } finally {
    bare?.stop();
    for (const a of apps) await a.stop();
    await sql.end({ timeout: 5 });
    await db.drop();
  }
}
