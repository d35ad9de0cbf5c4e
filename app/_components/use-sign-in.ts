"use client";
/** Signs in with Auth.js credentials and refreshes everything that depends on who is signed in. */
import { signIn } from "next-auth/react";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";

const MESSAGES: Record<string, string> = {
  invalid: "That e-mail and password do not match an account.",
  locked: "Too many wrong passwords: this account is locked for 15 minutes. Try again later.",
};

export function useSignIn() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return async (email: string, password: string, next = "/"): Promise<string | null> => {
    const res = await signIn("credentials", { email, password, redirect: false });
    if (!res || res.error) return MESSAGES[res?.code ?? "invalid"] ?? MESSAGES.invalid!;
    await queryClient.invalidateQueries();
    router.push(next.startsWith("/") && !next.startsWith("//") ? next : "/");
    router.refresh();
    return null;
  };
}
