/**
 * The live board's query never goes back a version. The page's first read can be answered before
 * its own check-in started the game and still arrive after the live stream's newer view; taking it
 * would show the waiting room again and clear a draft laid meanwhile (twice: back, then forward).
 * Used as the view query's `structuralSharing`, so it holds for reads and `setQueryData` alike.
 */
import { replaceEqualDeep } from "@tanstack/react-query";

export function keepNewer(old: unknown, next: unknown): unknown {
  const version = (d: unknown) => (d as { version?: unknown } | null | undefined)?.version;
  const o = version(old);
  const n = version(next);
  return typeof o === "number" && typeof n === "number" && o > n ? old : replaceEqualDeep(old, next);
}
