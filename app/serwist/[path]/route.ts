/**
 * Serves the service worker (`/serwist/sw.js` and its source map), built by Serwist's Turbopack
 * route handler: esbuild bundles app/sw.ts when the route is prerendered at `next build`, with the
 * list of the build's static files to precache. `Service-Worker-Allowed: /` (set by Serwist) lets it
 * control the whole site though it lives under /serwist/. The distDir is passed because parallel
 * builds use their own folder (next.config.ts).
 */
import { spawnSync } from "node:child_process";
import { createSerwistRoute } from "@serwist/turbopack";

// A revision for the offline page entry; the commit when there is one, else a fresh id per build.
const revision = spawnSync("git", ["rev-parse", "HEAD"], { encoding: "utf-8" }).stdout?.trim() || crypto.randomUUID();

export const { dynamic, dynamicParams, revalidate, generateStaticParams, GET } = createSerwistRoute({
  swSrc: "app/sw.ts",
  useNativeEsbuild: true,
  nextConfig: { distDir: process.env.NEXT_DIST_DIR ?? ".next" },
  additionalPrecacheEntries: [{ url: "/offline", revision }],
});
