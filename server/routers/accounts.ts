/** Accounts: sign-up, the signed-in user (`me`, used by the header) and profile edits. */
import { z } from "zod";
import { protectedProcedure, publicProcedure, router } from "@/server/trpc";
import { signUp, updateProfile } from "@/server/services/accounts/accounts";
import { signUpInput, updateProfileInput } from "@/server/services/accounts/schemas";

const publicUser = z.object({ id: z.string(), email: z.string(), name: z.string() });

export const accountsRouter = router({
  me: publicProcedure.output(publicUser.nullable()).query(({ ctx }) => ctx.user),
  signUp: publicProcedure
    .input(signUpInput)
    .output(publicUser)
    .mutation(({ ctx, input }) => signUp(ctx.db, input)),
  updateProfile: protectedProcedure
    .input(updateProfileInput)
    .output(publicUser)
    .mutation(({ ctx, input }) => updateProfile(ctx.db, ctx.user.id, input)),
});
