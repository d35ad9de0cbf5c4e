/**
 * Moves a club's or a tournament's data between instances as one JSON file
 * (server/services/ops/transfer.ts says what travels and how ids are remapped):
 *
 *   npm run data:export -- --club <handle> --out club.json
 *   npm run data:export -- --tournament <id> --out tournament.json
 *   npm run data:import -- --in club.json [--handle <new handle>]
 *
 * On DATABASE_URL or the embedded database (stop the app first: PGlite allows one process per
 * directory). The file is written with mode 0600: it holds the games' racks and players' e-mails.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { getDbHandle } from "@/db/client";
import { isDomainError } from "@/server/errors";
import { exportData, importData, parseExport } from "@/server/services/ops/transfer";

const USAGE = `usage: npm run data:export -- (--club <handle> | --tournament <id>) --out <file.json>
       npm run data:import -- --in <file.json> [--handle <club handle>]`;

const [command, ...rest] = process.argv.slice(2);
const { values: args } = parseArgs({
  args: rest,
  options: { club: { type: "string" }, tournament: { type: "string" }, out: { type: "string" }, in: { type: "string" }, handle: { type: "string" } },
});

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

if (command === "export" && (!args.out || !!args.club === !!args.tournament)) fail(USAGE);
if (command === "import" && !args.in) fail(USAGE);
if (command !== "export" && command !== "import") fail(USAGE);

const db = await getDbHandle();
try {
  if (command === "export") {
    const file = await exportData(db.db, args.club ? { club: args.club } : { tournament: args.tournament! });
    writeFileSync(args.out!, JSON.stringify(file, null, 1) + "\n", { mode: 0o600 });
    console.error(`wrote ${args.out} (${file.kind})`);
  } else {
    const result = await importData(db.db, parseExport(readFileSync(args.in!, "utf8")), args.handle ? { handle: args.handle } : {});
    console.error(`imported into club "${result.clubHandle}" (${result.clubId}): ${result.tournamentIds.length} tournament(s), ${result.rows} rows, ${result.createdPeople} new account(s) without a password (they use "Forgot password")`);
  }
} catch (err) {
  if (isDomainError(err)) fail(err.message, 1);
  throw err;
} finally {
  await db.close();
}
