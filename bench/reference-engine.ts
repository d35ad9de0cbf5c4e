/**
 * An older engine, extracted from git at bench time, for benches that measure today's code beside
 * it in the same run (a ratio on one machine at one time, instead of figures from another day).
 * `git archive <commit> engine` is unpacked once per commit into the OS temp directory and imported
 * from there; the engine uses relative imports only, so tsx needs no path alias for it. Without git
 * or the commit (a tarball, a shallow clone) the bench says "reference unavailable" and measures
 * only today's code.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const repoRoot = path.resolve(import.meta.dirname, "..");

/** The engine's own module (engine/index.ts) at `commit`, or why it could not be loaded. */
export async function referenceEngine<T>(commit: string): Promise<{ ok: true; engine: T; commit: string } | { ok: false; why: string }> {
  let full: string;
  try {
    full = execFileSync("git", ["rev-parse", "--verify", "--quiet", `${commit}^{commit}`], { cwd: repoRoot, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return { ok: false, why: `commit ${commit} not found (no git history here)` };
  }
  const dir = path.join(os.tmpdir(), `equalis-reference-engine-${full}`);
  if (!existsSync(path.join(dir, "engine", "index.ts"))) {
    // unpack beside the final directory and rename, so a concurrent or interrupted run never sees half a tree
    const part = `${dir}.part-${process.pid}`;
    rmSync(part, { recursive: true, force: true });
    mkdirSync(part, { recursive: true });
    try {
      const tar = execFileSync("git", ["archive", "--format=tar", full, "engine"], { cwd: repoRoot, maxBuffer: 256 << 20 });
      execFileSync("tar", ["-x", "-C", part], { input: tar });
      if (!existsSync(dir)) renameSync(part, dir);
    } catch (e) {
      return { ok: false, why: `could not extract engine/ at ${commit}: ${(e as Error).message.split("\n")[0]}` };
    } finally {
      rmSync(part, { recursive: true, force: true });
    }
  }
  const engine = (await import(pathToFileURL(path.join(dir, "engine", "index.ts")).href)) as T;
  return { ok: true, engine, commit: full.slice(0, 7) };
}
