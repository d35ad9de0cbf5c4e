/**
 * Teams and team events (thin; docs/teams.md): directors set the team settings, form and withdraw
 * teams, pair team rounds, set boards from the line-ups, publish and record double forfeits;
 * captains submit their own team's line-ups (the service checks the captain); anyone reads the
 * team page, a published match and the team table. Output schemas pick fields: names and ids only.
 */
import { z } from "zod";
import { BOARD_OUTCOMES, ROUND_STATUSES, TEAM_BOARD_ORDERS, TEAM_SCORINGS, TOURNAMENT_FORMATS, TOURNAMENT_STATUSES } from "@/server/domain";
import { protectedProcedure, publicProcedure, router } from "@/server/trpc";
import { clubTeamInput, createTeamInput, doubleForfeitInput, lineupInput, teamIdInput, teamMatchIdInput, teamRoundInput, teamSettingsInput, tournamentIdOnly } from "@/server/services/teams/schemas";
import { createTeam, enterClubTeam, saveAsClubTeam, setTeamSettings, withdrawTeam } from "@/server/services/teams/teams";
import { doubleForfeitBoard, pairTeamRound, publishTeamRound, setTeamBoards } from "@/server/services/teams/rounds";
import { submitLineup } from "@/server/services/teams/lineups";
import { teamEventView, teamMatchView, teamRoundSheetsView, teamTableView } from "@/server/services/teams/views";
import { act, tournamentDirectorProcedure } from "./tournaments/procedures";

const ok = z.object({ ok: z.literal(true) });
const done = { ok: true as const };
const ref = z.object({ id: z.string(), name: z.string() });
const scoreOut = z.object({ home: z.number(), away: z.number(), homeMp: z.number().nullable(), awayMp: z.number().nullable(), decided: z.boolean() });
const rowOut = z.object({
  teamId: z.string(),
  name: z.string(),
  rank: z.number(),
  played: z.number(),
  mp: z.number(),
  gp: z.number(),
  won: z.number(),
  drawn: z.number(),
  lost: z.number(),
  withdrawn: z.boolean(),
  whyAboveNext: z.string().nullable(),
});
const settingsOut = z.object({ boards: z.number().nullable(), primaryScore: z.enum(TEAM_SCORINGS), bestK: z.number().nullable(), noTeammates: z.boolean(), lineupMinutes: z.number().nullable() });

const eventOut = z.object({
  tournament: z.object({ id: z.string(), name: z.string(), status: z.enum(TOURNAMENT_STATUSES), format: z.enum(TOURNAMENT_FORMATS), clubId: z.string() }),
  settings: settingsOut.nullable(),
  isDirector: z.boolean(),
  /** The club's own teams (directors only; empty for everyone else). */
  clubTeams: z.array(z.object({ id: z.string(), name: z.string(), roster: z.array(z.string()) })),
  teams: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      captain: ref.nullable(),
      boardOrder: z.enum(TEAM_BOARD_ORDERS),
      withdrawnAfterRound: z.number().nullable(),
      roster: z.array(z.object({ userId: z.string(), name: z.string(), rating: z.number().nullable(), position: z.number(), reserve: z.boolean() })),
      isMine: z.boolean(),
    }),
  ),
  standings: z.array(rowOut),
  standingsOtherOrder: z.object({ primary: z.enum(TEAM_SCORINGS), rows: z.array(rowOut) }).nullable(),
  rounds: z.array(
    z.object({
      number: z.number(),
      status: z.enum(ROUND_STATUSES),
      matches: z.array(z.object({ id: z.string(), table: z.number(), home: ref, away: ref.nullable(), reason: z.string(), lineupDeadline: z.date().nullable(), boardsSet: z.boolean(), score: scoreOut.nullable() })),
    }),
  ),
});

const lineupOut = z
  .object({
    teamId: z.string(),
    submitted: z.boolean(),
    submittedAt: z.date().nullable(),
    players: z.array(ref).nullable(),
    mayEdit: z.boolean(),
    roster: z.array(z.object({ userId: z.string(), name: z.string(), reserve: z.boolean(), rating: z.number().nullable() })).nullable(),
  })
  .nullable();

const boardOut = z.object({
  board: z.number(),
  pairingId: z.string().nullable(),
  home: ref.nullable(),
  away: ref.nullable(),
  firstMover: z.enum(["home", "away"]),
  outcome: z.enum(BOARD_OUTCOMES),
  homeScore: z.number().nullable(),
  awayScore: z.number().nullable(),
  forfeitBy: z.enum(["home", "away"]).nullable(),
  lossReason: z.string().nullable(),
  gameId: z.string().nullable(),
  gameStatus: z.string().nullable(),
});

const matchOut = z.object({
  tournament: ref,
  round: z.number(),
  roundStatus: z.enum(ROUND_STATUSES),
  table: z.number(),
  boardsPerMatch: z.number(),
  home: ref,
  away: ref.nullable(),
  reason: z.string(),
  lineupDeadline: z.date().nullable(),
  boardsSet: z.boolean(),
  doubleForfeits: z.array(z.number()),
  boards: z.array(boardOut),
  score: scoreOut.nullable(),
  isDirector: z.boolean(),
  lineups: z.object({ home: lineupOut, away: lineupOut }),
});

const roundSheetsOut = z.object({
  tournament: ref,
  round: z.number(),
  matches: z.array(z.object({ id: z.string(), table: z.number(), home: ref, away: ref.nullable(), reason: z.string(), lineupDeadline: z.date().nullable(), boardsSet: z.boolean(), score: scoreOut.nullable(), boards: z.array(boardOut) })),
});

const individualOut = z.object({ playerId: z.string(), name: z.string(), wins: z.number(), spread: z.number() });
const tableOut = z
  .object({
    bestK: z.number(),
    rows: z.array(z.object({ teamId: z.string(), name: z.string(), rank: z.number(), score: z.number(), spread: z.number(), counted: z.array(individualOut), others: z.array(individualOut) })),
  })
  .nullable();

export const teamsRouter = router({
  /** The team page of an event (public; draft rounds for directors and that round's captains). */
  event: publicProcedure
    .input(tournamentIdOnly)
    .output(eventOut)
    .query(({ ctx, input }) => teamEventView(ctx.db, input.tournamentId, ctx.user?.id ?? null)),

  /** One team match: boards, live scores, the match score, line-ups as the viewer may see them. */
  match: publicProcedure
    .input(teamMatchIdInput)
    .output(matchOut)
    .query(({ ctx, input }) => teamMatchView(ctx.db, input.teamMatchId, ctx.user?.id ?? null)),

  /** Every match sheet of one round (the print sheet "Match sheets"; a draft round: directors only). */
  roundSheets: publicProcedure
    .input(teamRoundInput)
    .output(roundSheetsOut)
    .query(({ ctx, input }) => teamRoundSheetsView(ctx.db, input.tournamentId, input.roundNumber, ctx.user?.id ?? null)),

  /** The team table of an individual event (best K results per team), or null. */
  table: publicProcedure
    .input(tournamentIdOnly)
    .output(tableOut)
    .query(({ ctx, input }) => teamTableView(ctx.db, input.tournamentId)),

  settings: tournamentDirectorProcedure
    .input(teamSettingsInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => (await setTeamSettings(ctx.db, { ...act(ctx), ...input }), done)),

  create: tournamentDirectorProcedure
    .input(createTeamInput)
    .output(z.object({ teamId: z.string() }))
    .mutation(({ ctx, input }) => createTeam(ctx.db, { ...act(ctx), ...input })),

  /** Keep an event's team as a club team, for the club's next events. */
  saveAsClubTeam: tournamentDirectorProcedure
    .input(teamIdInput)
    .output(z.object({ clubTeamId: z.string() }))
    .mutation(({ ctx, input }) => saveAsClubTeam(ctx.db, { ...act(ctx), teamId: input.teamId })),

  /** Enter one of the club's teams into this event (a copy). */
  enterClubTeam: tournamentDirectorProcedure
    .input(clubTeamInput)
    .output(z.object({ teamId: z.string() }))
    .mutation(({ ctx, input }) => enterClubTeam(ctx.db, { ...act(ctx), clubTeamId: input.clubTeamId })),

  withdraw: tournamentDirectorProcedure
    .input(teamIdInput)
    .output(z.object({ afterRound: z.number() }))
    .mutation(({ ctx, input }) => withdrawTeam(ctx.db, { ...act(ctx), teamId: input.teamId })),

  pairRound: tournamentDirectorProcedure
    .input(tournamentIdOnly)
    .output(z.object({ roundNumber: z.number() }))
    .mutation(({ ctx }) => pairTeamRound(ctx.db, act(ctx))),

  setBoards: tournamentDirectorProcedure
    .input(teamRoundInput)
    .output(z.object({ notes: z.array(z.string()) }))
    .mutation(({ ctx, input }) => setTeamBoards(ctx.db, { ...act(ctx), roundNumber: input.roundNumber })),

  publishRound: tournamentDirectorProcedure
    .input(teamRoundInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => (await publishTeamRound(ctx.db, { ...act(ctx), roundNumber: input.roundNumber }), done)),

  doubleForfeit: tournamentDirectorProcedure
    .input(doubleForfeitInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => (await doubleForfeitBoard(ctx.db, { ...act(ctx), teamMatchId: input.teamMatchId, board: input.board }), done)),

  /** A captain's line-up for one match (only their own team's: checked by the service). */
  submitLineup: protectedProcedure
    .input(lineupInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => (await submitLineup(ctx.db, { ...input, actorId: ctx.user.id }), done)),
});
