/**
 * Writes bench/positions/movegen.json, the frozen positions of `npm run bench -- movegen` (issue 28):
 * per ruleset, 30 mid-game positions (midgame.ts: seeded self-play, 8–14 turns deep, the player on
 * turn holding a full rack), as position strings (engine/notation/position.ts).
 * Run once and commit the file: `npx tsx bench/positions/make-movegen.ts` — the bench then
 * measures the same positions on every machine and after every change of the search.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { RULESET_IDS } from "@/engine";
import { midGamePositions } from "./midgame";

const PER_RULESET = 30;

const file = path.join(import.meta.dirname, "movegen.json");
const data: Record<string, unknown> = {
  about: "bench/positions/make-movegen.ts: seeded self-play, 8–14 turns deep, full rack of the player on turn",
};
for (const id of RULESET_IDS) data[id] = midGamePositions(id, "movegen-positions", PER_RULESET, (n) => process.stderr.write(`${id} ${n}/${PER_RULESET}\r`));
writeFileSync(file, JSON.stringify(data, null, 1) + "\n");
console.log(`wrote ${file}`);
