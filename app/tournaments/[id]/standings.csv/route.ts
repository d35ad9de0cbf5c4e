/** GET /tournaments/[id]/standings.csv — the standings as a spreadsheet-safe CSV download (server/http.ts). */
import { tournamentCsvRoute } from "@/server/http";

export const dynamic = "force-dynamic";

export const GET = tournamentCsvRoute("standings");
