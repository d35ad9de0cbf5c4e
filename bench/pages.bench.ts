/**
 * `npm run bench -- pages` — server CPU per page request (issue 30): the sign-in page, the home
 * page, a tournament's standings and its event page, asked for by an anonymous visitor one at a
 * time, from the app (server/main.ts) with its page cache (server/page-cache.ts) and from a second
 * instance of the same build with the cache off (PAGE_CACHE=off: every request a Next render, as
 * before), against a static file served by a bare node:http server — all in the same run.
 *
 * CPU is each server process's own (user + system) from /proc over BENCH_PAGES_REQUESTS requests
 * (default 300), the median of BENCH_PAGES_RUNS runs (default 5), the targets interleaved run by
 * run so the machine's noise falls on all alike. The static file is the sign-in page's HTML as the
 * app served it (same size), read from disk per request. Each response is checked (200, a nonce in
 * its policy, a new one each time), so a broken page cannot pass for a cheap one.
 *
 * Needs PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; a scratch
 * database is created and dropped) and a production build in NEXT_DIST_DIR (default .next-load,
 * built when missing). Ports: BENCH_PAGES_PORT (default 3246) and the two after it.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "./load/http";
import { ensureBuild, procCpuMs, scratchDatabase, startServer } from "./load/server";

const RUNS = Number(process.env.BENCH_PAGES_RUNS ?? 5);
const REQUESTS = Number(process.env.BENCH_PAGES_REQUESTS ?? 300);
const WARM = 30;

const median = (xs: number[]) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** A bare node:http server answering every request with one file read from disk. */
async function staticServer(port: number, file: string): Promise<{ pid: number; stop: () => void }> {
  const code = `const http=require("node:http"),fs=require("node:fs");http.createServer((q,s)=>{fs.readFile(${JSON.stringify(file)},(e,b)=>{if(e){s.writeHead(500).end();return}s.writeHead(200,{"content-type":"text/html; charset=utf-8","content-length":b.length}).end(b)})}).listen(${port},"127.0.0.1",()=>console.log("STATIC_READY"))`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (b: Buffer) => b.toString().includes("STATIC_READY") && resolve());
    child.once("exit", (c) => reject(new Error(`static server exited (${c})`)));
  });
  return { pid: child.pid!, stop: () => child.kill("SIGTERM") };
}

interface Target {
  name: string;
  url: string;
  pid: number;
  /** a page of the app: its policy must carry a nonce, a new one each response */
  page: boolean;
}

/** `n` GETs one at a time; the server's CPU per request (ms, from /proc). */
async function measure(t: Target, n: number): Promise<number> {
  const c0 = procCpuMs(t.pid);
  let last = "";
  for (let i = 0; i < n; i++) {
    const res = await fetch(t.url);
    const body = await res.text();
    if (res.status !== 200 || body.length < 500) throw new Error(`${t.name}: ${res.status}, ${body.length} bytes`);
    if (t.page) {
      const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
      if (!nonce || nonce === last || !body.includes(`nonce="${nonce}"`)) throw new Error(`${t.name}: the response's nonce is missing, repeated or not on its scripts`);
      last = nonce;
    }
  }
  return (procCpuMs(t.pid) - c0) / n;
}

async function eventId(base: string): Promise<string> {
  const run = randomBytes(3).toString("hex");
  const email = `bench-pages-${run}@example.test`;
  const password = "bench-pages-password-1";
  await new Client(base).mutate("accounts.signUp", { email, name: "Bench Director", password });
  const director = new Client(base);
  if (!(await director.signIn(email, password))) throw new Error("sign-in failed");
  const club = await director.mutate<{ id: string }>("clubs.create", { handle: `bench-${run}`, name: "Bench Club" });
  const t = await director.mutate<{ id: string }>("tournaments.create", { clubId: club.id, name: "Bench Open", startsAt: new Date().toISOString(), ruleset: "equate", format: "swiss", rounds: 3 });
  return t.id;
}

export default async function main() {
  const adminUrl = new URL(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test");
  adminUrl.pathname = `/equalis_bench_pages_${randomBytes(3).toString("hex")}`;
  const distDir = process.env.NEXT_DIST_DIR ?? ".next-load";
  ensureBuild(process.cwd(), distDir, false);
  const port = Number(process.env.BENCH_PAGES_PORT ?? 3246);
  const db = await scratchDatabase(adminUrl.toString());
  const dir = mkdtempSync(path.join(tmpdir(), "bench-pages-"));
  const authSecret = randomBytes(32).toString("base64");
  const stops: (() => unknown)[] = [];
  try {
    const cached = await startServer({ appDir: process.cwd(), distDir, databaseUrl: db.url, port, authSecret });
    stops.push(cached.stop);
    const fresh = await startServer({ appDir: process.cwd(), distDir, databaseUrl: db.url, port: port + 1, authSecret, env: { PAGE_CACHE: "off" } });
    stops.push(fresh.stop);
    const id = await eventId(cached.url);
    const file = path.join(dir, "signin.html");
    writeFileSync(file, await (await fetch(`${cached.url}/signin`)).text());
    const bare = await staticServer(port + 2, file);
    stops.push(bare.stop);

    const pages = [
      ["sign-in", "/signin"],
      ["home", "/"],
      ["standings", `/tournaments/${id}/standings`],
      ["event page", `/tournaments/${id}`],
    ] as const;
    const targets: Target[] = [{ name: "static file (node:http)", url: `http://127.0.0.1:${port + 2}/`, pid: bare.pid, page: false }];
    for (const [name, p] of pages) {
      targets.push({ name: `${name}, cached`, url: cached.url + p, pid: cached.pid, page: true });
      targets.push({ name: `${name}, rendered`, url: fresh.url + p, pid: fresh.pid, page: true });
    }
    for (const t of targets) await measure(t, WARM); // JIT, Next's route modules, the cache's first render
    const cpu = new Map<string, number[]>(targets.map((t) => [t.name, []]));
    for (let r = 0; r < RUNS; r++) for (const t of targets) cpu.get(t.name)!.push(await measure(t, REQUESTS));

    const ref = median(cpu.get(targets[0]!.name)!);
    console.log(`one anonymous GET at a time on loopback; server CPU per request from /proc, medians of ${RUNS} runs × ${REQUESTS} requests, interleaved`);
    console.log(`"cached": server/main.ts with its page cache; "rendered": the same build with PAGE_CACHE=off (a Next render per request, as before issue 30)`);
    for (const t of targets) {
      const m = median(cpu.get(t.name)!);
      console.log(`${t.name.padEnd(26)} ${m.toFixed(3)} ms/request  ${(m / ref).toFixed(2)}× the static file   runs: ${cpu.get(t.name)!.map((x) => x.toFixed(3)).join(" ")}`);
    }
    const stats = await cached.stats();
    if (stats?.pages) console.log(`page cache: ${stats.pages.hits} hits, ${stats.pages.misses} misses, ${stats.pages.size} pages`);
    console.log(`target: a public page from the cache ≤ 2× the static file (issue 30 measured ~10× before)`);
  } finally {
    for (const stop of stops.reverse()) await stop();
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}
