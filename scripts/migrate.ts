/** `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database. */
import { getDbHandle } from "@/db/client";

const handle = await getDbHandle();
console.log(`migrations applied (${handle.driver})`);
await handle.close();
