import { describe, expect, it } from "vitest";
import { nextFullHour } from "@/app/tournaments/_components/start-time";

describe("the new tournament's default start", () => {
  it("is the next full hour, local time", () => {
    expect(nextFullHour(new Date(2026, 10, 26, 14, 20, 31).getTime())).toBe("2026-11-26T15:00");
    expect(nextFullHour(new Date(2026, 10, 26, 14, 0, 0).getTime())).toBe("2026-11-26T15:00");
    expect(nextFullHour(new Date(2026, 11, 31, 23, 45).getTime())).toBe("2027-01-01T00:00");
  });
});
