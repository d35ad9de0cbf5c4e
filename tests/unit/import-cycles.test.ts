/**
 * No import cycles in the code the app runs (engine/, server/, db/, app/; tests excluded). A cycle
 * means two modules each need the other to be loaded first — the write path of a move and the bot
 * once imported each other (`submitMove` called the bot, the bot called `submitMove`); now the bot
 * subscribes to committed moves (server/services/matches/after-move.ts) and the arrow runs one way.
 *
 * Only imports that exist at run time count: `import type`, `export type` and imports whose every
 * name is a type are erased by the compiler (`isolatedModules`), so they cannot form a load cycle.
 * Files are parsed with the TypeScript compiler, not matched with a regular expression.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const DIRS = ["engine", "server", "db", "app"];
const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.(test|spec)\.tsx?$/;

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) out.push(...sources(rel));
    else if (SOURCE.test(e.name) && !TEST.test(e.name)) out.push(rel);
  }
  return out;
}

/** The repository file an import names (`@/x`, `./x`), or null for a package. */
function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = spec.slice(2);
  else if (spec.startsWith(".")) base = path.posix.join(path.posix.dirname(from), spec);
  else return null;
  for (const c of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    const abs = path.join(ROOT, c);
    if (existsSync(abs) && statSync(abs).isFile()) return c;
  }
  return null;
}

/** The modules a file needs at run time. */
function runtimeImports(file: string): string[] {
  const sf = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), "utf8"), ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  for (const st of sf.statements) {
    let spec: ts.Expression | undefined;
    if (ts.isImportDeclaration(st)) {
      const clause = st.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const onlyTypes = clause && !clause.name && named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
      if (onlyTypes) continue;
      spec = st.moduleSpecifier;
    } else if (ts.isExportDeclaration(st) && st.moduleSpecifier) {
      if (st.isTypeOnly) continue;
      const named = st.exportClause;
      if (named && ts.isNamedExports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly)) continue;
      spec = st.moduleSpecifier;
    }
    if (spec && ts.isStringLiteral(spec)) {
      const r = resolve(file, spec.text);
      if (r) out.push(r);
    }
  }
  return out;
}

/** Strongly connected components of more than one file (Tarjan), each a cycle. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || graph.get(v)!.includes(v)) found.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

it("no module of engine/, server/, db/ or app/ imports itself through others", () => {
  const files = DIRS.flatMap(sources);
  expect(files.length).toBeGreaterThan(100);
  const graph = new Map(files.map((f) => [f, runtimeImports(f)]));
  // the parser sees the imports that matter: the matches router uses the matches service
  expect(graph.get("server/routers/matches/index.ts")).toContain("server/services/matches/moves.ts");
  expect(cycles(graph)).toEqual([]);
});
