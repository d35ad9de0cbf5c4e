import type { NextConfig } from "next";
import { withSerwist } from "@serwist/turbopack";

const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];

const nextConfig: NextConfig = {
  // PGlite ships wasm and data files that must be loaded from node_modules, not bundled; pg-boss
  // (the analysis queue) is loaded from node_modules too, as it runs under server/main.ts and scripts.
  serverExternalPackages: ["@electric-sql/pglite", "pg-boss", "@nats-io/transport-node"],
  // Lets parallel builds (e2e runs side by side) use separate output folders.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  poweredByHeader: false,
  // Turbopack writes a build cache for the next build to read (on by default since Next 16.1). A
  // clean CI clone builds once and never reads it back: writing it took 31 s of a 9 min `next
  // build` at load 15 (README, "Tests: three tiers"). Local rebuilds keep it.
  experimental: { turbopackFileSystemCacheForBuild: process.env.CI !== "true" },
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      // The check-in desk reads QR codes with the camera (docs/desk.md); only its own page may ask
      // for it (a later rule's header replaces the first's). Links to it are full page loads, as a
      // client-side navigation keeps the policy of the page it came from.
      { source: "/tournaments/:id/desk", headers: [{ key: "Permissions-Policy", value: "camera=(self), microphone=(), geolocation=()" }] },
    ];
  },
};

// Serwist builds the offline service worker with esbuild in a route handler (app/serwist/[path]/route.ts,
// docs/offline.md); withSerwist keeps esbuild out of the server bundle.
export default withSerwist(nextConfig);
