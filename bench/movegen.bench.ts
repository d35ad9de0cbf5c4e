/**
 * Move generation: greedy self-play (bot against bot, engine/movegen/selfplay.ts) per ruleset
 * from seeded bags. Prints ms per bot decision (p50/p95) and full games per second (one core).
 * Targets (docs/bot.md, "Figures"): best move p50 < 50 ms, p95 < 250 ms; ≥ 5 games/s.
 * `npx tsx bench/run.ts movegen` (GAMES=n to change the number of games per ruleset).
 *
 * Two tables: "bot budget" plays with the bot's defaults, where the 250 ms clock often ends a
 * search (so a faster search shows as more nodes, not less time); "fixed work" lifts the clock
 * (node budget only), so every run plays the same games through the same nodes and the times
 * compare across runs and code changes. "cpu s" is the process's CPU time, steadier than the
 * wall clock on a shared machine. MOVEGEN_MODE=budget|fixed|exact prints one of them.
 *
 * "exact top-1" (issue 28's targets: proved on every position, CPU p50 < 100 ms, p99 < 1 s per
 * ruleset): `masterPlay` on the frozen positions of bench/positions/movegen.json beside the same
 * engine as it was before issue 28's speed work, extracted from git at bench time (bench/reference-engine.ts;
 * REFERENCE_COMMIT=<rev> picks another), in the same run (`topTable`; MOVEGEN_MODE=exact prints only it,
 * RULESETS=smath picks rulesets, POSITIONS=n the first n of each, VERBOSE=1 prints every position).
 *
 * MOVEGEN_MODE=steps counts the exact search's steps instead (`stepsTable`).
 *
 * "levels" (issue 16's self-play target: ≥ 5 games/s at the fastest level): self-play at each bot
 * level (engine/movegen/levels.ts) with its own time and node budget, as the server plays it;
 * MOVEGEN_MODE=levels prints only that table, LEVELS=beginner,club picks levels. "games/cpu s"
 * (games per second of the process's CPU time) is the figure to read on a shared machine, where
 * the wall clock mostly measures the other processes.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { BOT_DEFAULTS, BOT_LEVELS, LEVEL_SPECS, masterPlay, parsePosition, RULESET_IDS, selfPlay, type BotLevel, type BotOptions } from "@/engine";
import { midGamePositions } from "./positions/midgame";
import { referenceEngine } from "./reference-engine";

/** main just before issue 28's speed work: the reference of the exact top-1 table */
const REFERENCE_COMMIT = process.env.REFERENCE_COMMIT ?? "4c975b39efc6453e1cf8cd03d9086cf7befb2e5e";
type Engine = typeof import("@/engine");

const pct = (xs: number[], p: number): number => xs[Math.min(xs.length - 1, Math.floor(xs.length * p))];

function table(title: string, games: number, opts: BotOptions, levels: readonly BotLevel[] = ["best"], header = true): void {
  if (header) {
    console.log(`\n${title}`);
    console.log("| level | ruleset | games | moves | plays | ms/move p50 | p95 | max | total s | cpu s | games/s | games/cpu s | avg score |");
    console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
  }
  for (const level of levels) for (const id of RULESET_IDS) {
    const ms: number[] = [];
    let moves = 0;
    let plays = 0;
    let score = 0;
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    for (let g = 0; g < games; g++) {
      const r = selfPlay(id, `bench:${id}:${g}`, { ...opts, level });
      ms.push(...r.moveMs);
      moves += r.moveMs.length;
      plays += r.actions.filter((a) => a.type === "play").length;
      score += r.state.scores.reduce((a, b) => a + b, 0) / r.state.scores.length;
    }
    const secs = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const cpuSecs = (cpu.user + cpu.system) / 1e6;
    ms.sort((a, b) => a - b);
    console.log(
      `| ${level} | ${id} | ${games} | ${moves} | ${plays} | ${pct(ms, 0.5).toFixed(1)} | ${pct(ms, 0.95).toFixed(1)} | ${ms[ms.length - 1].toFixed(1)} | ${secs.toFixed(2)} | ${cpuSecs.toFixed(2)} | ${(games / secs).toFixed(2)} | ${(games / cpuSecs).toFixed(2)} | ${(score / games).toFixed(0)} |`,
    );
  }
}

interface Frozen {
  seed: string;
  turns: number;
  position: string;
}

/** the process's CPU ms: the clock of the exact table's cut, so a busy machine cuts no proof short */
const cpuNow = (): number => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

/** CPU ms of one call (the process's user + system time: steadier than the wall clock on a shared machine). */
function cpuMs<T>(f: () => T): { value: T; ms: number } {
  const c0 = process.cpuUsage();
  const value = f();
  const c = process.cpuUsage(c0);
  return { value, ms: (c.user + c.system) / 1000 };
}

/**
 * Issue 28's table: exact top-1 on the frozen positions (bench/positions/movegen.json, 30 per
 * ruleset, 8–14 turns deep, full racks): today's `masterPlay` beside the reference, the whole engine
 * at REFERENCE_COMMIT (its own position parser and `masterPlay`), both cut at EXACT_CAP_MS (default
 * 10 000) of CPU time. "proved" counts finished proofs; "same" the positions where both proved and
 * agree on the score (they must: a difference is a bug, counted in "diff"). Without the reference
 * (no git history) only today's columns are measured.
 */
async function topTable(): Promise<void> {
  const cap = Number(process.env.EXACT_CAP_MS ?? 10_000);
  const file = path.join(import.meta.dirname, "positions", "movegen.json");
  const frozen = JSON.parse(readFileSync(file, "utf8")) as Record<string, Frozen[]>;
  const only = process.env.RULESETS?.split(",");
  const refLoad = await referenceEngine<Engine>(REFERENCE_COMMIT);
  const reference = refLoad.ok ? refLoad.engine : null;
  console.log(refLoad.ok ? `\nreference: engine/ at ${refLoad.commit}, extracted from git` : `\nreference unavailable (${refLoad.why}): today's generator only`);
  console.log(`exact top-1 on the frozen positions (bench/positions/movegen.json; CPU ms, one core; cut at ${cap} CPU ms; after ${process.env.WARMUP ?? 3} whole warm-up searches per engine and ruleset, on other positions)`);
  console.log("| ruleset | positions | top-1 proved | p50 ms | p99 ms | max ms | reference proved | p50 ms | p99 ms | max ms | same | diff |");
  console.log("|---|---|---|---|---|---|---|---|---|---|---|---|");
  for (const id of RULESET_IDS) {
    if (only && !only.includes(id)) continue;
    // POSITIONS=n: the first n of each ruleset (a quicker run on a busy machine)
    const list = (frozen[id] ?? []).slice(0, Number(process.env.POSITIONS ?? Infinity));
    const top: number[] = [];
    const ref: number[] = [];
    let tp = 0;
    let rp = 0;
    let same = 0;
    let diff = 0;
    // Warm-up, unmeasured: both engines run whole searches (the measured cut) on mid-game positions
    // made like the frozen ones from other seeds, so the first rows do not pay for compiling the
    // search's code (a server's search is long-lived; only its first searches after a start run
    // cold: a 'SMATH group search took 1.3–1.4 s cold against 0.5 s warm). Short cut searches did
    // not reach the group search's code. No measured position is searched before it is measured,
    // and the engines keep nothing between calls. WARMUP=0 measures cold.
    for (const f of midGamePositions(id, "movegen-warmup", Number(process.env.WARMUP ?? 3))) {
      const pos = parsePosition(f.position);
      if (pos.ok) masterPlay(pos.value, { deadlineMs: cap, now: cpuNow });
      const rpos = reference?.parsePosition(f.position);
      if (rpos?.ok) reference!.masterPlay(rpos.value, { deadlineMs: cap, now: cpuNow });
    }
    for (const f of list) {
      const pos = parsePosition(f.position);
      if (!pos.ok) throw new Error(`${f.seed}: ${pos.error}`);
      const opts = { deadlineMs: cap, now: cpuNow };
      const runRef = () => {
        if (!reference) return null;
        const rpos = reference.parsePosition(f.position);
        if (!rpos.ok) throw new Error(`${f.seed} (reference): ${rpos.error}`);
        return cpuMs(() => reference.masterPlay(rpos.value, opts));
      };
      // alternate which goes first, so neither always pays for cold caches
      const first = top.length % 2 === 0;
      const r0 = first ? null : runRef();
      const t = cpuMs(() => masterPlay(pos.value, opts));
      const r = first ? runRef() : r0;
      top.push(t.ms);
      if (t.value.proved) tp++;
      if (r) {
        ref.push(r.ms);
        if (r.value.proved) rp++;
        if (t.value.proved && r.value.proved) {
          if (t.value.score === r.value.score) same++;
          else diff++;
        }
      }
      const refText = r ? ` ref ${r.ms.toFixed(0)} ms ${r.value.score}${r.value.proved ? "" : "?"}` : "";
      if (process.env.VERBOSE) console.log(`${f.seed} top ${t.ms.toFixed(0)} ms ${t.value.score}${t.value.proved ? "" : "?"}${refText}`);
    }
    top.sort((a, b) => a - b);
    ref.sort((a, b) => a - b);
    const n = list.length;
    const refCols = reference ? `${rp}/${n} | ${pct(ref, 0.5).toFixed(0)} | ${pct(ref, 0.99).toFixed(0)} | ${ref[n - 1].toFixed(0)} | ${same} | ${diff}` : "– | – | – | – | – | –";
    console.log(`| ${id} | ${n} | ${tp}/${n} | ${pct(top, 0.5).toFixed(0)} | ${pct(top, 0.99).toFixed(0)} | ${top[n - 1].toFixed(0)} | ${refCols} |`);
  }
}

/**
 * MOVEGEN_MODE=steps: exact top-1 on the frozen positions cut by steps, not time (MAX_WORK, default
 * 600 000): the search's steps per position, the same on every machine and under any load, so two
 * versions of the generator compare exactly where CPU times on a shared machine do not. Prints the
 * steps, score, proof and the play's placements per position, then the sum and the median.
 */
function stepsTable(): void {
  const maxWork = Number(process.env.MAX_WORK ?? 600_000);
  const frozen = JSON.parse(readFileSync(path.join(import.meta.dirname, "positions", "movegen.json"), "utf8")) as Record<string, Frozen[]>;
  const only = process.env.RULESETS?.split(",");
  for (const id of RULESET_IDS) {
    if (only && !only.includes(id)) continue;
    const steps: number[] = [];
    let proved = 0;
    for (const f of (frozen[id] ?? []).slice(0, Number(process.env.POSITIONS ?? Infinity))) {
      const pos = parsePosition(f.position);
      if (!pos.ok) throw new Error(`${f.seed}: ${pos.error}`);
      const t = cpuMs(() => masterPlay(pos.value, { maxWork }));
      const r = t.value;
      steps.push(r.stats.steps);
      if (r.proved) proved++;
      const play = r.play?.placements.map((p) => `${p.row},${p.col}:${p.tile}${p.blank ? "?" : ""}`).join(" ") ?? "-";
      console.log(`${f.seed} steps ${r.stats.steps} score ${r.score}${r.proved ? "" : "?"} brackets ${r.play?.brackets ?? 0} ${t.ms.toFixed(0)} ms | ${play}`);
    }
    const sorted = [...steps].sort((a, b) => a - b);
    console.log(`${id}: ${proved}/${steps.length} proved within ${maxWork} steps; steps sum ${steps.reduce((a, b) => a + b, 0)}, median ${pct(sorted, 0.5)}`);
  }
}

export default async function bench(): Promise<void> {
  const games = Number(process.env.GAMES ?? 4);
  const mode = process.env.MOVEGEN_MODE;
  if (mode === "steps") return stepsTable();
  if (mode === undefined || mode === "exact") await topTable();
  if (mode === "exact") return;
  if (mode === undefined || mode === "levels") {
    const levels = (process.env.LEVELS?.split(",") ?? [...BOT_LEVELS].reverse()) as BotLevel[];
    const specs = levels.map((l) => `${l} ${LEVEL_SPECS[l].budgetMs} ms/${LEVEL_SPECS[l].maxNodes} nodes`).join(", ");
    // one unmeasured beginner game per ruleset first, so the first row does not pay for the JIT
    for (const id of RULESET_IDS) selfPlay(id, `bench-warm:${id}`, { level: "beginner" });
    table(`levels (each level's own budget: ${specs}; ${games} games per ruleset, after a warm-up game)`, games, {}, levels);
  }
  if (mode === "levels") return;
  console.log(`bot defaults: budgetMs ${BOT_DEFAULTS.budgetMs}, maxNodes ${BOT_DEFAULTS.maxNodes}; ${games} games per ruleset`);
  if (mode !== "fixed") table("bot budget (the bot's defaults; the clock may end a search)", games, {});
  if (mode !== "budget") table(`fixed work (clock lifted, ${BOT_DEFAULTS.maxNodes} nodes per search: the same games every run)`, games, { budgetMs: 1e9 });
}
