/** GET /tournaments/[id]/ratings-submission.csv — one line per player for a rating body, for the event's directors (server/tsh-http.ts). */
import { tshRoute } from "@/server/tsh-http";

export const dynamic = "force-dynamic";

export const GET = tshRoute("ratings");
