/**
 * The calendar feeds' route handlers (`GET /clubs/[handle]/calendar.ics`,
 * `GET /players/[id]/calendar.ics?key=…`): errors answer as the other plain routes do
 * (server/http.ts `errorResponse`). A wrong or missing key is a 404, so a feed's existence is not
 * confirmed to someone without its address.
 */
import { getDb, type Db } from "@/db/client";
import { isUuid } from "./edge";
import { DomainError } from "./errors";
import { errorResponse } from "./http";
import { clubCalendar, playerCalendar } from "./services/calendars/feeds";
import { isCalendarKey } from "./services/calendars/links";

const HANDLE = /^[a-z0-9][a-z0-9-]{0,63}$/i;

function ics(body: string, name: string): Response {
  return new Response(body, {
    headers: { "content-type": "text/calendar; charset=utf-8", "content-disposition": `inline; filename="${name}.ics"`, "cache-control": "private, max-age=300" },
  });
}

export function clubCalendarRoute(openDb: () => Promise<Db> = getDb) {
  return async (_req: Request, ctx: { params: Promise<{ handle: string }> }): Promise<Response> => {
    try {
      const { handle } = await ctx.params;
      if (!HANDLE.test(handle)) throw new DomainError("NOT_FOUND", "There is no club with that handle.");
      return ics(await clubCalendar(await openDb(), handle), `club-${handle.toLowerCase()}`);
    } catch (err) {
      return errorResponse(err, "text");
    }
  };
}

export function playerCalendarRoute(openDb: () => Promise<Db> = getDb) {
  return async (req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> => {
    try {
      const { id } = await ctx.params;
      const key = new URL(req.url).searchParams.get("key");
      if (!isUuid(id) || !isCalendarKey(id, key)) throw new DomainError("NOT_FOUND", "That calendar does not exist.");
      return ics(await playerCalendar(await openDb(), id), "my-equalis");
    } catch (err) {
      return errorResponse(err, "text");
    }
  };
}
