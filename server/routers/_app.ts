/** The root router: one sub-router per domain. */
import { router } from "@/server/trpc";
import { accountsRouter } from "./accounts";
import { clubsRouter } from "./clubs";
import { tournamentsRouter } from "./tournaments";
import { ratingsRouter } from "./ratings";
import { adjudicationRouter } from "./adjudication";
import { matchesRouter } from "./matches";
import { analysisRouter } from "./analysis";
import { apiTokensRouter } from "./api-tokens";
import { notificationsRouter } from "./notifications";
import { seeksRouter } from "./seeks";
import { competitionsRouter } from "./competitions";
import { scheduleRouter } from "./schedule";
import { arenaRouter } from "./arena";
import { duplicateRouter } from "./duplicate";
import { teamsRouter } from "./teams";

export const appRouter = router({
  accounts: accountsRouter,
  clubs: clubsRouter,
  tournaments: tournamentsRouter,
  ratings: ratingsRouter,
  adjudication: adjudicationRouter,
  matches: matchesRouter,
  analysis: analysisRouter,
  apiTokens: apiTokensRouter,
  notifications: notificationsRouter,
  seeks: seeksRouter,
  competitions: competitionsRouter,
  schedule: scheduleRouter,
  arena: arenaRouter,
  duplicate: duplicateRouter,
  teams: teamsRouter,
});

export type AppRouter = typeof appRouter;
