/**
 * `npm run demo`: fills the app's database (embedded PGlite in .data/pglite, or DATABASE_URL)
 * with a demo club, sixteen players, a three-round rated Swiss played move by move by the bot and
 * a game in progress against the bot (server/services/demo/seed.ts, docs/demo.md). Then
 * `npm run app` and open the printed links.
 *
 * Options: --budget <ms> (bot search per move, default 40), --players <n>, --rounds <n>.
 * Environment: DATABASE_URL, PGLITE_DIR, PORT (for the printed links), DEMO_URL (base of links).
 */
import { parseArgs } from "node:util";
import { getDbHandle } from "@/db/client";
import { DEMO_DIRECTOR_EMAIL, DEMO_PASSWORD, runDemo } from "@/server/services/demo/seed";

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { budget: { type: "string" }, players: { type: "string" }, rounds: { type: "string" } },
    allowPositionals: false,
  });
  const handle = await getDbHandle();
  const where = process.env.DATABASE_URL ? "the PostgreSQL at DATABASE_URL" : `the embedded database in ${process.env.PGLITE_DIR ?? ".data/pglite"}`;
  console.log(`Equalis demo → ${where}`);
  try {
    const r = await runDemo(handle.db, {
      budgetMs: values.budget ? Number(values.budget) : undefined,
      players: values.players ? Number(values.players) : undefined,
      rounds: values.rounds ? Number(values.rounds) : undefined,
      baseUrl: process.env.DEMO_URL,
      log: (l) => console.log(l),
    });
    if (r.existed) {
      console.log(`The demo club already exists here: nothing changed. Look at ${Object.values(r.urls).join(" and ")}.`);
      console.log(`(Start afresh with a new PGLITE_DIR, or delete ${process.env.PGLITE_DIR ?? ".data/pglite"} first.)`);
      return 0;
    }
    console.log("");
    console.log(`Done in ${(r.ms / 1000).toFixed(1)} s: ${r.players.length} players, ${r.games} games finished, ${r.moves} bot moves, ${r.ratingsChanged} players rated${r.ratedByDemo ? ` (${r.ratedByDemo} games rated by the demo itself)` : ""}.`);
    console.log("");
    console.log(`Sign in with any of these (password "${DEMO_PASSWORD}"):`);
    console.log(`  ${DEMO_DIRECTOR_EMAIL.padEnd(26)} Demo Director (club owner, tournament director)`);
    for (const p of r.players) console.log(`  ${p.email.padEnd(26)} ${p.name}`);
    console.log("");
    console.log("Then `npm run app` and look at:");
    console.log(`  club             ${r.urls.club}`);
    console.log(`  tournament       ${r.urls.tournament}`);
    console.log(`  standings        ${r.urls.standings}`);
    console.log(`  cross-table      ${r.urls.crosstable}`);
    console.log(`  live game        ${r.urls.liveGame}   (demo01 against the Equalis Bot, demo01 to move)`);
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
