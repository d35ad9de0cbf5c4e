/** The "Starts" field of a new tournament: a `datetime-local` value is wall-clock time in the
 * browser's zone, and reading it back with `new Date(value)` gives the same instant. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dateTimeLocalValue } from "@/app/_components/form";

describe("dateTimeLocalValue", () => {
  let zone: string | undefined;
  beforeEach(() => {
    zone = process.env.TZ;
  });
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it.each([
    ["UTC", "2025-01-08T12:34"],
    ["America/New_York", "2025-01-08T07:34"],
    ["Asia/Kolkata", "2025-01-08T18:04"],
    ["Pacific/Auckland", "2025-01-09T01:34"],
  ])("shows the wall-clock time in %s", (tz, shown) => {
    process.env.TZ = tz;
    const at = Date.UTC(2025, 0, 8, 12, 34);
    expect(dateTimeLocalValue(at)).toBe(shown);
    expect(new Date(shown).getTime()).toBe(at);
  });
});
