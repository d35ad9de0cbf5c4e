"use client";
/**
 * The sync indicator on every page (in the site header): online / offline / syncing N writes /
 * conflicts to decide, and when this device last synced. A button (keyboard reachable) opens the
 * list of queued writes and conflicts; a polite live region says each change of state.
 */
import { useState } from "react";
import { useSync } from "./sync";
import { WritesList } from "./writes-list";

const clock = (t: number) => new Date(t).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
const writesWord = (n: number) => (n === 1 ? "1 write" : `${n} writes`);

export function SyncIndicator() {
  const { online, syncing, writes, lastSyncedAt, stoppedBecause, syncNow } = useSync();
  const [chosen, setOpen] = useState<boolean | null>(null);
  const pending = writes.filter((w) => w.state === "pending").length;
  const conflicts = writes.filter((w) => w.state === "conflict").length;
  // conflicts are shown without asking (a person must decide them) until the panel is closed
  const open = chosen ?? conflicts > 0;

  const synced = lastSyncedAt ? `last synced at ${clock(lastSyncedAt)}` : "nothing synced yet on this device";
  // [colours, a phone's label (a sign and a count: the header has no room for words at 390 px), a
  // wider screen's label (also the button's name), the sentence said to screen readers]
  const [tone, short, label, long] = conflicts
    ? ["border-red-400 bg-red-50 text-red-900", `! ${conflicts}`, `${conflicts === 1 ? "1 conflict" : `${conflicts} conflicts`} to decide`, `${conflicts === 1 ? "1 conflict" : `${conflicts} conflicts`} to decide${pending ? `, ${writesWord(pending)} not yet sent` : ""}`]
    : !online
      ? ["border-amber-400 bg-amber-50 text-amber-900", `○ ${pending || "off"}`, pending ? `Offline · ${pending} not yet sent` : "Offline", `Offline${pending ? ` · ${writesWord(pending)} not yet sent` : ""} · ${synced}`]
      : syncing
        ? ["border-sky-400 bg-sky-50 text-sky-900", `↻ ${pending}`, `Syncing ${pending}…`, `Syncing ${writesWord(pending)}…`]
        : pending
          ? ["border-amber-400 bg-amber-50 text-amber-900", `● ${pending}`, `${pending} waiting to send`, `Online · ${writesWord(pending)} waiting${stoppedBecause ? ` (${stoppedBecause})` : ""}`]
          : ["border-emerald-300 bg-emerald-50 text-emerald-900", "●", lastSyncedAt ? `Online · synced ${clock(lastSyncedAt)}` : "Online", `Online · ${synced}`];

  return (
    <div className="relative shrink-0 text-xs sm:text-sm" data-testid="sync-indicator">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="sync-panel"
        onClick={() => setOpen(!open)}
        className={`rounded-full border px-2 py-1 font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-600 ${tone}`}
      >
        <span aria-hidden="true" className="sm:hidden">
          {short}
        </span>
        <span aria-hidden="true" className="hidden sm:inline">
          {online ? "● " : "○ "}
        </span>
        <span className="sr-only sm:not-sr-only">{label}</span>
        <span className="sr-only"> — show the writes on this device</span>
      </button>
      {/* a live region without role="status": a page's own status line stays the only one of its kind */}
      <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="sync-status">
        {long}
      </p>
      {open ? (
        <div id="sync-panel" className="fixed inset-x-2 top-14 z-40 max-h-[70vh] overflow-auto rounded border border-slate-200 bg-white p-3 shadow-lg sm:inset-x-auto sm:right-4 sm:w-96" data-testid="sync-panel">
          <div className="mb-2 flex items-center justify-between gap-2">
            <p className="font-semibold text-slate-900">{online ? "Online" : "Offline"} · {synced}</p>
            <div className="flex shrink-0 gap-2">
              {online && pending > 0 && !syncing ? (
                <button type="button" className="rounded border border-teal-700 px-2 py-1 text-teal-900" onClick={() => void syncNow()}>
                  Send now
                </button>
              ) : null}
              <button type="button" className="rounded border border-slate-300 px-2 py-1" onClick={() => setOpen(false)}>
                Close
              </button>
            </div>
          </div>
          <WritesList writes={writes} emptyText="Every write made on this device has reached the server." />
        </div>
      ) : null}
    </div>
  );
}
