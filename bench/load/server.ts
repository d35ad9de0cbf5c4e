/**
 * The server under test for the load script: a scratch PostgreSQL database (created fresh, dropped
 * afterwards) and the app built into its own folder (NEXT_DIST_DIR, default .next-load), served by
 * server/main.ts (or `next start` for comparison) on loopback. Only processes this script started are ever stopped, by their pid.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import postgres from "postgres";

export interface ScratchDb {
  url: string;
  drop: () => Promise<void>;
}

/** Create (after dropping a leftover of the same name) the database named in `url`. */
export async function scratchDatabase(url: string): Promise<ScratchDb> {
  const u = new URL(url);
  const name = u.pathname.replace(/^\//, "");
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe database name: ${name}`);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const sql = postgres(admin.toString(), { max: 1, onnotice: () => {} });
  await sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await sql.unsafe(`CREATE DATABASE ${name}`);
  return {
    url,
    drop: async () => {
      await sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await sql.end({ timeout: 5 });
    },
  };
}

const nextBin = (appDir: string) => path.join(appDir, "node_modules", ".bin", "next");

/**
 * A copy of the last commit (`git archive HEAD`) in `dir`, sharing node_modules by symlink: on a
 * working tree where others have uncommitted work that does not build yet, the load test still
 * measures the committed app.
 */
export function snapshotHead(dir: string): string {
  const abs = path.resolve(dir);
  rmSync(abs, { recursive: true, force: true });
  mkdirSync(abs, { recursive: true });
  const r = spawnSync("sh", ["-c", `git archive HEAD | tar -x -C '${abs}'`], { stdio: "inherit" });
  if (r.status !== 0) throw new Error("git archive failed");
  // The app does not need the tests, and `next build` type-checks every file in tsconfig: a test
  // helper mid-change elsewhere must not stop the app under test from building.
  rmSync(path.join(abs, "tests"), { recursive: true, force: true });
  symlinkSync(path.resolve("node_modules"), path.join(abs, "node_modules"));
  return abs;
}

/** `next build` into `distDir` unless a build is already there (or `force`). */
export function ensureBuild(appDir: string, distDir: string, force: boolean, webpack = false): void {
  if (!force && existsSync(path.join(appDir, distDir, "BUILD_ID"))) {
    console.log(`using the existing build in ${distDir} (pass --build to rebuild)`);
    return;
  }
  console.log(`building into ${distDir} (next build)…`);
  const r = spawnSync(nextBin(appDir), ["build", ...(webpack ? ["--webpack"] : [])], { cwd: appDir, stdio: "inherit", env: { ...process.env, NEXT_DIST_DIR: distDir } });
  if (r.status !== 0) throw new Error("next build failed");
}

export interface RunningServer {
  url: string;
  pid: number;
  stop: () => Promise<void>;
  /** The app server's own figures (server/main.ts prints them on SIGUSR2); null for `next start`. */
  stats: () => Promise<ServerStats | null>;
}

export interface ServerStats {
  /** process.cpuUsage() of the server, µs */
  cpu: { user: number; system: number };
  /** statements sent to the database so far (db/client.ts statementsSent) */
  statements: number | null;
  /** spectators' views computed so far, all matches (services/matches/views.ts) */
  publicViews?: number;
  /** the page cache's hits and misses so far (server/page-cache.ts); null when PAGE_CACHE=off */
  pages?: { hits: number; misses: number; size: number } | null;
  /** since the previous read: the server's event-loop delay (ms) and its garbage collections */
  loop?: { p50: number; p99: number; max: number };
  gc?: { ms: number; count: number; maxMs: number; majorMs: number; majorCount: number };
}

/** This process's own CPU from /proc (user + system, ms), for any process on this machine. */
export function procCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // fields[11], fields[12]: utime, stime in clock ticks (100 per second on Linux)
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/**
 * Start the app on loopback and wait until it answers: `server/main.ts` (the app's server: hot
 * procedures on Node, the rest on Next; default) or plain `next start` (`kind: "next"`, for comparison).
 */
export async function startServer(opts: { appDir: string; distDir: string; databaseUrl: string; port: number; poolMax?: number; kind?: "main" | "next"; authSecret?: string; env?: Record<string, string> }): Promise<RunningServer> {
  const env = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_DIST_DIR: opts.distDir,
    DATABASE_URL: opts.databaseUrl,
    DATABASE_POOL_MAX: String(opts.poolMax ?? 10),
    // instances of one app share it, so a session cookie is good on each
    AUTH_SECRET: opts.authSecret ?? randomBytes(32).toString("base64"),
    PORT: String(opts.port),
    ...opts.env,
  } as NodeJS.ProcessEnv;
  const kind = opts.kind ?? "main";
  // `node --import tsx`: one process, so its pid's CPU is the server's
  const child: ChildProcess =
    kind === "main"
      ? spawn(process.execPath, [...(process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []), "--import", "tsx", "server/main.ts", "-H", "127.0.0.1", "-p", String(opts.port)], { cwd: opts.appDir, env: { ...env, EQUALIS_STATS_SIGNAL: "1" }, stdio: ["ignore", "pipe", "pipe"] })
      : spawn(nextBin(opts.appDir), ["start", "-H", "127.0.0.1", "-p", String(opts.port)], { cwd: opts.appDir, env, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  let statsWaiter: ((s: ServerStats) => void) | null = null;
  const keep = (b: Buffer) => {
    const text = b.toString();
    const m = /EQUALIS_STATS (\{.*\})/.exec(text);
    if (m && statsWaiter) statsWaiter(JSON.parse(m[1]!) as ServerStats);
    log = (log + text).slice(-20_000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const url = `http://127.0.0.1:${opts.port}`;
  const until = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${log}`);
    try {
      const r = await fetch(`${url}/api/auth/csrf`, { signal: AbortSignal.timeout(5_000) });
      if (r.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > until) {
      child.kill("SIGTERM");
      throw new Error(`the server did not answer within 180 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    pid: child.pid!,
    stats: async () => {
      if (kind !== "main" || child.exitCode !== null) return null;
      const got = new Promise<ServerStats | null>((resolve) => {
        statsWaiter = resolve;
        setTimeout(() => resolve(null), 5_000).unref();
      });
      child.kill("SIGUSR2");
      return got.finally(() => (statsWaiter = null));
    },
    stop: async () => {
      if (child.exitCode !== null) {
        console.log(`the server had exited (${child.exitCode}); its last output:\n${log.slice(-4_000)}`);
        return;
      }
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
      const errors = log.split("\n").filter((l) => /error/i.test(l)).slice(-5);
      if (errors.length) console.log(`last server error lines:\n  ${errors.join("\n  ")}`);
    },
  };
}
