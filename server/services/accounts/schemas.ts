/** Input rules for accounts, shared by the tRPC procedures, Auth.js and the sign-up form. */
import { z } from "zod";
import { NOTIFICATION_KINDS, THEMES } from "@/server/domain";

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "That e-mail address is too long.")
  .pipe(z.email("Enter a valid e-mail address."));

export const displayNameSchema = z
  .string()
  .trim()
  .min(2, "Your display name needs at least 2 characters.")
  .max(40, "Keep your display name to 40 characters or fewer.");

/** A weak password is refused with a reason a person can act on. */
export const passwordSchema = z
  .string()
  .min(10, "Use at least 10 characters for your password.")
  .max(200, "Passwords are limited to 200 characters.")
  .refine((p) => /[a-zA-Z]/.test(p) && /[^a-zA-Z]/.test(p), "Mix letters with digits or symbols in your password.");

export const signUpInput = z.object({ email: emailSchema, name: displayNameSchema, password: passwordSchema });
export const signInInput = z.object({ email: emailSchema, password: z.string().min(1, "Enter your password.").max(200) });

/** A one-time link's token: 32 random bytes in base64url (43 characters). */
export const linkTokenSchema = z
  .string()
  .min(20, "This link is incomplete. Open the whole link from the e-mail.")
  .max(100, "This link is not one of ours.")
  .regex(/^[A-Za-z0-9_-]+$/, "This link is not one of ours.");

export const requestPasswordResetInput = z.object({ email: emailSchema });
export const resetPasswordInput = z.object({ token: linkTokenSchema, password: passwordSchema });
const currentPassword = z.string().min(1, "Enter your current password.").max(200);
export const changePasswordInput = z.object({ currentPassword, newPassword: passwordSchema });
export const requestEmailChangeInput = z.object({ newEmail: emailSchema, currentPassword });
export const confirmEmailChangeInput = z.object({ token: linkTokenSchema });
export const deleteAccountInput = z.object({ password: z.string().min(1, "Enter your password to confirm.").max(200) });

export const themeSchema = z.enum(THEMES);
/** Per kind of notification, whether it also goes by e-mail. */
export const notificationPrefsSchema = z.partialRecord(z.enum(NOTIFICATION_KINDS), z.boolean());
/** Profile edits: any of the name, the theme and the notification choices. */
export const updateProfileInput = z
  .object({ name: displayNameSchema, theme: themeSchema, notificationPrefs: notificationPrefsSchema })
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Nothing to change.");
