"use client";
/**
 * "Subscribe in your calendar": the feed's https address to copy (every calendar app takes one)
 * and a webcal: link that opens the system's calendar app directly (docs/calendars.md).
 */
import { useState, useSyncExternalStore } from "react";

const noSubscription = () => () => {};

export function CalendarLink({ path, label }: { path: string; label: string }) {
  // The page's origin: known only in the browser (the server renders the path alone).
  const origin = useSyncExternalStore(noSubscription, () => window.location.origin, () => "");
  const [copied, setCopied] = useState(false);
  const url = `${origin}${path}`;
  const webcal = url.replace(/^https?:/, "webcal:");
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="calendar-link">
      <a href={webcal} className="text-indigo-700 underline">
        {label}
      </a>
      <span className="text-slate-500">or</span>
      <button
        type="button"
        className="rounded border border-slate-300 px-2 py-1 text-slate-700 hover:bg-slate-50"
        onClick={() => {
          void navigator.clipboard?.writeText(url).then(() => setCopied(true), () => setCopied(false));
        }}
      >
        {copied ? "Address copied" : "Copy the address"}
      </button>
      <a href={path} className="text-slate-600 underline">
        download .ics
      </a>
    </div>
  );
}
