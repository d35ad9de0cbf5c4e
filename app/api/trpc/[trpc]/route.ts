/** `/api/trpc`: tRPC over HTTP with the edge's limits (server/trpc-http.ts). */
import { createRequestContext } from "@/server/context";
import { withRequestLog } from "@/server/log";
import { trpcHttpHandler } from "@/server/trpc-http";

export const dynamic = "force-dynamic";

// every log line of the call names its request (and user): server/log.ts
const handler = withRequestLog(trpcHttpHandler(createRequestContext));

export { handler as GET, handler as POST };
