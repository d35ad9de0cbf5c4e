/**
 * Several app instances starting at once on one empty PostgreSQL database (a rolling deploy, or
 * `docker compose up --scale app=3`) each run the migrations at start-up. drizzle's migrator takes
 * no lock, so `openDatabase` serialises them with an advisory lock (db/client.ts); without it all
 * but one instance failed with a duplicate pg_type row and never served (found by
 * tests/e2e/faults.spec.ts). Needs PostgreSQL (tests/helpers/db.ts POSTGRES_URL); skipped without it.
 */
import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { openDatabase } from "@/db/client";
import { POSTGRES_URL } from "../helpers/db";

const url = POSTGRES_URL;

describe.skipIf(!url)("faults: migrations from several instances at once [postgres]", () => {
  it("four instances migrating one empty database together all succeed, and each migration applies once", async () => {
    const name = `equalis_faults_${randomBytes(5).toString("hex")}`;
    const admin = postgres(url!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const u = new URL(url!);
    u.pathname = `/${name}`;
    try {
      const handles = await Promise.all(Array.from({ length: 4 }, () => openDatabase({ url: u.toString() })));
      await Promise.all(handles.map((h) => h.close()));
      const journal = JSON.parse(readFileSync(path.join(process.cwd(), "drizzle", "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
      const check = postgres(u.toString(), { max: 1, onnotice: () => {} });
      try {
        const rows = await check`select hash from drizzle.__drizzle_migrations`;
        expect(rows).toHaveLength(journal.entries.length);
        // the lock is a session lock: nobody holds it once the instances are up
        const [held] = await check`select count(*)::int as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`;
        expect(held!.n).toBe(0);
      } finally {
        await check.end();
      }
    } finally {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
