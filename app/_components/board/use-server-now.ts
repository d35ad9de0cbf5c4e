"use client";
/**
 * The server's clock as seen from the browser: the offset comes from the latest view's
 * `serverNow`, and a local 200 ms tick drives the display. Clocks are owned by the server; this
 * only lets the page show them ticking between updates.
 */
import { useEffect, useState } from "react";

export function useServerNow(serverNow: number | undefined): number {
  const [offset, setOffset] = useState(0);
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    if (serverNow !== undefined) setOffset(serverNow - Date.now());
  }, [serverNow]);
  useEffect(() => {
    const t = setInterval(() => setTick(Date.now()), 200);
    return () => clearInterval(t);
  }, []);
  return tick + offset;
}
