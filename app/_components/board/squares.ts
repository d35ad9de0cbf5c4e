/** Premium squares as colours and labels (engine layout letters: d 2S, t 3S, D 2E, T 3E). */
import type { Premium, RulesetId } from "@/engine";

export const PREMIUM_STYLE: Record<Premium, { label: string; name: string; className: string }> = {
  ".": { label: "", name: "plain square", className: "bg-emerald-50" },
  d: { label: "2S", name: "double tile score", className: "bg-sky-200 text-sky-900" },
  t: { label: "3S", name: "triple tile score", className: "bg-blue-700 text-white" },
  D: { label: "2E", name: "double equation score", className: "bg-pink-200 text-pink-900" },
  T: { label: "3E", name: "triple equation score", className: "bg-red-700 text-white" },
};

/** Show "-" as a real minus sign. */
export const showFace = (face: string) => (face === "-" ? "−" : face);

/** Premium labels as each game prints them (Number Scrabble uses letter/word names). */
export const PREMIUM_LABELS: Record<RulesetId, Record<Exclude<Premium, ".">, string>> = {
  equate: { d: "2S", t: "3S", D: "2E", T: "3E" },
  smath: { d: "2S", t: "3S", D: "2E", T: "3E" },
  "number-scrabble": { d: "DL", t: "TL", D: "DW", T: "TW" },
};
