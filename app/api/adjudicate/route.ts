/** `POST /api/adjudicate`: the adjudication contract over plain HTTP (server/adjudicate-http.ts, docs/api.md). */
import { adjudicateHttp } from "@/server/adjudicate-http";

export const dynamic = "force-dynamic";

export const POST = adjudicateHttp();
