"use client";
/** /live: every game in play on the site, for anyone to watch (signed in or not). */
import { LiveNow } from "./_components/live-now";

export default function LivePage() {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Live now</h1>
      <p className="text-sm text-slate-600">Games in play right now. Open one to watch it move by move; players&apos; racks stay hidden.</p>
      <LiveNow title="Games in play" />
    </div>
  );
}
