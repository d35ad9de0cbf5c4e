/**
 * What identifying a request costs (docs/security.md, "Session cache"): `userFromHeaders` with a
 * real Auth.js session cookie, on a cache miss (decode the JWE, read the user) and on a hit, CPU
 * per request, medians of BENCH_SESSIONS_RUNS (default 5) runs of 500 requests, on an in-memory
 * PGlite. `npm run bench -- sessions`.
 */
import { encode } from "next-auth/jwt";
import { openDatabase } from "@/db/client";
import { getAuthSecret } from "@/server/auth-secret";
import { signUp } from "@/server/services/accounts/accounts";
import { clearSessionCache } from "@/server/services/accounts/sessions";
import { userFromHeaders } from "@/server/session";

const RUNS = Number(process.env.BENCH_SESSIONS_RUNS ?? 5);
const N = 500;
const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export default async function main() {
  process.env.AUTH_SECRET ??= "bench-secret-bench-secret-bench-secret";
  const { db, close } = await openDatabase();
  try {
    const u = await signUp(db, { email: "bench-session@example.test", name: "Bench", password: "bench password 1" });
    const name = "authjs.session-token";
    const token = await encode({ token: { uid: u.id, sv: 0, sub: u.id }, secret: getAuthSecret(), salt: name, maxAge: 3600 });
    const headers = new Headers({ cookie: `${name}=${token}` });
    const measure = async (miss: boolean) => {
      const out: number[] = [];
      for (let r = 0; r < RUNS; r++) {
        const c0 = process.cpuUsage();
        for (let i = 0; i < N; i++) {
          if (miss) clearSessionCache();
          if (!(await userFromHeaders(headers, false, db))) throw new Error("no user");
        }
        const c = process.cpuUsage(c0);
        out.push((c.user + c.system) / N);
      }
      return median(out);
    };
    await measure(true); // warm up
    const miss = await measure(true);
    const hit = await measure(false);
    console.log(`userFromHeaders, medians of ${RUNS} runs × ${N}: cache miss ${miss.toFixed(0)} µs CPU (decode + users SELECT), hit ${hit.toFixed(1)} µs CPU (${(miss / hit).toFixed(0)}× less)`);
  } finally {
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
