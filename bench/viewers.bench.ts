/**
 * `npm run bench -- viewers` — the public event page for 10,000 viewers (issue 30), on one app
 * instance: bench/load/viewers-server.ts serves `/api/watch/<id>` with the handler server/main.ts
 * mounts, and its per-tournament broadcaster. This process seeds a scratch PostgreSQL database
 * (VIEWERS_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/equalis_viewers; dropped at
 * the end) with a one-round Swiss of VIEWERS_BOARDS boards (default 8) whose games are under way,
 * and plays the round's moves as the driver: real plays found by the engine (in this process, so
 * the server never thinks), one every VIEWERS_INTERVAL_MS (default 250) round the boards.
 *
 * For each viewer count in VIEWERS_LEVELS (default 100,1000,10000), VIEWERS_RUNS times (default
 * 3): client processes (bench/load/viewers-client.ts, up to 4) open that many raw SSE streams,
 * the driver plays VIEWERS_MOVES moves (default 24), and it reports
 *   - update delay: a move's commit (submitMove returned) → each viewer's receipt of that board
 *     version, p50/p99/max over every viewer and move;
 *   - the server's CPU per version (process.cpuUsage over the moves ÷ moves) and per viewer-write,
 *     and the client processes' CPU per version (all of them together), to tell whose cost limits;
 *   - errors: refused or dropped streams, and deliveries missing (a viewer that never got a version).
 * Figures are medians over the runs. Needs `ulimit -n` above the largest level (the clients split it).
 */
import { fork, spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { bestPlaysAt, rulesetFor } from "@/engine";
import { scratchDatabase } from "./load/server";

const env = (k: string, d: string) => process.env[k] ?? d;
const URL_ = env("VIEWERS_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/equalis_viewers");
const LEVELS = env("VIEWERS_LEVELS", "100,1000,10000").split(",").map(Number);
const RUNS = Number(env("VIEWERS_RUNS", "3"));
const MOVES = Number(env("VIEWERS_MOVES", "24"));
const BOARDS = Number(env("VIEWERS_BOARDS", "8"));
const INTERVAL_MS = Number(env("VIEWERS_INTERVAL_MS", "250"));
const PORT = Number(env("VIEWERS_PORT", "3250"));
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? NaN;
const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]! : NaN);

type Stats = { cpu: { user: number; system: number } };

function startServer(): Promise<{ proc: ChildProcess; stats: () => Promise<Stats> }> {
  const proc = spawn(process.execPath, ["--import", "tsx", "bench/load/viewers-server.ts", String(PORT)], { env: { ...process.env, DATABASE_URL: URL_, LOG_LEVEL: "warn" }, stdio: ["ignore", "pipe", "inherit"] });
  let pending: ((s: Stats) => void) | null = null;
  return new Promise((resolve, reject) => {
    let buf = "";
    proc.stdout!.on("data", (c: Buffer) => {
      buf += c.toString();
      let i;
      while ((i = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        if (line.includes("VIEWERS_READY")) resolve({ proc, stats: () => new Promise<Stats>((r) => ((pending = r), proc.kill("SIGUSR2"))) });
        if (line.startsWith("VIEWERS_STATS ")) pending?.(JSON.parse(line.slice(14)) as Stats);
      }
    });
    proc.once("exit", (code) => reject(new Error(`viewers server exited (${code})`)));
  });
}

interface Client {
  proc: ChildProcess;
  ask<T>(msg: unknown): Promise<T>;
  /** settles when the process has exited, however it ended (registered at fork: an exit is never missed) */
  exited: Promise<void>;
}

function startClient(tournamentId: string): Client {
  const proc = fork("bench/load/viewers-client.ts", [String(PORT), tournamentId], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const exited = new Promise<void>((r) => proc.once("exit", (code, signal) => (code || signal ? console.log(`  viewer client exited: ${code ?? signal}`) : undefined, r())));
  // an answer, or the client's end (then the ask fails instead of waiting for ever)
  const ask = <T>(msg: unknown) =>
    new Promise<T>((resolve, reject) => {
      proc.once("message", (m) => resolve(m as T));
      void exited.then(() => reject(new Error("viewer client exited before answering")));
      proc.send(msg as never);
    });
  return { proc, ask, exited };
}

async function seed() {
  const { getDbHandle } = await import("@/db/client");
  const { db } = await getDbHandle();
  const { seedClub, seedRound, seedTournament, seedUsers } = await import("../tests/helpers/seed");
  const { createFromPairing } = await import("@/server/services/matches/lifecycle");
  const { checkIn } = await import("@/server/services/matches/presence");
  const [owner, director, ...players] = await seedUsers(db, 2 + 2 * BOARDS, (i) => `Viewer Bench ${i}`);
  const { club } = await seedClub(db, { owner: owner!, directors: [director!], members: players });
  const { t, director: d } = await seedTournament(db, { clubId: club.id, director: director!, players, settings: { name: "Ten Thousand Open", format: "swiss", rounds: 1, timeControl: { initialMs: 60 * 60_000 } } });
  const { boards } = await seedRound(db, { tournamentId: t.id, director: d });
  const games: string[] = [];
  for (const b of boards) {
    const [a, c] = b.players;
    const { matchId } = await createFromPairing(db, { pairingId: b.id, userId: a! });
    await checkIn(db, { matchId, userId: c! });
    games.push(matchId);
  }
  return { db, tournamentId: t.id, games };
}

type Seeded = Awaited<ReturnType<typeof seed>>;

/** The next move of `matchId` by whoever is on move; returns the commit's key and time (null: the game is over). */
async function playOne(s: Seeded, matchId: string): Promise<{ key: string; at: number } | null> {
  const { getMatchView } = await import("@/server/services/matches/views");
  const { submitMove } = await import("@/server/services/matches/moves");
  const pub = await getMatchView(s.db, matchId, null);
  if (pub.status !== "active" || !pub.game) return null;
  const moverId = pub.players.find((p) => p.seat === pub.game!.turn)!.userId;
  const v = await getMatchView(s.db, matchId, moverId);
  const rack = v.game!.rack!;
  const board = v.game!.board.map((t) => ({ row: t.row, col: t.col, tile: t.tile, ...(t.blank ? { blank: true } : {}) }));
  const play = bestPlaysAt(rulesetFor(v.ruleset, v.rulesetOptions), board, rack, { top: 1, deadlineMs: 150, firstPlay: board.length === 0 }).plays[0];
  const action = play ? { type: "play" as const, placements: play.placements } : v.game!.bagCount >= rack.length ? { type: "exchange" as const, tiles: rack.slice() } : { type: "pass" as const };
  const out = await submitMove(s.db, { matchId, userId: moverId, expectedSeq: v.version, clientId: randomUUID(), action });
  const at = now();
  return out.applied ? { key: `${matchId}@${out.version}`, at } : null;
}

async function oneRun(s: Seeded, server: Awaited<ReturnType<typeof startServer>>, viewers: number, cursor: { i: number }) {
  const nClients = Math.min(4, Math.max(1, Math.ceil(viewers / 1000)));
  const clients = Array.from({ length: nClients }, () => startClient(s.tournamentId));
  const opened = await Promise.all(clients.map((c, i) => c.ask<{ opened: number; errors: number }>({ open: Math.floor(viewers / nClients) + (i < viewers % nClients ? 1 : 0) })));
  let errors = opened.reduce((n, o) => n + o.errors, 0);
  console.log(`  ${opened.reduce((n, o) => n + o.opened, 0)} streams open (${errors} refused) in ${nClients} client processes`);
  await sleep(500);
  const cpuOf = (u: { user: number; system: number }[]) => u.reduce((n, c) => n + c.user + c.system, 0) / 1000;
  const clientsBefore = cpuOf(await Promise.all(clients.map((c) => c.ask<{ user: number; system: number }>({ cpu: true }))));
  const before = await server.stats();
  const commits = new Map<string, number>();
  const start = now();
  for (let m = 0; m < MOVES; m++) {
    const due = start + m * INTERVAL_MS;
    if (due > now()) await sleep(due - now());
    for (let tries = 0; tries < s.games.length; tries++) {
      const r = await playOne(s, s.games[cursor.i++ % s.games.length]!);
      if (r) {
        commits.set(r.key, r.at);
        break;
      }
    }
  }
  await sleep(1_500); // the last frames land
  const after = await server.stats();
  const clientMs = cpuOf(await Promise.all(clients.map((c) => c.ask<{ user: number; system: number }>({ cpu: true })))) - clientsBefore;
  const reports = await Promise.all(clients.map((c) => c.ask<{ received: [string, number[]][]; errors: number }>({ report: true })));
  const delays: number[] = [];
  let missing = 0;
  const got = new Map<string, number[]>();
  for (const r of reports) {
    errors += r.errors;
    for (const [k, ts] of r.received) got.set(k, [...(got.get(k) ?? []), ...ts]);
  }
  for (const [k, at] of commits) {
    const ts = got.get(k) ?? [];
    missing += viewers - ts.length;
    for (const t of ts) delays.push(t - at);
  }
  const cpuMs = (after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system) / 1000;
  await Promise.all(clients.map((c) => c.exited));
  await sleep(300); // the broadcaster closes with its last viewer
  return { viewers, versions: commits.size, p50: pct(delays, 50), p99: pct(delays, 99), max: pct(delays, 100), cpuPerVersion: cpuMs / Math.max(1, commits.size), clientCpuPerVersion: clientMs / Math.max(1, commits.size), errors, missing };
}

export default async function main() {
  const scratch = await scratchDatabase(URL_);
  process.env.DATABASE_URL = URL_;
  const s = await seed();
  const server = await startServer();
  const cursor = { i: 0 };
  const fmt = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : "–");
  console.log(`${BOARDS} boards, ${MOVES} moves a run (one every ${INTERVAL_MS} ms round the boards), ${RUNS} runs per level; medians of the runs`);
  console.log("viewers | versions | delay p50 ms | p99 ms | max ms | server CPU ms/version | µs/version/viewer | clients' CPU ms/version | errors | missing");
  try {
    for (const n of LEVELS) {
      const runs: Awaited<ReturnType<typeof oneRun>>[] = [];
      for (let r = 0; r < RUNS; r++) runs.push(await oneRun(s, server, n, cursor));
      const m = (k: "versions" | "p50" | "p99" | "max" | "cpuPerVersion" | "clientCpuPerVersion") => median(runs.map((x) => x[k]));
      const errors = runs.reduce((a, x) => a + x.errors, 0);
      const missing = runs.reduce((a, x) => a + x.missing, 0);
      console.log(`${n} | ${m("versions")} | ${fmt(m("p50"))} | ${fmt(m("p99"))} | ${fmt(m("max"))} | ${fmt(m("cpuPerVersion"), 2)} | ${fmt((m("cpuPerVersion") * 1000) / n, 2)} | ${fmt(m("clientCpuPerVersion"), 2)} | ${errors} | ${missing}`);
      console.log(`  runs: ${runs.map((x) => `p99 ${fmt(x.p99)} ms, ${fmt(x.cpuPerVersion, 2)} ms/version`).join("; ")}`);
    }
  } finally {
    server.proc.kill("SIGTERM");
    const { closeDbHandle } = await import("@/db/client").then((m) => m as unknown as { closeDbHandle?: () => Promise<void> });
    await closeDbHandle?.().catch(() => {});
    await scratch.drop().catch(() => {});
  }
  process.exit(0);
}
