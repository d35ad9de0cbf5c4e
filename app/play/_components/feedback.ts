/**
 * What the live board tells a player at each moment, as pure functions of the view (unit-tested
 * in tests/unit/play-feedback.test.ts; the components beside this file only draw them):
 *
 * - `previewOf`: the preview of a draft play under the game's preview mode (docs/matches.md
 *   "The preview"). `full`: valid or not with the engine's reasons, and the score. `score`: the
 *   points the play would score if it stands — the engine's score of a valid play, or its
 *   `phonyScore` of a phony — never whether it is valid. `off`: the sum of the placed tiles' face
 *   points. In every mode a placement fault the server refuses anyway (`alwaysRefused`: off the
 *   board, not in one line, not from the rack…) is named, since it says nothing about a phony.
 * - `lowTimeThresholdMs`, `overtimeCost`: the low-time warning and the points overtime is
 *   costing so far (the engine's `overtimePenalty`, the rule the server charges at the end).
 * - `challengeOutcome`: the latest challenge, with the engine's reason in words and the squares
 *   of the play, recomputed with the engine from the public scoresheet once the challenge is
 *   decided (nothing secret: the play was on the board for everyone to see).
 * - `lastStandingPlay`: the play the board rings as the last one — the latest play still on the
 *   board, so a play withdrawn after an upheld challenge is skipped (its squares are empty).
 */
import { placementOf } from "@/app/_components/board/entry";
import { adjudicatePlay, alwaysRefused, clock, phonyScore, squares, type Ruleset, type Ruling, type TimeControl } from "@/engine";

export type PreviewMode = "full" | "score" | "off";
export interface PreviewLine {
  tone: "valid" | "invalid" | "neutral";
  text: string;
}

type Tile = { row: number; col: number; tile: string; blank?: boolean };
const plain = placementOf;

/** The violations the server refuses whatever the challenge rule (they reveal nothing about a phony). */
function placementFaults(r: Ruling): Ruling["violations"] {
  return r.violations.filter((v) => alwaysRefused({ ...r, violations: [v] }));
}

/** Face points of the placed tiles (blanks 0), no premiums: the "off" preview. */
export function tilePoints(rs: Ruleset, draft: readonly Tile[]): number {
  return draft.reduce((sum, t) => sum + (t.blank ? 0 : (rs.tileByFace.get(t.tile)?.points ?? 0)), 0);
}

export function previewOf(mode: PreviewMode, rs: Ruleset, board: readonly Tile[], draft: readonly Tile[], rack: readonly string[], challengeRule: string): PreviewLine | null {
  if (draft.length === 0) return null;
  const b = board.map(plain);
  const play = draft.map(plain);
  const r = adjudicatePlay(rs, b, play, { rack: rack.slice(), firstPlay: board.length === 0 });
  if (mode === "full") {
    if (r.valid) return { tone: "valid", text: `Valid: ${r.score} points (${r.lines.map((l) => l.text).join(", ")})` };
    return { tone: "invalid", text: `Not valid: ${r.violations.map((x) => x.message).join("; ")}${challengeRule !== "void" && !alwaysRefused(r) ? " — you may still submit it; it can be challenged." : ""}` };
  }
  if (alwaysRefused(r)) return { tone: "invalid", text: `Cannot be played: ${placementFaults(r).map((x) => x.message).join("; ")}` };
  if (mode === "score") return { tone: "neutral", text: `If it stands: ${r.valid ? r.score : phonyScore(rs, b, play, r)} points` };
  return { tone: "neutral", text: `Tile points: ${tilePoints(rs, draft)}` };
}

/** The low-time warning: a tenth of the initial time, at least 10 s and at most a minute. */
export function lowTimeThresholdMs(tc: Pick<TimeControl, "initialMs">): number {
  return Math.min(60_000, Math.max(10_000, Math.round(tc.initialMs / 10)));
}

/** Points the overtime has cost so far (0 within the budget). */
export function overtimeCost(tc: TimeControl, remainingMs: number): number {
  return remainingMs >= 0 ? 0 : clock.overtimePenalty(tc, -remainingMs);
}

export interface SheetRow {
  seq: number;
  type: string;
  seat: number | null;
  text: string;
  placements?: Tile[];
  points: number;
}

export interface ChallengeOutcome {
  seq: number;
  /** seat whose play was challenged; the challenger's seat when the sheet names it (a play that stood) */
  player: number;
  challenger: number | null;
  stands: boolean;
  /** the engine's reason, in words */
  reason: string;
  /** the play's squares, named ("J10, K10") and as cells to outline */
  squares: string;
  cells: { row: number; col: number }[];
}

/**
 * The latest challenge while it is news: until the next play, exchange or pass. The challenged
 * play is the last play before it in the sheet; the board before that play is today's board
 * (a withdrawn play came off) or today's board without its tiles (a play that stood).
 */
export function challengeOutcome(rs: Ruleset, sheet: readonly SheetRow[], board: readonly Tile[]): ChallengeOutcome | null {
  let i = sheet.length - 1;
  while (i >= 0 && sheet[i]!.type !== "challenge") {
    if (["play", "exchange", "pass", "resign"].includes(sheet[i]!.type)) return null;
    i--;
  }
  if (i < 0) return null;
  const ch = sheet[i]!;
  let j = i - 1;
  while (j >= 0 && sheet[j]!.type !== "play") j--;
  const play = j >= 0 ? sheet[j]! : null;
  if (!play?.placements?.length || play.seat === null) return null;
  const stands = /stands/.test(ch.text);
  const placed = new Set(play.placements.map((p) => `${p.row},${p.col}`));
  const before = stands ? board.filter((t) => !placed.has(`${t.row},${t.col}`)) : board;
  const r = adjudicatePlay(rs, before.map(plain), play.placements.map(plain), { firstPlay: before.length === 0 });
  const reason = r.valid
    ? `the play is valid: ${r.lines.map((l) => l.text).join(", ")}`
    : r.violations.map((v) => v.message).join("; ");
  const cells = play.placements.map((p) => ({ row: p.row, col: p.col }));
  // The sheet line is about the challenger when the play stood, and about its player when it came off.
  const challenger = stands ? ch.seat : null;
  return { seq: ch.seq, player: play.seat, challenger, stands, reason, squares: squares.names(cells.map((c) => [c.row, c.col] as const)), cells };
}

/**
 * The latest play whose tiles are still on the board: walking back, a challenge that withdrew a
 * play ("play withdrawn" on the sheet) cancels the play before it; the one before that is the
 * last play then. Null when no play stands.
 */
export function lastStandingPlay<R extends Pick<SheetRow, "type" | "text" | "placements">>(sheet: readonly R[]): R | null {
  let withdrawn = 0;
  for (let i = sheet.length - 1; i >= 0; i--) {
    const row = sheet[i]!;
    if (row.type === "challenge" && /play withdrawn/.test(row.text)) withdrawn++;
    else if (row.type === "play" && row.placements) {
      if (withdrawn > 0) withdrawn--;
      else return row;
    }
  }
  return null;
}
