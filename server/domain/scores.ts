/**
 * The score of one player on a tournament board as a director types it: required, a whole number
 * from 0 to MAX_SCORE. 9,999 is far above any real game of Equate, 'SMATH or Number Scrabble and
 * low enough that a typo such as 99999 is caught before it swamps the spread. One rule, used by the
 * server's input schema (`enterResultInput`) and by the director's result form, so both say the
 * same sentence. (A game played online reports its own final score, which time penalties can take
 * below 0; this rule is only for scores typed in.)
 */
export const MAX_SCORE = 9_999;

/** Why `value` is not a score a director may enter, as a sentence; null when it is one.
 * `undefined` (or NaN) is an empty box. */
export function scoreProblem(value: number | undefined): string | null {
  if (value === undefined || Number.isNaN(value)) return "Enter a score.";
  if (!Number.isInteger(value)) return "Scores are whole numbers.";
  if (value < 0) return "A score cannot be negative.";
  if (value > MAX_SCORE) return `A score is at most ${MAX_SCORE.toLocaleString("en-GB")}.`;
  return null;
}
