import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Offline" };

/** Shown by the service worker for a page this device never opened while online (docs/offline.md). */
export default function OfflinePage() {
  return (
    <section className="space-y-3">
      <h1 className="text-2xl font-semibold">You are offline</h1>
      <p>This page was not opened on this device while the network was up, so there is no copy of it here.</p>
      <p>
        Pages you opened before — the scorekeeper station, the director&apos;s dashboard, players&apos; pages — still open.
        Results you enter are kept on this device and sent when the network returns.
      </p>
      <p>
        <Link href="/" className="text-teal-800 underline">
          Home
        </Link>
      </p>
    </section>
  );
}
