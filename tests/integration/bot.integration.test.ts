/**
 * The bot opponent: `matches.bot.challenge` starts a casual game against the Equalis Bot, the bot
 * answers each human move through submitMove (same transaction rules, `bot:` idempotency keys),
 * challenges an invalid play, and its account cannot sign in.
 */
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { matchEvents } from "@/db/schema/matches";
import { botPositionFromView, chooseBotAction } from "@/engine/movegen";
import { getRuleset } from "@/engine/ruleset";
import { verifyCredentials } from "@/server/services/accounts/accounts";
import { BOT_EMAIL, ensureBotUser } from "@/server/services/bot/account";
import { toAction } from "@/server/services/bot/turns";
import { callerFor, createUser } from "../helpers/seed";
import { describeDb } from "../helpers/db";
import { findEndPhony } from "./matches.helpers";

describeDb("bot opponent", (db) => {
  it("needs a signed-in player", async () => {
    await expect(callerFor(db()).matches.bot.challenge({ ruleset: "equate" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("the bot account exists once and nobody can sign in as it", async () => {
    const a = await ensureBotUser(db());
    const b = await ensureBotUser(db());
    expect(a).toBe(b);
    expect((await verifyCredentials(db(), BOT_EMAIL, "!bot-account-no-password")).ok).toBe(false);
  });

  it("starts a casual game and answers every move right after it commits", async () => {
    const me = await createUser(db());
    const api = callerFor(db(), me);
    const { matchId } = await api.matches.bot.challenge({ ruleset: "equate", challengeRule: "void" });
    let v = await api.matches.get({ matchId });
    expect(v.status).toBe("active");
    expect(v.rated).toBe(false);
    expect(v.players.map((p) => p.name)).toContain("Equalis Bot");
    // Whoever moved first, it is my turn now (the bot moved already if it was first).
    expect(v.game!.turn).toBe(v.viewerSeat);
    const rs = getRuleset("equate");
    for (let i = 0; i < 3 && v.status === "active"; i++) {
      const pos = botPositionFromView(v.game as never, rs)!;
      const action = toAction(chooseBotAction(pos, { budgetMs: 60 }));
      const clientId = `human-${i}-${matchId}`;
      const out = await api.matches.move({ matchId, expectedSeq: v.version, clientId, action });
      expect(out.applied).toBe(true);
      const after = await api.matches.get({ matchId });
      if (after.status === "active") {
        expect(after.version).toBe(out.version + 1); // the bot's reply
        expect(after.game!.turn).toBe(v.viewerSeat);
      }
      // a retried request applies once, and the bot does not answer twice
      const again = await api.matches.move({ matchId, expectedSeq: v.version, clientId, action });
      expect(again.applied).toBe(false);
      expect((await api.matches.get({ matchId })).version).toBe(after.version);
      v = after;
    }
    const events = await db().select().from(matchEvents).where(eq(matchEvents.matchId, matchId));
    const botMoves = events.filter((e) => e.clientId?.startsWith(`bot:${matchId}:`));
    expect(botMoves.length).toBeGreaterThanOrEqual(3);
    for (const e of botMoves) expect(e.clientId).toBe(`bot:${matchId}:${e.seq}`);
  });

  it("challenges an invalid play", async () => {
    const me = await createUser(db());
    const api = callerFor(db(), me);
    // retry the draw until I am on move with a board and a rack that allows a phony
    for (let attempt = 0; attempt < 6; attempt++) {
      const { matchId } = await api.matches.bot.challenge({ ruleset: "equate", challengeRule: "single" });
      let v = await api.matches.get({ matchId });
      if (v.game!.board.length === 0) {
        const pos = botPositionFromView(v.game as never, getRuleset("equate"))!;
        const action = toAction(chooseBotAction(pos, { budgetMs: 60 }));
        if (action.type !== "play") continue;
        await api.matches.move({ matchId, expectedSeq: v.version, clientId: `open-${matchId}`, action });
        v = await api.matches.get({ matchId });
      }
      if (v.status !== "active") continue;
      const phony = findEndPhony(v.game!.board as never, v.game!.rack!);
      if (!phony) continue;
      await api.matches.move({ matchId, expectedSeq: v.version, clientId: `phony-${matchId}`, action: { type: "play", placements: [phony] } });
      const after = await api.matches.get({ matchId });
      const texts = after.game!.sheet.map((s) => s.text);
      expect(texts.some((t) => t.includes("play withdrawn"))).toBe(true);
      return;
    }
    throw new Error("no deal in six allowed a phony play (very unlikely)");
  });
});
