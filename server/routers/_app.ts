/** The root router: one sub-router per domain. */
import { router } from "@/server/trpc";
import { accountsRouter } from "./accounts";
import { clubsRouter } from "./clubs";
import { ratingsRouter } from "./ratings";

export const appRouter = router({
  accounts: accountsRouter,
  clubs: clubsRouter,
  ratings: ratingsRouter,
});

export type AppRouter = typeof appRouter;
