/** `GET /api/ready`: 200 when the database answers and every migration is applied, else 503 with the reason (server/ops/endpoints.ts). */
import { withRequestLog } from "@/server/log";
import { readinessResponse } from "@/server/ops/endpoints";

export const dynamic = "force-dynamic";

export const GET = withRequestLog(() => readinessResponse());
