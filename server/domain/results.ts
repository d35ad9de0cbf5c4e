/**
 * How one recorded game or bye turns into wins, losses and spread for each player, shared by
 * standings and pairing so both count the same way.
 *
 * Rules: 2-player game — the higher score wins, equal scores are a tie worth ½ each; spread is the
 * score difference, optionally capped per game (Woogles' `spread_cap`). Pods of 3–4 players are
 * expanded pairwise (a player's wins = (opponents beaten + ½·tied) / (n−1), spread = own score
 * minus the mean of the others), so a pod counts as one game. A forfeit is a loss with
 * −forfeitSpread for the forfeiting player and a win with +forfeitSpread for each other player
 * (Woogles: forfeit = loss −50). A double forfeit is a loss for every player with spread 0: nobody
 * won, so no forfeit spread moves to anyone. A resignation (or a loss on time) is a played game, not a forfeit:
 * the player who resigned loses to everyone whatever the scores, and the spread is the real score
 * difference (docs/tournaments.md "Resignations"). A bye is a win with +50 spread by default (Woogles, TSH).
 * Caveat: games with no scores and no forfeit are "scheduled": they count as meetings (for
 * repeats) but not as results.
 */
import { fail, ok, type ByeRecord, type GameRecord, type History, type Player, type Result } from "./types";

export interface ScoringOptions {
  /** Wins credited for a bye (default 1). */
  byeWins: number;
  /** Spread credited for a bye (default +50). */
  byeSpread: number;
  /** Spread given for a forfeit (default 50). */
  forfeitSpread: number;
  /** Per-game cap on |spread|, or null for none (default null). */
  spreadCap: number | null;
}

export const DEFAULT_SCORING: ScoringOptions = { byeWins: 1, byeSpread: 50, forfeitSpread: 50, spreadCap: null };

/** Per-player effect of one game. */
export interface Outcome {
  playerId: string;
  wins: number;
  losses: number;
  spread: number;
}

/** True when a game has a result (scores or a forfeit), false when only scheduled. */
export function isPlayed(game: GameRecord): boolean {
  return game.forfeit !== undefined || game.doubleForfeit === true || (game.scores !== undefined && game.scores.length === game.players.length);
}

/** Wins/losses/spread for every player of a played game; [] for a scheduled one. */
export function gameOutcomes(game: GameRecord, opts: ScoringOptions = DEFAULT_SCORING): Outcome[] {
  const n = game.players.length;
  if (n < 2 || !isPlayed(game)) return [];
  const cap = (s: number) => (opts.spreadCap === null ? s : Math.max(-opts.spreadCap, Math.min(opts.spreadCap, s)));
  if (game.doubleForfeit) return game.players.map((id) => ({ playerId: id, wins: 0, losses: 1, spread: 0 }));
  if (game.forfeit !== undefined) {
    return game.players.map((id) =>
      id === game.forfeit
        ? { playerId: id, wins: 0, losses: 1, spread: -opts.forfeitSpread }
        : { playerId: id, wins: 1, losses: 0, spread: opts.forfeitSpread },
    );
  }
  const scores = game.scores!;
  const keys = outcomeKeys(game);
  return game.players.map((id, i) => {
    let beaten = 0;
    let tied = 0;
    let others = 0;
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      others += scores[j];
      if (keys[i] > keys[j]) beaten++;
      else if (keys[i] === keys[j]) tied++;
    }
    const wins = (beaten + tied / 2) / (n - 1);
    return { playerId: id, wins, losses: 1 - wins, spread: cap(scores[i] - others / (n - 1)) };
  });
}

/** What a played game's wins are decided by: the scores, with −∞ for a player who resigned or
 * lost on time (`lost`), who ranks below everyone whatever the scores. */
export function outcomeKeys(game: Pick<GameRecord, "players" | "scores" | "lost">): number[] {
  return game.players.map((id, i) => (id === game.lost ? Number.NEGATIVE_INFINITY : (game.scores?.[i] ?? 0)));
}

/** Wins and spread a bye is worth. */
export function byeOutcome(bye: ByeRecord, opts: ScoringOptions = DEFAULT_SCORING): Outcome {
  const wins = bye.wins ?? opts.byeWins;
  return { playerId: bye.playerId, wins, losses: 1 - wins, spread: bye.spread ?? opts.byeSpread };
}

/** Check ids are unique and that history only names known players; a ruling otherwise. */
export function validateField(players: readonly Player[], history: History, forbidden: readonly (readonly string[])[] = []): Result<null> {
  const ids = new Set<string>();
  for (const p of players) {
    if (ids.has(p.id)) return fail("DUPLICATE_PLAYER", `Player ${p.id} is listed twice.`);
    ids.add(p.id);
  }
  for (const g of history.games) {
    if (g.players.length < 2) return fail("BAD_GAME", `A round ${g.round} game has fewer than 2 players.`);
    if (g.scores && g.scores.length !== g.players.length)
      return fail("BAD_GAME", `A round ${g.round} game has ${g.scores.length} scores for ${g.players.length} players.`);
    for (const id of g.players) if (!ids.has(id)) return fail("UNKNOWN_PLAYER", `Round ${g.round} names unknown player ${id}.`);
    if (g.doubleForfeit && (g.forfeit !== undefined || g.scores)) return fail("BAD_GAME", `A round ${g.round} double forfeit has a forfeiting player or scores.`);
    if (g.forfeit !== undefined && !g.players.includes(g.forfeit))
      return fail("BAD_GAME", `Forfeiting player ${g.forfeit} is not in that round ${g.round} game.`);
    if (g.lost !== undefined && (!g.players.includes(g.lost) || !g.scores))
      return fail("BAD_GAME", `Player ${g.lost} did not play that round ${g.round} game to its end, or it has no scores.`);
  }
  for (const b of history.byes) if (!ids.has(b.playerId)) return fail("UNKNOWN_PLAYER", `A bye names unknown player ${b.playerId}.`);
  for (const pair of forbidden)
    for (const id of pair) if (!ids.has(id)) return fail("UNKNOWN_PLAYER", `A forbidden pair names unknown player ${id}.`);
  return ok(null);
}

/** "2½" style display of a win count. */
/** "1 win", "0 wins", "½ win", "2½ wins": a count of wins with its noun (never "1 wins"). */
export function winsPhrase(w: number): string {
  return `${formatWins(w)} win${w > 0 && w <= 1 + 1e-9 ? "" : "s"}`;
}

export function formatWins(w: number): string {
  const whole = Math.floor(w + 1e-9);
  const frac = w - whole;
  if (Math.abs(frac) < 1e-9) return String(whole);
  if (Math.abs(frac - 0.5) < 1e-9) return whole === 0 ? "½" : `${whole}½`;
  return w.toFixed(2);
}

/** "+120" / "-45" / "0" display of a spread. */
export function formatSpread(s: number): string {
  const r = Math.round(s * 100) / 100;
  return r > 0 ? `+${r}` : String(r);
}
