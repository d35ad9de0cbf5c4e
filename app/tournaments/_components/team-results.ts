/** Words for a team match board's result (match page and match sheet). */
/** A board's result in words, from the home side's point of view. */
const LOST_BY: Record<string, string> = { resign: "resigned", timeout: "lost on time", "no-show": "did not show", forfeit: "forfeit" };

export function resultText(b: { outcome: string; homeScore: number | null; awayScore: number | null; forfeitBy: string | null; lossReason?: string | null; home: unknown; away: unknown }): string {
  if (b.outcome === "double-forfeit") return "forfeited by both (0–0)";
  if (b.outcome === "pending") return b.homeScore !== null ? `${b.homeScore}–${b.awayScore}` : "to play";
  const pts = b.outcome === "home" ? "1–0" : b.outcome === "away" ? "0–1" : "½–½";
  if (!b.home || !b.away) return `${pts} (the other side fielded nobody)`;
  if (b.forfeitBy) return `${pts} (${LOST_BY[b.lossReason ?? "forfeit"] ?? "forfeit"})`;
  return `${pts} (${b.homeScore}–${b.awayScore})`;
}
