/**
 * The platform's vocabulary: the closed lists of clubs, tournaments, matches and ratings (roles,
 * formats, statuses, sources), as `as const` arrays with their unions (docs/conventions.md,
 * principle 2). One home: `db/schema` imports them for its columns and check constraints, input
 * and output schemas for their zod enums, pages for their labels. The games' own lists (rulesets,
 * challenge rules, end reasons) are the engine's (`@/engine`).
 */
import { END_REASONS } from "@/engine";

/** Roles in a club (a membership row holds one). */
export const CLUB_ROLES = ["owner", "director", "member"] as const;
export type ClubRole = (typeof CLUB_ROLES)[number];

export const CLUB_VISIBILITIES = ["public", "invite-only"] as const;
export type ClubVisibility = (typeof CLUB_VISIBILITIES)[number];

export const JOIN_REQUEST_STATUSES = ["pending", "approved", "declined", "cancelled"] as const;
export type JoinRequestStatus = (typeof JOIN_REQUEST_STATUSES)[number];

export const TOURNAMENT_FORMATS = ["round-robin", "double-round-robin", "swiss", "king-of-the-hill", "single-elimination", "double-elimination"] as const;
export type TournamentFormat = (typeof TOURNAMENT_FORMATS)[number];

export const TOURNAMENT_STATUSES = ["registration", "running", "finished"] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];

export const TOURNAMENT_STAFF_ROLES = ["director", "judge"] as const;
export type TournamentStaffRole = (typeof TOURNAMENT_STAFF_ROLES)[number];

/** An entry's place in the event. `waitlisted` entries are not in the field (pairings, standings,
 * counts skip them); the earliest one is promoted to `registered` when a place frees before the
 * start (docs/entries.md). A waitlisted entry with `checkedInAt` set is present at the desk. */
export const ENTRY_STATUSES = ["registered", "checked-in", "withdrawn", "waitlisted"] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

/** Who may enter an event from its page: the club's members, or any signed-in account. */
export const ENTRY_OPEN_TO = ["members", "anyone"] as const;
export type EntryOpenTo = (typeof ENTRY_OPEN_TO)[number];

/** Fields a director may ask for on the entry form (entry.details holds the answers). */
export const ENTRY_FIELDS = ["class", "club", "age", "notes"] as const;
export type EntryField = (typeof ENTRY_FIELDS)[number];

/** Age category an entrant states when the director asks for it. */
export const AGE_CATEGORIES = ["junior", "adult", "senior"] as const;
export type AgeCategory = (typeof AGE_CATEGORIES)[number];

/** The answers of an entry form; every field optional (only asked ones are kept). */
export interface EntryDetails {
  class?: string;
  club?: string;
  age?: AgeCategory;
  notes?: string;
}

/** Fees are recorded, never charged (docs/desk.md "Fees"). */
export const FEE_STATUSES = ["owed", "paid", "waived"] as const;
export type FeeStatus = (typeof FEE_STATUSES)[number];
export const FEE_METHODS = ["cash", "transfer", "card"] as const;
export type FeeMethod = (typeof FEE_METHODS)[number];

/** How a tie across prize places shares the money (docs/prizes.md): `none` — tiebreaks decide;
 * `equal` — the tied players share the prizes of their places equally; `hort` — half of each
 * prize by tiebreak order, half pooled and shared equally. */
export const PRIZE_SPLITS = ["none", "equal", "hort"] as const;
export type PrizeSplit = (typeof PRIZE_SPLITS)[number];

/** A prize row: by overall place, by class (rating band at entry or the entry's class field), or
 * by category. */
export const PRIZE_KINDS = ["place", "class", "category"] as const;
export type PrizeKind = (typeof PRIZE_KINDS)[number];
export const PRIZE_CATEGORIES = ["junior", "senior", "unrated", "club", "least-time"] as const;
export type PrizeCategory = (typeof PRIZE_CATEGORIES)[number];

export const ROUND_STATUSES = ["draft", "published", "closed"] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];

/** Who entered a board's result: a director by hand, or the online game that decided it. */
export const RESULT_SOURCES = ["director", "match"] as const;
export type ResultSource = (typeof RESULT_SOURCES)[number];

export const GRAND_FINAL_OPTIONS = ["none", "simple", "double"] as const;
export type GrandFinalOption = (typeof GRAND_FINAL_OPTIONS)[number];

/** open: waiting for players to accept; active: being played; finished: `end` recorded;
 * cancelled: a challenge withdrawn or declined before the game started. */
export const MATCH_STATUSES = ["open", "active", "finished", "cancelled"] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/** Why a match's result stands: the game's own end reasons (the engine's END_REASONS), and
 * "no-show", a player who never joined a tournament game (no game was played; docs/matches.md). */
export const MATCH_RESULT_REASONS = [...END_REASONS, "no-show"] as const;
export type MatchResultReason = (typeof MATCH_RESULT_REASONS)[number];

/** Why a board's loser lost whatever the scores (a pairing with a forfeiting player): on time,
 * by resigning, by not joining the game, or a forfeit the director entered. */
export const LOSS_REASONS = ["timeout", "resign", "no-show", "forfeit"] as const;
export type LossReason = (typeof LOSS_REASONS)[number];

/** online: played in the browser; otb: played over the board, entered by a scorekeeper
 * (docs/scorekeeper.md; the engine's virtual racks). */
export const MATCH_MODES = ["online", "otb"] as const;
export type MatchMode = (typeof MATCH_MODES)[number];

export const FIRST_MOVERS = ["creator", "random"] as const;
export type FirstMover = (typeof FIRST_MOVERS)[number];

/** Where a rated game comes from: a played match, a result a director entered for a pairing, or an
 * over-the-board club-night game (its `arena_games` id; migration 0026). */
export const RATED_GAME_SOURCES = ["match", "pairing", "arena"] as const;
export type RatedGameSource = (typeof RATED_GAME_SOURCES)[number];

/** The colour theme a user picked on their profile; "system" follows the device's setting. */
export const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

/** What a user may be told about (in the app, and by e-mail when they ask for it on their profile). */
export const NOTIFICATION_KINDS = ["club-invitation", "club-approval", "game-invitation", "round-paired", "game-started", "ruling", "rating-changed", "entry-promoted", "game-proposal", "game-scheduled", "game-reminder", "result-report", "game-unplayed", "your-turn"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What a one-time account link does (account_tokens.purpose). */
export const ACCOUNT_TOKEN_PURPOSES = ["password-reset", "email-change"] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/** What a personal API token may do (api_tokens.scope, docs/api.md): `read` runs queries only. */
export const API_TOKEN_SCOPES = ["read", "read-write"] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** What the live board's preview may tell a player about a play before it is sent
 * (docs/matches.md "The preview"): `full` — valid or not, with the engine's reasons, and the
 * score; `score` — the points it would score if it stands, never whether it is valid; `off` —
 * only the sum of the placed tiles' face points. Placement faults, which the server refuses
 * whatever the rule, are shown in every mode. */
export const PREVIEW_MODES = ["full", "score", "off"] as const;
export type PreviewMode = (typeof PREVIEW_MODES)[number];

/** Competitions above events (docs/competitions.md): a season of divisions, a points series over
 * events, or a ladder over club nights. */
export const COMPETITION_KINDS = ["season", "series", "ladder"] as const;
export type CompetitionKind = (typeof COMPETITION_KINDS)[number];
export const COMPETITION_STATUSES = ["planned", "running", "finished"] as const;
export type CompetitionStatus = (typeof COMPETITION_STATUSES)[number];

/** A proposal of times for a self-scheduled game (docs/competitions.md "Scheduling a game"). */
export const PROPOSAL_STATUSES = ["open", "accepted", "declined", "countered", "withdrawn"] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** A result the players of an over-the-board game report themselves; the opponent confirms it or
 * disputes it (the director decides a dispute). */
export const REPORT_STATUSES = ["pending", "confirmed", "disputed", "superseded"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** An open seek of the "Play now" lobby (docs/matches.md "Play now: open seeks"): `open` until
 * its last seat is taken (`taken`: its game exists), its creator withdraws it (`cancelled`) or it
 * runs out (`expired`; reads also treat an open seek past `expires_at` as expired). */
export const SEEK_STATUSES = ["open", "taken", "cancelled", "expired"] as const;
export type SeekStatus = (typeof SEEK_STATUSES)[number];

/** Team events (docs/teams.md): how a team's boards are ordered when the captain names no line-up. */
export const TEAM_BOARD_ORDERS = ["rating", "captain"] as const;
export type TeamBoardOrder = (typeof TEAM_BOARD_ORDERS)[number];

/** The primary score of a team event; the other one is its first tiebreak. */
export const TEAM_SCORINGS = ["match-points", "game-points"] as const;
export type TeamScoring = (typeof TEAM_SCORINGS)[number];
