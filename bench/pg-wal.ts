/**
 * The WAL one database wrote between two positions, read with pg_waldump (`BENCH_PG_WALDUMP`: its
 * path; it needs to read the server's pg_wal, so the bench runs as a user who can). Unlike the
 * backends' CPU this does not move with the machine's load: it says what a statement changed — a
 * heap tuple, an index entry, a row lock — record by record. Records of other databases (other
 * work on the server) are left out by their relation's database; so are the ones that name no
 * relation (a commit: one per move whatever the schema). Lengths without full-page images (those
 * depend on when the last checkpoint ran, not on the statement).
 */
import { spawnSync } from "node:child_process";
import type postgres from "postgres";

export interface WalTally {
  records: number;
  bytes: number;
  /** "Heap INSERT match_events" → records, bytes */
  by: Map<string, { records: number; bytes: number }>;
}

export const emptyTally = (): WalTally => ({ records: 0, bytes: 0, by: new Map() });

export async function walPosition(admin: postgres.Sql): Promise<string> {
  return (await admin<{ lsn: string }[]>`select pg_current_wal_insert_lsn()::text as lsn`)[0]!.lsn;
}

/** Relation file numbers of the database's tables and indexes, by name (after any DDL). */
export async function relationNames(admin: postgres.Sql, into: Map<string, string>) {
  for (const r of await admin<{ node: string; name: string }[]>`select relfilenode::text as node, relname as name from pg_class where relfilenode <> 0`) into.set(r.node, r.name);
}

const LINE = /^rmgr: (\S+)\s+len \(rec\/tot\):\s*(\d+)\/\s*\d+,.*desc: (\S+).*?blkref #0: rel \d+\/(\d+)\/(\d+)/;

/** Adds the records of database `dbOid` between `from` and `to` to `tally`. */
export function tallyWal(waldump: string, walDir: string, from: string, to: string, dbOid: string, names: Map<string, string>, tally: WalTally) {
  // pg_waldump exits 1 when the range ends inside a record not yet on disk: its output up to there counts
  const out = spawnSync(waldump, ["-p", walDir, "-s", from, "-e", to], { encoding: "utf8", maxBuffer: 1 << 28 }).stdout ?? "";
  for (const line of out.split("\n")) {
    const m = LINE.exec(line);
    if (!m || m[4] !== dbOid) continue;
    const key = `${m[1]} ${m[3]} ${names.get(m[5]!) ?? m[5]}`;
    const len = Number(m[2]);
    const e = tally.by.get(key) ?? { records: 0, bytes: 0 };
    e.records++;
    e.bytes += len;
    tally.by.set(key, e);
    tally.records++;
    tally.bytes += len;
  }
}
