/** GET /tournaments/[id]/pairings.csv — published pairings and results as a spreadsheet-safe CSV download (server/http.ts). */
import { tournamentCsvRoute } from "@/server/http";

export const dynamic = "force-dynamic";

export const GET = tournamentCsvRoute("pairings");
