/** `/api/trpc`: tRPC over HTTP with the edge's limits (server/trpc-http.ts). */
import { createRequestContext } from "@/server/context";
import { trpcHttpHandler } from "@/server/trpc-http";

export const dynamic = "force-dynamic";

const handler = trpcHttpHandler(createRequestContext);

export { handler as GET, handler as POST };
