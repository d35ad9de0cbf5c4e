/**
 * One writer for a match (issue 24; docs/matches.md "The write path"): no module but
 * server/services/matches/writer.ts inserts, updates or deletes `matches`, `match_events` or
 * `match_snapshots` — neither through drizzle (`tx.insert(matches)`, also under an import alias)
 * nor in raw SQL (`insert into ${matchEvents}`, `update "matches"`). Scans the source of server/,
 * app/ and scripts/ (tests excluded). A second test feeds the scanner the shapes it must catch, so
 * a scanner that stopped matching cannot pass silently.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const WRITER = "server/services/matches/writer.ts";
const DIRS = ["server", "app", "scripts"];
const TABLES = { matches: "matches", matchEvents: "match_events", matchSnapshots: "match_snapshots" } as const;

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) out.push(...sources(rel));
    else if (/\.(ts|tsx)$/.test(e.name) && !/\.(test|spec)\.tsx?$/.test(e.name)) out.push(rel);
  }
  return out;
}

/** The local names the file gives the three tables (`matches as matchesTable` counts too). */
function tableNames(src: string): string[] {
  const names = new Set<string>();
  for (const m of src.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*["']@\/db\/schema(?:\/matches)?["']/g)) {
    for (const part of m[1]!.split(",")) {
      const [name, alias] = part.trim().replace(/^type\s+/, "").split(/\s+as\s+/);
      if (name && name in TABLES) names.add((alias ?? name).trim());
    }
  }
  return [...names];
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Each write to the three tables in `src`, as the text that makes it. */
export function writesIn(src: string): string[] {
  const found: string[] = [];
  const names = tableNames(src);
  if (names.length) {
    const drizzle = new RegExp(`\\.(insert|update|delete)\\(\\s*(${names.map(esc).join("|")})\\s*\\)`, "g");
    for (const m of src.matchAll(drizzle)) found.push(m[0]);
    // a table picked from a registry (`tx.insert(TABLES[name])`: a generic copy) that holds one of
    // them, or whose definition this scan cannot see
    for (const m of src.matchAll(/\.(insert|update|delete)\(\s*(\w+)\[[^\]]+\]/g)) {
      const body = new RegExp(`\\b${esc(m[2]!)}\\s*=\\s*\\{([^}]*)\\}`).exec(src)?.[1];
      if (body === undefined || names.some((n) => new RegExp(`\\b${esc(n)}\\b`).test(body))) found.push(m[0]);
    }
  }
  const target = [...Object.values(TABLES).map((t) => `"?${t}"?(?![\\w-])`), ...names.map((n) => `\\$\\{\\s*${esc(n)}\\s*\\}`)].join("|");
  const raw = new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+(${target})`, "gi");
  for (const m of src.matchAll(raw)) found.push(m[0]);
  return found;
}

it("only the writer writes matches, match_events and match_snapshots", () => {
  const offenders = DIRS.flatMap(sources)
    .filter((f) => f !== WRITER)
    .flatMap((f) => writesIn(readFileSync(path.join(ROOT, f), "utf8")).map((w) => `${f}: ${w}`));
  expect(offenders).toEqual([]);
  // the writer itself is seen writing, so the scan reads the files it means to
  expect(writesIn(readFileSync(path.join(ROOT, WRITER), "utf8")).length).toBeGreaterThan(3);
});

it("the scan catches every shape of a write", () => {
  const cases = [
    `import { matches } from "@/db/schema/matches";\nawait tx.update(matches).set({ result });`,
    `import { matchEvents } from "@/db/schema";\nawait tx.insert(matchEvents).values(rows);`,
    `import { matchSnapshots } from "@/db/schema/matches";\nawait db.delete(matchSnapshots).where(x);`,
    `import { matches as m2 } from "@/db/schema/matches";\nawait db.update(m2).set({});`,
    `import { matches } from "@/db/schema/matches";\nawait db.execute(sql\`update \${matches} set version = 1\`);`,
    "await db.execute(sql`insert into match_events (match_id) values ($1)`);",
    'await db.execute(sql`DELETE FROM "match_snapshots" where true`);',
    `import { matches, users } from "@/db/schema";\nconst TABLES = { users, matches };\nawait tx.insert(TABLES[name] as PgTable).values(rows);`,
    `import { matches, users } from "@/db/schema";\nawait tx.insert(REGISTRY[name]).values(rows);`,
  ];
  for (const c of cases) expect(writesIn(c), c).not.toEqual([]);
  expect(writesIn(`import { matches } from "@/db/schema/matches";\nawait db.select().from(matches); // update the matches list`)).toEqual([]);
  expect(writesIn(`import { matches, users } from "@/db/schema";\nconst OTHERS = { users };\nawait tx.insert(OTHERS[name]).values(rows);`)).toEqual([]);
});
