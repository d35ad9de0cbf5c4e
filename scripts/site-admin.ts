/**
 * `npm run site-admin -- someone@example.org` — makes an existing account a site admin, on
 * DATABASE_URL or the embedded database. A site admin reads the outbox (/admin/outbox): the mail
 * the server keeps instead of sending when no SMTP_URL is set (docs/deployment.md "E-mail").
 * With the embedded database, stop the app first (PGlite allows one process per directory).
 */
import { getDbHandle } from "@/db/client";
import { grantSiteAdmin } from "@/server/services/accounts/accounts";
import { emailSchema } from "@/server/services/accounts/schemas";

const parsed = emailSchema.safeParse(process.argv[2] ?? "");
if (!parsed.success) {
  console.error("usage: npm run site-admin -- <e-mail of an existing account>");
  process.exit(2);
}
const handle = await getDbHandle();
try {
  if (await grantSiteAdmin(handle.db, parsed.data)) console.log(`${parsed.data} is now a site admin (sign in and open /admin/outbox).`);
  else {
    console.error(`no account uses ${parsed.data}: sign up first, then run this again.`);
    process.exitCode = 1;
  }
} finally {
  await handle.close();
}
