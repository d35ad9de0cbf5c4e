/**
 * The read-only REST view (`/api/v1`, server/rest.ts): which public queries it publishes and at
 * which path, in one table. A router marks its procedure with `.meta(REST.<name>)`; the REST
 * handler and the OpenAPI document (`/api/openapi.json`) are both built from those marks, so a
 * route is written once, beside the procedure's own zod input and output schemas.
 * Only queries belong here (the handler serves GET only and refuses anything else).
 */
import type { Meta } from "@/server/trpc";

const get = (path: `/${string}`, summary: string, tags: string[]): Meta => ({ openapi: { method: "GET", path, summary, tags, protect: false } });

export const REST = {
  tournaments: get("/tournaments", "Tournaments: upcoming, running and finished (optionally of one club: ?clubId=…&status=…)", ["tournaments"]),
  tournament: get("/tournaments/{tournamentId}", "One tournament: settings, staff, entries, and its rounds with their pairings", ["tournaments"]),
  standings: get("/tournaments/{tournamentId}/standings", "A tournament's standings with tiebreaks", ["tournaments"]),
  leaderboard: get("/ratings/{ruleset}", "The rating list of one game (?minGames=&established=&limit=&offset=)", ["ratings"]),
  player: get("/players/{userId}", "A player's ratings, history and recent rated games", ["ratings"]),
  gameRecord: get("/games/{matchId}/record", "A game's record (?format=text|json); a finished game's for anyone", ["games"]),
} as const satisfies Record<string, Meta>;
