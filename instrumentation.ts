/** Applies migrations when the server starts (Node runtime only; never during `next build`). */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { getDbHandle } = await import("./db/client");
    await getDbHandle();
  }
}
