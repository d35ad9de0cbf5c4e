"use client";
/**
 * Applies the signed-in user's theme: `data-theme` on <html> ("light" or "dark"); without it (signed
 * out, or "system") the page follows the device's `prefers-color-scheme` (app/globals.css).
 */
import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";

export function ThemeSync() {
  const trpc = useTRPC();
  const theme = useQuery(trpc.accounts.me.queryOptions()).data?.theme ?? "system";
  useEffect(() => {
    const root = document.documentElement;
    if (theme === "system") delete root.dataset.theme;
    else root.dataset.theme = theme;
  }, [theme]);
  return null;
}
