/** GET /players/[id]/calendar.ics?key=… — a player's own events and rounds, by private address (docs/calendars.md). */
import { playerCalendarRoute } from "@/server/calendar-http";

export const dynamic = "force-dynamic";

export const GET = playerCalendarRoute();
