/**
 * `npm run ratings:recompute` — rebuilds every rating and the rating history by replaying the
 * `rated_games` ledger in (played_at, id) order, on DATABASE_URL or the embedded database. Run it
 * after changing GLICKO_CONFIG or correcting a rated result. Safe while the app runs: games that
 * finish meanwhile wait for it, then are rated on top. `--no-history` rebuilds only `ratings`.
 */
import { getDbHandle } from "@/db/client";
import { recomputeRatings } from "@/server/services/ratings/recompute";

const history = !process.argv.includes("--no-history");
const handle = await getDbHandle();
try {
  let last = 0;
  const summary = await recomputeRatings(handle.db, {
    history,
    onProgress: (games) => {
      if (games - last >= 100_000) {
        last = games;
        console.log(`  ${games.toLocaleString("en")} games replayed…`);
      }
    },
  });
  console.log(
    `recomputed ${summary.games.toLocaleString("en")} games → ${summary.ratings.toLocaleString("en")} ratings` +
      (history ? `, ${summary.events.toLocaleString("en")} history rows` : "") +
      ` in ${(summary.ms / 1000).toFixed(2)} s (${handle.driver})`,
  );
} finally {
  await handle.close();
}
