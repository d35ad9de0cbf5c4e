/**
 * CPU time of processes on this machine, read from /proc, for the HTTP benchmark: a server's own
 * process (every thread) and the PostgreSQL backends serving one database. Read from outside the
 * measured processes, so the measuring costs them nothing (the old bench asked the app for
 * `process.cpuUsage()` over a signal, which the bare server could not be asked).
 */
import { readdirSync, readFileSync } from "node:fs";
import type postgres from "postgres";

/** CPU of a process in ms, all its live threads: the sum of /proc/<pid>/task/<tid>/schedstat
 * (ns, the scheduler's own accounting — /proc/<pid>/stat counts whole 10 ms ticks, too coarse for
 * a batch of a few hundred ms). Falls back to /proc/<pid>/stat; 0 for a process that is gone. */
export function cpuMsOf(pid: number): number {
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
      } catch {
        // the thread ended meanwhile
      }
    }
    return ns / 1e6;
  } catch {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
    } catch {
      return 0;
    }
  }
}

/**
 * The PostgreSQL backends of one database (every client's: the benchmark measures one server at
 * a time while the other idles, so the sum over a batch is that server's). A backend that appears
 * during a batch counts from 0; `delta` is over the backends seen at either end.
 */
export async function pgBackends(sql: postgres.Sql, dbName: string): Promise<Map<number, number>> {
  const rows = await sql<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${dbName} and pid <> pg_backend_pid()`;
  return new Map(rows.map((r) => [r.pid, cpuMsOf(r.pid)]));
}

export function cpuDelta(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, t] of after) ms += t - (before.get(pid) ?? 0);
  return ms;
}
