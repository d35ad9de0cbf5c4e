/** `GET /api/openapi.json`: the OpenAPI document of `/api/v1`, generated from the tRPC procedures (server/rest.ts). */
import { openApiDocument } from "@/server/rest";

export const dynamic = "force-dynamic";

export function GET(req: Request): Response {
  return Response.json(openApiDocument(new URL(req.url).origin));
}
