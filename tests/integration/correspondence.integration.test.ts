/**
 * Correspondence games (docs/competitions.md "Correspondence"), on PGlite and on PostgreSQL when
 * TEST_DATABASE_URL is set: a clock of 2 days per move and a 5-day bank; the player to move hears
 * it with the time left; nobody looks at the game, and the due sweep alone records the loss on time
 * once the allowance and the bank are spent — not a moment before.
 */
import { eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { matches, notifications } from "@/db/schema";
import { submitMove } from "@/server/services/matches/moves";
import { getMatchView } from "@/server/services/matches/views";
import { sweepNow } from "@/server/services/schedule/due";
import { describeDb } from "../helpers/db";
import { seedMatch } from "../helpers/seed";

const H = 3_600_000;
const D = 24 * H;
const T0 = Date.UTC(2031, 5, 1, 12, 0, 0);
const CORRESPONDENCE = { initialMs: 5 * D, incrementMs: 0, perMoveLimitMs: null, overtimePenaltyPoints: 0, maxOvertimeMs: 0, leastTimeBonusPoints: 0, moveAllowanceMs: 2 * D };

describeDb("correspondence games", (db) => {
  it("the player to move hears it; the due sweep alone ends the game on time once both the day allowance and the bank are spent", async () => {
    const { a, b, matchId } = await seedMatch(db(), { names: ["Cora", "Dev"], timeControl: CORRESPONDENCE as never, now: T0 });
    const turnNotes = async (userId: string) => (await db().select().from(notifications).where(eq(notifications.userId, userId))).filter((n) => n.kind === "your-turn").map((n) => n.payload.text);
    // the first player heard it at the start, with 2 days + 5 days to move
    expect(await turnNotes(a.id)).toEqual(["It is your move against Dev: 7 days left to move."]);
    // a moves after 1 day 21 h (inside the allowance): the bank is whole, and b hears it is their turn
    await submitMove(db(), { matchId, userId: a.id, expectedSeq: 1, clientId: randomUUID(), action: { type: "pass" } }, { now: T0 + D + 21 * H });
    expect(await turnNotes(b.id)).toEqual(["It is your move against Cora: 7 days left to move."]);
    const moved = T0 + D + 21 * H;
    const view = await getMatchView(db(), matchId, a.id, { now: moved + 3 * D });
    expect(view.game!.clock!.flagAt).toBe(moved + 7 * D);
    // nobody looks at the game; the sweep a moment before the flag records nothing
    expect((await sweepNow(db(), { now: moved + 7 * D })).timeouts).toBe(0);
    expect((await db().select().from(matches).where(eq(matches.id, matchId)))[0]!.status).toBe("active");
    // just after: lost on time, through the match writer
    expect((await sweepNow(db(), { now: moved + 7 * D + 1_000 })).timeouts).toBeGreaterThanOrEqual(1);
    const [m] = await db().select().from(matches).where(eq(matches.id, matchId));
    expect(m!.status).toBe("finished");
    expect(m!.result).toMatchObject({ reason: "timeout", winners: [a.id] });
    // a second sweep has nothing more to do for it
    await sweepNow(db(), { now: moved + 8 * D });
    expect((await db().select().from(matches).where(eq(matches.id, matchId)))[0]!.version).toBe(m!.version);
  });
});
