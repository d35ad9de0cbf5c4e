"use client";
/**
 * The queued writes in words (docs/offline.md): each "not yet sent" write, and each conflict with
 * both values and the two choices — send mine on top of the server's value, or keep the server's
 * (the queued write is then given up). Used by the indicator (every page) and the result entry.
 */
import { useSync } from "./sync";
import type { QueuedWrite } from "./queue";

const button = "min-h-11 rounded border px-3 py-1 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-600";

export function WritesList({ writes, emptyText }: { writes: QueuedWrite[]; emptyText?: string }) {
  const { resolve } = useSync();
  if (writes.length === 0) return emptyText ? <p className="text-sm text-slate-600">{emptyText}</p> : null;
  return (
    <ul className="space-y-2 text-sm" data-testid="queued-writes">
      {writes.map((w) =>
        w.state === "conflict" ? (
          <li key={w.clientId} className="rounded border border-red-300 bg-red-50 p-2" data-testid="write-conflict">
            <p className="font-semibold text-red-900">Conflict: the server changed this meanwhile</p>
            <p>
              This device: <strong>{w.conflict?.mine ?? w.label}</strong>
            </p>
            <p>
              On the server: <strong>{w.conflict?.theirs}</strong>
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <button type="button" className={`${button} border-red-700 bg-white text-red-900`} onClick={() => void resolve(w.clientId, "mine")}>
                Send this device&apos;s
              </button>
              <button type="button" className={`${button} border-slate-400 bg-white text-slate-900`} onClick={() => void resolve(w.clientId, "theirs")}>
                Keep the server&apos;s
              </button>
            </div>
          </li>
        ) : (
          <li key={w.clientId} className="rounded border border-amber-300 bg-amber-50 p-2" data-testid="write-pending">
            <span className="font-medium">{w.label}</span> <span className="text-amber-900">· not yet sent</span>
            {w.lastError ? <span className="block text-xs text-amber-900">Last try: {w.lastError} It is sent again shortly.</span> : null}
          </li>
        ),
      )}
    </ul>
  );
}
