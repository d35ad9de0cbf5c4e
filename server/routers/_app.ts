/** The root router: one sub-router per domain. */
import { router } from "@/server/trpc";
import { accountsRouter } from "./accounts";
import { clubsRouter } from "./clubs";

export const appRouter = router({
  accounts: accountsRouter,
  clubs: clubsRouter,
});

export type AppRouter = typeof appRouter;
