/**
 * `npm run analysis:worker`: an analysis runner on its own, for another machine (docs/analysis.md
 * "Runners on other machines"). It opens DATABASE_URL (the site's PostgreSQL), starts the analysis
 * queue (pg-boss, whose supervisor also retries jobs of runners that stopped) and works it: every
 * queued game until none is left, then a look every ANALYSIS_POLL_SECONDS (default 2). The web
 * instances keep running their own in-process runner; pg-boss never gives a game to two of them.
 *
 * SIGINT/SIGTERM: stops after the games in hand (a second signal exits at once; the job's
 * heartbeat then lapses and another runner retries it).
 */
import { getDbHandle } from "@/db/client";
import { drainAnalyses } from "@/server/services/analysis/jobs";
import { analysisQueue } from "@/server/services/analysis/queue";

if (!process.env.DATABASE_URL) {
  console.error("DATABASE_URL is not set: the embedded database belongs to the app's own process, which runs its analyses itself.");
  process.exit(1);
}

const pollMs = Number(process.env.ANALYSIS_POLL_SECONDS ?? 2) * 1000;
let stopping = false;
let wake: (() => void) | null = null;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log(`${signal}: stopping after the games in hand`);
    wake?.();
  });
}

const handle = await getDbHandle();
await analysisQueue(handle.db);
console.log("analysis worker: working the queue");
while (!stopping) {
  const n = await drainAnalyses(handle.db);
  if (n > 0) console.log(`analysis worker: ${n} game(s) analysed`);
  if (!stopping) await new Promise<void>((resolve) => ((wake = resolve), setTimeout(resolve, pollMs)));
}
await handle.close();
