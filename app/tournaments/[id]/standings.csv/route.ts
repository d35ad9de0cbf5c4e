/** GET /tournaments/[id]/standings.csv — the standings as a spreadsheet-safe CSV download. */
import { getDb } from "@/db/client";
import { isUuid } from "@/server/edge";
import { isDomainError } from "@/server/errors";
import { standingsCsv } from "@/server/services/tournaments/views";

export const dynamic = "force-dynamic";

export async function GET(_req: Request, ctx: { params: Promise<{ id: string }> }) {
  const { id } = await ctx.params;
  // the procedures' own uuid check: `[0-9a-f-]{36}` let 36 hyphens through to PostgreSQL (a 500)
  if (!isUuid(id)) return new Response("Not found\n", { status: 404 });
  try {
    const body = await standingsCsv(await getDb(), id);
    return new Response(body, { headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="standings-${id}.csv"` } });
  } catch (err) {
    if (isDomainError(err) && err.code === "NOT_FOUND") return new Response("Not found\n", { status: 404 });
    throw err;
  }
}
