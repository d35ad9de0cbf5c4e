import type { Metadata } from "next";
import type { ReactNode } from "react";
import { connection } from "next/server";
import { Providers } from "./_trpc/client";
import { Header } from "./_components/header";
import { SyncProvider } from "./_offline/sync";
import { ThemeSync } from "./_components/theme";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Equalis", template: "%s · Equalis" },
  description: "Run tournaments of Equate, 'SMATH and Number Scrabble: clubs, pairings, timed matches, judging and ratings.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page is rendered per request, so Next can put the CSP nonce on its scripts (proxy.ts).
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        <Providers>
          {/* the service worker and the offline write queue (docs/offline.md); inside Providers, as it sends through tRPC */}
          <SyncProvider>
            {/* the signed-in user's light/dark choice, on every page */}
            <ThemeSync />
            <Header />
            <main className="mx-auto max-w-6xl px-4 py-4 sm:py-8">{children}</main>
          </SyncProvider>
        </Providers>
      </body>
    </html>
  );
}
