/**
 * TSH files in and out of an event (docs/records.md "TSH files"; the format itself is the pure
 * server/domain/tsh.ts).
 *
 * Import (`importTsh`): a director brings a division's `.t` file into a Swiss or King of the Hill
 * event still in registration. Players are accounts here (an entry is a user), and an import makes
 * none: every name must be a member of the event's club (or already entered), matched by name —
 * "Lee, Ann" also matches "Ann Lee" — as the director's own "add players" takes club members. The
 * names that match nobody, or more than one account, come back as problems with their lines and
 * nothing is stored. Otherwise, in one director write: the players become checked-in entries with
 * the file's rating and seed (line order); each fully scored round becomes a closed round of
 * director-entered results (first mover from `p12`), a last round paired but not fully scored a
 * published one; a bye keeps TSH's spread (field.ts `byeCredit`). TSH's `off` withdraws a player
 * after their last scored round. Imported games were played elsewhere, so they are not rated
 * (as imported game records are not, docs/records.md).
 *
 * Export (`eventTsh`, `ratingsSubmission`): the event's published and closed rounds as a `.t` file
 * (players in seed order), and from that file a ratings submission (one CSV line per player).
 */
import { eq, inArray } from "drizzle-orm";
import type { DbOrTx, Tx } from "@/db/client";
import { clubMemberships, tournamentPairings, tournamentPlayers, tournamentRounds, tournaments, users, type Tournament } from "@/db/schema";
import { parseTsh, tshField, tshQuote, tshRounds, writeTsh, type TshFile, type TshPlayer, type TshProblem, type TshRound, countedRounds, isElimination, isRoundRobin, lostInPlay } from "@/server/domain";
import { DomainError } from "@/server/errors";
import { getTournamentOrThrow } from "./access";
import { directorWrite, type DirectorAct } from "./director-write";
import { loadEvent, type Event } from "./field";
import { csv } from "./views";

export interface TshImportReport {
  players: number;
  /** "Lee, Ann → Ann Lee": each line's name and the account it was matched to. */
  matched: string[];
  closedRounds: number;
  /** The round paired in the file but not fully scored (now published), if any. */
  publishedRound: number | null;
  withdrawn: string[];
  finished: boolean;
}

/** At most this many problems are spelled out in one answer. */
const SHOWN_PROBLEMS = 12;

function refuse(problems: TshProblem[]): never {
  const shown = problems.slice(0, SHOWN_PROBLEMS).map((p) => p.message);
  const more = problems.length - shown.length;
  throw new DomainError("INVALID", `${shown.join("\n")}${more > 0 ? `\n… and ${more} more problem${more === 1 ? "" : "s"}.` : ""}`, "text");
}

const norm = (s: string) => s.normalize("NFC").toLowerCase().replace(/\s+/g, " ").trim();
/** The names a TSH line may stand for: as written, and "Last, First" turned to "First Last". */
function namesFor(name: string): string[] {
  const out = [norm(name)];
  const m = /^([^,]+),\s*(.+)$/.exec(name);
  if (m) out.push(norm(`${m[2]} ${m[1]}`));
  return out;
}

/** Match each line to one club member or entered player; problems for the rest. */
async function matchPlayers(tx: Tx, t: Tournament, file: TshFile, problems: TshProblem[]): Promise<string[]> {
  const members = await tx.select({ id: users.id, name: users.name }).from(clubMemberships).innerJoin(users, eq(users.id, clubMemberships.userId)).where(eq(clubMemberships.clubId, t.clubId));
  const entered = await tx.select({ id: users.id, name: users.name }).from(tournamentPlayers).innerJoin(users, eq(users.id, tournamentPlayers.userId)).where(eq(tournamentPlayers.tournamentId, t.id));
  const byName = new Map<string, Set<string>>();
  for (const u of [...members, ...entered]) {
    const k = norm(u.name);
    byName.set(k, (byName.get(k) ?? new Set()).add(u.id));
  }
  const ids: string[] = [];
  const lineOf = new Map<string, number>();
  for (const p of file.players) {
    const found = new Set(namesFor(p.name).flatMap((n) => [...(byName.get(n) ?? [])]));
    const say = (message: string) => problems.push({ line: p.line, message: `Line ${p.line}: ${message}` });
    if (found.size === 0) say(`${tshQuote(p.name)} is not a member of this club: add them to the club (or to the event by e-mail) first, under the same name.`);
    else if (found.size > 1) say(`${tshQuote(p.name)} matches ${found.size} accounts; give them different names, then import again.`);
    else {
      const id = [...found][0]!;
      if (lineOf.has(id)) say(`${tshQuote(p.name)} is the same player as line ${lineOf.get(id)}.`);
      lineOf.set(id, p.line);
      ids.push(id);
    }
  }
  for (const e of entered) if (!lineOf.has(e.id)) problems.push({ line: 1, message: `${e.name} is entered in this event but not in the file: remove the entry or add them to the file.` });
  return ids;
}

/** Rounds to import: complete ones, then at most one paired but not fully scored, last. */
function checkRounds(rounds: TshRound[], problems: TshProblem[]) {
  const open = rounds.findIndex((r) => !r.complete);
  if (open >= 0 && open < rounds.length - 1)
    problems.push({ line: 1, message: `Line 1: round ${open + 1} is not fully scored but round ${open + 2} is paired; only the last round may still lack scores.` });
}

/** Bring a `.t` file into an event in registration (see the header). Directors only (the router checks). */
export async function importTsh(db: DbOrTx, input: DirectorAct & { text: string }): Promise<TshImportReport> {
  const parsed = parseTsh(input.text);
  if (!parsed.ok) refuse(parsed.problems);
  const file = parsed.file;
  const rounds = tshRounds(file);
  return directorWrite(db, input, async (tx, t, audit) => {
    if (t.status !== "registration") throw new DomainError("PRECONDITION", "A TSH file can only be imported before round 1 is paired.");
    if (isElimination(t) || isRoundRobin(t) || t.playersPerGame !== 2)
      throw new DomainError("PRECONDITION", "A TSH file can only be imported into a Swiss or King of the Hill event of two-player games.");
    const problems: TshProblem[] = [];
    const ids = await matchPlayers(tx, t, file, problems);
    checkRounds(rounds, problems);
    if (problems.length) refuse(problems);
    const names = new Map((await tx.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids))).map((u) => [u.id, u.name]));
    const now = new Date();
    const withdrawn: string[] = [];
    for (const [i, p] of file.players.entries()) {
      const userId = ids[i]!;
      const off = tshField(p, "off") !== null;
      if (off) withdrawn.push(names.get(userId)!);
      const values = {
        status: off ? ("withdrawn" as const) : ("checked-in" as const),
        checkedInAt: now,
        rating: p.rating,
        seed: i + 1,
        joinedRound: 1,
        ...(off ? { withdrawnAt: now, withdrawnAfterRound: p.scores.length } : {}),
      };
      await tx
        .insert(tournamentPlayers)
        .values({ tournamentId: t.id, userId, registeredBy: input.actorId, ...values })
        .onConflictDoUpdate({ target: [tournamentPlayers.tournamentId, tournamentPlayers.userId], set: values });
    }
    for (const r of rounds) await insertRound(tx, t, r, ids, input.actorId, now);
    const closed = rounds.filter((r) => r.complete).length;
    const publishedRound = rounds.find((r) => !r.complete)?.number ?? null;
    const finished = rounds.length > 0 && publishedRound === null && rounds.length >= t.rounds;
    if (rounds.length) {
      const status = finished ? ("finished" as const) : ("running" as const);
      await tx.update(tournaments).set({ status, rounds: Math.max(t.rounds, rounds.length), updatedAt: now }).where(eq(tournaments.id, t.id));
    }
    await audit("tsh.imported", { players: ids.length, closedRounds: closed, publishedRound, withdrawn });
    if (finished) await audit("tournament.finished", { afterRound: rounds.length });
    const matched = file.players.map((p, i) => (norm(p.name) === norm(names.get(ids[i]!)!) ? p.name : `${p.name} → ${names.get(ids[i]!)}`));
    return { players: ids.length, matched, closedRounds: closed, publishedRound, withdrawn, finished };
  });
}

async function insertRound(tx: Tx, t: Tournament, r: TshRound, ids: string[], actorId: string, now: Date) {
  const status = r.complete ? ("closed" as const) : ("published" as const);
  const [round] = await tx
    .insert(tournamentRounds)
    .values({ tournamentId: t.id, number: r.number, status, notes: ["Imported from a TSH file."], pairedAt: now, publishedAt: now, closedAt: r.complete ? now : null })
    .returning({ id: tournamentRounds.id });
  const id = (n: number) => ids[n - 1]!;
  const base = { tournamentId: t.id, roundId: round!.id, roundNumber: r.number, manual: true };
  const result = { resultSource: "director" as const, resultBy: actorId, resultAt: now };
  const rows = [
    ...r.boards.map((b, i) => ({
      ...base,
      tableNumber: i + 1,
      players: b.players.map(id),
      reason: "imported from a TSH file",
      ...(b.scores ? { scores: { [id(b.players[0])]: b.scores[0], [id(b.players[1])]: b.scores[1] }, ...result } : {}),
    })),
    ...r.byes.map((b) => ({
      ...base,
      tableNumber: 0,
      players: [id(b.player)],
      isBye: true,
      reason: "a bye, imported from a TSH file",
      ...(b.spread !== null ? { scores: { [id(b.player)]: b.spread } } : {}),
    })),
  ];
  if (rows.length) await tx.insert(tournamentPairings).values(rows);
}

/** The event as a TSH division: players who took part, in seed order; published and closed rounds. */
export function eventAsTsh(ev: Event): TshFile {
  const t = ev.tournament;
  const entries = ev.entries.filter((e) => e.rating !== null).sort((a, b) => (a.seed ?? Infinity) - (b.seed ?? Infinity) || a.name.localeCompare(b.name, "en"));
  const number = new Map(entries.map((e, i) => [e.userId, i + 1]));
  const counted = [...countedRounds(ev)].sort((a, b) => a - b);
  const players: TshPlayer[] = entries.map((e, i) => ({ line: i + 1, name: e.name, rating: e.rating ?? 0, opponents: [], scores: [], fields: [] }));
  const p12: string[][] = entries.map(() => []);
  const scored = entries.map(() => true);
  for (const round of counted) {
    const boards = ev.pairings.filter((p) => p.roundNumber === round);
    for (const [i, e] of entries.entries()) {
      if (e.status === "withdrawn" && e.withdrawnAfterRound !== null && round > e.withdrawnAfterRound) continue;
      const me = players[i]!;
      const p = boards.find((b) => b.players.includes(e.userId));
      let opp = 0;
      let score: number | null = 0; // a round missed (a late entry): no opponent, no spread
      if (p?.isBye) score = p.scores?.[e.userId] ?? t.byeSpread;
      else if (p) {
        const other = p.players.find((id) => id !== e.userId)!;
        opp = number.get(other) ?? 0;
        p12[i]!.push(p.players[0] === e.userId ? "1" : "2");
        if (p.doubleForfeit) score = -t.forfeitSpread; // TSH has no double forfeit: a loss for each, as TSH scores a forfeit loss
        else if (p.forfeitUserId && !lostInPlay(ev.losses?.get(p.id))) score = p.forfeitUserId === e.userId ? 0 : t.forfeitSpread;
        else score = p.scores?.[e.userId] ?? null;
      }
      if (!p || p.isBye) p12[i]!.push("0");
      me.opponents.push(opp);
      // scores stay a prefix: a round without a result ends them (only the latest round can lack one)
      if (score === null) scored[i] = false;
      else if (scored[i]) me.scores.push(score);
    }
  }
  for (const [i, e] of entries.entries()) {
    if (counted.length) players[i]!.fields.push(["p12", p12[i]!.join(" ")]);
    if (e.status === "withdrawn") players[i]!.fields.push(["off", String(e.withdrawnAfterRound ?? 0)]);
  }
  return { players };
}

/** The `.t` file of an event (`GET /tournaments/[id]/tsh.t`). */
export async function eventTsh(db: DbOrTx, tournamentId: string): Promise<string> {
  const t = await getTournamentOrThrow(db, tournamentId);
  return writeTsh(eventAsTsh(await loadEvent(db, t)));
}

/**
 * The ratings submission (`GET /tournaments/[id]/ratings-submission.csv`): one line per player of
 * the `.t` export, with the rating they entered with and their played games (byes apart).
 */
export async function ratingsSubmission(db: DbOrTx, tournamentId: string): Promise<string> {
  const t = await getTournamentOrThrow(db, tournamentId);
  const file = eventAsTsh(await loadEvent(db, t));
  const rows = file.players.map((p, i) => {
    let wins = 0;
    let losses = 0;
    let ties = 0;
    let spread = 0;
    let byes = 0;
    for (const [r, score] of p.scores.entries()) {
      const opp = p.opponents[r]!;
      if (opp === 0) {
        byes++;
        continue;
      }
      const theirs = file.players[opp - 1]!.scores[r];
      if (theirs === undefined) continue;
      spread += score - theirs;
      if (score > theirs) wins++;
      else if (score < theirs) losses++;
      else ties++;
    }
    return [i + 1, p.name, p.rating, wins + losses + ties, wins, losses, ties, spread, byes];
  });
  return csv([["number", "player", "rating before", "games", "wins", "losses", "ties", "spread", "byes"], ...rows]);
}

