"use client";
/**
 * The server's clock as seen from the browser: the offset is the latest view's `serverNow` minus
 * the moment the browser received that view (react-query's `dataUpdatedAt`), and a local 200 ms
 * tick drives the display. Clocks are owned by the server; this only lets the page show them
 * ticking between updates. The offset is derived, not copied into state by an effect, so it is
 * right on the very render that shows the new view.
 */
import { useEffect, useState } from "react";

/** The displayed server time (`now`, moves in 200 ms steps) and `read()`, the server time at the
 * moment of the call: what an event such as a clock tap must be stamped with, since `now` can be
 * up to a tick behind. `receivedAt` is the browser's time when `serverNow` arrived. */
export function useServerClock(serverNow: number | undefined, receivedAt: number): { now: number; read: () => number } {
  const offset = serverNow === undefined ? 0 : serverNow - receivedAt;
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setTick(Date.now()), 200);
    return () => clearInterval(t);
  }, []);
  return { now: tick + offset, read: () => Date.now() + offset };
}

export function useServerNow(serverNow: number | undefined, receivedAt: number): number {
  return useServerClock(serverNow, receivedAt).now;
}
