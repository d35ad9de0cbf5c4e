/**
 * The director's day, as pure functions: reading a TSH-style result line ("3 412 380": table,
 * then one score per player in seat order), saying a result back in words, describing a
 * correction for the audit log, and the round clock's countdown. One home for each, shared by the
 * dashboard (app/tournaments/_components) and the services, so the screen and the log say the
 * same sentences. Scores follow `scoreProblem` (scores.ts); times are integers in milliseconds
 * with `now` passed in (docs/conventions.md, principle 7).
 */
import { MAX_SCORE, scoreProblem } from "./scores";

export interface EntryBoard {
  table: number;
  /** In seat order (first mover first): the order the scores are typed in. */
  players: { userId: string; name: string }[];
}

export type LineReading = { ok: true; value: { table: number; scores: Record<string, number> } } | { ok: false; error: string };

/** At most this many characters are read from a result line (a table and four scores fit easily). */
export const MAX_RESULT_LINE = 80;

const EXAMPLE = "type the table and each player's score, e.g. “3 412 380”";

/** Reads "table score score…" against the round's boards; every refusal is a sentence. */
export function parseResultLine(text: string, boards: readonly EntryBoard[], round?: number): LineReading {
  const line = text.trim();
  if (line === "") return { ok: false, error: `The line is empty: ${EXAMPLE}.` };
  if (line.length > MAX_RESULT_LINE) return { ok: false, error: `That line is too long: ${EXAMPLE}.` };
  const [tableText, ...scoreTexts] = line.split(/[\s,;]+/);
  if (!/^\d{1,4}$/.test(tableText!)) return { ok: false, error: `“${tableText}” is not a table number: ${EXAMPLE}.` };
  const table = Number(tableText);
  const board = boards.find((b) => b.table === table);
  if (!board) return { ok: false, error: `There is no table ${table}${round ? ` in round ${round}` : ""}.` };
  const names = board.players.map((p) => p.name);
  if (scoreTexts.length !== board.players.length)
    return {
      ok: false,
      error:
        scoreTexts.length === 0
          ? `Table ${table} needs ${board.players.length} scores (${names.join(", ")}) after the table number.`
          : `Table ${table} has ${board.players.length} players (${names.join(", ")}): type ${board.players.length} scores, not ${scoreTexts.length}.`,
    };
  const scores: Record<string, number> = {};
  for (const [i, p] of board.players.entries()) {
    const raw = scoreTexts[i]!;
    if (!/^[+-]?\d+(\.\d+)?$/.test(raw)) return { ok: false, error: `“${raw}” is not a score for ${p.name}: scores are whole numbers from 0 to ${MAX_SCORE.toLocaleString("en-GB")}.` };
    const problem = scoreProblem(Number(raw));
    if (problem) return { ok: false, error: `${p.name}’s score ${raw}: ${problem}` };
    scores[p.userId] = Number(raw);
  }
  return { ok: true, value: { table, scores } };
}

/** "Ann beat Bo 412–380, by 32." / "Ann and Bo tied 400–400." / pods: "Ann won with 412; then Bo 380, Cy 300." */
export function describeResult(players: readonly { userId: string; name: string }[], scores: Record<string, number>, forfeitUserId: string | null = null): string {
  if (forfeitUserId) {
    const loser = players.find((p) => p.userId === forfeitUserId)?.name ?? "a player";
    return `${loser} forfeited: a win for ${players.filter((p) => p.userId !== forfeitUserId).map((p) => p.name).join(" and ")}.`;
  }
  const ranked = players.map((p) => ({ ...p, score: scores[p.userId] ?? 0 })).sort((a, b) => b.score - a.score);
  if (ranked.length === 2) {
    const [w, l] = ranked as [(typeof ranked)[0], (typeof ranked)[0]];
    if (w.score === l.score) return `${players[0]!.name} and ${players[1]!.name} tied ${w.score}–${l.score}.`;
    return `${w.name} beat ${l.name} ${w.score}–${l.score}, by ${w.score - l.score}.`;
  }
  const top = ranked.filter((p) => p.score === ranked[0]!.score);
  const rest = ranked.slice(top.length);
  const head = top.length > 1 ? `${top.map((p) => p.name).join(" and ")} tied for first with ${top[0]!.score}` : `${top[0]!.name} won with ${top[0]!.score}`;
  return `${head}${rest.length ? `; then ${rest.map((p) => `${p.name} ${p.score}`).join(", ")}` : ""}.`;
}

/** "Ann 412 – Bo 380" (seat order), or "forfeit by Bo"; null scores read as "no result". */
export function scoreLine(players: readonly { userId: string; name: string }[], scores: Record<string, number> | null | undefined, forfeitUserId: string | null = null): string {
  if (forfeitUserId) return `forfeit by ${players.find((p) => p.userId === forfeitUserId)?.name ?? "a player"}`;
  if (!scores) return "no result";
  return players.map((p) => `${p.name} ${scores[p.userId] ?? "?"}`).join(" – ");
}

/** The round clock at `now`: milliseconds left (negative once time is up). */
export function roundTimeLeft(clock: { startedAt: Date | number; durationMs: number }, now: number): number {
  const start = typeof clock.startedAt === "number" ? clock.startedAt : clock.startedAt.getTime();
  return start + clock.durationMs - now;
}

/** "23:05" / "1:02:03" for a duration; whole seconds, rounded up while time is left. */
export function formatClock(ms: number): string {
  const total = ms >= 0 ? Math.ceil(ms / 1000) : Math.floor(-ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = h > 0 ? String(m).padStart(2, "0") : String(m);
  return `${h > 0 ? `${h}:` : ""}${mm}:${String(s).padStart(2, "0")}`;
}

/** Round lengths a director may set, in minutes. */
export const ROUND_MINUTES = { min: 1, max: 1440 } as const;
