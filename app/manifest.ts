import type { MetadataRoute } from "next";

/** The web app manifest (/manifest.webmanifest): makes Equalis installable for a venue's devices (docs/offline.md). */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "Equalis",
    short_name: "Equalis",
    description: "Tournaments of Equate, 'SMATH and Number Scrabble — keeps working when the venue's Wi-Fi drops.",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#f8fafc",
    theme_color: "#0f766e",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/icons/icon.svg", sizes: "any", type: "image/svg+xml" },
    ],
  };
}
