/** `/api/v1/…`: the read-only REST view of public data (server/rest.ts, docs/api.md "REST"). */
import { restHandler } from "@/server/rest";

export const dynamic = "force-dynamic";

const handler = restHandler();

export { handler as GET, handler as HEAD, handler as POST, handler as PUT, handler as PATCH, handler as DELETE };
