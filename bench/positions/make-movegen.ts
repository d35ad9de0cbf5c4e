/**
 * Writes bench/positions/movegen.json, the frozen positions of `npm run bench -- movegen` (issue 28):
 * per ruleset, 30 mid-game positions from seeded self-play (engine/movegen/selfplay.ts, both bots
 * at the `best` level with the node budget binding, so a seed replays exactly), 8–14 turns deep,
 * with the player on turn holding a full rack; as position strings (engine/notation/position.ts).
 * Run once and commit the file: `npx tsx bench/positions/make-movegen.ts` — the bench then
 * measures the same positions on every machine and after every change of the search.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { formatPosition, getRuleset, positionOf, RULESET_IDS, selfPlay, type RulesetId } from "@/engine";

export const PER_RULESET = 30;
const MIN_TURNS = 8;
const MAX_TURNS = 14;

function positions(id: RulesetId): Array<{ seed: string; turns: number; position: string }> {
  const rs = getRuleset(id);
  const out: Array<{ seed: string; turns: number; position: string }> = [];
  for (let g = 0; out.length < PER_RULESET; g++) {
    const seed = `movegen-positions:${id}:${g}`;
    const turns = MIN_TURNS + (out.length % (MAX_TURNS - MIN_TURNS + 1));
    const { state } = selfPlay(id, seed, { maxTurns: turns, budgetMs: 1e9, maxNodes: 2_000 });
    const rack = state.racks[state.turn];
    // a finished game or a short rack (the bag ran low) is no mid-game position: next seed
    if (state.phase !== "playing" || rack.filter((f) => f !== "=").length < rs.rackSize) continue;
    out.push({ seed, turns, position: formatPosition(positionOf(state)) });
    process.stderr.write(`${id} ${out.length}/${PER_RULESET}\r`);
  }
  return out;
}

const file = path.join(import.meta.dirname, "movegen.json");
const data: Record<string, unknown> = {
  about: "bench/positions/make-movegen.ts: seeded self-play, 8–14 turns deep, full rack of the player on turn",
};
for (const id of RULESET_IDS) data[id] = positions(id);
writeFileSync(file, JSON.stringify(data, null, 1) + "\n");
console.log(`wrote ${file}`);
