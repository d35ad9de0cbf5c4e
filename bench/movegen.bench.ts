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
 * wall clock on a shared machine. MOVEGEN_MODE=budget|fixed prints one of them.
 */
import { BOT_DEFAULTS, RULESET_IDS, selfPlay, type GenerateOptions } from "@/engine";

const pct = (xs: number[], p: number): number => xs[Math.min(xs.length - 1, Math.floor(xs.length * p))];

function table(title: string, games: number, opts: GenerateOptions): void {
  console.log(`\n${title}`);
  console.log("| ruleset | games | moves | plays | ms/move p50 | p95 | max | total s | cpu s | games/s | avg score |");
  console.log("|---|---|---|---|---|---|---|---|---|---|---|");
  for (const id of RULESET_IDS) {
    const ms: number[] = [];
    let moves = 0;
    let plays = 0;
    let score = 0;
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    for (let g = 0; g < games; g++) {
      const r = selfPlay(id, `bench:${id}:${g}`, opts);
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
      `| ${id} | ${games} | ${moves} | ${plays} | ${pct(ms, 0.5).toFixed(1)} | ${pct(ms, 0.95).toFixed(1)} | ${ms[ms.length - 1].toFixed(1)} | ${secs.toFixed(2)} | ${cpuSecs.toFixed(2)} | ${(games / secs).toFixed(2)} | ${(score / games).toFixed(0)} |`,
    );
  }
}

export default async function bench(): Promise<void> {
  const games = Number(process.env.GAMES ?? 4);
  const mode = process.env.MOVEGEN_MODE;
  console.log(`bot defaults: budgetMs ${BOT_DEFAULTS.budgetMs}, maxNodes ${BOT_DEFAULTS.maxNodes}; ${games} games per ruleset`);
  if (mode !== "fixed") table("bot budget (the bot's defaults; the clock may end a search)", games, {});
  if (mode !== "budget") table(`fixed work (clock lifted, ${BOT_DEFAULTS.maxNodes} nodes per search: the same games every run)`, games, { budgetMs: 1e9 });
}
