/**
 * `npx tsx bench/cpuprofile.ts <a.cpuprofile>… [--from µs] [--to µs] [--per n] [--top k]` — where the
 * CPU of one or more V8 profiles (`node --cpu-prof`, BENCH_CPU_PROF) went, as self time by
 * function and by package, optionally only inside a window of the monotonic clock (the profiles'
 * own timestamps: `npm run bench -- http` prints the window of its measured moves as
 * `BENCH_WINDOW <from> <to>` when BENCH_CPU_PROF is set) and divided by `--per` (e.g. the moves
 * in that window, for ms per move). Several files are summed: two instances' profiles together.
 * `--under name`: only samples with a frame of that function name on their stack (its inclusive time).
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const { values: a, positionals: files } = parseArgs({
  allowPositionals: true,
  options: { from: { type: "string" }, to: { type: "string" }, under: { type: "string" }, per: { type: "string", default: "1" }, top: { type: "string", default: "25" } },
});
const from = a.from ? Number(a.from) : -Infinity;
const to = a.to ? Number(a.to) : Infinity;
const per = Number(a.per);

/** Where a function lives: a package, node's own modules, the app, or V8's pseudo-frames. */
function packageOf(url: string, name: string): string {
  if (!url) return name.startsWith("(") ? name : "(native)";
  if (url.startsWith("node:")) return "node:" + url.slice(5).split("/")[0];
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split("/");
    const pkg = rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
    // Next bundles its own server code and the app's into .next-load/server
    return pkg === "next" && url.includes("/compiled/") ? `next (compiled ${rest[rest.indexOf("compiled") + 1]})` : pkg;
  }
  if (url.includes("/.next")) return "app (bundled by Next)";
  const m = /\/(server|db|engine)\//.exec(url);
  return m ? `app ${m[1]}/` : "other";
}

const byFn = new Map<string, number>();
const byPkg = new Map<string, number>();
let total = 0;
for (const file of files) {
  const p = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const nodes = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const isUnder = (id: number): boolean => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) if (nodes.get(at)!.callFrame.functionName === a.under) return true;
    return false;
  };
  let t = p.startTime;
  for (let i = 0; i < p.samples.length; i++) {
    const dt = p.timeDeltas[i] ?? 0;
    t += dt;
    if (t < from || t > to) continue;
    // a sample's duration is the gap to the next one
    const ms = (p.timeDeltas[i + 1] ?? 0) / 1000;
    const n = nodes.get(p.samples[i]!)!;
    const { functionName, url, lineNumber } = n.callFrame;
    if (functionName === "(idle)") continue;
    if (a.under && !isUnder(n.id)) continue;
    const fn = `${functionName || "(anonymous)"} ${url ? `${url.replace(/^.*\/(node_modules|work\/[^/]+\/[^/]+)\//, "")}:${lineNumber + 1}` : ""}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + ms);
    const pkg = packageOf(url, functionName);
    byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + ms);
    total += ms;
  }
}
const f = (ms: number) => `${(ms / per).toFixed(3).padStart(8)} ms  ${((100 * ms) / total).toFixed(1).padStart(5)} %`;
console.log(`busy (not idle) ${f(total)}${per !== 1 ? ` per 1/${per} of the window` : ""}`);
console.log("\nby package (self time)");
for (const [k, v] of [...byPkg].sort((x, y) => y[1] - x[1]).slice(0, Number(a.top))) console.log(`${f(v)}  ${k}`);
console.log("\nby function (self time)");
for (const [k, v] of [...byFn].sort((x, y) => y[1] - x[1]).slice(0, Number(a.top))) console.log(`${f(v)}  ${k}`);
