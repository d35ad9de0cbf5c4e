"use client";
/**
 * The device's sync state for every page (docs/offline.md): registers the service worker, opens the
 * write queue (app/_offline/queue.ts), and sends it when the network returns (the browser's `online`
 * event), when a write is added while online, and every 20 s while writes wait. After a flush that
 * applied something, every query is refreshed, so the pages show the server's state.
 *
 * Online/offline is the browser's `navigator.onLine`; a write that finds no server while it says
 * "online" stays queued, and the indicator says why it waits. The device asks for persistent storage,
 * so the browser does not clear the queue under storage pressure (a person clearing site data still
 * can: docs/offline.md says what is then lost).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { SerwistProvider } from "@serwist/turbopack/react";
import { useTRPCClient } from "@/app/_trpc/client";
import { WriteQueue, type NewWrite, type QueuedWrite } from "./queue";
import { senderFor } from "./senders";

export type SyncState = {
  ready: boolean;
  online: boolean;
  syncing: boolean;
  writes: QueuedWrite[];
  lastSyncedAt: number | null;
  /** Why the last flush stopped (a 5xx, no answer), for the indicator. */
  stoppedBecause: string | null;
  enqueue: (write: NewWrite) => Promise<void>;
  resolve: (clientId: string, choice: "mine" | "theirs") => Promise<void>;
  syncNow: () => Promise<void>;
};

const SyncContext = createContext<SyncState | null>(null);

export function useSync(): SyncState {
  const s = useContext(SyncContext);
  if (!s) throw new Error("useSync outside SyncProvider");
  return s;
}

const RETRY_MS = 20_000;

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}
const SW_OPTIONS: RegistrationOptions = { scope: "/" };

export function SyncProvider({ children }: { children: ReactNode }) {
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const queueRef = useRef<WriteQueue | null>(null);
  const [ready, setReady] = useState(false);
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
  const [syncing, setSyncing] = useState(false);
  const [writes, setWrites] = useState<QueuedWrite[]>([]);
  const [lastSyncedAt, setLastSyncedAt] = useState<number | null>(null);
  const [stoppedBecause, setStoppedBecause] = useState<string | null>(null);

  const reread = useCallback(async () => {
    const q = queueRef.current;
    if (!q) return;
    setWrites(await q.all());
    setLastSyncedAt(await q.lastSyncedAt());
  }, []);

  const syncNow = useCallback(async () => {
    const q = queueRef.current;
    if (!q || !navigator.onLine) return;
    if (!(await q.all()).some((w) => w.state === "pending")) return;
    setSyncing(true);
    try {
      const report = await q.flush(senderFor(client));
      setStoppedBecause(report.stopped?.message ?? null);
      if (report.applied > 0 || report.conflicts > 0) await queryClient.invalidateQueries();
    } finally {
      setSyncing(false);
      await reread();
    }
  }, [client, queryClient, reread]);

  useEffect(() => {
    let unsubscribe = () => {};
    let cancelled = false;
    void navigator.storage?.persist?.().catch(() => false);
    WriteQueue.open()
      .then(async (q) => {
        if (cancelled) return;
        queueRef.current = q;
        unsubscribe = q.subscribe(() => void reread());
        await reread();
        setReady(true);
        void syncNow();
      })
      .catch(() => setStoppedBecause("This browser cannot keep writes on the device (IndexedDB is unavailable)."));
    const up = () => void syncNow();
    window.addEventListener("online", up);
    const timer = window.setInterval(() => void syncNow(), RETRY_MS);
    return () => {
      cancelled = true;
      unsubscribe();
      window.removeEventListener("online", up);
      window.clearInterval(timer);
    };
  }, [reread, syncNow]);

  const enqueue = useCallback(
    async (write: NewWrite) => {
      const q = queueRef.current ?? (queueRef.current = await WriteQueue.open());
      await q.add(write);
      await reread();
      void syncNow();
    },
    [reread, syncNow],
  );

  const resolve = useCallback(
    async (clientId: string, choice: "mine" | "theirs") => {
      await queueRef.current?.resolve(clientId, choice);
      await reread();
      void syncNow();
    },
    [reread, syncNow],
  );

  const value = useMemo<SyncState>(
    () => ({ ready, online, syncing, writes, lastSyncedAt, stoppedBecause, enqueue, resolve, syncNow }),
    [ready, online, syncing, writes, lastSyncedAt, stoppedBecause, enqueue, resolve, syncNow],
  );
  return (
    // the worker lives under /serwist/ and controls the whole site (Service-Worker-Allowed: /)
    <SerwistProvider swUrl="/serwist/sw.js" options={SW_OPTIONS} reloadOnOnline={false} disable={process.env.NODE_ENV !== "production"}>
      <SyncContext.Provider value={value}>{children}</SyncContext.Provider>
    </SerwistProvider>
  );
}
