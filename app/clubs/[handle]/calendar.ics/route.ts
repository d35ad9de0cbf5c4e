/** GET /clubs/[handle]/calendar.ics — the club's events as an iCalendar feed (docs/calendars.md). */
import { clubCalendarRoute } from "@/server/calendar-http";

export const dynamic = "force-dynamic";

export const GET = clubCalendarRoute();
