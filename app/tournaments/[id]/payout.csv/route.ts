/** GET /tournaments/[id]/payout.csv — the payout sheet as CSV (server/payout-http.ts; docs/prizes.md). */
import { payoutCsvRoute } from "@/server/payout-http";

export const dynamic = "force-dynamic";

export const GET = payoutCsvRoute();
