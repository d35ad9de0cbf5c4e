/**
 * The season's director's desk (docs/competitions.md "The director's desk"): every division's open
 * time proposals nobody has answered yet, and the published games with no time agreed and no
 * proposal at all — the two lists a director chases before a window closes. Unplayed and
 * disputed games are decided with the schedule's own panel (`schedule.unplayed`), shown beside
 * these on the season page, so one decision has one home.
 * Directors of the club only: proposal notes are private to the two players and the directors.
 */
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { gameProposals, tournamentPairings, tournamentRounds } from "@/db/schema";
import { divisionName } from "@/server/domain";
import { requireClubRole } from "@/server/services/clubs/membership";
import { namesOf } from "@/server/services/tournaments/field";
import { divisionsOf, getSeasonRow } from "./seasons";

export interface DeskBoard {
  pairingId: string;
  round: number;
  table: number;
  players: string[];
  deadline: Date | null;
}
export interface DeskDivision {
  tournamentId: string;
  name: string;
  /** proposals waiting for an answer */
  pending: (DeskBoard & { proposedBy: string; times: string[]; note: string; createdAt: Date })[];
  /** published games with no agreed time, no proposal ever made, and a deadline still ahead */
  silent: DeskBoard[];
}

/** At most this many boards are listed per division and list (a division is at most 64 players). */
const LIST_CAP = 200;

export async function seasonDesk(db: DbOrTx, competitionId: string, viewerId: string, opts: { now?: number } = {}): Promise<DeskDivision[]> {
  const now = opts.now ?? Date.now();
  const c = await getSeasonRow(db, competitionId);
  await requireClubRole(db, c.clubId, viewerId, ["owner", "director"]);
  const divs = await divisionsOf(db, c.id);
  return Promise.all(
    divs.map(async (t, k): Promise<DeskDivision> => {
      const name = divisionName(t.division ?? k + 1);
      const boards = await db
        .select({ p: tournamentPairings, playBy: tournamentRounds.playBy })
        .from(tournamentPairings)
        .innerJoin(tournamentRounds, eq(tournamentRounds.id, tournamentPairings.roundId))
        .where(and(eq(tournamentPairings.tournamentId, t.id), eq(tournamentPairings.isBye, false), isNull(tournamentPairings.scores), isNull(tournamentPairings.forfeitUserId), eq(tournamentRounds.status, "published")))
        .orderBy(asc(tournamentPairings.roundNumber), asc(tournamentPairings.tableNumber))
        .limit(LIST_CAP);
      if (boards.length === 0) return { tournamentId: t.id, name, pending: [], silent: [] };
      const proposals = await db
        .select()
        .from(gameProposals)
        .where(inArray(gameProposals.pairingId, boards.map((b) => b.p.id)))
        .orderBy(asc(gameProposals.createdAt));
      const names = await namesOf(db, [...new Set(boards.flatMap((b) => b.p.players))]);
      const nameOf = (id: string) => names.get(id) ?? "(unknown)";
      const board = (b: (typeof boards)[number]): DeskBoard => ({ pairingId: b.p.id, round: b.p.roundNumber, table: b.p.tableNumber, players: b.p.players.map(nameOf), deadline: b.p.playBy ?? b.playBy });
      const pending: DeskDivision["pending"] = [];
      const silent: DeskBoard[] = [];
      for (const b of boards) {
        const mine = proposals.filter((x) => x.pairingId === b.p.id);
        for (const x of mine.filter((y) => y.status === "open")) pending.push({ ...board(b), proposedBy: nameOf(x.proposedBy), times: x.times, note: x.note, createdAt: x.createdAt });
        const d = board(b);
        // past its deadline it is in the schedule's "waiting for your decision" list instead
        if (mine.length === 0 && !b.p.scheduledAt && !(d.deadline && d.deadline.getTime() <= now)) silent.push(d);
      }
      return { tournamentId: t.id, name, pending, silent };
    }),
  );
}
