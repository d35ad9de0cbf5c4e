/** Input rules for accounts, shared by the tRPC procedures, Auth.js and the sign-up form. */
import { z } from "zod";

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
export const updateProfileInput = z.object({ name: displayNameSchema });
