/**
 * The repository stands alone: a fresh clone with nothing beside it must pass its tests and its
 * comments and docs must lead somewhere. So no source or doc file may point outside the
 * repository (a sibling `shared` folder, the reference notes the project started from), and every
 * `.md` file a comment or doc cites must exist here. Citations of other projects' files are
 * written as URLs, which this check skips.
 *
 * The files are found by walking the tree (not `git ls-files`), so the check also runs in an
 * unpacked archive; build output, data and dependencies are skipped.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SELF = path.relative(ROOT, import.meta.filename);

const SKIP_DIRS = new Set(["node_modules", ".git", ".data", "test-results", "playwright-report", "drizzle"]);
const TEXT = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx|md|json|ya?ml|css|sh)$/;

/** Paths (relative to ROOT, "/"-separated) of every text file worth reading. */
function files(dir = ""): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (SKIP_DIRS.has(entry.name) || entry.name.startsWith(".next")) continue;
      out.push(...files(rel));
    } else if ((TEXT.test(entry.name) || dir === ".ci") && entry.name !== "package-lock.json") {
      out.push(rel);
    }
  }
  return out;
}

const ALL = files();
const SCANNED = ALL.filter((f) => f !== SELF);
const MD_NAMES = new Set(ALL.filter((f) => f.endsWith(".md")).map((f) => path.posix.basename(f)));
const TOP_DIRS = new Set(readdirSync(ROOT, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name));

/** Strings that only ever point outside the repository. */
// Assembled from parts so that this file does not itself contain the references it forbids.
const SIBLING = ["sha", "red"].join("");
const OUTSIDE = [
  `/work/${SIBLING}`, `../${SIBLING}`,
  ...["spec", "cases", "seeds", "reference"].map((d) => `${SIBLING}/${d}`),
  ["platform", "anchors"].join("-"), "STYLE §", ["STYLE", "md"].join("."),
];

/** A `.md` path-like token: optional ./ or ../ prefixes, then segments. */
const MD_TOKEN = /(?<![\w.@/-])((?:\.{1,2}\/)*(?:[\w-][\w.-]*\/)*[\w-][\w.-]*\.md)(?![\w-])/g;

const exists = (p: string): boolean => {
  try {
    statSync(path.join(ROOT, p));
    return true;
  } catch {
    return false;
  }
};

/** Every cited `.md` path in `text` that does not exist here. A bare name must be some file's
 * name; a path must resolve from the repository root or from the citing file's folder. Paths whose
 * first folder is not one of ours (`owner/repo/…`) are other projects' and are left alone. */
function missingMdCitations(file: string, text: string): string[] {
  const missing: string[] = [];
  const withoutUrls = text.replace(/\bhttps?:\/\/\S+/g, " ");
  for (const [, token] of withoutUrls.matchAll(MD_TOKEN)) {
    if (!token.includes("/")) {
      if (!MD_NAMES.has(token)) missing.push(token);
      continue;
    }
    const fromFile = path.posix.normalize(path.posix.join(path.posix.dirname(file), token));
    const first = token.replace(/^(\.{1,2}\/)+/, "").split("/")[0];
    const ours = token.startsWith(".") || TOP_DIRS.has(first) || ["spec", "reference", "seeds", "cases", "shared"].includes(first);
    if (ours && !exists(token) && (fromFile.startsWith("..") || !exists(fromFile))) missing.push(token);
  }
  return missing;
}

describe("the repository stands alone", () => {
  it("finds the files it checks", () => {
    expect(SCANNED).toContain("README.md");
    expect(SCANNED).toContain("engine/adjudicate.ts");
    expect(SCANNED.length).toBeGreaterThan(100);
  });

  it("no file points outside the repository", () => {
    const found = SCANNED.flatMap((f) => {
      const text = readFileSync(path.join(ROOT, f), "utf8");
      return text.split("\n").flatMap((line, i) => OUTSIDE.filter((s) => line.includes(s)).map((s) => `${f}:${i + 1}: ${s}`));
    });
    expect(found).toEqual([]);
  });

  it("every cited .md file exists in the repository", () => {
    const found = SCANNED.flatMap((f) => {
      const text = readFileSync(path.join(ROOT, f), "utf8");
      return text.split("\n").flatMap((line, i) => missingMdCitations(f, line).map((m) => `${f}:${i + 1}: ${m}`));
    });
    expect(found).toEqual([]);
  });

  it("every rule the judge's desk quotes is on docs/spec/rulesets.md, word for word", () => {
    // The desk shows these sentences as the rule book; the seeds are not in the repository, so
    // docs/spec/rulesets.md is where a reader checks them (seed quotes included, attributed).
    const norm = (t: string) => t.replace(/`|\*\*/g, "").replace(/\s+/g, " ").trim().toLowerCase().replace(/[.,;:]+$/, "");
    const doc = norm(readFileSync(path.join(ROOT, "docs/spec/rulesets.md"), "utf8"));
    const source = readFileSync(path.join(ROOT, "server/services/adjudication/rules-text.ts"), "utf8");
    const quotes = [...source.matchAll(/“([^”]+)”/g)].flatMap(([, q]) => q.split("…")).map(norm);
    const sentences = quotes.filter((q) => (q.match(/\p{L}{2,}/gu) ?? []).length >= 2);
    expect(sentences.length).toBeGreaterThan(20);
    expect(sentences.filter((q) => !doc.includes(q))).toEqual([]);
  });

  it("the check itself tells a present citation from a missing one", () => {
    expect(missingMdCitations("docs/api.md", "see `docs/engine.md` and [the guide](judging.md)")).toEqual([]);
    expect(missingMdCitations("docs/spec/x.md", "[api](../api.md)")).toEqual([]);
    expect(missingMdCitations("engine/x.ts", "(spec/rulesets.md; no-such-page.md §1; docs/nope.md)")).toEqual(["spec/rulesets.md", "no-such-page.md", "docs/nope.md"]);
    expect(missingMdCitations("x.ts", "https://github.com/o/r/blob/main/docs/x.md and woogles-io/liwords/docs/y.md")).toEqual([]);
  });
});
