/** The root router: one sub-router per domain. */
import { router } from "@/server/trpc";
import { accountsRouter } from "./accounts";

export const appRouter = router({
  accounts: accountsRouter,
});

export type AppRouter = typeof appRouter;
