/** Input rules for teams and team events (docs/teams.md); limits on every size and count. */
import { z } from "zod";
import { TEAM_BOARD_ORDERS, TEAM_SCORINGS } from "@/server/domain";

/** Most boards a team match may have (school leagues ask for 8; the database allows 16). */
export const MAX_BOARDS = 16;
/** Most players on one roster (boards plus reserves). */
export const MAX_ROSTER = 40;

const id = (what: string) => z.string(`Choose ${what}.`).uuid(`That is not a valid ${what}.`);

export const teamSettingsInput = z.object({
  tournamentId: id("a tournament"),
  boards: z.number().int().min(1, "A team match has at least 1 board.").max(MAX_BOARDS, `A team match has at most ${MAX_BOARDS} boards.`).nullable(),
  primaryScore: z.enum(TEAM_SCORINGS, "Choose match points or game points."),
  bestK: z.number().int().min(1, "Count at least 1 result per team.").max(50, "Count at most 50 results per team.").nullable(),
  noTeammates: z.boolean(),
  lineupMinutes: z.number().int().min(1, "Give captains at least a minute.").max(10080, "Line-ups close within a week.").nullable(),
});

export const createTeamInput = z.object({
  tournamentId: id("a tournament"),
  name: z.string().trim().min(2, "A team name needs at least 2 characters.").max(60, "Keep the team name to 60 characters."),
  captainId: id("a captain"),
  boardOrder: z.enum(TEAM_BOARD_ORDERS, "Choose by rating or the captain's order."),
  members: z
    .array(z.object({ userId: id("a player"), reserve: z.boolean().default(false) }))
    .min(1, "A team needs at least 1 player.")
    .max(MAX_ROSTER, `A roster has at most ${MAX_ROSTER} players.`),
});

export const teamIdInput = z.object({ tournamentId: id("a tournament"), teamId: id("a team") });
export const clubTeamInput = z.object({ tournamentId: id("a tournament"), clubTeamId: id("a club team") });
export const teamRoundInput = z.object({ tournamentId: id("a tournament"), roundNumber: z.number().int().min(1).max(1000) });
export const teamMatchIdInput = z.object({ teamMatchId: id("a team match") });
export const tournamentIdOnly = z.object({ tournamentId: id("a tournament") });

export const lineupInput = z.object({
  teamMatchId: id("a team match"),
  teamId: id("a team"),
  players: z.array(id("a player")).min(1, "Name at least one player.").max(MAX_BOARDS, `A line-up names at most ${MAX_BOARDS} players.`),
});

export const doubleForfeitInput = z.object({
  tournamentId: id("a tournament"),
  teamMatchId: id("a team match"),
  board: z.number().int().min(1, "Boards count from 1.").max(MAX_BOARDS, `A match has at most ${MAX_BOARDS} boards.`),
});

export type TeamSettingsInput = z.infer<typeof teamSettingsInput>;
export type CreateTeamInput = z.infer<typeof createTeamInput>;
export type LineupInput = z.infer<typeof lineupInput>;
