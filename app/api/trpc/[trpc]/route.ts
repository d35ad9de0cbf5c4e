import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { appRouter } from "@/server/routers/_app";
import { createRequestContext } from "@/server/context";

export const dynamic = "force-dynamic";

const handler = (req: Request) =>
  fetchRequestHandler({ endpoint: "/api/trpc", req, router: appRouter, createContext: () => createRequestContext(req) });

export { handler as GET, handler as POST };
