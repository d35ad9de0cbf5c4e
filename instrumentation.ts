/**
 * Applies migrations when the server starts (Node runtime only; never during `next build`).
 *
 * A failure is logged, not thrown: Next.js remembers a failed instrumentation hook and then answers
 * every request with a bare 500 for the life of the process, so an instance started while the
 * database was unreachable stayed broken after the database came back (found by
 * tests/e2e/faults.spec.ts). `getDbHandle` forgets a failed open, so the next request retries the
 * connection and the migrations, and API requests fail with our JSON error until then.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const [{ getDbHandle }, { log }] = await Promise.all([import("./db/client"), import("./server/log")]);
    await getDbHandle().catch((err: unknown) => {
      log.error({ err }, "Could not open the database at start-up; the next request will try again.");
    });
  }
}
