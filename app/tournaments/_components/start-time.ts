/** The new-tournament form's default start: the next full hour (docs/tournaments.md, step 1). */
import { dateTimeLocalValue } from "@/app/_components/form";

/** The next full hour after `now`, local time (14:20 → 15:00; 14:00 → 15:00), as a datetime-local value. */
export function nextFullHour(now: number): string {
  const d = new Date(now);
  d.setMinutes(0, 0, 0);
  d.setHours(d.getHours() + 1);
  return dateTimeLocalValue(d.getTime());
}
