/**
 * Applies migrations when the server starts (Node runtime only; never during `next build`), then
 * starts the due sweep (server/services/schedule/due.ts).
 *
 * A failure is logged, not thrown: Next.js remembers a failed instrumentation hook and then answers
 * every request with a bare 500 for the life of the process, so an instance started while the
 * database was unreachable stayed broken after the database came back (found by
 * tests/e2e/faults.spec.ts). `getDbHandle` forgets a failed open, so the next request retries the
 * connection and the migrations, and API requests fail with our JSON error until then.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const [{ getDbHandle }, { log }, { startDueSweeps }] = await Promise.all([import("./db/client"), import("./server/log"), import("./server/services/schedule/due")]);
    const handle = await getDbHandle().catch((err: unknown) => {
      log.error({ err }, "Could not open the database at start-up; the next request will try again.");
      return null;
    });
    // Reminders, unplayed hand-overs and correspondence timeouts, about once a minute
    // (docs/competitions.md "Reminders and the due sweep"); a failed sweep is logged and retried.
    if (handle) startDueSweeps(handle.db, undefined, (err) => log.warn({ reason: err instanceof Error ? err.message : String(err) }, "The due sweep failed; the next one tries again."));
  }
}
