/**
 * Personal API tokens on the profile page (docs/api.md "Authentication"): make one (the answer is
 * the only time the token is shown), list them, revoke one. Only a signed-in browser session
 * manages tokens: a token cannot make, list or revoke tokens, so a leaked one cannot entrench itself.
 */
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { API_TOKEN_SCOPES } from "@/server/domain";
import { protectedProcedure, router } from "@/server/trpc";
import { apiTokenIdInput, createApiTokenInput } from "@/server/services/api-tokens/schemas";
import { createApiToken, listApiTokens, revokeApiToken } from "@/server/services/api-tokens/tokens";

const sessionProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.token) throw new TRPCError({ code: "FORBIDDEN", message: "API tokens are managed on your profile page, not with a token." });
  return next();
});

const tokenOut = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  createdAt: z.date(),
  lastUsedAt: z.date().nullable(),
  revokedAt: z.date().nullable(),
  status: z.enum(["active", "revoked", "ended"]),
});

export const apiTokensRouter = router({
  list: sessionProcedure.output(z.array(tokenOut)).query(({ ctx }) => listApiTokens(ctx.db, ctx.user.id)),
  create: sessionProcedure
    .input(createApiTokenInput)
    .output(z.object({ token: z.string(), view: tokenOut }))
    .mutation(({ ctx, input }) => createApiToken(ctx.db, ctx.user.id, input)),
  revoke: sessionProcedure
    .input(apiTokenIdInput)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(({ ctx, input }) => revokeApiToken(ctx.db, ctx.user.id, input.tokenId)),
});
