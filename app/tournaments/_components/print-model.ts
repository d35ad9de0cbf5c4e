/**
 * What the printed sheets of a round say, derived from the tournament view as plain data (so a
 * unit test reads them without a browser): the alphabetical "find your table" list, one card per
 * table, and each player's scorecard with running totals. Results count as the standings count
 * them (`gameOutcomes`, `byeOutcome` from the domain): a tie is ½, a forfeit ±forfeit spread, a
 * resignation or a loss on time a played game with its real scores (marked "res" / "time"), a
 * bye the event's bye value, a pod one game, a round a late entry missed the event's late-entry
 * wins with spread 0 (docs/tournaments.md, "Late entries").
 */
import { byeOutcome, gameOutcomes, type LossReason, type ScoringOptions } from "@/server/domain";

export interface PrintPlayer {
  userId: string;
  name: string;
  score: number | null;
}
export interface PrintPairing {
  id: string;
  table: number;
  isBye: boolean;
  players: PrintPlayer[];
  forfeitUserId: string | null;
  /** Why the forfeiting player lost; "resign" / "timeout": a played game, not a forfeit. */
  lossReason?: LossReason | null;
}
export interface PrintRound {
  number: number;
  status: "draft" | "published" | "closed";
  pairings: PrintPairing[];
}

/** "1st", "2nd", "3rd", "4th": a seat in turn order. */
export function seatLabel(index: number): string {
  return ["1st", "2nd", "3rd", "4th"][index] ?? `${index + 1}th`;
}

/** The rounds a sheet may print: published and closed ones (a draft may still change). */
export function printableRounds<R extends { status: string }>(rounds: readonly R[]): R[] {
  return rounds.filter((r) => r.status !== "draft");
}

/** The round a sheet prints: the one asked for if printable, else the newest printable one. */
export function pickRound<R extends { number: number; status: string }>(rounds: readonly R[], asked: number | null): R | null {
  const ok = printableRounds(rounds);
  return ok.find((r) => r.number === asked) ?? ok.at(-1) ?? null;
}

export interface TableLine {
  userId: string;
  name: string;
  /** null for a bye */
  table: number | null;
  opponents: string[];
  /** The player's seat in turn order (0 = moves first); null for a bye. */
  seat: number | null;
}

/** Everyone in the round, alphabetically (case- and accent-insensitive), with table, opponents and seat. */
export function findYourTable(round: PrintRound): TableLine[] {
  const lines: TableLine[] = round.pairings.flatMap((p) =>
    p.players.map((pl, i) => ({
      userId: pl.userId,
      name: pl.name,
      table: p.isBye ? null : p.table,
      opponents: p.isBye ? [] : p.players.filter((o) => o.userId !== pl.userId).map((o) => o.name),
      seat: p.isBye ? null : i,
    })),
  );
  const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });
  return lines.sort((a, b) => collator.compare(a.name, b.name) || (a.table ?? Infinity) - (b.table ?? Infinity));
}

/** The boards of a round in table order, byes left out (a bye needs no table). */
export function tableCards(round: PrintRound): PrintPairing[] {
  return round.pairings.filter((p) => !p.isBye).sort((a, b) => a.table - b.table);
}

export interface ScorecardRow {
  round: number;
  /** null: no board this round (not paired yet, a bye, or a round the player missed) */
  table: number | null;
  bye: boolean;
  opponents: string[];
  seat: number | null;
  own: number | null;
  /** the opponents' scores in seat order */
  against: number[];
  /** "W", "L", "T", "W (ff)", "L (ff)", "bye", "missed" (before a late entry joined), or "" while the game has no result */
  result: string;
  /** wins and spread of this game (null while unplayed) */
  wins: number | null;
  spread: number | null;
  /** running totals after this round (null from the first round without a result on) */
  totalWins: number | null;
  totalSpread: number | null;
}

/**
 * One player's scorecard: a row per round from 1 to `rounds` (the planned number, or as many as
 * were played), filled where the results are known, blank for the player to fill in by hand.
 */
export function scorecard(
  player: { userId: string; joinedRound: number },
  rounds: readonly PrintRound[],
  plannedRounds: number,
  scoring: ScoringOptions & { lateEntryWins: number },
): ScorecardRow[] {
  const { userId } = player;
  const printable = printableRounds(rounds);
  const count = Math.max(plannedRounds, ...printable.map((r) => r.number), 0);
  let totalWins: number | null = 0;
  let totalSpread: number | null = 0;
  const rows: ScorecardRow[] = [];
  for (let n = 1; n <= count; n++) {
    const round = printable.find((r) => r.number === n);
    const p = round?.pairings.find((x) => x.players.some((pl) => pl.userId === userId));
    const blank: ScorecardRow = { round: n, table: null, bye: false, opponents: [], seat: null, own: null, against: [], result: "", wins: null, spread: null, totalWins: null, totalSpread: null };
    let row = blank;
    if (!p && n < player.joinedRound) {
      row = { ...blank, result: "missed", wins: scoring.lateEntryWins, spread: 0 };
    } else if (p?.isBye) {
      const o = byeOutcome({ round: n, playerId: userId }, scoring);
      row = { ...blank, bye: true, result: "bye", wins: o.wins, spread: o.spread };
    } else if (p) {
      const seat = p.players.findIndex((pl) => pl.userId === userId);
      const others = p.players.filter((pl) => pl.userId !== userId);
      const scores = p.players.map((pl) => pl.score);
      const played = p.forfeitUserId !== null || scores.every((s) => s !== null);
      const complete = scores.every((s) => s !== null);
      const inPlay = !!p.forfeitUserId && complete && (p.lossReason === "resign" || p.lossReason === "timeout");
      const loser = p.forfeitUserId ? (inPlay ? { lost: p.forfeitUserId } : { forfeit: p.forfeitUserId }) : {};
      const o = played
        ? gameOutcomes({ round: n, players: p.players.map((pl) => pl.userId), ...(complete ? { scores: scores as number[] } : {}), ...loser }, scoring).find((x) => x.playerId === userId)
        : undefined;
      const mark = inPlay ? (p.lossReason === "resign" ? "res" : "time") : "ff";
      const result = !o ? "" : p.forfeitUserId ? (p.forfeitUserId === userId ? `L (${mark})` : `W (${mark})`) : o.wins === 1 ? "W" : o.wins === 0 ? "L" : others.length === 1 ? "T" : String(o.wins);
      row = {
        ...blank,
        table: p.table,
        opponents: others.map((x) => x.name),
        seat,
        own: p.players[seat]!.score,
        against: others.flatMap((x) => (x.score === null ? [] : [x.score])),
        result,
        wins: o?.wins ?? null,
        spread: o ? Math.round(o.spread * 100) / 100 : null,
      };
    }
    // Totals run while every earlier round has a result (or was a bye); after a gap they stop,
    // so a card never shows a total that silently skips an unplayed game.
    if (row.wins === null || totalWins === null || totalSpread === null) {
      totalWins = null;
      totalSpread = null;
    } else {
      totalWins += row.wins;
      totalSpread = Math.round((totalSpread + row.spread!) * 100) / 100;
    }
    rows.push({ ...row, totalWins, totalSpread });
  }
  return rows;
}
