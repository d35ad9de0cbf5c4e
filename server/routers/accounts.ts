/**
 * Accounts: sign-up, the signed-in user (`me`, used by the header and the profile), profile edits,
 * passwords and addresses (change, reset and confirm by e-mail), the data download, deletion, and
 * the site admins' outbox. Mail goes out after the answer (`ctx.afterResponse`).
 */
import { z } from "zod";
import { protectedProcedure, publicProcedure, router } from "@/server/trpc";
import { NOTIFICATION_KINDS, THEMES } from "@/server/domain";
import { getProfile, readOutbox, register, updateProfile } from "@/server/services/accounts/accounts";
import { changePassword, confirmEmailChange, requestEmailChange, requestPasswordReset, resetPassword } from "@/server/services/accounts/recovery";
import { deleteAccount, exportData } from "@/server/services/accounts/data";
import { calendarPath } from "@/server/services/calendars/links";
import {
  changePasswordInput,
  confirmEmailChangeInput,
  deleteAccountInput,
  requestEmailChangeInput,
  requestPasswordResetInput,
  resetPasswordInput,
  signUpInput,
  updateProfileInput,
} from "@/server/services/accounts/schemas";

const profile = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  theme: z.enum(THEMES),
  notificationPrefs: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.boolean()),
  siteAdmin: z.boolean(),
});
const ok = z.object({ ok: z.literal(true) });
/** The data download: the fields the service picks, and no others (never a hash or a seed). */
const dataExport = z.object({
  exportedAt: z.string(),
  account: z.object({ id: z.string(), email: z.string(), name: z.string(), theme: z.enum(THEMES), notificationPrefs: profile.shape.notificationPrefs, createdAt: z.date() }),
  clubs: z.array(z.object({ club: z.string(), handle: z.string(), role: z.string(), joinedAt: z.date() })),
  joinRequests: z.array(z.object({ club: z.string(), message: z.string(), status: z.string(), createdAt: z.date() })),
  tournaments: z.array(z.object({ tournamentId: z.string(), tournament: z.string(), status: z.string() })),
  games: z.array(z.object({ matchId: z.string(), ruleset: z.string(), status: z.string(), rated: z.boolean(), seat: z.number(), createdAt: z.date() })),
  ratings: z.array(z.object({ ruleset: z.string(), rating: z.number(), rd: z.number(), games: z.number(), updatedAt: z.date() })),
  ratingHistory: z.array(
    z.object({
      ruleset: z.string(),
      playedAt: z.date(),
      ratingBefore: z.number(),
      ratingAfter: z.number(),
      score: z.number(),
      result: z.number(),
      source: z.string(),
      sourceId: z.string(),
    }),
  ),
});
const emailOut = z.object({ email: z.string() });

export const accountsRouter = router({
  me: publicProcedure.output(profile.nullable()).query(({ ctx }) => (ctx.user ? getProfile(ctx.db, ctx.user.id) : null)),
  /** The same answer whether or not the address already has an account (its owner gets an e-mail). */
  signUp: publicProcedure
    .input(signUpInput)
    .output(ok)
    .mutation(({ ctx, input }) => register(ctx.db, input, ctx.afterResponse)),
  updateProfile: protectedProcedure
    .input(updateProfileInput)
    .output(profile)
    .mutation(({ ctx, input }) => updateProfile(ctx.db, ctx.user.id, input)),
  changePassword: protectedProcedure
    .input(changePasswordInput)
    .output(emailOut)
    .mutation(({ ctx, input }) => changePassword(ctx.db, ctx.user.id, input)),
  requestEmailChange: protectedProcedure
    .input(requestEmailChangeInput)
    .output(ok)
    .mutation(({ ctx, input }) => requestEmailChange(ctx.db, ctx.user.id, input, ctx.afterResponse)),
  /** The link is the proof: no session needed (it may be opened on another device). */
  confirmEmailChange: publicProcedure
    .input(confirmEmailChangeInput)
    .output(emailOut)
    .mutation(({ ctx, input }) => confirmEmailChange(ctx.db, input.token)),
  /** The same answer whether or not the address has an account. */
  requestPasswordReset: publicProcedure
    .input(requestPasswordResetInput)
    .output(ok)
    .mutation(({ ctx, input }) => requestPasswordReset(ctx.db, input.email, ctx.afterResponse)),
  resetPassword: publicProcedure
    .input(resetPasswordInput)
    .output(emailOut)
    .mutation(({ ctx, input }) => resetPassword(ctx.db, input)),
  /** Everything the account holds about its owner. */
  /** The private address of my calendar feed (docs/calendars.md). */
  calendarLink: protectedProcedure.output(z.object({ path: z.string() })).query(({ ctx }) => ({ path: calendarPath(ctx.user.id) })),
  exportData: protectedProcedure.output(dataExport).query(({ ctx }) => exportData(ctx.db, ctx.user.id)),
  deleteAccount: protectedProcedure
    .input(deleteAccountInput)
    .output(ok)
    .mutation(({ ctx, input }) => deleteAccount(ctx.db, ctx.user.id, input)),
  /** Mail kept instead of sent (no SMTP_URL), for site admins only. */
  outbox: protectedProcedure
    .output(z.array(z.object({ id: z.string(), to: z.string(), subject: z.string(), body: z.string(), createdAt: z.date() })))
    .query(({ ctx }) => readOutbox(ctx.db, ctx.user.id)),
});
