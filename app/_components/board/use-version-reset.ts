"use client";
/**
 * A new version of the game clears what was being entered, during the render that shows it (not
 * one later, as an effect would): React's "storing information from previous renders" pattern.
 * The live board's draft and the scorekeeper station's entry both follow it.
 */
import { useState } from "react";

export function useVersionReset(version: number | undefined, reset: () => void): void {
  const [seen, setSeen] = useState(version);
  if (version !== seen) {
    setSeen(version);
    reset();
  }
}
