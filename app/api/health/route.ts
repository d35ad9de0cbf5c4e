/** `GET /api/health`: the process is up and answering (no database work; docs/deployment.md "Health"). */
import { withRequestLog } from "@/server/log";

export const dynamic = "force-dynamic";

export const GET = withRequestLog(async () => Response.json({ status: "ok", uptimeSeconds: Math.round(process.uptime()) }, { headers: { "cache-control": "no-store" } }));
