/** Input rules for personal API tokens (docs/api.md "Authentication"), shared by the procedures and the profile form. */
import { z } from "zod";
import { API_TOKEN_SCOPES } from "@/server/domain";

/** Tokens one account may hold at once (revoked ones not counted). */
export const MAX_LIVE_TOKENS = 20;

export const createApiTokenInput = z.object({
  name: z.string().trim().min(1, "Name the token, e.g. the script that will use it.").max(60, "At most 60 characters."),
  scope: z.enum(API_TOKEN_SCOPES, "Choose read or read-write."),
});
export type CreateApiTokenInput = z.input<typeof createApiTokenInput>;

export const apiTokenIdInput = z.object({ tokenId: z.uuid("That is not a valid token id.") });

/** What a token looks like: `eqt_` and 43 base64url characters (32 random bytes). */
export const API_TOKEN_PATTERN = /^eqt_[A-Za-z0-9_-]{43}$/;
