/** `GET /api/metrics`: Prometheus metrics for a client with METRICS_TOKEN (server/ops/metrics-access.ts; server/main.ts also serves this machine without it). */
import { withRequestLog } from "@/server/log";
import { metricsResponse } from "@/server/ops/endpoints";

export const dynamic = "force-dynamic";

export const GET = withRequestLog(async (req: Request) => metricsResponse({ authorization: req.headers.get("authorization"), peer: null, forwarded: req.headers.has("x-forwarded-for") }));
