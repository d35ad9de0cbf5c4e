import type { NextRequest } from "next/server";
import { handlers } from "@/server/auth";
import { withRequestLog } from "@/server/log";

// Auth.js's handlers, with a request id on their log lines (server/log.ts)
export const GET = withRequestLog((req: Request) => handlers.GET(req as NextRequest));
export const POST = withRequestLog((req: Request) => handlers.POST(req as NextRequest));
