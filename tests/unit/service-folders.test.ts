/**
 * Services of tournaments and clubs import nothing of services/matches: matches/ imports
 * tournaments/ (a game reports its result to its board, and asks who directs it), so an import the
 * other way would make the two folders need each other. Where a board and its game act together
 * (a director's result ending the game, the round clock starting the games) is services/boards/.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

it("services/tournaments and services/clubs do not import services/matches", () => {
  const offenders: string[] = [];
  for (const dir of ["server/services/tournaments", "server/services/clubs"])
    for (const f of readdirSync(path.join(ROOT, dir)).filter((n) => n.endsWith(".ts"))) {
      const text = readFileSync(path.join(ROOT, dir, f), "utf8");
      if (/from\s+["']@\/server\/services\/matches[/"']/.test(text) || /import\(\s*["']@\/server\/services\/matches[/"']/.test(text)) offenders.push(`${dir}/${f}`);
    }
  expect(offenders).toEqual([]);
});
