/**
 * Clubs router (thin): each procedure validates input, checks roles through the club role
 * procedures, calls one service and picks output fields (member lists never carry e-mails, except
 * pending join requests, which only owners and directors see).
 */
import { z } from "zod";
import { RULESET_IDS } from "@/engine";
import { CLUB_ROLES, CLUB_VISIBILITIES } from "@/server/domain";
import { protectedProcedure, publicProcedure, router } from "@/server/trpc";
import { createClub, getClubPage, listClubs, listMyClubs, updateClub } from "@/server/services/clubs/clubs";
import { bulkAddMembers, leaveClub, removeMember, setMemberRole } from "@/server/services/clubs/members";
import { acceptInvite, createInvite, listInvites, previewInvite, revokeInvite } from "@/server/services/clubs/invites";
import { cancelJoinRequest, decideJoinRequest, listPendingRequests, requestToJoin } from "@/server/services/clubs/join-requests";
import {
  bulkAddInput,
  clubDetailsPatch,
  createClubInput,
  createInviteInput,
  decideJoinRequestInput,
  inviteCodeInput,
  inviteIdInput,
  listClubsInput,
  removeMemberInput,
  requestToJoinInput,
  setRoleInput,
} from "@/server/services/clubs/schemas";
import { clubDirectorProcedure, clubMemberProcedure, clubOwnerProcedure, clubProcedure } from "./procedures";

const role = z.enum(CLUB_ROLES);
const clubOut = z.object({
  id: z.string(),
  handle: z.string(),
  name: z.string(),
  description: z.string(),
  location: z.string(),
  defaultRuleset: z.enum(RULESET_IDS),
  visibility: z.enum(CLUB_VISIBILITIES),
  createdAt: z.date(),
});
const summaryOut = clubOut.omit({ createdAt: true }).extend({ memberCount: z.number() });
const memberOut = z.object({ userId: z.string(), name: z.string(), role, joinedAt: z.date() });
const membershipOut = z.object({ role, joinedAt: z.date() }).nullable();
const inviteOut = z.object({
  id: z.string(),
  code: z.string(),
  expiresAt: z.date(),
  maxUses: z.number().nullable(),
  uses: z.number(),
  status: z.enum(["active", "expired", "revoked", "used-up"]),
  createdByName: z.string().nullable(),
  createdAt: z.date(),
});
const requestOut = z.object({ id: z.string(), userId: z.string(), name: z.string(), email: z.string(), message: z.string(), createdAt: z.date() });
const ok = z.object({ ok: z.literal(true) });

export const clubsRouter = router({
  /** The directory, searchable by name, handle or location. */
  list: publicProcedure
    .input(listClubsInput)
    .output(z.array(summaryOut))
    .query(({ ctx, input }) => listClubs(ctx.db, input)),
  /** The signed-in user's clubs with their role. */
  mine: protectedProcedure.output(z.array(summaryOut.extend({ role }))).query(({ ctx }) => listMyClubs(ctx.db, ctx.user.id)),
  /** The club page: details, members and the viewer's own standing. */
  byHandle: publicProcedure
    .input(z.object({ handle: z.string().trim().min(1).max(60) }))
    .output(z.object({ club: clubOut, members: z.array(memberOut), membership: membershipOut, pendingRequest: z.boolean() }))
    .query(({ ctx, input }) => getClubPage(ctx.db, input.handle, ctx.user?.id ?? null)),
  create: protectedProcedure
    .input(createClubInput)
    .output(clubOut)
    .mutation(({ ctx, input }) => createClub(ctx.db, ctx.user.id, input)),
  update: clubOwnerProcedure
    .input(clubDetailsPatch)
    .output(clubOut)
    .mutation(({ ctx, input }) => updateClub(ctx.db, ctx.club.id, input)),
  setRole: clubOwnerProcedure
    .input(setRoleInput)
    .output(z.object({ userId: z.string(), role }))
    .mutation(({ ctx, input }) => setMemberRole(ctx.db, ctx.club.id, input.userId, input.role)),
  removeMember: clubDirectorProcedure
    .input(removeMemberInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await removeMember(ctx.db, ctx.club.id, ctx.membership, input.userId);
      return { ok: true as const };
    }),
  leave: clubMemberProcedure.output(ok).mutation(async ({ ctx }) => {
    await leaveClub(ctx.db, ctx.club.id, ctx.user.id);
    return { ok: true as const };
  }),
  bulkAdd: clubDirectorProcedure
    .input(bulkAddInput)
    .output(z.object({ added: z.array(z.string()), alreadyMembers: z.array(z.string()), unknown: z.array(z.string()), invalid: z.array(z.string()) }))
    .mutation(({ ctx, input }) => bulkAddMembers(ctx.db, ctx.club.id, input.emails)),

  invites: router({
    list: clubDirectorProcedure.output(z.array(inviteOut)).query(({ ctx }) => listInvites(ctx.db, ctx.club.id)),
    create: clubDirectorProcedure
      .input(createInviteInput)
      .output(inviteOut)
      .mutation(({ ctx, input }) => createInvite(ctx.db, ctx.club.id, ctx.user.id, input)),
    revoke: clubDirectorProcedure
      .input(inviteIdInput)
      .output(ok)
      .mutation(async ({ ctx, input }) => {
        await revokeInvite(ctx.db, ctx.club.id, input.inviteId);
        return { ok: true as const };
      }),
    /** What the join page shows (public: the code itself is the secret). */
    preview: publicProcedure
      .input(inviteCodeInput)
      .output(
        z.object({
          club: z.object({ id: z.string(), handle: z.string(), name: z.string(), description: z.string(), location: z.string() }),
          status: inviteOut.shape.status,
          expiresAt: z.date(),
        }),
      )
      .query(({ ctx, input }) => previewInvite(ctx.db, input.code)),
    accept: protectedProcedure
      .input(inviteCodeInput)
      .output(z.object({ club: z.object({ id: z.string(), handle: z.string(), name: z.string() }), joined: z.boolean() }))
      .mutation(({ ctx, input }) => acceptInvite(ctx.db, input.code, ctx.user.id)),
  }),

  requests: router({
    list: clubDirectorProcedure.output(z.array(requestOut)).query(({ ctx }) => listPendingRequests(ctx.db, ctx.club.id)),
    /** Any signed-in non-member may ask to join a public club. */
    create: clubProcedure
      .input(requestToJoinInput)
      .output(z.object({ id: z.string(), status: z.literal("pending") }))
      .mutation(async ({ ctx, input }) => {
        const r = await requestToJoin(ctx.db, ctx.club, ctx.user.id, input.message);
        return { id: r.id, status: "pending" as const };
      }),
    cancel: clubProcedure.output(ok).mutation(async ({ ctx }) => {
      await cancelJoinRequest(ctx.db, ctx.club.id, ctx.user.id);
      return { ok: true as const };
    }),
    decide: clubDirectorProcedure
      .input(decideJoinRequestInput)
      .output(z.object({ status: z.enum(["approved", "declined"]), userId: z.string() }))
      .mutation(({ ctx, input }) => decideJoinRequest(ctx.db, ctx.club.id, input.requestId, input.decision, ctx.user.id)),
  }),
});
