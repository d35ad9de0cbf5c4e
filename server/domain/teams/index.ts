/** Team events and team tables (docs/teams.md): match scoring, line-ups, standings, pairing helpers. */
export { BOARD_OUTCOMES, scoreMatch, byeScore, homeMovesFirst, rosterOrder, checkLineup, resolveLineup, seatBoards, type BoardOutcome, type MatchScore, type RosterPlayer, type ResolvedLineup, type SetBoard } from "./match";
export { teamStandings, whyAbove, teamTable, tableScore, type TeamInfo, type TeamMatchRecord, type TeamRow, type IndividualScore, type TeamTableRow } from "./standings";
export { teamHistory, teammatePairs } from "./pairing";
