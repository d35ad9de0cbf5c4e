/** Every public case in tests/fixtures/cases must pass (docs/spec/adjudication.md, tests/fixtures/cases/README.md). */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { adjudicate } from "../adjudicate";

const dir = path.resolve(import.meta.dirname, "../../tests/fixtures/cases");

interface Case {
  id: string;
  note?: string;
  request: unknown;
  expect: { valid: boolean; score?: number; code?: string };
}

const files = readdirSync(dir).filter((f) => f.endsWith(".json"));

describe("public cases", () => {
  it("finds case files", () => expect(files.length).toBeGreaterThan(0));
  for (const file of files) {
    const cases = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Case[];
    for (const c of cases) {
      it(`${file} ${c.id}`, () => {
        const r = adjudicate(c.request);
        expect(r.valid, JSON.stringify(r.violations)).toBe(c.expect.valid);
        if (c.expect.score !== undefined) expect(r.score).toBe(c.expect.score);
        if (c.expect.code !== undefined) expect(r.violations.map((v) => v.code)).toContain(c.expect.code);
      });
    }
  }
});
