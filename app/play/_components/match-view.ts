/** The match view as the play page receives it (the `matches.get` output), for its components. */
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers/_app";

export type MatchView = inferRouterOutputs<AppRouter>["matches"]["get"];
