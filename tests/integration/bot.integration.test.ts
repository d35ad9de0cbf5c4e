/**
 * The bot opponent: `matches.bot.challenge` starts a casual game against the Equalis Bot, the bot
 * answers each human move through submitMove (same transaction rules, `bot:` idempotency keys)
 * once the human's answer has been sent (a subscriber of committed moves: tests await
 * `committedMovesSettled`, never a sleep), challenges an invalid play, and its account cannot
 * sign in. A game started at a level is stored with it and played at it.
 */
import { and, eq } from "drizzle-orm";
import { expect, it, vi } from "vitest";
import { matchEvents, matches } from "@/db/schema/matches";
import { log } from "@/server/log";
import { botPositionFromState, botPositionFromView, chooseBotAction, getRuleset, LEVEL_SPECS, type GameEvent } from "@/engine";
import { verifyCredentials } from "@/server/services/accounts/accounts";
import { BOT_EMAIL, ensureBotUser } from "@/server/services/bot/account";
import { playBotTurns, toAction } from "@/server/services/bot/turns";
import { submitMove } from "@/server/services/matches/moves";
import { loadFolded } from "@/server/services/matches/state";
import { committedMovesSettled, onMoveCommitted } from "@/server/services/matches/after-move";
import { callerFor, seedUser } from "../helpers/seed";
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
    const me = await seedUser(db());
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
      await committedMovesSettled(matchId);
      const after = await api.matches.get({ matchId });
      if (after.status === "active") {
        expect(after.version).toBe(out.version + 1); // the bot's reply
        expect(after.game!.turn).toBe(v.viewerSeat);
      }
      // a retried request applies once, and the bot does not answer twice
      const again = await api.matches.move({ matchId, expectedSeq: v.version, clientId, action });
      expect(again.applied).toBe(false);
      await committedMovesSettled(matchId);
      expect((await api.matches.get({ matchId })).version).toBe(after.version);
      v = after;
    }
    const events = await db().select().from(matchEvents).where(eq(matchEvents.matchId, matchId));
    const botMoves = events.filter((e) => e.clientId?.startsWith(`bot:${matchId}:`));
    expect(botMoves.length).toBeGreaterThanOrEqual(3);
    for (const e of botMoves) expect(e.clientId).toBe(`bot:${matchId}:${e.seq}`);
  });

  it("answers after the human's answer has been sent, and nothing after the commit can fail the human's move", async () => {
    const me = await seedUser(db());
    const api = callerFor(db(), me);
    const { matchId } = await api.matches.bot.challenge({ ruleset: "equate", challengeRule: "void" });
    const v = await api.matches.get({ matchId });
    // a probe beside the bot: records when it runs, holds until released, then fails
    const started: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const off = onMoveCommitted(async (_db, move) => {
      if (move.matchId !== matchId) return;
      started.push(move.clientId);
      await held;
      throw new Error("probe failure");
    });
    const logged = vi.spyOn(log, "error").mockImplementation(() => {});
    try {
      const out = await api.matches.move({ matchId, expectedSeq: v.version, clientId: `pass-${matchId}`, action: { type: "pass" } });
      // the answer came back before any subscriber had started, the bot included
      expect(out).toMatchObject({ applied: true, version: v.version + 1, status: "active" });
      expect(started).toEqual([]);
      release();
      await committedMovesSettled(matchId);
      expect(started).toEqual([`pass-${matchId}`]);
      expect(logged.mock.calls.some((c) => String(c[1]).includes(matchId) && String((c[0] as { err?: Error }).err?.message).includes("probe failure"))).toBe(true);
      // the failing probe did not stop the bot, nor undo the human's pass
      const after = await api.matches.get({ matchId });
      expect(after.version).toBe(out.version + 1);
      expect(after.game!.turn).toBe(v.viewerSeat);
    } finally {
      off();
      logged.mockRestore();
    }
  });

  it("challenges an invalid play", async () => {
    const me = await seedUser(db());
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
        await committedMovesSettled(matchId);
        v = await api.matches.get({ matchId });
      }
      if (v.status !== "active") continue;
      const phony = findEndPhony(v.game!.board as never, v.game!.rack!);
      if (!phony) continue;
      await api.matches.move({ matchId, expectedSeq: v.version, clientId: `phony-${matchId}`, action: { type: "play", placements: [phony] } });
      await committedMovesSettled(matchId);
      const after = await api.matches.get({ matchId });
      const texts = after.game!.sheet.map((s) => s.text);
      expect(texts.some((t) => t.includes("play withdrawn"))).toBe(true);
      return;
    }
    throw new Error("no deal in six allowed a phony play (very unlikely)");
  });

  it("a game started at a level stores it, shows it and is played at it", async () => {
    const me = await seedUser(db());
    const api = callerFor(db(), me);
    await expect(api.matches.bot.challenge({ ruleset: "equate", level: "grandmaster" as never })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const { matchId } = await api.matches.bot.challenge({ ruleset: "smath", challengeRule: "void", level: "beginner" });
    const [row] = await db().select({ botLevel: matches.botLevel }).from(matches).where(eq(matches.id, matchId));
    expect(row!.botLevel).toBe("beginner");
    expect((await api.matches.get({ matchId })).botLevel).toBe("beginner");
    const botId = await ensureBotUser(db());
    const rs = getRuleset("smath");
    // I move through the service (no subscriber answers with the wall clock); the bot then moves
    // with its clock lifted, so its node budget decides and its move can be recomputed here
    let plays = 0;
    for (let i = 0; i < 10 && plays < 3; i++) {
      const v = await api.matches.get({ matchId });
      if (v.status !== "active") break;
      const mine = toAction(chooseBotAction(botPositionFromView(v.game as never, rs)!, { maxNodes: 20_000, budgetMs: 1e9 }));
      await submitMove(db(), { matchId, userId: me.id, expectedSeq: v.version, clientId: `me-${i}-${matchId}`, action: mine });
      const state = (await loadFolded(db(), matchId, v.version + 1))!.state;
      if (state.phase !== "playing") break;
      const expected = chooseBotAction(botPositionFromState(state)!, { level: "beginner", seed: `${matchId}:${v.version + 2}`, budgetMs: 1e9 });
      const r = await playBotTurns(db(), matchId, { isBot: (id) => id === botId, budgetMs: 1e9, maxMoves: 1 });
      expect(r.moves).toBe(1);
      const [e] = await db().select().from(matchEvents).where(and(eq(matchEvents.matchId, matchId), eq(matchEvents.seq, v.version + 2)));
      const played = e!.payload as unknown as GameEvent;
      if (expected.type !== "play") {
        expect(played.type).not.toBe("play");
        continue;
      }
      expect(played.type).toBe("play");
      const placements = (played as Extract<GameEvent, { type: "play" }>).placements;
      expect(placements).toEqual(expected.placements);
      expect(placements.length).toBeLessThanOrEqual(LEVEL_SPECS.beginner.maxTiles!);
      plays++;
    }
    expect(plays).toBeGreaterThan(1);
    // a game started without a level: the bot plays its best, and says so
    const other = await api.matches.bot.challenge({ ruleset: "equate", challengeRule: "void" });
    expect((await api.matches.get({ matchId: other.matchId })).botLevel).toBe("best");
  });
});
