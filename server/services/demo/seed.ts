/**
 * The demo (`npm run demo`, docs/demo.md): a club, sixteen players, a three-round rated Swiss of
 * Equate whose every game is really played — bot moves for both seats, each through `submitMove`
 * like any move — and one game in progress against the Equalis Bot that a visitor can finish.
 *
 * Everything goes through the services a user's clicks reach: sign-up, club creation and members,
 * tournament creation, check-in, pair → publish → the pairing's match (`createFromPairing`) →
 * moves until the game ends (the result reaches the pairing by itself) → close the round.
 * Ratings: a finished rated game must be in the `rated_games` ledger. If the matches/tournament
 * path already rated it (keyed by the match or the pairing), nothing more happens; otherwise the
 * demo rates it with `applyRatedGame` (source "match", the match id), which is idempotent, so the
 * two can never count a game twice.
 *
 * Idempotent-ish: if the club handle "demo" exists, the demo says so and changes nothing.
 */
import { and, asc, eq, or } from "drizzle-orm";
import type { Db } from "@/db/client";
import { clubs } from "@/db/schema/clubs";
import { matchPlayers, matches } from "@/db/schema/matches";
import { ratedGames } from "@/db/schema/ratings";
import { tournamentPairings, tournaments } from "@/db/schema/tournaments";
import { users } from "@/db/schema/users";
import { isDomainError } from "@/server/errors";
import { signUp } from "@/server/services/accounts/accounts";
import { createClub } from "@/server/services/clubs/clubs";
import { bulkAddMembers } from "@/server/services/clubs/members";
import { acceptChallenge, createChallenge, createFromPairing } from "@/server/services/matches/lifecycle";
import { applyRatedGame } from "@/server/services/ratings/apply";
import { getRatings } from "@/server/services/ratings/queries";
import { addPlayers } from "@/server/services/tournaments/registration";
import { closeRound, pairNextRound, publishRound } from "@/server/services/tournaments/rounds";
import { createTournamentInput } from "@/server/services/tournaments/schemas";
import { createTournament } from "@/server/services/tournaments/tournaments";
import { getStandings } from "@/server/services/tournaments/views";
import { ensureBotUser } from "@/server/services/bot/account";
import { playBotTurns } from "@/server/services/bot/turns";

export const DEMO_HANDLE = "demo";
export const DEMO_CLUB_NAME = "Equalis Demo Club";
export const DEMO_PASSWORD = "demo-password-1";
export const DEMO_DIRECTOR_EMAIL = "director@equalis.local";

const NAMES = [
  "Ada Lovelace", "Blaise Pascal", "Carl Gauss", "Sophie Germain", "Emmy Noether", "Leonhard Euler",
  "Srinivasa Ramanujan", "Hypatia Alexandra", "Alan Turing", "Grace Hopper", "Pierre Fermat", "Maryam Mirzakhani",
  "Kurt Goedel", "Katherine Johnson", "Evariste Galois", "Mary Somerville",
];

export interface DemoOptions {
  /** players in the Swiss (default 16; even keeps byes out) */
  players?: number;
  rounds?: number;
  /** bot search budget per move (default 40 ms: the demo takes a couple of minutes) */
  budgetMs?: number;
  maxNodes?: number;
  /** moves played in the live game against the bot (default 6, leaving demo01 on move) */
  liveMoves?: number;
  password?: string;
  /** where the printed links point (default http://localhost:$PORT) */
  baseUrl?: string;
  log?: (line: string) => void;
}

export interface DemoResult {
  existed: boolean;
  clubId: string;
  tournamentId: string | null;
  liveMatchId: string | null;
  players: { email: string; name: string; id: string }[];
  games: number;
  moves: number;
  /** games the demo had to rate itself (0 when finished matches are rated by the platform) */
  ratedByDemo: number;
  ratingsChanged: number;
  ms: number;
  urls: Record<string, string>;
}

const email = (i: number) => `demo${String(i).padStart(2, "0")}@equalis.local`;

async function ensureAccount(db: Db, e: string, name: string, password: string): Promise<string> {
  try {
    return (await signUp(db, { email: e, name, password })).id;
  } catch (err) {
    if (!isDomainError(err) || err.code !== "CONFLICT") throw err;
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, e)).limit(1);
    return u!.id;
  }
}

/** Rate a finished rated match unless the platform already did (see the header). */
async function ensureRated(db: Db, matchId: string): Promise<boolean> {
  const [m] = await db.select().from(matches).where(eq(matches.id, matchId)).limit(1);
  if (!m || !m.rated || m.status !== "finished" || !m.result) return false;
  const keys = m.pairingId ? [matchId, m.pairingId] : [matchId];
  const [done] = await db.select({ id: ratedGames.id }).from(ratedGames).where(or(...keys.map((k) => eq(ratedGames.sourceId, k)))).limit(1);
  if (done) return false;
  const seats = await db.select({ userId: matchPlayers.userId }).from(matchPlayers).where(eq(matchPlayers.matchId, matchId)).orderBy(asc(matchPlayers.seat));
  const r = await applyRatedGame(db, {
    ruleset: m.ruleset,
    source: "match",
    sourceId: matchId,
    playedAt: m.finishedAt ?? new Date(),
    players: seats.map((s) => ({ userId: s.userId, score: m.result!.scores[s.userId] ?? 0 })),
    rated: true,
    forfeit: m.result.reason === "resign" || m.result.reason === "timeout",
  });
  return r.status === "rated";
}

/** Build the demo data in `db` (see the module header). */
export async function runDemo(db: Db, opts: DemoOptions = {}): Promise<DemoResult> {
  const t0 = performance.now();
  const log = opts.log ?? (() => {});
  const nPlayers = opts.players ?? 16;
  const rounds = opts.rounds ?? 3;
  const budgetMs = opts.budgetMs ?? 40;
  const password = opts.password ?? DEMO_PASSWORD;
  const base = (opts.baseUrl ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, "");
  const botOpts = { isBot: () => true, budgetMs, ...(opts.maxNodes ? { maxNodes: opts.maxNodes } : {}) };

  const [existing] = await db.select({ id: clubs.id }).from(clubs).where(eq(clubs.handle, DEMO_HANDLE)).limit(1);
  if (existing) {
    const [t] = await db.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.clubId, existing.id)).limit(1);
    const urls: Record<string, string> = { club: `${base}/clubs/${DEMO_HANDLE}` };
    if (t) urls.tournament = `${base}/tournaments/${t.id}`;
    return { existed: true, clubId: existing.id, tournamentId: t?.id ?? null, liveMatchId: null, players: [], games: 0, moves: 0, ratedByDemo: 0, ratingsChanged: 0, ms: performance.now() - t0, urls };
  }

  log(`Creating ${nPlayers} players and a director (password "${password}")…`);
  const directorId = await ensureAccount(db, DEMO_DIRECTOR_EMAIL, "Demo Director", password);
  const players: DemoResult["players"] = [];
  for (let i = 1; i <= nPlayers; i++) {
    const name = NAMES[(i - 1) % NAMES.length]! + (i > NAMES.length ? ` ${Math.ceil(i / NAMES.length)}` : "");
    players.push({ email: email(i), name, id: await ensureAccount(db, email(i), name, password) });
  }
  const club = await createClub(db, directorId, {
    handle: DEMO_HANDLE,
    name: DEMO_CLUB_NAME,
    description: "A demo club: sixteen players, a three-round Swiss whose games the bot played move by move, and a game in progress.",
    location: "Everywhere",
    defaultRuleset: "equate",
    visibility: "public",
  });
  await bulkAddMembers(db, club.id, players.map((p) => p.email));

  const t = await createTournament(
    db,
    directorId,
    createTournamentInput.parse({
      clubId: club.id,
      name: "Demo Swiss",
      description: "Every game was played by the Equalis bot through the matches service.",
      startsAt: new Date(),
      ruleset: "equate",
      rated: true,
      format: "swiss",
      rounds,
    }),
  );
  await addPlayers(db, { tournamentId: t.id, actorId: directorId, userIds: players.map((p) => p.id), emails: [], checkIn: true });

  let games = 0;
  let moves = 0;
  let ratedByDemo = 0;
  for (let round = 1; round <= rounds; round++) {
    const r0 = performance.now();
    await pairNextRound(db, { tournamentId: t.id, actorId: directorId });
    await publishRound(db, { tournamentId: t.id, actorId: directorId, roundNumber: round });
    const boards = await db
      .select({ id: tournamentPairings.id, isBye: tournamentPairings.isBye })
      .from(tournamentPairings)
      .where(and(eq(tournamentPairings.tournamentId, t.id), eq(tournamentPairings.roundNumber, round)))
      .orderBy(asc(tournamentPairings.tableNumber));
    const matchIds: string[] = [];
    for (const b of boards) if (!b.isBye) matchIds.push((await createFromPairing(db, { pairingId: b.id, userId: directorId })).matchId);
    for (const id of matchIds) {
      let res = await playBotTurns(db, id, { ...botOpts, maxMoves: 400 });
      moves += res.moves;
      for (let retry = 0; retry < 3 && res.status === "active"; retry++) {
        res = await playBotTurns(db, id, { ...botOpts, maxMoves: 400 });
        moves += res.moves;
      }
      if (res.status !== "finished") throw new Error(`demo: match ${id} did not finish (${res.status} after ${res.moves} bot moves)`);
      games++;
      if (await ensureRated(db, id)) ratedByDemo++;
    }
    await closeRound(db, { tournamentId: t.id, actorId: directorId, roundNumber: round });
    log(`Round ${round}: ${matchIds.length} games played (${((performance.now() - r0) / 1000).toFixed(1)} s)`);
  }

  // The live game: demo01 against the bot, a few moves in, demo01 on move.
  const botId = await ensureBotUser(db);
  const live = await createChallenge(db, players[0]!.id, {
    ruleset: "equate",
    rulesetOptions: {},
    challengeRule: "retry",
    timeControl: null,
    rated: false,
    seats: 2,
    invite: [botId],
    firstMover: "creator",
  });
  await acceptChallenge(db, { matchId: live.id, userId: botId });
  const liveRes = await playBotTurns(db, live.id, { ...botOpts, maxMoves: opts.liveMoves ?? 6 });
  moves += liveRes.moves;

  const ids = players.map((p) => p.id);
  const after = await getRatings(db, "equate", ids);
  const ratingsChanged = after.filter((r) => r.games > 0).length;
  const standings = await getStandings(db, t.id);
  const urls = {
    club: `${base}/clubs/${DEMO_HANDLE}`,
    tournament: `${base}/tournaments/${t.id}`,
    standings: `${base}/tournaments/${t.id}/standings`,
    crosstable: `${base}/tournaments/${t.id}/crosstable`,
    liveGame: `${base}/play/${live.id}`,
  };
  log("");
  log("Standings after the last round:");
  for (const row of standings.rows.slice(0, 5)) log(`  ${row.rank}. ${row.name.padEnd(22)} ${row.wins} wins, spread ${row.spread > 0 ? "+" : ""}${row.spread}`);
  const byId = new Map(after.map((r) => [r.userId, r]));
  const top = [...players].sort((a, b) => (byId.get(b.id)?.rating ?? 0) - (byId.get(a.id)?.rating ?? 0)).slice(0, 3);
  log(`Ratings (Equate): ${top.map((p) => `${p.name} ${Math.round(byId.get(p.id)!.rating)}`).join(", ")} …`);
  return { existed: false, clubId: club.id, tournamentId: t.id, liveMatchId: live.id, players, games, moves, ratedByDemo, ratingsChanged, ms: performance.now() - t0, urls };
}
