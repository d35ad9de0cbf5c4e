/**
 * `GET /tournaments/[id]/payout.csv`: the payout sheet as CSV (docs/prizes.md). Public once the
 * director marks the results final; before that only the event's directors get it (marked
 * provisional), so the session cookie is read here — by the same reader the tRPC context uses,
 * loaded only when the request has a cookie. Errors answer through `errorResponse` (server/http.ts).
 */
import { getDb, type Db } from "@/db/client";
import { isUuid } from "./edge";
import { DomainError } from "./errors";
import { errorResponse } from "./http";
import { payoutCsv } from "./services/prizes/prizes";

export function payoutCsvRoute(openDb: () => Promise<Db> = getDb) {
  return async (req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> => {
    try {
      const { id } = await ctx.params;
      if (!isUuid(id)) throw new DomainError("NOT_FOUND", "That tournament does not exist.");
      const user = req.headers.get("cookie") ? await (await import("./auth")).userFromRequest(req) : null;
      const body = await payoutCsv(await openDb(), id, user?.id ?? null);
      return new Response(body, { headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="payout-${id}.csv"`, "cache-control": "private, no-store" } });
    } catch (err) {
      return errorResponse(err, "text");
    }
  };
}
