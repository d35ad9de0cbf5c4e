/**
 * Game analysis off the request path (docs/analysis.md "Figures"): a played-out Equate self-play
 * game (the first of seeds analysis-bench-2…41 whose game lasts 40 turns, else the longest; the bot
 * at fixed work) analysed twice — in-process (the engine's turns on the
 * main thread, yielding between turns: the runner before the worker, and its fallback) and in the
 * worker thread (server/services/analysis/runner.ts) — while the main thread's event-loop delay
 * is sampled (perf_hooks.monitorEventLoopDelay, 10 ms resolution). The delay is what any request
 * served by this process waits on top of its own work. Prints wall time, turns, unproven turns
 * and the delay's p50 / p99 / max per mode. `npm run bench -- analysis`; ANALYSIS_BENCH_TURNS
 * (default 40) caps the game's turns.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { analyseTurns, countTurns, selfPlay, type TurnAnalysis } from "@/engine";
import { analyseGameTurns, runnerKind } from "@/server/services/analysis/runner";

export default async function main(): Promise<void> {
  const maxTurns = Number(process.env.ANALYSIS_BENCH_TURNS ?? 40);
  // the clock lifted (node budget only): the same game on every run, however busy the machine
  // The target is a 40-turn game: most self-play games end sooner, so take the first seed
  // (analysis-bench-2, -3, …) whose game lasts maxTurns turns, else the longest of 40 seeds.
  let game = selfPlay("equate", "analysis-bench-2", { maxTurns, budgetMs: 1e9 });
  for (let i = 3; i < 42 && countTurns(game.events) < maxTurns; i++) {
    const g = selfPlay("equate", `analysis-bench-${i}`, { maxTurns, budgetMs: 1e9 });
    if (countTurns(g.events) > countTurns(game.events)) game = g;
  }
  const events = game.events;
  console.log(`equate self-play game: ${countTurns(events)} turns; worker: ${await runnerKind()}; load ${(await import("node:os")).loadavg().map((x) => x.toFixed(1)).join(" ")}`);
  console.log("| runner | turns | unproven | wall s | loop delay p50 ms | p99 ms | max ms |");
  console.log("|---|---|---|---|---|---|---|");
  const modes: [string, () => AsyncIterable<TurnAnalysis>][] = [
    [
      "in-process",
      async function* () {
        for (const t of analyseTurns(events, {})) {
          yield t;
          await new Promise<void>((r) => setImmediate(r));
        }
      },
    ],
    ["worker thread", () => analyseGameTurns(events, {})],
  ];
  for (const [name, run] of modes) {
    const h = monitorEventLoopDelay({ resolution: 10 });
    const t0 = performance.now();
    h.enable();
    let turns = 0;
    let unproven = 0;
    for await (const t of run()) {
      turns++;
      if (!t.complete) unproven++;
    }
    h.disable();
    const ms = (ns: number) => (ns / 1e6).toFixed(1);
    console.log(`| ${name} | ${turns} | ${unproven} | ${((performance.now() - t0) / 1000).toFixed(1)} | ${ms(h.percentile(50))} | ${ms(h.percentile(99))} | ${ms(h.max)} |`);
  }
}
