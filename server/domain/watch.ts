/**
 * What the public event page's stream carries (server/services/boards/watch.ts builds it,
 * server/live/watch-broadcast.ts sends it, app/tournaments/[id]/watch shows it): spectator data
 * only — no rack, no bag, no unseen tiles, no user ids.
 */
export interface WatchBoard {
  matchId: string;
  table: number;
  status: string;
  /** the match's version: a viewer keeps the newest board it has seen */
  version: number;
  size: number;
  /** `size * size` characters, row by row: "." empty, a tile's face (a blank's in lower case) */
  tiles: string;
  /** indices into `tiles` of the last move's tiles */
  last: number[];
  /** seat on move (null: over or not started) */
  turn: number | null;
  /** the seat whose clock runs (null: untimed, paused or over) */
  running: number | null;
  players: { seat: number; name: string; score: number; remainingMs: number | null; winner: boolean }[];
}

export interface WatchEvent {
  tournament: { id: string; name: string; status: string };
  round: { number: number; status: string; startedAt: number | null; durationMs: number | null } | null;
  pairings: { table: number; isBye: boolean; matchId: string | null; players: { name: string; score: number | null }[]; hasResult: boolean }[];
  standings: { rank: number; name: string; wins: number; losses: number; spread: number; games: number }[];
  /** the boards' match ids, in table order (the boards come separately, one update per move) */
  matchIds: string[];
}
