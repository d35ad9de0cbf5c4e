/**
 * The private address of a player's calendar feed. Calendar apps fetch a feed without cookies, so
 * the address carries its own key: an HMAC of the user id under the app's secret (AUTH_SECRET), as
 * private links do elsewhere. It shows only which events the player entered, which entry lists
 * show anyway; it is offered only on the player's own profile. Rotating AUTH_SECRET changes every
 * key (docs/calendars.md).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { getAuthSecret } from "@/server/auth-secret";

const KEY_LENGTH = 32;

export function calendarKey(userId: string): string {
  return createHmac("sha256", getAuthSecret()).update(`calendar:v1:${userId}`).digest("base64url").slice(0, KEY_LENGTH);
}

export function isCalendarKey(userId: string, key: string | null): boolean {
  if (!key || key.length !== KEY_LENGTH) return false;
  return timingSafeEqual(Buffer.from(key), Buffer.from(calendarKey(userId)));
}

/** The feed's path for this player (the page adds the site's origin). */
export function calendarPath(userId: string): string {
  return `/players/${userId}/calendar.ics?key=${calendarKey(userId)}`;
}
