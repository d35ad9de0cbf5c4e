/**
 * Real databases for integration tests: PGlite, and PostgreSQL when TEST_DATABASE_URL is set (CI
 * sets it), in a database created for the file and dropped after. TEST_DRIVERS (a comma list of
 * `pglite`, `postgres`) narrows the choice: the fast tier (`npm run test:unit`) runs on PGlite
 * alone, and the deep tier runs the integration files again on PostgreSQL (`npm run test:postgres`)
 * — README, "Tests". Without TEST_DRIVERS, a run covers every database it can reach.
 */
import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { openDatabase, type Db, type DbHandle } from "@/db/client";
import { allCommittedMovesSettled } from "@/server/services/matches/after-move";
import { backgroundSettlesDone } from "@/server/services/matches/moves";

export type Driver = "pglite" | "postgres";
const ALL_DRIVERS: Driver[] = ["pglite", "postgres"];
const wanted = process.env.TEST_DRIVERS?.split(",").map((d) => d.trim()).filter(Boolean) ?? ALL_DRIVERS;
export const DRIVERS: Driver[] = ALL_DRIVERS.filter((d) => wanted.includes(d) && (d === "pglite" || !!process.env.TEST_DATABASE_URL));
/** PostgreSQL's URL when this run covers PostgreSQL, for the tests that only make sense there. */
export const POSTGRES_URL: string | undefined = DRIVERS.includes("postgres") ? process.env.TEST_DATABASE_URL : undefined;

/** Opens an empty, migrated database of the given kind. */
export async function openTestDatabase(driver: Driver): Promise<DbHandle> {
  if (driver === "pglite") {
    const template = readFileSync(inject("pgliteTemplate"));
    return openDatabase({ loadDataDir: new Blob([template]) });
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `equalis_t_${randomBytes(6).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** `describe` once per available database; `db()` gives this run's database inside tests. */
export function describeDb(name: string, body: (db: () => Db, driver: Driver) => void) {
  describe.each(DRIVERS)(`${name} [%s]`, (driver) => {
    let handle: DbHandle | undefined;
    beforeAll(async () => {
      handle = await openTestDatabase(driver);
    });
    afterAll(async () => {
      // work that runs after a move's answer (the bot) or a view (the settle job) must finish before its database goes away
      await allCommittedMovesSettled();
      await backgroundSettlesDone();
      await handle?.close();
    });
    body(() => {
      if (!handle) throw new Error("database not open yet");
      return handle.db;
    }, driver);
  });
}
