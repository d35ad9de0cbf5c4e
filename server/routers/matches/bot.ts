/**
 * The bot opponent (`matches.bot.*`, docs/demo.md): thin procedures over server/services/bot.
 * Starting a game needs a signed-in player; the bot then answers every move once the mover's
 * answer has been sent (a subscriber of committed moves, server/services/matches/after-move.ts), and the page sees its
 * move through its usual live view.
 */
import { z } from "zod";
import { protectedProcedure, router } from "@/server/trpc";
import { matchIdInput } from "@/server/services/matches/schemas";
import { botChallengeInput } from "@/server/services/bot/schemas";
import { challengeBot, nudgeBot } from "@/server/services/bot/challenge";

export const botRouter = router({
  /** A casual game against the Equalis Bot; returns the running match. */
  challenge: protectedProcedure
    .input(botChallengeInput)
    .output(z.object({ matchId: z.string() }))
    .mutation(({ ctx, input }) => challengeBot(ctx.db, ctx.user.id, input)),

  /** Let the bot move if it is on move (recovery after a restart); players of the match only. */
  nudge: protectedProcedure
    .input(matchIdInput)
    .output(z.object({ moves: z.number() }))
    .mutation(({ ctx, input }) => nudgeBot(ctx.db, input.matchId, ctx.user.id)),
});
