"use client";
/**
 * A time in the reader's own zone, without a hydration mismatch: the server does not know the
 * reader's zone, so server HTML and the first client render show the same fixed UTC text, and the
 * local reading replaces it once the page has hydrated (`useSyncExternalStore`'s server snapshot
 * is used for both). Rendering `toLocaleString()` directly made a server in UTC and a browser in
 * New York disagree (React error #418).
 */
import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/** "2026-11-26 14:05 UTC": the same on the server and in every browser. */
export function utcText(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

export function LocalTime({ at, options }: { at: Date; options?: Intl.DateTimeFormatOptions }) {
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  return <time dateTime={at.toISOString()}>{hydrated ? at.toLocaleString(undefined, options) : utcText(at)}</time>;
}
