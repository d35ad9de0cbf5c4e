"use client";
/**
 * The server's clock as seen from the browser: the offset comes from the latest view's
 * `serverNow`, and a local 200 ms tick drives the display. Clocks are owned by the server; this
 * only lets the page show them ticking between updates.
 */
import { useEffect, useState } from "react";

/** The displayed server time (`now`, moves in 200 ms steps) and `read()`, the server time at the
 * moment of the call: what an event such as a clock tap must be stamped with, since `now` can be
 * up to a tick behind. */
export function useServerClock(serverNow: number | undefined): { now: number; read: () => number } {
  const [offset, setOffset] = useState(0);
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    if (serverNow !== undefined) setOffset(serverNow - Date.now());
  }, [serverNow]);
  useEffect(() => {
    const t = setInterval(() => setTick(Date.now()), 200);
    return () => clearInterval(t);
  }, []);
  return { now: tick + offset, read: () => Date.now() + offset };
}

export function useServerNow(serverNow: number | undefined): number {
  return useServerClock(serverNow).now;
}
