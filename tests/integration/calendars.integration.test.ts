/**
 * The calendar feeds on a real database: a club's feed lists its events; a player's private feed
 * lists the events they entered (and their started rounds) only with the right key; a wrong key,
 * another player's key or a malformed id is a 404 that does not confirm the feed exists.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { clubCalendarRoute, playerCalendarRoute } from "@/server/calendar-http";
import { calendarKey, calendarPath } from "@/server/services/calendars/links";
import { describeDb } from "../helpers/db";
import { seedWorld, type World } from "../helpers/fixtures";

/** The SUMMARY lines of an iCalendar text (unfolded: a folded line continues after CRLF + space). */
const summaries = (ics: string) =>
  ics
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter((l) => l.startsWith("SUMMARY:"))
    .map((l) => l.slice("SUMMARY:".length).replace(/\\,/g, ",").replace(/\\;/g, ";"));

describeDb("calendar feeds", (db) => {
  let w: World;
  beforeAll(async () => {
    w = await seedWorld(db());
  });
  const club = (handle: string) => clubCalendarRoute(async () => db())(new Request(`http://localhost/clubs/${handle}/calendar.ics`), { params: Promise.resolve({ handle }) });
  const player = (id: string, key: string | null) =>
    playerCalendarRoute(async () => db())(new Request(`http://localhost/players/${id}/calendar.ics${key === null ? "" : `?key=${encodeURIComponent(key)}`}`), {
      params: Promise.resolve({ id }),
    });

  it("a club's feed is an iCalendar of its events", async () => {
    const res = await club(w.club.handle);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const text = await res.text();
    expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(text.trimEnd().endsWith("END:VCALENDAR")).toBe(true);
    expect(summaries(text).sort()).toEqual(expect.arrayContaining([w.tournament.name]));
    expect(text).toContain(`UID:tournament-${w.tournament.id}@equalis`);
    expect(text).toContain(`UID:tournament-${w.openTournament.id}@equalis`);
  });

  it("an unknown or malformed handle is a 404 with a sentence", async () => {
    for (const handle of [`nobody-${randomUUID().slice(0, 8)}`, "../etc", "a b"]) {
      const res = await club(handle);
      expect(res.status, handle).toBe(404);
      expect(await res.text()).toBe("There is no club with that handle.\n");
    }
  });

  it("a player's feed, with their key, lists the events they entered", async () => {
    const a = w.users.playerA;
    expect(calendarPath(a.id)).toBe(`/players/${a.id}/calendar.ics?key=${calendarKey(a.id)}`);
    const res = await player(a.id, calendarKey(a.id));
    expect(res.status).toBe(200);
    const text = await res.text();
    // playerA plays in the world's tournament and is registered in the open one
    expect(text).toContain(`UID:tournament-${w.tournament.id}@equalis`);
    expect(text).toContain(`UID:tournament-${w.openTournament.id}@equalis`);
    // the club's owner entered nothing: an empty calendar, not an error
    const owner = w.users.owner;
    const empty = await (await player(owner.id, calendarKey(owner.id))).text();
    expect(empty).not.toContain("BEGIN:VEVENT");
  });

  it("without the right key a player's feed does not exist (404)", async () => {
    const a = w.users.playerA;
    const b = w.users.playerB;
    for (const key of [null, "", "x".repeat(32), calendarKey(b.id), calendarKey(a.id).slice(1)]) {
      const res = await player(a.id, key);
      expect(res.status, String(key)).toBe(404);
      expect(await res.text()).toBe("That calendar does not exist.\n");
    }
    expect((await player("not-a-uuid", calendarKey(a.id))).status).toBe(404);
  });
});
