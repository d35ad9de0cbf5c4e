/**
 * Runs once before the vitest workers: migrates one PGlite database and dumps it, so each test
 * file loads a ready database (~1 s) instead of running initdb + migrations (~3 s).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { openDatabase } from "@/db/client";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const handle = await openDatabase({});
  // openDatabase hides the PGlite client; re-open a fresh one to dump from the migrated state.
  const client = (handle.db as unknown as { $client: InstanceType<typeof PGlite> }).$client;
  const dump = await client.dumpDataDir("none");
  const dir = mkdtempSync(path.join(tmpdir(), "equalis-pglite-"));
  const file = path.join(dir, "template.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide("pgliteTemplate", file);
}
