/** GET /tournaments/[id]/tsh.t — the event as a TSH division file, for its directors (server/tsh-http.ts). */
import { tshRoute } from "@/server/tsh-http";

export const dynamic = "force-dynamic";

export const GET = tshRoute("tsh");
