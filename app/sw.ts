/**
 * The service worker (docs/offline.md), bundled by Serwist's route handler (app/serwist/[path]/route.ts)
 * with esbuild and served as /serwist/sw.js with the scope "/". What it keeps on the device:
 * - the build's static files (scripts, styles), precached at install: the app shell;
 * - every page opened while online (network first, the copy kept for when the network is gone), so a
 *   station, dashboard or player page opens offline after one online visit. A page is stored with the
 *   headers it came with, so its CSP header and the nonce on its scripts still match offline;
 * - the answers of the tRPC queries those pages made (GET only, network first), so the page shows the
 *   event's data as it last saw it. Writes (POST) are never cached: they queue in IndexedDB instead
 *   (app/_offline/queue.ts). Live streams (Server-Sent Events) always go to the network.
 * This file imports no DOM types: it sees `self` only as far as Serwist needs it.
 */
import { defaultCache } from "@serwist/turbopack/worker";
import { ExpirationPlugin, NetworkFirst, NetworkOnly, Serwist, type PrecacheEntry } from "serwist";

declare const self: { __SW_MANIFEST: (PrecacheEntry | string)[] | undefined };

const DAY = 24 * 60 * 60;

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: false,
  runtimeCaching: [
    // live updates: a cached stream would be a lie
    { matcher: ({ request }) => request.headers.get("accept")?.includes("text/event-stream") ?? false, handler: new NetworkOnly() },
    { matcher: ({ url }) => url.pathname.startsWith("/api/auth/") || url.pathname.startsWith("/api/metrics"), handler: new NetworkOnly() },
    {
      matcher: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith("/api/trpc/"),
      method: "GET",
      handler: new NetworkFirst({
        cacheName: "equalis-data",
        networkTimeoutSeconds: 8,
        // a day's event, a few days kept: a device offline for a day still opens its pages
        plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 3 * DAY, maxAgeFrom: "last-used" })],
      }),
    },
    {
      // pages: a full load (navigate) and the copy the page asks for after a client-side navigation
      // (SerwistProvider's cacheOnNavigation); not Next's RSC payloads (defaultCache keeps those)
      matcher: ({ request, sameOrigin, url }) => sameOrigin && request.method === "GET" && !url.pathname.startsWith("/api/") && !url.pathname.startsWith("/_next/") && !url.pathname.startsWith("/serwist/") && request.headers.get("RSC") !== "1" && !/\.[a-z0-9]+$/i.test(url.pathname),
      handler: new NetworkFirst({
        cacheName: "equalis-pages",
        networkTimeoutSeconds: 8,
        plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 3 * DAY, maxAgeFrom: "last-used" })],
      }),
    },
    ...defaultCache,
  ],
  // a page never opened on this device, asked for offline: the precached "You are offline" page
  fallbacks: { entries: [{ url: "/offline", matcher: ({ request }) => request.destination === "document" }] },
});

serwist.addEventListeners();
