/**
 * Tools for the fault specs (tests/e2e/faults.spec.ts): extra `next start` processes served from
 * the build Playwright's webServer already made, a tRPC-over-HTTP client with its own cookie jar
 * (signs in through Auth.js exactly as the browser does), scratch PostgreSQL databases, a TCP
 * proxy we can cut and restore, and an SSE reader for `matches.live`.
 *
 * Every process started here is tracked and killed (its whole process group) by `stopAll()`, which
 * the spec calls in afterAll, so a failing test never leaves a server behind.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import postgres from "postgres";
import { PASSWORD, uniqueEmail } from "./helpers";

/** The build the webServer made; same default as playwright.config.ts. */
export const distDir = process.env.NEXT_DIST_DIR ?? ".next-e2e";
/** One secret for every extra instance: a session cookie from one is valid on all. */
export const SHARED_AUTH_SECRET = randomBytes(32).toString("base64");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// Ports

const taken = new Set<number>();

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, "0.0.0.0", () => srv.close(() => resolve(true)));
  });
}

/** A free TCP port at or above `from` (3310+ by default), never handed out twice in this run. */
export async function freePort(from = 3310): Promise<number> {
  for (let p = from; p < from + 400; p++) {
    if (taken.has(p)) continue;
    if (await portIsFree(p)) {
      taken.add(p);
      return p;
    }
  }
  throw new Error(`no free port from ${from}`);
}

// ---------------------------------------------------------------------------------------------
// App instances

export interface AppInstance {
  name: string;
  port: number;
  url: string;
  proc: ChildProcess;
  /** stdout + stderr, for diagnostics and for checking what the server logged */
  log: () => string;
  /** SIGKILL the whole process group (no shutdown hooks, no flush) and wait until it is gone */
  kill9: () => Promise<void>;
  stop: () => Promise<void>;
}

const running = new Set<AppInstance>();

function waitForExit(proc: ChildProcess, ms: number): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    proc.once("exit", () => {
      clearTimeout(t);
      resolve();
    });
  });
}

function killGroup(proc: ChildProcess, signal: NodeJS.Signals) {
  if (proc.pid === undefined || proc.exitCode !== null || proc.signalCode !== null) return;
  try {
    process.kill(-proc.pid, signal); // the group: next and anything it forked
  } catch {
    try {
      proc.kill(signal);
    } catch {
      // already gone
    }
  }
}

/**
 * Starts `next start` from the existing build on `port` with the given database settings and waits
 * until it answers. `db` is `{ url }` (PostgreSQL) or `{ pgliteDir }` (embedded).
 */
export async function startApp(opts: {
  name: string;
  port: number;
  db: { url: string } | { pgliteDir: string };
  timeoutMs?: number;
  /** "db" (default): wait until a request that needs the database succeeds; "http": until the
   * server answers at all (for an instance started while its database is unreachable) */
  ready?: "db" | "http";
}): Promise<AppInstance> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_DIST_DIR: distDir,
    AUTH_SECRET: SHARED_AUTH_SECRET,
    NEXT_TELEMETRY_DISABLED: "1",
    NODE_ENV: "production",
    PORT: String(opts.port),
  };
  if ("url" in opts.db) {
    env.DATABASE_URL = opts.db.url;
    delete env.PGLITE_DIR;
  } else {
    env.DATABASE_URL = "";
    env.PGLITE_DIR = opts.db.pgliteDir;
  }
  const bin = path.join(process.cwd(), "node_modules", ".bin", "next");
  const proc = spawn(bin, ["start", "-p", String(opts.port)], { env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  proc.stdout!.on("data", (d) => (out += d));
  proc.stderr!.on("data", (d) => (out += d));
  const url = `http://127.0.0.1:${opts.port}`;
  const inst: AppInstance = {
    name: opts.name,
    port: opts.port,
    url,
    proc,
    log: () => out,
    kill9: async () => {
      killGroup(proc, "SIGKILL");
      await waitForExit(proc, 10_000);
      running.delete(inst);
    },
    stop: async () => {
      killGroup(proc, "SIGTERM");
      await waitForExit(proc, 5_000);
      killGroup(proc, "SIGKILL");
      await waitForExit(proc, 5_000);
      running.delete(inst);
    },
  };
  running.add(inst);
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null) {
      running.delete(inst);
      throw new Error(`${opts.name} exited (${proc.exitCode ?? proc.signalCode}) before it was ready:\n${out.slice(-4000)}`);
    }
    try {
      // a tRPC query that reads the database: ready means migrated and serving
      const res = await fetch(`${url}/api/trpc/accounts.me`, { signal: AbortSignal.timeout(5_000) });
      if (res.status === 200 || opts.ready === "http") return inst;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await inst.stop();
      throw new Error(`${opts.name} was not ready within ${opts.timeoutMs ?? 60_000} ms:\n${out.slice(-4000)}`);
    }
    await sleep(150);
  }
}

/** Kills every instance still running (afterAll; also safe after a failure). */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((i) => i.stop()));
}

// ---------------------------------------------------------------------------------------------
// tRPC over HTTP

export interface TrpcReply<T = unknown> {
  status: number;
  /** the procedure's result (superjson's `json` part) when it succeeded */
  data?: T;
  /** the tRPC error shape when it failed */
  error?: { message: string; code: number; data: { code: string; httpStatus: number; stack?: unknown; domainCode: string | null } };
  raw: string;
}

/** A tRPC client over plain fetch with its own cookie jar (one per user). */
export class Api {
  private cookies = new Map<string, string>();
  constructor(public baseUrl: string) {}

  /** The same session on another instance (shared AUTH_SECRET). */
  on(baseUrl: string): Api {
    const other = new Api(baseUrl);
    other.cookies = this.cookies;
    return other;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private keep(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair!.indexOf("=");
      const k = pair!.slice(0, i).trim();
      const v = pair!.slice(i + 1).trim();
      if (v === "" || /max-age=0/i.test(c)) this.cookies.delete(k);
      else this.cookies.set(k, v);
    }
  }

  async fetch(pathname: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("cookie", this.cookieHeader());
    const res = await fetch(`${this.baseUrl}${pathname}`, { ...init, headers, redirect: "manual" });
    this.keep(res);
    return res;
  }

  private async reply<T>(res: Response): Promise<TrpcReply<T>> {
    const raw = await res.text();
    let body: { result?: { data?: { json?: T } }; error?: { json?: TrpcReply["error"] } } = {};
    try {
      body = JSON.parse(raw);
    } catch {
      // not JSON: leave data and error undefined; `raw` tells what came back
    }
    return { status: res.status, data: body.result?.data?.json, error: body.error?.json, raw };
  }

  async mutation<T = unknown>(proc: string, input: unknown): Promise<TrpcReply<T>> {
    const res = await this.fetch(`/api/trpc/${proc}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ json: input }),
    });
    return this.reply<T>(res);
  }

  /**
   * A mutation "in flight": `sent` resolves once the whole request has been written to the socket
   * (so a test can kill the server then, without guessing a delay); `settled` once it was answered
   * or its connection died.
   */
  mutationInFlight(proc: string, input: unknown): { sent: Promise<void>; settled: Promise<void> } {
    const body = JSON.stringify({ json: input });
    let sent!: () => void;
    const written = new Promise<void>((r) => (sent = r));
    const settled = new Promise<void>((resolve) => {
      const req = http.request(`${this.baseUrl}/api/trpc/${proc}`, {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), cookie: this.cookieHeader() },
      });
      req.on("response", (res) => res.resume());
      req.on("error", () => sent()); // never written (say, refused): nothing left to wait for
      req.on("close", resolve); // answered, or the connection died
      req.end(body, sent);
    });
    return { sent: written, settled };
  }

  async query<T = unknown>(proc: string, input: unknown): Promise<TrpcReply<T>> {
    const q = encodeURIComponent(JSON.stringify({ json: input }));
    return this.reply<T>(await this.fetch(`/api/trpc/${proc}?input=${q}`));
  }

  /** The result of a call that must succeed. */
  async ok<T = unknown>(kind: "query" | "mutation", proc: string, input: unknown): Promise<T> {
    const r = kind === "query" ? await this.query<T>(proc, input) : await this.mutation<T>(proc, input);
    if (r.status !== 200 || r.error) throw new Error(`${proc} → HTTP ${r.status}: ${r.raw.slice(0, 500)}`);
    return r.data as T;
  }

  /** Signs up through `accounts.signUp`, then signs in through Auth.js's credentials callback. */
  async signUp(name: string): Promise<{ id: string; email: string; name: string }> {
    const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, "-"));
    await this.ok("mutation", "accounts.signUp", { email, name, password: PASSWORD });
    const csrf = (await (await this.fetch("/api/auth/csrf")).json()) as { csrfToken: string };
    const res = await this.fetch("/api/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, password: PASSWORD, csrfToken: csrf.csrfToken, callbackUrl: this.baseUrl }).toString(),
    });
    if (res.status >= 400) throw new Error(`sign-in failed: HTTP ${res.status}`);
    // sign-up answers the same for every address (no id): who we are comes from `accounts.me`
    const me = await this.ok<{ id: string; email: string; name: string } | null>("query", "accounts.me", null);
    if (me?.email !== email) throw new Error(`sign-in did not stick (me = ${JSON.stringify(me)})`);
    return { id: me.id, email: me.email, name: me.name };
  }
}

// ---------------------------------------------------------------------------------------------
// Matches over the API

export interface ViewPlayer {
  userId: string;
  seat: number;
  score: number;
  remainingMs: number | null;
}
export interface View {
  id: string;
  status: string;
  version: number;
  serverNow: number;
  viewerSeat: number | null;
  players: ViewPlayer[];
  game: { rack: string[] | null; turn: number; sheet: unknown[]; clock: { running: boolean } | null } | null;
}

/** A started 2-player Equate game between `a` (creator, moves first) and `b`. */
export async function startMatch(a: Api, b: Api, bId: string, timeControl: Record<string, number | null> | null): Promise<string> {
  const created = await a.ok<{ id: string }>("mutation", "matches.create", {
    ruleset: "equate",
    rulesetOptions: {},
    challengeRule: "single",
    timeControl,
    rated: false,
    seats: 2,
    invite: [bId],
    firstMover: "creator",
  });
  await b.ok("mutation", "matches.accept", { matchId: created.id });
  return created.id;
}

export const view = (api: Api, matchId: string) => api.ok<View>("query", "matches.get", { matchId });

/** Exchanges the first tile of the player's rack at `expectedSeq` (never ends the game). */
export async function exchangeInput(api: Api, matchId: string, clientId: string = randomUUID()) {
  const v = await view(api, matchId);
  return { matchId, expectedSeq: v.version, clientId, action: { type: "exchange", tiles: [v.game!.rack![0]!] } };
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

/** A database created for this run on TEST_DATABASE_URL's server; `drop()` removes it. */
export async function scratchDatabase(): Promise<{ name: string; url: string; admin: postgres.Sql; sql: postgres.Sql; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `equalis_faults_${randomBytes(5).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const sql = postgres(u.toString(), { max: 2, onnotice: () => {} });
  return {
    name,
    url: u.toString(),
    admin,
    sql,
    drop: async () => {
      await sql.end({ timeout: 2 }).catch(() => {});
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await admin.end({ timeout: 2 }).catch(() => {});
    },
  };
}

/** The same URL pointed at another host:port (e.g. the proxy). */
export function viaPort(url: string, port: number): string {
  const u = new URL(url);
  u.hostname = "127.0.0.1";
  u.port = String(port);
  return u.toString();
}

/**
 * A TCP proxy to the database that we can cut (`down()`: stop listening and drop every open
 * connection, so the app's next connect is refused) and restore (`up()`), on a fixed port.
 */
export async function tcpProxy(target: { host: string; port: number }, port: number) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const up = () =>
    new Promise<void>((resolve, reject) => {
      const srv = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        sockets.add(client);
        sockets.add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on("error", drop).on("close", drop);
        upstream.on("error", drop).on("close", drop);
        client.pipe(upstream);
        upstream.pipe(client);
      });
      srv.once("error", reject);
      srv.listen(port, "127.0.0.1", () => {
        server = srv;
        resolve();
      });
    });
  const down = async () => {
    const srv = server;
    server = null;
    for (const s of sockets) s.destroy();
    sockets.clear();
    if (srv) await new Promise<void>((r) => srv.close(() => r()));
  };
  await up();
  return { port, up, down, connections: () => sockets.size / 2 };
}

// ---------------------------------------------------------------------------------------------
// Live updates

/**
 * Subscribes to `matches.live` over SSE (as the browser's httpSubscriptionLink does) and records
 * every view's version with the time it arrived. `close()` ends the stream.
 */
export function watchLive(api: Api, matchId: string) {
  const seen: { version: number; at: number }[] = [];
  const ctrl = new AbortController();
  const q = encodeURIComponent(JSON.stringify({ json: { matchId } }));
  const done = (async () => {
    const res = await api.fetch(`/api/trpc/matches.live?input=${q}`, { headers: { accept: "text/event-stream" }, signal: ctrl.signal });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buf = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buf += value;
      let i: number;
      while ((i = buf.indexOf("\n\n")) >= 0) {
        const chunk = buf.slice(0, i);
        buf = buf.slice(i + 2);
        for (const line of chunk.split("\n")) {
          if (!line.startsWith("data:")) continue;
          try {
            const msg = JSON.parse(line.slice(5).trim()) as { json?: { version?: number } };
            if (typeof msg.json?.version === "number") seen.push({ version: msg.json.version, at: Date.now() });
          } catch {
            // pings and control messages
          }
        }
      }
    }
  })().catch(() => {});
  return {
    seen,
    /** resolves with the arrival time of the first view at `version` or later */
    async waitFor(version: number, ms: number): Promise<number> {
      const deadline = Date.now() + ms;
      while (Date.now() < deadline) {
        const hit = seen.find((s) => s.version >= version);
        if (hit) return hit.at;
        await sleep(25);
      }
      throw new Error(`no live view at version ${version} within ${ms} ms (saw ${JSON.stringify(seen.map((s) => s.version))})`);
    },
    close: async () => {
      ctrl.abort();
      await done;
    },
  };
}
