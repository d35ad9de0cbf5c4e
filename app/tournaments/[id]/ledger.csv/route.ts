/** GET /tournaments/[id]/ledger.csv — the fee ledger as CSV, for the event's staff only (server/http.ts). */
import { ledgerCsvRoute } from "@/server/http";

export const dynamic = "force-dynamic";

export const GET = ledgerCsvRoute();
