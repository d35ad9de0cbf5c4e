/**
 * `npm run bench -- http` — server CPU per move through the whole HTTP stack, beside the floor
 * measured in the same run (issue 14): the app (server/main.ts: `matches.move` on tRPC's Node
 * adapter, session cookie, write path, live notice) against a bare node:http + postgres.js server
 * doing the same transaction on the same database (bench/load/bare-server.ts). One request at a
 * time, so the figures are CPU, not queueing. The games are played by the bot before the clock
 * starts (bench/load/games.ts), so no thinking runs in either server.
 *
 * Needs PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; a scratch
 * database is created and dropped) and a production build in NEXT_DIST_DIR (default .next-load,
 * built when missing). BENCH_HTTP_RUNS (default 5) runs of BENCH_HTTP_MOVES (default 50) moves.
 *
 * BENCH_INSTANCES=2: two app servers on the same database (ports BENCH_HTTP_PORT and the one after
 * the bare server's), one AUTH_SECRET, and the moves alternate between them — every move lands on
 * the instance that did not see the previous one, so its caches (the match's version, state
 * snapshots) are always one move behind. The CPU per move is both servers' CPU over the moves.
 */
import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import postgres from "postgres";
import type { GameEvent } from "@/engine";
import { precompute, precomputeAll, type Action } from "./load/games";
import { Client } from "./load/http";
import { ensureBuild, procCpuMs, scratchDatabase, startServer } from "./load/server";

const RUNS = Number(process.env.BENCH_HTTP_RUNS ?? 5);
const MOVES = Number(process.env.BENCH_HTTP_MOVES ?? 50);
const BARE_REQUESTS = 400;
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);
const PASSWORD = "bench-http-password-1";

const median = (xs: number[]) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

interface Game {
  id: string;
  /** each player's client at every instance (one cookie jar) */
  players: { id: string; client: Client; at: Client[] }[];
  script: { userId: string; action: Action }[];
  next: number;
  version: number;
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
  const games = starts.map((r, k) => {
    const i = ids.indexOf(r.match_id);
    return { id: r.match_id, players: [users[2 * i]!, users[2 * i + 1]!], script: scripts[k]!, next: 0, version: r.version };
  });
  return games;
}

/** Up to `n` moves, one at a time, round robin over the games that have moves left; with several
 * instances, each move of a game goes to the instance after the one that took its previous move. */
async function playMoves(games: Game[], n: number): Promise<number[]> {
  const walls: number[] = [];
  for (let i = 0; walls.length < n; i++) {
    const open = games.filter((g) => g.next < g.script.length);
    if (open.length === 0) break;
    const g = open[i % open.length]!;
    const { userId, action } = g.script[g.next]!;
    const mover = g.players.find((p) => p.id === userId)!;
    const t0 = performance.now();
    const out = await mover.at[g.next % mover.at.length]!.mutate<{ version: number }>("matches.move", { matchId: g.id, expectedSeq: g.version, clientId: randomUUID(), action });
    walls.push(performance.now() - t0);
    g.version = out.version;
    g.next++;
  }
  return walls;
}

async function bare(port: number, dbUrl: string) {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/load/bare-server.ts", String(port), dbUrl], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (b: Buffer) => b.toString().includes("BARE_READY") && resolve());
    child.once("exit", (code) => reject(new Error(`bare server exited (${code})`)));
  });
  const one = async (i: number) => {
    const res = await fetch(`http://127.0.0.1:${port}/`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id: i % 10, clientId: randomUUID(), action: { type: "exchange", tiles: ["3"] } }) });
    if (!res.ok) throw new Error(`bare server: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  try {
    for (let i = 0; i < 100; i++) await one(i); // warm: JIT, prepared statements
    const cpus: number[] = [];
    const walls: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const c0 = procCpuMs(child.pid!);
      const t0 = performance.now();
      for (let i = 0; i < BARE_REQUESTS; i++) await one(i);
      walls.push((performance.now() - t0) / BARE_REQUESTS);
      cpus.push((procCpuMs(child.pid!) - c0) / BARE_REQUESTS);
    }
    return { cpu: median(cpus), wall: median(walls) };
  } finally {
    child.kill("SIGTERM");
  }
}

export default async function main() {
  const adminUrl = new URL(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test");
  adminUrl.pathname = `/equalis_bench_http_${randomBytes(3).toString("hex")}`;
  const distDir = process.env.NEXT_DIST_DIR ?? ".next-load";
  ensureBuild(process.cwd(), distDir, false);
  const db = await scratchDatabase(adminUrl.toString());
  const port = Number(process.env.BENCH_HTTP_PORT ?? 3290);
  const barePort = Number(process.env.BENCH_HTTP_BARE_PORT ?? 3291);
  const authSecret = randomBytes(32).toString("base64");
  const apps: Awaited<ReturnType<typeof startServer>>[] = [];
  try {
    for (let i = 0; i < INSTANCES; i++) apps.push(await startServer({ appDir: process.cwd(), distDir, databaseUrl: db.url, port: i === 0 ? port : barePort + i, authSecret }));
    const games = await setupGames(apps.map((a) => a.url), db.url, Math.ceil(((RUNS + 1) * MOVES) / 30) + 2);
    await playMoves(games, MOVES); // warm: JIT, prepared statements, the session cache
    const stats = async () => {
      const all = await Promise.all(apps.map((a) => a.stats()));
      if (all.some((s) => !s)) throw new Error("no server figures (is server/main.ts running with EQUALIS_STATS_SIGNAL=1?)");
      return { cpu: all.reduce((n, s) => n + s!.cpu.user + s!.cpu.system, 0), statements: all.every((s) => s!.statements !== null) ? all.reduce((n, s) => n + s!.statements!, 0) : null };
    };
    const cpus: number[] = [];
    const statements: number[] = [];
    const walls: number[] = [];
    // the measured moves' window on the monotonic clock, the one V8's profiles are stamped with (bench/cpuprofile.ts --from/--to)
    const windowFrom = process.hrtime.bigint() / 1000n;
    let windowMoves = 0;
    for (let r = 0; r < RUNS; r++) {
      const s0 = await stats();
      const walls1 = await playMoves(games, MOVES);
      const s1 = await stats();
      if (walls1.length === 0) throw new Error("no moves left to play");
      const n = walls1.length;
      windowMoves += n;
      cpus.push((s1.cpu - s0.cpu) / 1000 / n);
      if (s0.statements !== null && s1.statements !== null) statements.push((s1.statements - s0.statements) / n);
      walls.push(median(walls1));
    }
    if (process.env.BENCH_CPU_PROF) console.log(`BENCH_WINDOW ${windowFrom} ${process.hrtime.bigint() / 1000n} ${windowMoves} (bench/cpuprofile.ts --from --to --per; profiles in ${process.env.BENCH_CPU_PROF}, pids ${apps.map((x) => x.pid).join(" ")})`);
    const ref = await bare(barePort, db.url);
    const cpu = median(cpus);
    console.log(`one move at a time over HTTP on loopback, PostgreSQL ${adminUrl.host}; medians of ${RUNS} runs × ${MOVES} moves (bare: × ${BARE_REQUESTS} requests)`);
    console.log(`app (server/main.ts, matches.move)   ${INSTANCES > 1 ? `${INSTANCES} instances, moves alternating; ` : ""}CPU ${cpu.toFixed(2)} ms/move  wall p50 ${median(walls).toFixed(2)} ms  statements ${statements.length ? median(statements).toFixed(2) : "?"}/move`);
    console.log(`  CPU ms/move by run, in order: ${cpus.map((c) => c.toFixed(2)).join(" ")}`);
    console.log(`bare node:http + postgres.js         CPU ${ref.cpu.toFixed(2)} ms/request  wall ${ref.wall.toFixed(2)} ms (6 statements)`);
    console.log(`ratio: ${(cpu / ref.cpu).toFixed(2)}× the bare server (target ≤ 3×; the issue measured 11.8× before)`);
  } finally {
    for (const a of apps) await a.stop();
    await db.drop();
  }
}
