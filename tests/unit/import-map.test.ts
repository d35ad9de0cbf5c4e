/**
 * The import map of docs/conventions.md ("Which folder may import which") is enforced by
 * eslint.config.mjs. This table runs the real config on one import at a time, placed in a file of
 * each layer, so a change to the config that opens (or wrongly closes) a boundary fails here.
 */
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** [file the import sits in, the import statement, allowed?] */
const CASES: [string, string, boolean][] = [
  // engine/: nothing from outside engine/
  ["engine/score.ts", `import { x } from "./ruleset";`, true],
  ["engine/movegen/bot.ts", `import { x } from "../ruleset";`, true],
  ["engine/score.ts", `import { z } from "zod";`, false],
  ["engine/score.ts", `import { readFileSync } from "node:fs";`, false],
  ["engine/score.ts", `import { useState } from "react";`, false],
  ["engine/score.ts", `import { getDb } from "@/db/client";`, false],
  ["engine/score.ts", `import { x } from "../server/domain";`, false],
  // engine tests may use the test tools and Node
  ["engine/tests/cases.test.ts", `import { readFileSync } from "node:fs";`, true],
  ["engine/score.test.ts", `import fc from "fast-check";`, true],
  ["engine/score.test.ts", `import { z } from "zod";`, false],
  // server/domain/: itself and the engine's front door
  ["server/domain/standings.ts", `import { x } from "./results";`, true],
  ["server/domain/standings.ts", `import { RULESET_IDS } from "@/engine";`, true],
  ["server/domain/standings.ts", `import { getRuleset } from "@/engine/ruleset";`, false],
  ["server/domain/standings.ts", `import { tournaments } from "@/db/schema";`, false],
  ["server/domain/standings.ts", `import { eq } from "drizzle-orm";`, false],
  ["server/domain/standings.ts", `import { randomInt } from "node:crypto";`, false],
  // domain tests: the seeded simulation lives in tests/helpers (test-only code stays out of server/)
  ["server/domain/pairing/swiss.test.ts", `import { prng } from "@/tests/helpers/simulate";`, true],
  ["server/domain/pairing/swiss.test.ts", `import { createUser } from "@/tests/helpers/seed";`, false],
  ["server/domain/pairing/swiss.ts", `import { prng } from "@/tests/helpers/simulate";`, false],
  // server/services/: domain, engine, db; never the routers or the framework
  ["server/services/x/y.ts", `import { pairSwiss } from "@/server/domain";`, true],
  ["server/services/x/y.ts", `import { replay } from "@/engine";`, true],
  ["server/services/x/y.ts", `import { getDb } from "@/db/client";`, true],
  ["server/services/x/y.ts", `import { eq } from "drizzle-orm";`, true],
  ["server/services/x/y.ts", `import { DomainError } from "@/server/errors";`, true],
  ["server/services/x/y.ts", `import { pairSwiss } from "@/server/domain/pairing/swiss";`, false],
  ["server/services/x/y.ts", `import { replay } from "@/engine/game";`, false],
  ["server/services/x/y.ts", `import { router } from "@/server/trpc";`, false],
  ["server/services/x/y.ts", `import { appRouter } from "@/server/routers/_app";`, false],
  ["server/services/x/y.ts", `import { NextResponse } from "next/server";`, false],
  ["server/services/x/y.ts", `import { Board } from "@/app/_components/board/Board";`, false],
  // server/routers/: services, no database of their own
  ["server/routers/x.ts", `import { createClub } from "@/server/services/clubs/clubs";`, true],
  ["server/routers/x.ts", `import { END_REASONS } from "@/engine";`, true],
  ["server/routers/x.ts", `import { CLUB_ROLES } from "@/db/schema";`, false],
  ["server/routers/x.ts", `import { eq } from "drizzle-orm";`, false],
  ["server/routers/x.ts", `import type { Db } from "@/db/client";`, true],
  ["server/routers/x.ts", `import { getDb } from "@/db/client";`, false],
  ["server/routers/x.ts", `import type { MatchStatus } from "@/db/schema/matches";`, false],
  // db/: the engine's and the domain's vocabulary only
  ["db/schema/clubs.ts", `import { RULESET_IDS } from "@/engine";`, true],
  ["db/schema/clubs.ts", `import { TIEBREAKS } from "@/server/domain";`, true],
  ["db/schema/clubs.ts", `import { RULESET_IDS } from "../../engine/ruleset";`, false],
  ["db/schema/clubs.ts", `import { x } from "@/server/services/clubs/clubs";`, false],
  // app/ pages: tRPC types, the pure engine and domain; never the database or a service
  ["app/play/page.tsx", `import type { AppRouter } from "@/server/routers/_app";`, true],
  ["app/play/page.tsx", `import { getRuleset } from "@/engine";`, true],
  ["app/play/page.tsx", `import { TIEBREAKS } from "@/server/domain";`, true],
  ["app/_trpc/client.tsx", `import { LIMITS } from "@/server/limits";`, true],
  ["app/play/page.tsx", `import { LIMITS } from "@/server/edge";`, false],
  ["app/play/page.tsx", `import { appRouter } from "@/server/routers/_app";`, false],
  ["app/play/page.tsx", `import type { Explanation } from "@/server/services/adjudication/explain";`, false],
  ["app/play/page.tsx", `import { getDb } from "@/db/client";`, false],
  ["app/play/page.tsx", `import { readFileSync } from "node:fs";`, false],
  // app/ route handlers: server entry points, still no database
  ["app/x/route.ts", `import { pairingsCsv } from "@/server/services/tournaments/views";`, true],
  ["app/x/route.ts", `import { getDb } from "@/db/client";`, false],
  // tests, bench, scripts: the front doors hold there too
  ["tests/integration/x.integration.test.ts", `import { getDb } from "@/db/client";`, true],
  ["tests/integration/x.integration.test.ts", `import { replay } from "@/engine/game";`, false],
  ["bench/x.bench.ts", `import { x } from "../engine/ruleset";`, false],
  ["bench/x.bench.ts", `import { prng } from "@/tests/helpers/simulate";`, true],
];

describe("the import map (eslint.config.mjs)", () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: ROOT });
  });

  it.each(CASES)("%s: %s → allowed %s", async (file, code, allowed) => {
    const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: path.join(ROOT, file) });
    const fatal = result!.messages.filter((m) => m.fatal);
    expect(fatal).toEqual([]);
    const restricted = result!.messages.filter((m) => m.ruleId === "no-restricted-imports");
    expect(restricted.length === 0).toBe(allowed);
  });

  it.each([
    ["server/services/x/y.ts", `export const f = () => import("@/engine/game");`, false],
    ["tests/integration/x.integration.test.ts", `export const f = () => import("@/server/domain/pairing/swiss");`, false],
    ["tests/integration/x.integration.test.ts", `export const f = () => import("@/engine");`, true],
    ["tests/integration/x.integration.test.ts", `export const f = () => import("@/server/services/adjudication/rules-text");`, true],
  ] as [string, string, boolean][])("a dynamic import in %s: %s → allowed %s", async (file, code, allowed) => {
    const [result] = await eslint.lintText(`${code}\n`, { filePath: path.join(ROOT, file) });
    expect(result!.messages.filter((m) => m.fatal)).toEqual([]);
    const restricted = result!.messages.filter((m) => m.ruleId === "no-restricted-syntax");
    expect(restricted.length === 0).toBe(allowed);
  });
});
