/**
 * A scratch PostgreSQL database for a benchmark: created on BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test), migrated, and dropped by `close`. Null (with a line
 * saying why) when the server refuses to create one, so the bench can skip its PostgreSQL part.
 */
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { openDatabase, type DbHandle } from "@/db/client";

/** `url` is the scratch database's own, for a second client. */
export async function openScratchDatabase(what: string): Promise<(DbHandle & { url: string }) | null> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const name = `equalis_bench_${randomBytes(4).toString("hex")}`;
  try {
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } catch (err) {
    console.log(`${what} skipped: cannot create a scratch database on ${adminUrl} (${(err as Error).message})`);
    await admin.end();
    return null;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
