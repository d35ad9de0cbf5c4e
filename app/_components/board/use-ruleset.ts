"use client";
/** A stored game's ruleset (`rulesetFor`, the same instance for the same input), once the view has
 * loaded: the live board, the scorekeeper station and the analysis page read it alike. */
import { useMemo } from "react";
import { rulesetFor, type RulesetId } from "@/engine";

export function useRuleset(id: RulesetId | undefined, storedOptions: unknown) {
  return useMemo(() => (id ? rulesetFor(id, storedOptions) : null), [id, storedOptions]);
}
