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
 * "exact top-1" (issue 16's target: p50 < 100 ms, p99 < 1 s per ruleset): mid-game boards grown
 * by the bounded search from seeded bags, each with a fresh full rack; the exact generator
 * (`exactPlays`, top 1, cut at EXACT_CAP_MS, default 5000) beside the bounded search with the
 * bot's defaults, on the same positions in the same run. "proved" counts searches that finished
 * (complete); "better" the positions where the exact play outscores the bounded search's.
 *
 * "levels" (issue 16's self-play target: ≥ 5 games/s at the fastest level): self-play at each bot
 * level (engine/movegen/levels.ts) with its own time and node budget, as the server plays it;
 * MOVEGEN_MODE=levels prints only that table, LEVELS=beginner,club picks levels. "games/cpu s"
 * (games per second of the process's CPU time) is the figure to read on a shared machine, where
 * the wall clock mostly measures the other processes.
 */
import { BOT_DEFAULTS, BOT_LEVELS, LEVEL_SPECS, exactPlays, getRuleset, RULESET_IDS, searchPlays, selfPlay, shuffled, type Face, type BotLevel, type BotOptions, type Placement, type RulesetId } from "@/engine";

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

/** Mid-game positions: `turns` plays of the bounded search from a seeded bag, then a full rack. */
function midGame(id: RulesetId, seed: string, turns: number): { board: Placement[]; rack: Face[] } {
  const rs = getRuleset(id);
  const bag = shuffled(
    rs.tiles.flatMap((t) => (t.inBag ? Array<Face>(t.count).fill(t.face) : [])),
    seed,
  );
  const board: Placement[] = [];
  for (let t = 0; t < turns; t++) {
    const rack = bag.splice(0, rs.rackSize);
    const best = searchPlays(rs, board, rack, { limit: 1, maxNodes: 20_000, budgetMs: 1e9, firstPlay: board.length === 0 }).plays[0];
    if (best) for (const p of best.placements) if (!board.some((b) => b.row === p.row && b.col === p.col)) board.push({ ...p });
  }
  return { board, rack: bag.splice(0, rs.rackSize) };
}

function exactTable(positions: number): void {
  const cap = Number(process.env.EXACT_CAP_MS ?? 5000);
  console.log(`\nexact top-1, full rack, mid-game (${positions} positions per ruleset; exact cut at ${cap} ms; bounded search with the bot's defaults)`);
  console.log("| ruleset | exact p50 ms | p99 | max | cpu p50 ms | cpu p99 | proved | bounded p50 ms | p99 | better | equal | worse |");
  console.log("|---|---|---|---|---|---|---|---|---|---|---|---|");
  for (const id of RULESET_IDS) {
    const rs = getRuleset(id);
    const ex: number[] = [];
    const exCpu: number[] = [];
    const old: number[] = [];
    let proved = 0;
    let better = 0;
    let equal = 0;
    let worse = 0;
    for (let i = 0; i < positions; i++) {
      const { board, rack } = midGame(id, `bench-exact:${id}:${i}`, 3 + (i % 4));
      let t = performance.now();
      const c0 = process.cpuUsage();
      const e = exactPlays(rs, board, rack, { top: 1, deadlineMs: cap });
      ex.push(performance.now() - t);
      const c = process.cpuUsage(c0);
      exCpu.push((c.user + c.system) / 1000);
      if (e.complete) proved++;
      t = performance.now();
      const o = searchPlays(rs, board, rack, { ...BOT_DEFAULTS, limit: 1 });
      old.push(performance.now() - t);
      const a = e.plays[0]?.score ?? -1;
      const b = o.plays[0]?.score ?? -1;
      if (a > b) better++;
      else if (a === b) equal++;
      else worse++;
    }
    ex.sort((a, b) => a - b);
    exCpu.sort((a, b) => a - b);
    old.sort((a, b) => a - b);
    console.log(
      `| ${id} | ${pct(ex, 0.5).toFixed(0)} | ${pct(ex, 0.99).toFixed(0)} | ${ex[ex.length - 1].toFixed(0)} | ${pct(exCpu, 0.5).toFixed(0)} | ${pct(exCpu, 0.99).toFixed(0)} | ${proved}/${positions} | ${pct(old, 0.5).toFixed(0)} | ${pct(old, 0.99).toFixed(0)} | ${better} | ${equal} | ${worse} |`,
    );
  }
}

export default async function bench(): Promise<void> {
  const games = Number(process.env.GAMES ?? 4);
  const mode = process.env.MOVEGEN_MODE;
  if (mode === undefined || mode === "exact") exactTable(Number(process.env.POSITIONS ?? 20));
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
